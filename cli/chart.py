"""`python -m app chart`: ruling charts written to a file, drawn from the engine.

    chart --game G --code C --event E --out FILE.pdf|FILE.svg   one event's chart
    chart --game G --code C [--topic T] --out FILE.pdf          a booklet: every event (or
                                                                one topic's), a chart a page

Exit 0 with the file written, 2 with a message for a bad game, code, event, topic or file
name, 1 when the content is invalid or the file cannot be written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from app.ask.charts import ChartError, booklet, build_chart
from app.corpus.vocabulary import CODES, TOPICS
from cli.games import load_game

SUFFIXES = (".pdf", ".svg")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `chart` sub-command."""
    parser = subparsers.add_parser(
        "chart", help="write ruling charts (an event's, or a game's booklet) as PDF or SVG")
    parser.add_argument("--game", required=True, help="the game (its id or its name)")
    parser.add_argument("--code", required=True, help="the code of laws (english, french, "
                                                      "american, or its name)")
    parser.add_argument("--event", help="one event's chart (else a booklet of them all)")
    parser.add_argument("--topic", help=f"a booklet of one topic: {', '.join(TOPICS)}")
    parser.add_argument("--out", required=True, type=Path, help="FILE.pdf or FILE.svg")
    parser.set_defaults(func=run)


def _code(named: str) -> str:
    wanted = named.strip().lower()
    for code, name in CODES.items():
        if wanted in (code, name.lower(), name.split(" ")[0].lower()):
            return code
    return wanted


def run(args: argparse.Namespace) -> int:
    """Write the chart or the booklet; see the module's docstring for the exit codes."""
    suffix = args.out.suffix.lower()
    if suffix not in SUFFIXES:
        print(f"{args.out}: the file must end in .pdf or .svg", file=sys.stderr)
        return 2
    if suffix == ".svg" and args.event is None:
        print("an SVG holds one chart: name its --event (a booklet is a PDF)", file=sys.stderr)
        return 2
    if not args.out.parent.is_dir():
        print(f"{args.out}: no folder {args.out.parent}", file=sys.stderr)
        return 1
    loaded = load_game(args.game)
    if isinstance(loaded, int):
        return loaded
    content, games, game = loaded
    code = _code(args.code)
    try:
        if args.event is not None:
            charts = [build_chart(game, games, content, args.event, code)]
            book = None
        else:
            book = booklet(game, games, content, code, topic=args.topic)
            charts = list(book.charts)
    except ChartError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not charts:
        print(f"no event of {game.name} falls under the topic {args.topic!r} in the "
              f"{CODES.get(code, code)} laws", file=sys.stderr)
        return 2
    # The writers need Qt's fonts, not a screen.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from ui.ask.chart_export import ExportError, write_booklet, write_pdf, write_svg

    _app = QGuiApplication.instance() or QGuiApplication(["python -m app chart"])
    try:
        if suffix == ".svg":
            write_svg(args.out, charts[0])
            print(f"wrote {args.out}: {charts[0].title}")
        elif book is not None:
            pages = write_booklet(args.out, book)
            print(f"wrote {args.out}: {book.title} ({len(charts)} charts, {pages} pages)")
        else:
            pages = write_pdf(args.out, charts)
            print(f"wrote {args.out}: {charts[0].title} ({pages} pages)")
    except ExportError as exc:
        print(exc, file=sys.stderr)
        return 1
    if not args.out.is_file() or args.out.stat().st_size == 0:
        print(f"{args.out}: cannot be written", file=sys.stderr)
        return 1
    return 0
