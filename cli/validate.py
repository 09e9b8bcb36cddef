"""`python -m app validate [DIR]`: check every content file the app loads, exit non-zero on any
error: the laws, glossary, games and sources, the thesaurus, and beside them the example
scenarios, the rehearsals and the quiz items, each read as the app reads it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.corpus.checks import ContentError, Problem
from app.corpus.laws import Content
from app.corpus.loading import content_dir, load_content
from app.search.thesaurus import load_thesaurus

EXIT_INVALID = 1
EXIT_USAGE = 2


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
    if args.directory is not None and not args.directory.is_dir():
        print(f"cardlaws: {args.directory} is not a content folder", file=sys.stderr)
        return EXIT_USAGE
    problems: list[Problem] = []
    content = None
    rulings_sound = False
    try:
        content = load_content(args.directory)
    except ContentError as exc:
        problems += exc.problems
    else:
        # The ids a declared ruling takes from the engine and the model (outcome, options,
        # event), which the laws' loader cannot know.
        from app.engine.core import data_ruling_problems

        ruling_problems = data_ruling_problems(content)
        problems += ruling_problems
        rulings_sound = not ruling_problems
    try:
        thesaurus = load_thesaurus(args.directory)
    except ContentError as exc:
        problems += exc.problems
    root = args.directory if args.directory is not None else content_dir()
    counts = {}
    if content is not None and rulings_sound:  # what is read beside the laws (and ruled by
        # them: the rehearsals) needs them sound
        counts, beside = secondary_problems(content, root)
        problems += beside
    if problems:
        print(ContentError(problems), file=sys.stderr)
        return EXIT_INVALID
    assert content is not None
    print(
        f"content OK: {len(content.laws)} laws, {len(content.terms)} glossary terms, "
        f"{len(content.games)} games, {len(thesaurus.groups)} thesaurus groups, "
        + ", ".join(f"{n} {what}" for what, n in counts.items())
    )
    return 0


def secondary_problems(content: Content, root: Path) -> tuple[dict[str, int], list[Problem]]:
    """Every problem in the files the app reads beside the laws, as the app reads them: the
    example scenarios (the builder's Examples menu), the rehearsals (the Rehearse screen's
    list) and the authored quiz items (the Quizzes screen). Returns how many of each were
    read, and the problems."""
    from app.model.games import build_games
    from app.model.scenario import ScenarioError, load_scenario_file
    from app.rehearsal.document import RehearsalFileError, read_file
    from app.rehearsal.session import Rehearser
    from quizzes.authored import load_authored

    problems: list[Problem] = []
    games = build_games(content)
    scenarios = sorted((root / "scenarios").glob("*.json"))
    for path in scenarios:
        try:
            load_scenario_file(path, games)
        except ScenarioError as exc:
            problems.append(Problem(f"scenarios/{path.name}", "-", exc.field, exc.message))
    rehearser = Rehearser(games, content)
    rehearsals = sorted((root / "rehearsals").glob("*.json"))
    for path in rehearsals:
        try:
            read_file(path, rehearser)
        except RehearsalFileError as exc:
            problems.append(Problem(f"rehearsals/{path.name}", "-", exc.field, exc.message))
    quiz = 0
    try:
        quiz = len(load_authored(content, root / "quiz"))
    except ContentError as exc:
        problems += exc.problems
    counts = {"example scenarios": len(scenarios), "rehearsals": len(rehearsals),
              "quiz items": quiz}
    return counts, problems
