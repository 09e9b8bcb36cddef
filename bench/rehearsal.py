"""Benchmark: rehearsing deals, against the engine alone in the same run.

- A whole random deal of each game played to its end by lawful moves, with irregularities
  injected and ruled, against the engine alone parsing and ruling one table per step.
- Click to next state on the real screen (a card played, the table repainted), against one
  engine ruling: the budget is one frame (16 ms).
- The screen's first show at each corpus scale (`--scale`, every law ×N, bench/scale.py),
  built and shown at 1280x800 until painted, against a bare QWidget of the same size shown and
  painted in the same run, with its growth curve. Goal: ≤ 50 ms at ×100 (issue 13).
Usage: python bench/rehearsal.py [--deals N] [--scale 1,100]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from scale import add_scale_arguments, print_growth, scaled_content  # noqa: E402

from app.corpus.loading import load_content  # noqa: E402
from app.engine import rule  # noqa: E402
from app.model.games import build_games  # noqa: E402
from app.model.scenario import parse_scenario  # noqa: E402
from app.rehearsal.driver import play_out  # noqa: E402
from app.rehearsal.session import Rehearser, Start  # noqa: E402
from app.rehearsal.state import to_scenario  # noqa: E402


def main() -> None:
    """Print per-deal and per-click timings and their ratios to the engine alone."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    add_scale_arguments(parser, scales=(1, 100))
    args = parser.parse_args()
    content = load_content()
    games = build_games(content)
    rehearser = Rehearser(games, content)
    print(f"{'game':18} {'deal (ms)':>10} {'steps':>6} {'rulings':>8} {'engine (ms)':>12} "
          f"{'ratio':>6}")
    for gid, game in sorted(games.items()):
        if game.facts.play is None:
            continue
        seats = game.default_seats()
        deal_times, engine_times, steps, rulings = [], [], [], []
        for seed in range(args.deals):
            start = Start(gid, tuple(seats), seats[-1], seed)
            t0 = time.perf_counter()
            moments = play_out(rehearser, start, random.Random(seed), mistakes=0.05)
            deal_times.append(time.perf_counter() - t0)
            steps.append(len(moments))
            rulings.append(sum(1 for m in moments if m.mistake or m.hand_ruling))
            # The engine alone, asked once per step: is this table's next card lawful?
            tables = [to_scenario(m.state, rehearser.game(m.state), {"type": "wrong-count"})
                      for m in moments]
            t0 = time.perf_counter()
            for raw in tables:
                rule(parse_scenario(raw, games), games, content)
            engine_times.append(time.perf_counter() - t0)
        deal = statistics.median(deal_times) * 1e3
        engine = statistics.median(engine_times) * 1e3
        print(f"{gid:18} {deal:10.2f} {statistics.median(steps):6.0f} "
              f"{statistics.median(rulings):8.0f} {engine:12.2f} {deal / engine:6.2f}")
    _clicks(content)
    _first_shows(args.scale)


def _first_shows(scales: list[int]) -> None:
    """The screen's first show at each corpus scale, against a bare window's."""
    from builder import PaintWatch, _painted, bare_show  # bench/builder.py
    from PySide6.QtWidgets import QApplication

    from ui.rehearse.rehearse_screen import RehearseScreen

    app = QApplication.instance() or QApplication([])
    ratios = []
    warm = RehearseScreen(load_content(cached=True))  # Qt's first-use costs, paid once
    warm.show()
    app.processEvents()
    warm.close()
    warm.deleteLater()
    app.processEvents()
    print("first show, 1280x800 offscreen (goal at x100: <= 50 ms)")
    for factor in scales:
        content_dir = scaled_content(factor)
        load_content(content_dir, None, cached=True)  # the store built, if it was not
        bare = statistics.median(bare_show(app) for _ in range(5))
        shows = []
        for _ in range(3):
            fresh = load_content(content_dir, None, cached=True)  # opened anew, as at a start
            start = time.perf_counter()
            screen = RehearseScreen(fresh)
            screen.resize(1280, 800)
            watch = PaintWatch()
            screen.installEventFilter(watch)
            screen.show()
            shows.append(_painted(app, screen, watch, start))
            screen.close()
            screen.deleteLater()
            app.processEvents()
        first = statistics.median(shows)
        ratios.append(first / bare)
        print(f"  x{factor:<5} first show {first:7.1f} ms = {first / bare:5.1f}x a bare window "
              f"({bare:.1f} ms)")
    if len(scales) > 1:
        print_growth("first show / bare window", scales, ratios)


def _clicks(content) -> None:
    from PySide6.QtWidgets import QApplication

    from app.rehearsal.play import legal_cards, settle_draws
    from app.rehearsal.session import Step
    from ui.compat import pin_refcount_drifts
    from ui.rehearse.rehearse_screen import RehearseScreen

    pin_refcount_drifts()
    app = QApplication.instance() or QApplication([])
    screen = RehearseScreen(content)
    screen.resize(1280, 800)
    screen.show()
    games = screen.games
    clicks, engine = [], []
    for seed in range(10):
        screen.new_deal("pinochle", seed=seed)
        for _ in range(20):
            state = settle_draws(screen.moment.state, games["pinochle"])
            card = legal_cards(state, games["pinochle"])[0]
            t0 = time.perf_counter()
            screen.act(Step("play", {"player": state.to_move, "card": card.code}))
            app.processEvents()
            clicks.append(time.perf_counter() - t0)
            raw = to_scenario(state, games["pinochle"], {"type": "play", "player": state.to_move,
                                                         "card": card.code})
            t0 = time.perf_counter()
            rule(parse_scenario(raw, games), games, content)
            engine.append(time.perf_counter() - t0)
    click = statistics.median(clicks) * 1e3
    p90 = statistics.quantiles(clicks, n=10)[-1] * 1e3
    base = statistics.median(engine) * 1e3
    print(f"click to next state painted (Pinochle): median {click:.2f} ms, p90 {p90:.2f} ms "
          f"(goal < 16 ms); one engine ruling {base:.3f} ms; ratio {click / base:.1f}")
    screen.close()
    screen.deleteLater()
    app.processEvents()


if __name__ == "__main__":
    main()
