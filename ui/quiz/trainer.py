"""What the quiz and statistics screens share: the progress store, the question bank, a profile.

Nothing is prepared until a screen asks (`start()`). The screen first paints "Preparing
questions…"; then the progress file is opened on the UI thread (a SQLite connection belongs
to the thread that opened it), and only then is the question bank built and warmed on a
worker thread. In that order the UI thread never waits on SQLite while the worker holds the
GIL (each of its calls would wait out the worker's time slice: 4-16 ms became 350-435 ms).
The warm-up itself reads what the package build or an earlier run derived from this content
version (the survey, the item catalogue, the new-item order: quizzes.prepared) instead of
ruling the sample and asking every generator about every law again, so the worker is busy
briefly. Where nothing is stored yet (a club's own content, the first time), a process of its
own derives and stores it (`python -m app prepare --quiz-only`, ui/prepare_process.py) while
the worker waits, and the worker then reads it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QObject, QThreadPool, QTimer, Signal

from app.corpus.laws import Content
from ui import collector
from ui.prepare_process import QUIZ, prepared_elsewhere, start_preparing
from ui.threads import HANG_MS

if TYPE_CHECKING:
    from datetime import datetime

    from app.progress import Profile, ProgressStore
    from quizzes import Question, QuestionBank, Scheduling

DEFAULT_PROFILE = "Learner"

BankFactory = Callable[[], "QuestionBank"]


class _Relay(QObject):
    """Carries the worker's outcome back to the UI thread (queued signals)."""

    first = Signal(object)
    built = Signal(object)
    failed = Signal(str)
    done = Signal(int, object)


class Trainer(QObject):
    """The learner's progress store, the question bank and the chosen profile, prepared on demand.

    Signals:
        first_ready(object): a new learner's first question (quizzes.first), built before
            the bank is prepared when nothing prepared is stored; `store`, `profile_id` and
            `scheduling` may be used to record its answer, `bank` not yet.
        ready(): the bank is warm and the store open; `store`, `bank`, `profile` may be used.
        failed(str): the questions could not be prepared (the reason, in words).
        profile_changed(int): another profile was chosen (its id).
        progress_changed(): answers were recorded or a profile was imported or changed.
        notice_changed(): the notice about a damaged progress file was set or dismissed.
    """

    # What the trainer imports when it first starts (the progress store, with sqlite_utils,
    # and the quizzes): the window imports them beforehand, while idle.
    IMPORTS = ("app.progress", "quizzes.session", "quizzes.first")

    first_ready = Signal(object)
    ready = Signal()
    failed = Signal(str)
    profile_changed = Signal(int)
    progress_changed = Signal()
    notice_changed = Signal()

    def __init__(
        self,
        content: Content,
        *,
        data_dir: Path | str | None = None,
        bank: QuestionBank | None = None,
        scheduling: Scheduling | None = None,
        preferred_profile: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.preferred_profile = preferred_profile
        self.content = content
        self.data_dir = data_dir
        self._bank = bank
        self._scheduling = scheduling
        self._store: ProgressStore | None = None
        self._profile_id: int | None = None
        self.notice: str | None = None
        self.error = ""
        self.state = "idle"  # idle, preparing, ready, failed
        self.first: Question | None = None  # a new learner's first question, while preparing
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.first.connect(self._on_first)
        self._relay.built.connect(self._on_bank)
        self._relay.failed.connect(self._on_failure)
        self._relay.done.connect(self._on_done)
        self._jobs: dict[int, Callable[[object], None]] = {}  # (UI thread only)
        self._ticket = 0
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)  # checkpoint and close the progress file

    # Preparing ----------------------------------------------------------------------------

    @property
    def is_ready(self) -> bool:
        """True once the store is open and the bank warm."""
        return self.state == "ready"

    def start(self) -> None:
        """Open the store (UI thread, next turn), then prepare the bank (worker thread)."""
        if self.state != "idle":
            return
        self.state = "preparing"
        # What is alive now (the content, the windows and their Qt wrappers) lives as long as
        # the app: frozen out of the collector's sight, so the UI thread's full collections
        # (ui/collector.py: never on the worker) do not walk every law and widget wrapper
        # (100-300 ms at x100 laws, as measured when this was first added).
        gc.freeze()
        QTimer.singleShot(0, self, self._open_store)

    def _warm_bank(self, new_learner: bool) -> None:
        given, content, relay = self._bank, self.content, self._relay

        def build() -> None:
            try:
                from quizzes import QuestionBank

                bank = given if given is not None else QuestionBank(content)
                child = None
                if given is None and not bank.has_prepared:
                    # A club's own content: its survey taken by a process of its own.
                    child = start_preparing(content, QUIZ)
                if new_learner and not bank.has_prepared:
                    # Seconds of preparing lie ahead: the first question is asked meanwhile.
                    from quizzes.first import first_question

                    first = first_question(bank)
                    if first is not None:
                        relay.first.emit(first)
                if prepared_elsewhere(child):
                    bank = QuestionBank(content)  # reads what the child stored
                bank.warm()  # derives it here only when no child could
            except Exception as exc:  # anything: the screen says it instead of crashing
                relay.failed.emit(f"{type(exc).__name__}: {exc}")
            else:
                relay.built.emit(bank)

        collector.pin_to_ui_thread()  # no collection on the worker (ui/collector.py)
        self._pool.start(build)

    def off_thread(self, job: Callable[[], object], done: Callable[[object], None]) -> None:
        """Run `job` on the worker that prepared the bank (after anything queued before it)
        and call `done` with what it returned, or the exception it raised, on the UI thread.
        The quiz screen builds its questions this way: a question plays deals forward, which
        would freeze the window (ui/quiz/quiz_screen.py)."""
        self._ticket += 1
        ticket, relay = self._ticket, self._relay
        self._jobs[ticket] = done  # kept here: the worker holds no widget (ui/threads.py)

        def run() -> None:
            try:
                result: object = job()
            except Exception as exc:  # handed over as it is: the caller says what it means
                result = exc
            relay.done.emit(ticket, result)

        collector.pin_to_ui_thread()  # no collection on the worker (ui/collector.py)
        self._pool.start(run)

    def _on_done(self, ticket: int, result: object) -> None:
        done = self._jobs.pop(ticket, None)
        if done is not None:
            done(result)

    def wait(self, timeout_ms: int = HANG_MS) -> bool:
        """Block until prepared (for the screenshot run); True when ready."""
        self.start()
        deadline = QDeadlineTimer(timeout_ms)
        while self.state == "preparing" and not deadline.hasExpired():
            self._pool.waitForDone(50)
            QCoreApplication.processEvents()
        return self.is_ready

    def _open_store(self) -> None:
        if self.state != "preparing" or self._store is not None:
            return
        from app.progress import ProgressError, ProgressStore, ProgressUnavailable

        try:
            self._store = ProgressStore.open(self.data_dir)
        except ProgressUnavailable as exc:  # full disk, lock, permissions: it says what to do
            self._on_failure(str(exc))
            return
        except (ProgressError, OSError) as exc:
            self._on_failure(f"The progress file could not be opened: {exc}")
            return
        self.notice = self._store.notice
        if self.notice:
            self.notice_changed.emit()
        if self._store.checking:
            self._watch_check()
        profiles = self._store.profiles()
        remembered = [p for p in profiles if p.id == self.preferred_profile]
        profile = (remembered or profiles or [self._store.create_profile(DEFAULT_PROFILE)])[0]
        self._profile_id = profile.id
        if self._scheduling is None:
            from quizzes import Scheduling

            self._scheduling = Scheduling()
        new_learner = self._store.next_due(profile.id) is None  # no card: nothing answered
        self._warm_bank(new_learner)  # now that the UI thread is done with SQLite

    def _watch_check(self) -> None:
        # The full integrity check after an unclean shutdown runs on a worker thread; its
        # verdict, if the file is damaged, arrives as the store's notice.
        timer = QTimer(self)
        timer.setInterval(250)

        def look() -> None:
            store = self._store
            if store is None or not store.checking:
                timer.stop()
                timer.deleteLater()
            if store is not None and store.notice and store.notice != self.notice:
                self.notice = store.notice
                self.notice_changed.emit()

        timer.timeout.connect(look)
        timer.start()

    def _on_first(self, question: Question) -> None:
        if self.state == "preparing":
            self.first = question
            self.first_ready.emit(question)

    def _on_bank(self, bank: QuestionBank) -> None:
        self._bank = bank
        self._check_ready()

    def _on_failure(self, reason: str) -> None:
        if self.state == "failed":
            return
        self.state = "failed"
        self.error = reason
        self.failed.emit(reason)

    def _check_ready(self) -> None:
        if self.state == "preparing" and self._store is not None and self._bank is not None:
            if self._scheduling is None:
                from quizzes import Scheduling

                self._scheduling = Scheduling()
            self.state = "ready"
            self.ready.emit()

    # What the screens use once ready ------------------------------------------------------

    @property
    def store(self) -> ProgressStore:
        """The open progress store."""
        if self._store is None:
            raise RuntimeError("the progress store is not open yet")
        return self._store

    @property
    def bank(self) -> QuestionBank:
        """The warm question bank."""
        if self._bank is None or self.state != "ready":
            raise RuntimeError("the question bank is not ready yet")
        return self._bank

    @property
    def scheduling(self) -> Scheduling:
        """The scheduler (and its clock) every session and exam uses."""
        if self._scheduling is None:
            raise RuntimeError("the trainer is not ready yet")
        return self._scheduling

    def now(self) -> datetime:
        """The scheduler's clock."""
        return self.scheduling.now()

    @property
    def profile_id(self) -> int:
        """The chosen profile's id."""
        if self._profile_id is None:
            raise RuntimeError("no profile is chosen yet")
        return self._profile_id

    @property
    def profile(self) -> Profile:
        """The chosen profile, as stored now."""
        return self.store.profile(self.profile_id)

    def choose_profile(self, profile_id: int) -> None:
        """Make another profile the current one."""
        if profile_id != self._profile_id:
            self.store.profile(profile_id)  # raises for an unknown id
            self._profile_id = profile_id
            self.profile_changed.emit(profile_id)

    def restore_backup(self, backup: Path) -> Path:
        """Make a backup the progress file and reopen it; returns where the previous file was
        kept (never deleted). Raises ProgressError, with the store still open, when the backup
        cannot be restored."""
        from app.progress import ProgressStore, data_dir, restore
        from app.progress.records import utc_now

        self.store.close()
        self._store = None
        try:
            kept = restore(data_dir(self.data_dir), backup, utc_now())
        finally:
            self._store = ProgressStore.open(self.data_dir, keep_backups=0)
        profiles = self._store.profiles()
        same = [p for p in profiles if p.id == self._profile_id]
        chosen = (same or profiles or [self._store.create_profile(DEFAULT_PROFILE)])[0]
        self._profile_id = chosen.id
        self.profile_changed.emit(chosen.id)
        self.progress_changed.emit()
        return kept

    def dismiss_notice(self) -> None:
        """The learner has read the notice about the damaged progress file."""
        if self.notice:
            self.notice = None
            self.notice_changed.emit()

    def close(self) -> None:
        """Wait for the worker and close the progress store."""
        self._pool.waitForDone()
        if self._store is not None:
            self._store.close()
            self._store = None
            self.state = "idle" if self.state != "failed" else self.state
