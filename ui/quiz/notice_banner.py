"""A yellow band with a message for the learner (e.g. his progress file was damaged)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from ui import theme
from ui.widgets.plain_label import plain_label


def _style() -> str:
    return (f"#notice-banner {{ background: {theme.hex('notice-bg')}; "
            f"border: 1px solid {theme.hex('notice-edge')}; border-radius: 4px; }}")


class NoticeBanner(QFrame):
    """A message in plain words with an OK button; hidden while there is nothing to say.

    Signals:
        dismissed(): the learner pressed OK.
    """

    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice-banner")
        theme.keep_styled(self, _style)
        self.message = plain_label()  # quotes folder and file names
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName("Notice")
        self.ok_button = QPushButton("OK")
        self.ok_button.clicked.connect(self.dismissed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.ok_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def say(self, text: str | None) -> None:
        """Show a message (None or empty: hide the band)."""
        self.message.setText(text or "")
        self.setVisible(bool(text))
