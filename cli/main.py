"""Command line of Card Laws: `python -m app {validate,search,rule,quiz,progress} ...`.

It sits above the core (`app`) and the quizzes (`quizzes`) and may use both."""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("validate", "search", "rule", "quiz", "progress")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command that is installed."""
    from app import __version__

    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__)
    parser.add_argument("--version", action="version", version=f"Card Laws {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"cli.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one sub-command and return its exit code."""
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
