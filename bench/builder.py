"""Benchmark: the scenario builder's first show, switching game, and a click on a card until
the new ruling is painted, each against a baseline measured in the same run.

First show and switching game are measured at each corpus scale (`--scale`, every law ×N,
bench/scale.py): the builder is built and shown at 1280x800 offscreen until painted, against
a bare QWidget of the same size shown and painted; then the game is switched round all the
games (p50 and p95), against one repaint of the builder as it stands. Goal: both ≤ 50 ms
at ×100 (issue 13), and neither growing with the corpus.

A scripted session of about 50 clicks (cards given from the pack and taken back from the
hands, on a two-seat Rubicon Bézique table and a four-seat Cinch table) is played on the
builder shown offscreen at 1280x800. Each click is timed from the mouse press until the
window has painted the update (events are processed until the window's repaint is done).
Every scenario the session produced is then ruled by the engine alone (`rule()` on the parsed
scenario). Goal: the screen adds less than one frame (16 ms) to the engine.

    python bench/builder.py [--rounds 3] [--scale 1,100] [--switches 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, qInstallMessageHandler  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from scale import add_scale_arguments, print_growth, scaled_content  # noqa: E402

from ui.compat import pin_refcount_drifts, quiet_offscreen  # noqa: E402

FRAME_MS = 16.0
RUBICON_NORTH = ["AS", "10S", "KH", "QH", "JD", "9C", "8C", "7S", "KS", "QS"]
RUBICON_SOUTH = ["AH", "10H", "KD", "QD", "JS", "9H", "8D", "7C", "AC"]
CINCH = {"North": ["KH", "10H", "5D", "9C", "8S", "2C"], "East": ["AH", "JH", "5H", "9H"],
         "South": ["QH", "3H", "7C", "6D", "JS", "10S"], "West": ["2H", "4H", "8H", "QC"]}


class PaintWatch(QObject):
    """Notes when the window has processed a repaint (an UpdateRequest paints every widget
    that asked for it, before the event returns)."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.UpdateRequest, QEvent.Type.Paint):
            self.painted = True
        return False


def _click(widget) -> None:
    # On the corner index, which stays visible when cards overlap.
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(6, 8))


def session(builder) -> list[Callable[[], None]]:
    """The scripted clicks: give a Rubicon table, take some back, then a Cinch table."""
    from app.table_builder import new_table

    steps: list[Callable[[], None]] = []

    def target(seat: str) -> Callable[[], None]:
        return lambda: builder.table_view.set_target(seat)

    def pack(code: str) -> Callable[[], None]:
        return lambda: _click(builder.palette.card_widget(code))

    def hand(seat: str, index: int) -> Callable[[], None]:
        return lambda: _click(builder.table_view.seats[seat].hand.card_widget(index))

    def fresh(game: str) -> Callable[[], None]:
        return lambda: builder.document.start(new_table(builder.games[game]))

    steps.append(fresh("rubicon-bezique"))
    steps.append(target("North"))
    steps += [pack(c) for c in RUBICON_NORTH]
    steps.append(target("South"))
    steps += [pack(c) for c in RUBICON_SOUTH]
    steps += [hand("North", 9), hand("South", 0), hand("North", 0)]
    steps.append(fresh("cinch"))
    for seat, codes in CINCH.items():
        steps.append(target(seat))
        steps += [pack(c) for c in codes]
    steps += [hand("North", 5), hand("East", 0), hand("South", 3), hand("West", 1)]
    steps += [target("North"), pack("AS"), pack("AC"), pack("AD"), hand("North", 0)]
    return steps


def _painted(app: QApplication, widget, watch: PaintWatch, start: float) -> float:
    """Process events until the widget has painted; the ms since `start`."""
    while not watch.painted:
        app.processEvents()
        if time.perf_counter() - start > 10:
            raise SystemExit("the window never painted")
    return (time.perf_counter() - start) * 1000


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def bare_show(app: QApplication) -> float:
    """A bare QWidget of the builder's size, shown until painted (the first-show baseline)."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    start = time.perf_counter()
    bare = QWidget()
    QVBoxLayout(bare).addWidget(QLabel("Card Laws"))
    bare.resize(1280, 800)
    watch = PaintWatch()
    bare.installEventFilter(watch)
    bare.show()
    elapsed = _painted(app, bare, watch, start)
    bare.close()
    bare.deleteLater()
    return elapsed


def show_and_switch(app: QApplication, factor: int, switches: int) -> dict[str, float]:
    """At one corpus scale: the builder's first show, game switches, and a plain repaint."""
    from app.corpus.loading import load_content
    from ui.builder.builder_screen import BuilderScreen
    from ui.builder.recent_files import RecentFiles

    content = load_content(scaled_content(factor), None, cached=True)
    bare = statistics.median(bare_show(app) for _ in range(5))
    start = time.perf_counter()
    builder = BuilderScreen(content, recent=RecentFiles(None))
    builder.resize(1280, 800)
    watch = PaintWatch()
    builder.installEventFilter(watch)
    builder.show()
    first = _painted(app, builder, watch, start)
    switch_ms: list[float] = []
    repaint_ms: list[float] = []
    for _ in range(switches):
        current = builder.raw["game"]
        for gid in [g for g in builder.games if g != current] + [current]:
            for _ in range(2):
                app.processEvents()
            watch.painted = False
            start = time.perf_counter()
            builder.set_game(gid)
            switch_ms.append(_painted(app, builder, watch, start))
            watch.painted = False
            start = time.perf_counter()
            builder.update()
            repaint_ms.append(_painted(app, builder, watch, start))
    builder.document.start(builder.raw)
    builder.close()
    builder.deleteLater()
    return {"first": first, "bare": bare, "p50": statistics.median(switch_ms),
            "p95": _percentile(switch_ms, 0.95), "repaint": statistics.median(repaint_ms)}


def main(argv: list[str] | None = None) -> None:
    """Print first show and game switches at each scale, then click-to-paint against rule()."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="sessions played (default 3)")
    parser.add_argument("--switches", type=int, default=3,
                        help="rounds of switching through every game (default 3)")
    add_scale_arguments(parser, scales=(1, 100))
    args = parser.parse_args(argv)
    pin_refcount_drifts()
    qInstallMessageHandler(quiet_offscreen)
    app = QApplication.instance() or QApplication([])

    # One-time costs of the process, paid by whichever screen first rules or lists games (and
    # without bytecode caches, e.g. PYTHONDONTWRITEBYTECODE, by compiling the engine): not the
    # builder's, and the same at every scale.
    import importlib

    from app.corpus.vocabulary import GAMES

    importlib.import_module("app.engine.handlers")

    list(GAMES)
    # Qt's own first-use costs (fonts, styles, enums) go to whichever widget is first shown:
    # one builder shown and dropped before any is measured, so no scale pays them.
    from app.corpus.loading import load_content as _load
    from ui.builder.builder_screen import BuilderScreen as _Builder
    from ui.builder.recent_files import RecentFiles as _Recent

    warm = _Builder(_load(cached=True), recent=_Recent(None))
    warm.show()
    app.processEvents()
    warm.close()
    warm.deleteLater()
    app.processEvents()
    results = {factor: show_and_switch(app, factor, args.switches) for factor in args.scale}
    print("first show and switching game, 1280x800 offscreen (goal at x100: both <= 50 ms)")
    for factor, r in results.items():
        print(f"  x{factor:<5} first show {r['first']:7.1f} ms = {r['first'] / r['bare']:5.1f}x a "
              f"bare window ({r['bare']:.1f} ms);  switch p50 {r['p50']:6.1f} ms  p95 "
              f"{r['p95']:6.1f} ms = {r['p95'] / r['repaint']:5.1f}x a repaint "
              f"({r['repaint']:.1f} ms)")
    if len(results) > 1:
        scales = list(results)
        print_growth("first show / bare window", scales,
                     [r["first"] / r["bare"] for r in results.values()])
        print_growth("switch p95 / repaint", scales,
                     [r["p95"] / r["repaint"] for r in results.values()])

    from app.corpus.loading import load_content
    from app.engine import rule
    from app.model.scenario import parse_scenario
    from ui.builder.builder_screen import BuilderScreen
    from ui.builder.recent_files import RecentFiles

    content = load_content()
    builder = BuilderScreen(content, recent=RecentFiles(None))
    builder.resize(1280, 800)
    builder.show()
    watch = PaintWatch()
    builder.installEventFilter(watch)
    for _ in range(5):
        app.processEvents()

    clicks_ms: list[float] = []
    scenarios = []
    for round_no in range(args.rounds + 1):  # the first round warms caches and is not kept
        for step in session(builder):
            is_click = step.__qualname__.startswith(("session.<locals>.pack",
                                                     "session.<locals>.hand"))
            if not is_click:
                step()
                for _ in range(3):
                    app.processEvents()
                continue
            for _ in range(2):
                app.processEvents()  # nothing left over from the last step
            watch.painted = False
            start = time.perf_counter()
            step()
            while not watch.painted:
                app.processEvents()
                if time.perf_counter() - start > 2:
                    raise SystemExit("the window never repainted after a click")
            elapsed = (time.perf_counter() - start) * 1000
            if round_no:
                clicks_ms.append(elapsed)
                scenarios.append(builder.raw)
    rule_ms: list[float] = []
    parsed = [parse_scenario(raw, builder.games) for raw in scenarios]  # all valid tables
    rule(parsed[0], builder.games, content)
    for scenario in parsed:
        start = time.perf_counter()
        rule(scenario, builder.games, content)
        rule_ms.append((time.perf_counter() - start) * 1000)

    def p90(values: list[float]) -> float:
        return statistics.quantiles(values, n=10)[-1]

    click, engine = statistics.median(clicks_ms), statistics.median(rule_ms)
    added = click - engine
    per_session = len(clicks_ms) // args.rounds
    print(f"session: {per_session} clicks on cards x {args.rounds} rounds "
          "(Rubicon Bézique, 2 seats; Cinch, 4 seats), 1280x800 offscreen")
    print(f"click -> ruling painted:  median {click:6.2f} ms   p90 {p90(clicks_ms):6.2f} ms")
    print(f"engine rule() alone:      median {engine:6.2f} ms   p90 {p90(rule_ms):6.2f} ms")
    verdict = "met" if added < FRAME_MS else "NOT met"
    print(f"the screen adds:          median {added:6.2f} ms   (goal < {FRAME_MS:.0f} ms: "
          f"{verdict})")
    builder.document.start(builder.raw)
    builder.close()


if __name__ == "__main__":
    main()
