"""Cards side by side that overlap when room is short, each card's corner index left in view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui.compat import override
from ui.widgets.card_widget import CardWidget

GAP = 3
MIN_STEP = 17  # enough of each card to read its rank and suit


class HandFan(QWidget):
    """A row of card widgets: spaced apart when there is room, fanned over each other when not."""

    def __init__(self, cards: Sequence[CardWidget], card_size: QSize,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards = list(cards)
        self._card = QSize(card_size)
        for card in self.cards:
            card.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    @override
    def sizeHint(self) -> QSize:
        n = len(self.cards)
        return QSize(max(0, n * (self._card.width() + GAP) - GAP), self._card.height())

    @override
    def minimumSizeHint(self) -> QSize:
        n = len(self.cards)
        width = self._card.width() + (n - 1) * MIN_STEP if n else 0
        return QSize(width, self._card.height())

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        n = len(self.cards)
        width = self._card.width()
        step = width + GAP
        if n > 1 and self.width() < n * step - GAP:
            step = max(MIN_STEP, (self.width() - width) // (n - 1))
        for i, card in enumerate(self.cards):
            card.setGeometry(i * step, 0, width, self._card.height())
            card.raise_()
