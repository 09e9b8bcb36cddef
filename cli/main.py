"""Command line of Card Laws: `python -m app COMMAND ...`, a command of COMMANDS below.

It sits above the core (`app`) and the quizzes (`quizzes`) and may use both; `chart` draws with
Qt's own writers (ui/ask/chart_export.py)."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

COMMANDS = ("validate", "search", "rule", "ask", "chart", "quiz", "progress", "prepare")


def _columns() -> int:
    """The terminal's width, as shutil.get_terminal_size tells it ($COLUMNS, else the
    terminal, else 80)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help, told the terminal's width: left to itself argparse imports shutil
    (and with it bz2, lzma and fnmatch) to ask, a few milliseconds of every command."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help (and its sub-commands' help) uses _Formatter."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


def chosen_command(argv: list[str]) -> str | None:
    """The sub-command named on the line, if it is one of ours (the first word not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser: with only the command `argv` names, else with every one installed.

    Each command imports what it needs (the engine, the search index, the quizzes), so a
    command line that names one imports that one alone: `rule` never loads the search index's
    SQLite library, nor `search` the rules engine. Help and mistakes list every command.
    """
    chosen = chosen_command(argv) if argv is not None else None
    from app import __version__

    parser = _Parser(prog="python -m app", description=__doc__)
    parser.add_argument("--version", action="version", version=f"Card Laws {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in (chosen,) if chosen else COMMANDS:
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
    words = sys.argv[1:] if argv is None else argv
    # Run as the program (argv None), importing the command allocates tens of thousands of
    # objects (its modules, classes and functions, alive until the process ends) and almost
    # no garbage: the collector does not walk them, neither while they are made nor after
    # (they are frozen). It pays: bench/cli.py's CPU-time ratio of `rule` to `import sqlite3`
    # was 2.79-2.97× with it and 3.25-3.48× without at ×1, 4.51-4.54× and 4.90-4.95× at
    # ×100 (two runs each, alternated). Called from other code, main leaves it alone.
    collecting = argv is None and gc.isenabled()
    if collecting:
        gc.disable()
    try:
        args = build_parser(words).parse_args(words)
    finally:
        if collecting:
            gc.freeze()
            gc.enable()
    try:
        return int(args.func(args))
    except BrokenPipeError:
        # The reader of our output went away (`| head`, `| grep -q`): what was wanted was
        # read. Say nothing more, and let the interpreter's own flush at exit say nothing.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
