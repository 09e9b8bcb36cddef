"""`python -m app validate [DIR]`: check every content file, exit non-zero on any error."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.corpus.checks import ContentError
from app.corpus.loading import load_content
from app.search.thesaurus import load_thesaurus


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `validate` sub-command."""
    parser = subparsers.add_parser("validate", help="validate the content files")
    parser.add_argument(
        "directory",
        nargs="?",
        type=Path,
        default=None,
        help="content directory (default: $CARDLAWS_CONTENT_DIR, else the app's own)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Load and validate; print a summary or every problem."""
    problems = []
    try:
        content = load_content(args.directory)
    except ContentError as exc:
        problems += exc.problems
    try:
        thesaurus = load_thesaurus(args.directory)
    except ContentError as exc:
        problems += exc.problems
    if problems:
        print(ContentError(problems), file=sys.stderr)
        return 1
    print(
        f"content OK: {len(content.laws)} laws, {len(content.terms)} glossary terms, "
        f"{len(content.games)} games, {len(thesaurus.groups)} thesaurus groups"
    )
    return 0
