"""A one-line label that shortens its text with an ellipsis rather than widen the window."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget

from ui.widgets.plain_label import plain_tooltip


class ElidedLabel(QLabel):
    """A label whose text is elided in the middle when the room is short; text() stays whole
    and the tooltip gives it in full."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:
        """Show a text (whole in the tooltip)."""
        super().setText(text)
        plain_tooltip(self, text)

    def minimumSizeHint(self) -> QSize:
        """As narrow as an ellipsis: the text gives way to the controls beside it."""
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("…") + 4, hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle,
                                             rect.width())
        painter.drawText(rect, int(self.alignment()), text)
