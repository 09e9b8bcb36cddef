"""A page of the quiz screen that says one thing in the middle, with one control beneath it:
"Preparing questions…" over a busy bar, or "Nothing more to study" over the way back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget


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
