"""The real main window walks every screen over a generated history while a 2 ms heartbeat
records the longest event-loop stall per step (bench/ui_stalls.py; the full scale, ×100 corpus
and 1M attempts, runs from there). Here, at a small scale, the test checks what keeps the UI
thread free however large the history grows: the statistics are summed, the study modules
counted and the questions prepared on worker threads, never on the UI thread, and the progress
file is opened before the worker starts. The table of stalls is printed (pytest -s) for the
screens' owners.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from prepared_support import store_prepared

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import ui_stalls  # noqa: E402  (bench/ui_stalls.py)

from app.corpus.loading import load_content  # noqa: E402
from app.progress.figures import FigureQueries  # noqa: E402
from quizzes.bank import QuestionBank  # noqa: E402
from ui.quiz.trainer import Trainer  # noqa: E402

SCALE, ATTEMPTS = 1, 20_000


@pytest.fixture
def threads(monkeypatch):
    """Which thread ran the statistics' sums and the bank's warm-up, and when the store opened."""
    seen: dict[str, list[object]] = {"figures": [], "laws": [], "modules": [], "warm": [],
                                      "questions": [], "order": []}

    def spy(name, original):
        def wrapper(self, *args, **kwargs):
            seen[name].append(threading.current_thread())
            seen["order"].append(name)
            return original(self, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(FigureQueries, "figures", spy("figures", FigureQueries.figures))
    monkeypatch.setattr(FigureQueries, "law_rows", spy("laws", FigureQueries.law_rows))
    monkeypatch.setattr(FigureQueries, "module_counts",
                        spy("modules", FigureQueries.module_counts))
    monkeypatch.setattr(QuestionBank, "warm", spy("warm", QuestionBank.warm))
    monkeypatch.setattr(QuestionBank, "for_item", spy("questions", QuestionBank.for_item))
    opened = Trainer._open_store

    def open_store(self):
        seen["order"].append("store")
        opened(self)

    monkeypatch.setattr(Trainer, "_open_store", open_store)
    return seen


def test_every_screen_is_walked_and_the_sums_run_off_the_ui_thread(qtbot, tmp_path, threads,
                                                                     capsys, prepared_data,
                                                                     monkeypatch):
    # The quiz bank's survey and catalogue stored for the content the walk serves (a content
    # store of the app's own laws), as an installed app has them: derived once per test
    # process, not again by a child process of low priority (minutes on a busy machine).
    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(cache))
    store_prepared(cache, prepared_data,
                   load_content(ui_stalls.scaled_content(SCALE), None, cached=True))
    # Each step waits as long as it takes (the bound only guards against a hang): on a busy
    # machine the bank may take minutes to prepare, and a skipped step would fail below.
    steps = ui_stalls.run(SCALE, ATTEMPTS, tmp_path, step_timeout_ms=600_000)
    names = [name for name, _ in steps]
    for screen in ("browser", "compare", "glossary", "builder", "quizzes", "statistics"):
        assert f"open {screen}" in names
    assert "statistics per law" in names and "search 'revoke'" in names
    assert "study: first question" in names and "study: question 2" in names
    assert all(ms > 0 for _, ms in steps)
    ui = threading.main_thread()
    assert threads["figures"] and all(t is not ui for t in threads["figures"])
    assert threads["laws"] and all(t is not ui for t in threads["laws"])
    assert threads["modules"] and all(t is not ui for t in threads["modules"]), (
        "the study modules are counted on the worker")
    assert threads["warm"] and all(t is not ui for t in threads["warm"])
    assert threads["questions"] and all(t is not ui for t in threads["questions"]), (
        "a question was built on the UI thread")
    assert threads["order"].index("store") < threads["order"].index("warm"), (
        "the progress file is opened before the worker warms the bank")
    with capsys.disabled():
        print(f"\nUI stalls at ×{SCALE} corpus, {ATTEMPTS:,} attempts:")
        print(ui_stalls.report(steps))
