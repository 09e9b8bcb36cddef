"""The flagged questions of the current profile, each with its reason, and a way to unflag."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.compat import override
from ui.quiz.trainer import Trainer
from ui.words import game_name

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1


class FlagList(QWidget):
    """Questions the learner flagged: not asked again until he lifts the flag here."""

    def __init__(self, trainer: Trainer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trainer = trainer
        self.heading = QLabel("Flagged questions")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.list = QListWidget()
        self.list.setAccessibleName("Flagged questions")
        self.list.setWordWrap(True)
        self.list.setMaximumHeight(110)
        self.list.currentItemChanged.connect(lambda *_: self._update())
        self.unflag_button = QPushButton("&Unflag")
        self.unflag_button.setToolTip("Lift the flag: the question will be asked again")
        self.unflag_button.clicked.connect(self.unflag_selected)
        row = QHBoxLayout()
        row.addWidget(self.heading, 1)
        row.addWidget(self.unflag_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 6, 0, 0)
        column.addLayout(row)
        column.addWidget(self.list)
        trainer.progress_changed.connect(self._refresh_if_shown)
        trainer.profile_changed.connect(lambda _id: self._refresh_if_shown())
        self._update()

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    def _refresh_if_shown(self) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """List the current profile's flags, newest first."""
        trainer = self.trainer
        if not trainer.is_ready:
            return
        from quizzes.questions import QUESTION_TYPES, split_item

        laws = trainer.bank.content.laws
        self.list.clear()
        flags = trainer.store.flags(trainer.profile_id)
        for flag in flags:
            qtype, law_id = split_item(flag.item)
            law = laws.get(law_id)
            what = f"{law.title} ({game_name(law.game)})" if law is not None else law_id
            local = flag.at.astimezone()
            text = (
                f"{QUESTION_TYPES.get(qtype, qtype)} · {what}\n"
                f"“{flag.reason}” · flagged {local:%d %B %Y}"
            )
            entry = QListWidgetItem(text)
            entry.setData(ITEM_ROLE, flag.item)
            entry.setToolTip(f"Question {flag.question_id}")
            self.list.addItem(entry)
        self.list.setVisible(bool(flags))
        self.unflag_button.setVisible(bool(flags))
        self.heading.setText(f"Flagged questions ({len(flags)})")
        self.heading.setToolTip("" if flags else "A question you disagree with can be flagged "
                                "while you study: it is set aside until you unflag it here.")
        self._update()

    def unflag_selected(self) -> None:
        """Lift the flag of the selected question (it will be asked again)."""
        entry = self.list.currentItem()
        item = entry.data(ITEM_ROLE) if entry is not None else None
        if not item:
            return
        self.trainer.store.unflag(self.trainer.profile_id, item)
        self.trainer.progress_changed.emit()
        self.refresh()

    def _update(self) -> None:
        entry = self.list.currentItem()
        self.unflag_button.setEnabled(entry is not None and bool(entry.data(ITEM_ROLE)))
