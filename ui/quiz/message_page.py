"""A page of the quiz screen that says one thing in the middle, with one control beneath it:
"Preparing questions…" over a busy bar, or "Nothing more to study" over the way back."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from ui.widgets.plain_label import plain_label


class MessagePage(QWidget):
    """A centred message (`label`) and a control beneath it."""

    def __init__(self, label: QLabel, below: QWidget, *, big: bool = False) -> None:
        super().__init__()
        self.label = label
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        if big:
            font = QFont(label.font())
            font.setPointSizeF(font.pointSizeF() * 1.25)
            font.setBold(True)
            label.setFont(font)
        column = QVBoxLayout(self)
        column.addStretch(1)
        column.addWidget(label)
        column.addWidget(below, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(2)


def way_back_page(text: str, back: Callable[[], None], *, big: bool = False) -> MessagePage:
    """A message (plain text: it may quote the laws' titles) over "Back to the modules"."""
    button = QPushButton("Back to the modules")
    button.clicked.connect(back)
    return MessagePage(plain_label(text), button, big=big)
