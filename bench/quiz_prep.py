"""Benchmark: preparing the quizzes (the bank warmed, the progress file opened), per corpus scale.

Measured in the same run, each as a ratio against opening a new progress file alone on the UI
thread (the baseline):
- warming the bank with the stored survey (what every start after the first does), and
  taking the survey afresh (the first start after the content or the code changed);
- the longest UI-thread stall while the Trainer prepares everything for a new progress file:
  the file is opened before the worker starts, so the UI thread never waits on SQLite while
  the worker holds the GIL (that wait stretched a 4-16 ms open to 350-435 ms); goal < 50 ms;
- for comparison, what the trainer avoids: opening a progress file on the UI thread while a
  worker warms a bank (each SQLite call waits for the GIL).
Warming reads what an earlier run derived for this content version (quizzes.prepared).

First, with nothing prepared (an empty cache folder), a new learner's first question:
- `python -m app quiz next` run cold, as a ratio against `python -c "import sqlite3"` (goal
  at most 12×);
- the time from the Trainer's start to the first question (its `first_ready`; goal < 1 s).

    python bench/quiz_prep.py [--scale 1,10,100] [--rounds 5] [--first-only]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))

from scale import add_scale_arguments, print_growth, scaled_content  # noqa: E402
from ui_stalls import STALL_MS, StallProbe  # noqa: E402

FIRST_GOAL = 12.0  # cold `quiz next` / `python -c "import sqlite3"`


def _run_cold(argv: list[str], cache: str) -> float:
    env = {**os.environ, "CARDLAWS_CACHE_DIR": cache, "PYTHONPATH": str(BENCH.parent)}
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, cwd=BENCH.parent)
    return time.perf_counter() - start


def first_question(rounds: int) -> None:
    """The cold `quiz next` against the interpreter's own start, and the first question on
    screen, each with nothing prepared."""
    from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop

    from app.corpus.loading import load_content
    from ui.quiz.trainer import Trainer

    base, cold = [], []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as cache:
            base.append(_run_cold([sys.executable, "-c", "import sqlite3"], cache))
            cold.append(_run_cold([sys.executable, "-m", "app", "quiz", "next"], cache))
    b, c = statistics.median(base), statistics.median(cold)
    print("A new learner's first question, nothing prepared")
    print(f"  python -c 'import sqlite3' (base)  {b * 1e3:9.1f} ms")
    print(f"  python -m app quiz next, cold      {c * 1e3:9.1f} ms  {c / b:7.2f}×  "
          f"(goal ≤ {FIRST_GOAL:.0f}×) " + ("ok" if c / b <= FIRST_GOAL else "OVER"))
    content = load_content()
    shown = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as data:
            os.environ["CARDLAWS_CACHE_DIR"] = cache
            trainer = Trainer(content, data_dir=data)
            start = time.perf_counter()
            trainer.start()
            deadline = QDeadlineTimer(60_000)
            while trainer.first is None and trainer.state == "preparing" and (
                    not deadline.hasExpired()):
                QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
                time.sleep(0.0005)
            shown.append(time.perf_counter() - start)
            trainer.close()  # (waits for the rest to be prepared)
    s = statistics.median(shown)
    print(f"  the first question in the Trainer  {s * 1e3:9.1f} ms  (goal < 1000 ms) "
          + ("ok" if s < 1 else "OVER"))


def main() -> None:
    """Print each scale's timings and ratios, then the growth curves."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--first-only", action="store_true",
                        help="only the new learner's first question")
    args = parser.parse_args()

    from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication

    from app.corpus.laws import Content
    from app.corpus.loading import load_content
    from app.progress import ProgressStore
    from quizzes.bank import QuestionBank
    from quizzes.survey import take_survey
    from ui.quiz.trainer import Trainer

    app = QApplication.instance() or QApplication([])
    first_question(args.rounds)
    if args.first_only:
        return
    curves: dict[str, list[float]] = {"warm": [], "stall": []}
    for factor in args.scale:
        content = load_content(scaled_content(factor), None, cached=True)
        QuestionBank(content).warm()  # the survey stored for this corpus

        def open_new() -> float:
            with tempfile.TemporaryDirectory() as folder:
                start = time.perf_counter()
                ProgressStore.open(Path(folder)).close()
                return time.perf_counter() - start

        def warm(content: Content = content) -> float:
            start = time.perf_counter()
            QuestionBank(content).warm()
            return time.perf_counter() - start

        def survey(content: Content = content) -> float:
            bank = QuestionBank(content)
            start = time.perf_counter()
            take_survey(bank)
            return time.perf_counter() - start

        def open_while_warming(content: Content = content) -> float:
            bank = QuestionBank(content)
            started = threading.Event()

            def work() -> None:
                started.set()
                bank.warm()

            worker = threading.Thread(target=work)
            worker.start()
            started.wait()
            took = open_new()
            worker.join()
            return took

        def trainer_stall(content: Content = content) -> float:
            with tempfile.TemporaryDirectory() as folder:
                trainer = Trainer(content, data_dir=folder)
                probe = StallProbe()
                probe.reset()
                trainer.start()
                deadline = QDeadlineTimer(120_000)
                while trainer.state == "preparing" and not deadline.hasExpired():
                    QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
                    time.sleep(0.0005)
                stall = probe.longest_ms() / 1e3
                probe.stop()
                trainer.close()
                return stall

        base = statistics.median(open_new() for _ in range(args.rounds))
        warm_t = statistics.median(warm() for _ in range(args.rounds))
        survey_t = survey()
        stall = statistics.median(trainer_stall() for _ in range(args.rounds))
        contended = statistics.median(open_while_warming() for _ in range(args.rounds))
        curves["warm"].append(warm_t / base)
        curves["stall"].append(stall / base)
        print(f"\n×{factor} corpus ({len(content.laws):,} laws)")
        print(f"  open a new progress file (base)   {base * 1e3:9.1f} ms")
        print(f"  warm the bank, stored survey      {warm_t * 1e3:9.1f} ms  {warm_t / base:7.2f}×")
        print(f"  take the survey afresh            {survey_t * 1e3:9.1f} ms  "
              f"{survey_t / base:7.2f}×")
        print(f"  longest UI stall while preparing  {stall * 1e3:9.1f} ms  {stall / base:7.2f}×"
              f"  (the 2 ms heartbeat included; goal < {STALL_MS:.0f} ms) "
              + ("ok" if stall * 1e3 < STALL_MS else "OVER"))
        print(f"  (avoided: open while a worker warms {contended * 1e3:7.1f} ms  "
              f"{contended / base:7.2f}×)")
    app.processEvents()
    if len(args.scale) > 1:
        print_growth("warm / open", args.scale, curves["warm"], "×")
        print_growth("UI stall while preparing / open", args.scale, curves["stall"], "×")


if __name__ == "__main__":
    main()
