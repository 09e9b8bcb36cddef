"""`python -m app rule FILE [--json]`: rule a scenario file under each code of laws."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.corpus.checks import ContentError
from app.corpus.loading import load_content
from app.engine import rule
from app.engine.report import format_ruling
from app.model.games import build_games
from app.model.scenario import ScenarioError, load_scenario_file


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `rule` sub-command."""
    parser = subparsers.add_parser("rule", help="rule a scenario file under each code")
    parser.add_argument("file", type=Path, help="scenario JSON file (docs/scenario-format.md)")
    parser.add_argument("--json", action="store_true", help="print the ruling as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 with a ruling, 2 on an invalid scenario, 1 on invalid content."""
    try:
        content = load_content(cached=True)  # parsed once per content version
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    games = build_games(content)
    try:
        scenario = load_scenario_file(args.file, games)
    except ScenarioError as exc:
        print(f"invalid scenario {args.file}: field {exc.field!r}: {exc.message}", file=sys.stderr)
        return 2
    ruling = rule(scenario, games, content)
    if args.json:
        print(json.dumps(ruling.to_json(), indent=2, ensure_ascii=False))
    else:
        print(format_ruling(ruling, content), end="")
    return 0
