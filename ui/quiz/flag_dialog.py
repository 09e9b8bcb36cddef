"""Flagging a question: the learner says why he disputes it; the item is then set aside."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

REASONS = (
    "Two of the answers can be defended",
    "The answer marked right is wrong",
    "The question or the table is unclear",
    "Something else",
)


class FlagDialog(QDialog):
    """Why the question is wrong: a common reason to pick, and words of one's own."""

    def __init__(self, question_words: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Flag this question")
        intro = QLabel(
            "Say what is wrong with this question. It will not be asked again until you lift "
            "the flag (on the statistics screen), and the flag goes into your exported progress "
            "so it can be reported."
        )
        intro.setWordWrap(True)
        asked = QLabel(question_words)
        asked.setWordWrap(True)
        asked.setTextFormat(Qt.TextFormat.PlainText)
        self.reason_buttons: list[QRadioButton] = []
        group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(asked)
        for words in REASONS:
            button = QRadioButton(words)
            group.addButton(button)
            layout.addWidget(button)
            self.reason_buttons.append(button)
            button.toggled.connect(self._update)
        self.details = QPlainTextEdit()
        self.details.setPlaceholderText("In your own words (optional): what should it say?")
        self.details.setAccessibleName("Why the question is wrong, in your own words")
        self.details.setTabChangesFocus(True)
        self.details.textChanged.connect(self._update)
        layout.addWidget(self.details)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Flag")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._update()

    def reason(self) -> str:
        """The reason given: the common reason picked, then the learner's words."""
        picked = next((b.text() for b in self.reason_buttons if b.isChecked()), "")
        words = self.details.toPlainText().strip()
        return ". ".join(part for part in (picked, words) if part)

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.reason()))
