"""How far each study module's new-item order is answered, worked out off the UI thread.

A session's first new question starts where the progress file's mark for its module says the
learner's answered items end (app/progress/new_items.py). After every update the order, and
so the mark's name, changes, and the first session of each module would walk the learner's
whole run of answered items on the UI thread (60-70 ms at x100). Once the module list is
shown, MarkWalker walks every module's mark on, on a worker of its own, and keeps the marks
as they come; a mark is refused if an item was made new again meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from ui.stats.figure_worker import FigureWorker

if TYPE_CHECKING:
    from ui.quiz.trainer import Trainer


class MarkWalker(QObject):
    """Walks the modules' new-item marks on a worker and keeps them (on the UI thread)."""

    def __init__(self, trainer: Trainer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.trainer = trainer
        self.worker = FigureWorker(self)
        self.worker.ready.connect(self._keep)

    @property
    def busy(self) -> bool:
        """True while marks are being walked."""
        return self.worker.busy

    def walk(self) -> None:
        """Walk every module's mark on from the one kept, for the current profile."""
        from quizzes.modules import walked_marks

        trainer = self.trainer
        if not trainer.is_ready:  # closed (or switching files) since the list was shown
            return
        profile_id, bank = trainer.profile_id, trainer.bank
        self.worker.run(trainer.store, lambda source: (
            profile_id, bank.new_order_key, walked_marks(source, profile_id, bank)))

    def _keep(self, found: tuple[int, str, dict[str, Any]]) -> None:
        if not self.trainer.is_ready:
            return
        profile_id, new_order, marks = found
        for module_id, mark in marks.items():
            self.trainer.store.new_items.keep(profile_id, module_id, new_order, mark)

    def close(self) -> None:
        """Stop the worker (the screen is going)."""
        self.worker.close()
