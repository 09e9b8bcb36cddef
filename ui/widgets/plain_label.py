"""A label for text from outside the app (names, file names, messages quoting them).

QLabel's default format guesses: text that looks like HTML is rendered as HTML, so a profile
named `<img src=...>` would load an image. A plain label shows every character as typed.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import Qt
from PySide6.QtWidgets import QLabel, QWidget


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A QLabel that never interprets its text as rich text."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    return label


class _HasToolTip(Protocol):
    def setToolTip(self, text: str) -> None: ...


def plain_tip(text: str) -> str:
    """A tooltip's text quoting outside text, as a model's ToolTipRole or setToolTip takes it:
    escaped when it looks like HTML, since Qt renders such tooltips as HTML."""
    return Qt.convertFromPlainText(text) if Qt.mightBeRichText(text) else text


def plain_tooltip(widget: _HasToolTip, text: str) -> None:
    """Set a tooltip quoting outside text (see plain_tip)."""
    widget.setToolTip(plain_tip(text))
