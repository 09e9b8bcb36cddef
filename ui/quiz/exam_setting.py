"""An exam's questions, set on the trainer's worker (Exam() builds every question it asks)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from quizzes import Exam
    from ui.quiz.trainer import Trainer

LOG = logging.getLogger(__name__)


class ExamSetting:
    """Sets one exam at a time; an exam set after the learner went back arrives to nobody."""

    def __init__(self, trainer: Trainer) -> None:
        self.trainer = trainer
        self._ticket = 0

    def set(self, module_id: str, count: int, minutes: float,
            made: Callable[[Exam, float, str], None], failed: Callable[[str], None]) -> None:
        """Set an exam of `count` questions on the module's games; `made(exam, minutes,
        title)` once it is built, or `failed(reason)`."""
        from app.corpus.vocabulary import GAMES
        from quizzes import EVERYTHING, Exam, module

        trainer = self.trainer
        chosen = module(trainer.bank, module_id)
        games = chosen.games or tuple(GAMES)
        title = "Exam: all games" if chosen.id == EVERYTHING else f"Exam: {chosen.title}"
        store, profile_id, bank = trainer.store, trainer.profile_id, trainer.bank
        scheduling = trainer.scheduling
        self.cancel()
        ticket = self._ticket
        # Exam() reads the bank only (the store is used once answers come, on this thread).
        trainer.off_thread(
            lambda: Exam(store, profile_id, games, count, bank, scheduling=scheduling),
            lambda built: self._on_set(ticket, built, minutes, title, made, failed))

    def cancel(self) -> None:
        """The exam being set (if any) is no longer wanted."""
        self._ticket += 1

    def _on_set(self, ticket: int, built: object, minutes: float, title: str,
                made: Callable[[Exam, float, str], None], failed: Callable[[str], None]) -> None:
        from quizzes import Exam, QuestionError

        if ticket != self._ticket:  # the learner went back
            return
        if isinstance(built, Exam):
            made(built, minutes, title)
            return
        if not isinstance(built, QuestionError):
            LOG.error("setting an exam failed: %r", built)
        failed(str(built))
