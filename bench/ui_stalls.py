"""The longest UI-thread stall while the real main window walks every screen, at a scale.

A precise QTimer ticks every 2 ms on the UI thread; the longest gap between two ticks is the
longest time the event loop could not run (a stall the user feels as a frozen window). The
walk opens each screen as its toolbar action does, waits until it has settled (the quiz
questions prepared and the modules counted, the statistics summed), then opens the per-law
statistics, starts studying everything (the first question shown), answers and goes on to the
next question NEXT_QUESTIONS times (each answer read for the 300 ms the walk lets pass before
a step, as a learner reads the feedback) and runs one search.
Steps over 50 ms are flagged. With --nothing-due the learner has answered every item but the
last NEW_LEFT of the new-item order and has nothing due, so that first question is a new item:
the first session finds it by looking up the seen items once (as after an update, when the
store keeps no mark of how far the order is answered), a second session from that mark.

The corpus (bench/scale.py) and the progress file (bench/progress.py's history over the
bank's real items) are generated once and kept in the bench cache; each run works on a copy.
tests/ui/test_ui_stalls.py runs this at a small scale in the default suite; the full scale:

    python bench/ui_stalls.py [--scale 100] [--attempts 1M]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

BENCH = Path(__file__).resolve().parent
# A user's Python keeps its bytecode (pip compiles it at install, an editable install writes
# it at the first import); an environment's PYTHONDONTWRITEBYTECODE would have every run of
# the walk compile every module it imports, a cost no user pays after the first start.
sys.dont_write_bytecode = False
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))

from scale import add_scale_arguments, bench_cache, content_digest, scaled_content  # noqa: E402

STALL_MS = 50.0
NEXT_QUESTIONS = 5  # questions gone on to after the first, each answered right
NEW_LEFT = 100  # items a learner with nothing due has never answered (--nothing-due)
PREPARED = "prepared: "  # how the preparing process names the progress folder


class StallProbe:
    """Records the longest gap between ticks of a 2 ms timer on the UI thread."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.clock = QElapsedTimer()
        self.clock.start()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(2)
        self.timer.timeout.connect(self._tick)
        self.last = 0
        self.longest = 0
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def reset(self) -> None:
        """Start a new step."""
        self.last = self.clock.nsecsElapsed()
        self.longest = 0

    def longest_ms(self) -> float:
        """The longest gap of this step so far, in milliseconds (the tick interval included)."""
        return max(self.longest, self.clock.nsecsElapsed() - self.last) / 1e6

    def stop(self) -> None:
        self.timer.stop()


def progress_file(content_dir: Path, factor: int, attempts: int,
                  nothing_due: bool = False) -> Path:
    """A progress folder with one learner of `attempts` answers over the bank's items (cached);
    with `nothing_due`, over all but the last NEW_LEFT items of the new-item order, none due."""
    from progress import build  # bench/progress.py

    from app.corpus.loading import load_content
    from app.progress import ProgressStore
    from quizzes.bank import QuestionBank

    variant = "-nothing-due" if nothing_due else ""
    folder = bench_cache() / f"progress-x{factor}-{attempts}{variant}-{content_digest()}"
    if (folder / ".complete").exists():
        # Brought to the current schema once here, not in every walk's first opening.
        with ProgressStore.open(folder, keep_backups=0) as store:
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the copy takes the file alone
            held = store.attempt_count()
        if held == attempts:
            return folder
        # A folder marked complete that holds another history (one was found empty: two
        # builds at once, one removing the other's file) would time an empty learner.
        print(f"  (the cached history holds {held:,} answers, not {attempts:,}: built again)")
    shutil.rmtree(folder, ignore_errors=True)
    bank = QuestionBank(load_content(content_dir, None, cached=True))
    # Built under a name of its own, then renamed into place: a build running at the same
    # time in another process never writes into this one's folder.
    building = folder.with_name(f".{folder.name}-{os.getpid()}")
    shutil.rmtree(building, ignore_errors=True)
    with ProgressStore.open(building, keep_backups=0, synchronous="OFF") as store:
        items = len(bank.items) - NEW_LEFT if nothing_due else len(bank.items)
        build(store, bank, attempts, max(1, items), nothing_due=nothing_due)
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (building / ".complete").write_text("")
    shutil.rmtree(folder, ignore_errors=True)
    try:
        building.rename(folder)
    except OSError:  # another build finished first: keep its folder
        shutil.rmtree(building, ignore_errors=True)
    return folder


def prepared(factor: int, attempts: int, nothing_due: bool = False) -> Path:
    """progress_file's folder, made (or checked) in a process of its own: making it imports
    the progress store, sqlite_utils and the question bank, which the window must then
    import itself when the quiz screen first opens, as it does for a user; made in the
    walk's own process, they were loaded already and their cost never showed."""
    argv = [sys.executable, str(Path(__file__).resolve()), "--prepare", str(factor),
            str(attempts)] + (["--nothing-due"] if nothing_due else [])
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"preparing the progress file failed:\n{done.stderr}")
    for line in done.stdout.splitlines():
        if line.startswith(PREPARED):
            return Path(line[len(PREPARED):])
        print(line)  # what the preparation said (a history built again)
    raise RuntimeError(f"preparing the progress file said no folder:\n{done.stdout}")


def working_copy(folder: Path, into: Path) -> Path:
    """A copy of the cached progress folder to work on (the walk writes to it)."""
    into.mkdir(parents=True, exist_ok=True)
    for name in ("progress.sqlite",):
        shutil.copy2(folder / name, into / name)
        # Written out before the window opens, as a learner's file is: at 1M attempts the
        # copy is half a gigabyte, and its write-back otherwise ran through the walk, which
        # then timed the disk (a first run of each kind had several steps over 50 ms).
        with open(into / name, "rb") as copied:
            os.fsync(copied.fileno())
    return into


def walk(
    window, wait: Callable[[Callable[[], bool], int], None], profile: str | None = None,
    nothing_due: bool = False, step_timeout_ms: int = 120_000,
) -> list[tuple[str, float]]:
    """Open every screen and a few views; (step, longest stall in ms) for each.

    `wait(condition, timeout_ms)` runs the event loop until the condition holds. A step named
    by `profile` runs under cProfile (the UI thread only) and its costliest calls are printed.
    A step waits at most `step_timeout_ms` to settle; the tests pass a bound that only guards
    against a hang, so a busy machine makes a step slower, never skipped.
    """
    import cProfile
    import pstats

    from PySide6.QtCore import QTimer

    from ui.quiz.quiz_screen import DONE, STUDY
    from ui.quiz.sample_history import right_answer

    probe = StallProbe()
    steps: list[tuple[str, float]] = []

    def step(name: str, action: Callable[[], None], settled: Callable[[], bool],
             timeout_ms: int = step_timeout_ms) -> None:
        wait(lambda: False, 300)  # let the previous step's leftovers run first
        profiler = cProfile.Profile() if name == profile else None
        probe.reset()
        if profiler is not None:
            profiler.enable()
        QTimer.singleShot(0, action)
        wait(settled, timeout_ms)
        wait(lambda: False, 400)  # what follows the step (paints, deferred work) counts too
        steps.append((name, probe.longest_ms()))
        if profiler is not None:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)

    try:
        for name in window.screen_actions:
            action = window.screen_actions[name]
            if name == "quizzes":
                settled = lambda: (window.trainer.state in ("ready", "failed")  # noqa: E731
                                   and window.screen("quizzes").settled)
            elif name == "statistics":
                settled = lambda: getattr(window.screen("statistics"), "settled", True)  # noqa: E731
            else:
                settled = lambda: True  # noqa: E731
            step(f"open {name}", action.trigger, settled)
        stats = window.screen("statistics")
        step("statistics per law", lambda: stats.show_group("law"), lambda: stats.settled)
        step("statistics per game", lambda: stats.show_group("game"), lambda: stats.settled)
        quizzes = window.screen("quizzes")
        step("open quizzes again", window.screen_actions["quizzes"].trigger,
             lambda: quizzes.settled)
        study = lambda: quizzes.start("everything", "learn")  # noqa: E731
        shown = lambda: quizzes.page in (STUDY, DONE)  # noqa: E731
        if not nothing_due:
            step("study: first question", study, shown)
        else:  # the first session walks the seen items once; the next starts at its mark
            step("study: first new question", study, shown)
            step("study again: first new", study, shown)

        def answer() -> None:
            question = quizzes.question
            if quizzes.page != STUDY or question is None or quizzes.result is not None:
                return
            given = right_answer(question)
            if question.kind == "number":
                quizzes.question_view.number_field.setText(str(given))
            else:
                quizzes.question_view.choose(*(given if isinstance(given, list) else [given]))
            quizzes.check_answer()

        for n in range(2, 2 + NEXT_QUESTIONS):
            if quizzes.page != STUDY:
                break
            step(f"study: answer {n - 1}", answer, lambda: quizzes.result is not None)
            asked = quizzes.question
            step(f"study: question {n}", quizzes.next_question,
                 lambda asked=asked: quizzes.page == DONE or (
                     quizzes.page == STUDY and quizzes.question is not asked
                     and quizzes.result is None))
        browser = window.screen("browser")
        step("open browser again", window.screen_actions["browser"].trigger, lambda: True)
        step("search 'revoke'", lambda: browser.search("revoke"), lambda: True)
    finally:
        probe.stop()
    return steps


def report(steps: list[tuple[str, float]]) -> str:
    """The steps as a table, stalls over 50 ms flagged."""
    lines = [f"{'step':<28}{'longest stall':>16}"]
    for name, ms in steps:
        flag = "  OVER 50 ms" if ms > STALL_MS else ""
        lines.append(f"{name:<28}{ms:13.1f} ms{flag}")
    return "\n".join(lines)


def run(
    factor: int, attempts: int, workdir: Path, profile: str | None = None,
    nothing_due: bool = False, step_timeout_ms: int = 120_000,
) -> list[tuple[str, float]]:
    """Build (or reuse) the data, open the real main window over it and walk it."""
    from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    content_dir = scaled_content(factor)
    data = working_copy(prepared(factor, attempts, nothing_due), workdir / "data")
    app = QApplication.instance() or QApplication([])
    from app.corpus.loading import load_content
    from ui.deferred_store import DeferredStore
    from ui.first_paint import FirstPaintHook
    from ui.main_window import MainWindow
    from ui.settings import UiSettings

    content = load_content(content_dir, None, cached=True)
    store = DeferredStore(content)
    window = MainWindow(store, content, UiSettings.ephemeral(), data_dir=data)
    window.resize(1280, 800)
    # As the app starts (ui/__main__.py): the search index is opened once the window has
    # painted, not when a screen first asks for it.
    FirstPaintHook(window, lambda: QTimer.singleShot(0, store.warm_in_background))
    window.show()

    def wait(condition: Callable[[], bool], timeout_ms: int) -> None:
        deadline = QDeadlineTimer(timeout_ms)
        while not condition() and not deadline.hasExpired():
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
            time.sleep(0.001)

    try:
        return walk(window, wait, profile, nothing_due, step_timeout_ms)
    finally:
        window.trainer.close()
        window.close()
        app.processEvents()


def main() -> None:
    """Walk at the scales asked and print each run's table."""
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser, scales=(100,), attempts=(1_000_000,))
    parser.add_argument("--profile", metavar="STEP",
                        help="print where the UI thread's time goes in one step, e.g. "
                             "'open quizzes'")
    parser.add_argument("--nothing-due", action="store_true",
                        help=f"a learner with nothing due and {NEW_LEFT} items never answered: "
                             "the first question is a new item")
    parser.add_argument("--prepare", nargs=2, type=int, metavar=("SCALE", "ATTEMPTS"),
                        help=argparse.SUPPRESS)  # the walk's own child process (prepared)
    args = parser.parse_args()
    if args.prepare:
        factor, attempts = args.prepare
        folder = progress_file(scaled_content(factor), factor, attempts, args.nothing_due)
        print(f"{PREPARED}{folder}")
        return
    for factor in args.scale:
        for attempts in args.attempts:
            with tempfile.TemporaryDirectory(prefix="cardlaws-stalls-") as tmp:
                steps = run(factor, attempts, Path(tmp), args.profile, args.nothing_due)
            learner = ", nothing due" if args.nothing_due else ""
            print(f"\n×{factor} corpus, {attempts:,} attempts{learner}")
            print(report(steps))


if __name__ == "__main__":
    main()
