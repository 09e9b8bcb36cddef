"""Benchmark: what Ask asks against what the builder needs, and an answer to the next question.

1. For every example scenario (content/scenarios/), the answers Ask needs to reach its ruling
   (each question answered with the example's own fact), against the edits the builder needs to
   lay the same table out from a new one: choosing the game and the event (2), each event field
   set (1 each), the stage and the dealer when not the new table's, each card given to a hand
   or played to the trick (1 each), each seat that has looked, the turn-up, the trump, the
   tricks played, each score and the bid (1 each). Goal: a median of at most 3 answers, none
   over 6.
2. On the Ask screen shown offscreen at 1280x800, the time from an answer until the next
   question is painted (the interview ruled again, the question, the answers and the rulings
   shown and the window repainted), against one repaint of the same screen as it stands
   (the baseline). Goal: at most 16 ms (one frame).

    python bench/ask.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import qInstallMessageHandler  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.ask.answers import UNKNOWN_ANSWER  # noqa: E402
from app.ask.interview import Interview  # noqa: E402
from app.ask.questions import COUNTS, offered_events  # noqa: E402
from app.corpus.loading import CONTENT_DIR, load_content  # noqa: E402
from app.engine.table import Table, read_fact  # noqa: E402
from app.model.facts import NeedFact, Reading  # noqa: E402
from app.model.games import build_games  # noqa: E402
from app.model.scenario import Scenario, parse_scenario  # noqa: E402
from ui.compat import pin_refcount_drifts, quiet_offscreen  # noqa: E402


def builder_edits(raw: dict[str, Any], scenario: Scenario) -> int:
    """The builder's edits to lay the example out from a new table (see the docstring)."""
    edits = 2 + len([k for k in raw.get("event", {}) if k != "type"])
    edits += int("stage" in raw) + int("dealer" in raw)
    for hand in raw.get("hands", {}).values():
        edits += len(hand) if isinstance(hand, list) else 1
    trick = raw.get("trick") or {}
    edits += len(trick.get("cards", [])) + int(bool(trick))
    edits += len(raw.get("hands_seen", []))
    edits += sum(int(k in raw) for k in ("turn_up", "trump", "tricks_played", "bid",
                                          "discards_made"))
    edits += len([v for v in raw.get("scores", {}).values() if v])
    return edits


def answers_needed(scenario: Scenario, games: Any, content: Any) -> tuple[int, Interview]:
    """Ask's questions for the example, each answered with the example's own fact."""
    game = games[scenario.game]
    interview = Interview(game, games, content, scenario.event.type,
                          players=scenario.players, variants=scenario.variants)
    table = Table(scenario, game, Reading())
    asked = 0
    while (q := interview.next_question()) is not None:
        asked += 1
        if q.key == COUNTS:  # every hand's count, answered at once
            interview.answer(q.key, "; ".join(
                f"{p}:{e:+d}" for p in scenario.players
                if (e := read_fact(table, "count-error", p))) or "right")
            continue
        try:
            interview.answers[q.key] = read_fact(table, q.fact, q.seat)
            interview.order.append(q.key)
        except NeedFact:
            interview.answer(q.key, UNKNOWN_ANSWER)
    return asked, interview


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    content = load_content()
    games = build_games(content)
    rows = []
    for path in sorted((CONTENT_DIR / "scenarios").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        scenario = parse_scenario(raw, games)
        if scenario.event.type not in dict(offered_events(games[scenario.game])):
            continue
        asked, _ = answers_needed(scenario, games, content)
        rows.append((path.stem, asked, builder_edits(raw, scenario)))
    answers = sorted(a for _, a, _ in rows)
    edits = sorted(e for _, _, e in rows)
    print(f"examples: {len(rows)}")
    print(f"Ask answers     median {statistics.median(answers):.0f}, max {max(answers)} "
          f"(goal: median <= 3, none over 6)")
    print(f"builder edits   median {statistics.median(edits):.0f}, max {max(edits)}")
    print(f"answers / edits median {statistics.median(a / e for _, a, e in rows):.2f}")
    over = [(stem, a) for stem, a, _ in rows if a > 6]
    if over:
        print("over 6 answers: " + ", ".join(f"{s} ({a})" for s, a in over))

    app = QApplication.instance() or QApplication([])
    qInstallMessageHandler(quiet_offscreen)
    pin_refcount_drifts()
    from ui.ask.ask_screen import AskScreen

    screen = AskScreen(content)
    screen.resize(1280, 800)
    screen.show()
    app.processEvents()
    steps: list[float] = []
    repaints: list[float] = []
    for _ in range(args.rounds):
        for gid, event, given in (("ecarte", "several-trumps-turned", ["South", "no"]),
                                  ("cinch", "lead-out-of-turn", ["North", "South", "-"]),
                                  ("rubicon-bezique", "wrong-count", ["1", "0", "South"])):
            screen.choose_game(gid)
            screen.choose_event(event)
            app.processEvents()
            for typed in given:
                if screen.question is None:
                    break
                start = time.perf_counter()
                screen.answer(typed)
                screen.repaint()
                app.processEvents()
                steps.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                screen.repaint()
                app.processEvents()
                repaints.append((time.perf_counter() - start) * 1000)
    steps.sort()
    p50, p95 = statistics.median(steps), steps[int(len(steps) * 0.95) - 1]
    base = statistics.median(repaints)
    print(f"answer -> next question painted: median {p50:.1f} ms, p95 {p95:.1f} ms "
          f"(goal <= 16); one repaint {base:.1f} ms; ratio {p50 / base:.1f}")


if __name__ == "__main__":
    main()
