"""A hand of cards fanned in a row, overlapping when space is short (the corners stay readable)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.cards import Card
from ui.compat import override
from ui.widgets.card_widget import CARD_SIZE, CardWidget

GAP = 4
MIN_STEP = 17  # enough of each card to read its rank and suit
RAISE = 6  # how far the chosen card stands up
MAX_BACKS = 24


class HandView(QWidget):
    """The cards of one hand (or, for a count-only hand, that many backs).

    Signals:
        card_clicked(int): a face-up card was clicked or pressed (its index in the hand).
    """

    card_clicked = Signal(int)

    def __init__(self, empty_text: str = "no cards", parent: QWidget | None = None, *,
                 lift: int = RAISE) -> None:
        super().__init__(parent)
        self._lift = lift  # room above the cards for the chosen one to stand up
        self._cards: list[CardWidget] = []
        self._shown = 0
        self._empty_text = empty_text
        self._placeholder = empty_text
        self._chosen: int | None = None
        self._hint = "click to take it back to the pack"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    # Content ------------------------------------------------------------------------------

    def set_cards(self, cards: Sequence[Card | None] | int | None, *,
                  marked: int | None = None, chosen: int | None = None,
                  not_given: str = "not given") -> None:
        """Show a hand: its cards (None draws a back), a count of backs, or nothing given."""
        faces: list[Card | None]
        if cards is None:
            faces, self._placeholder = [], not_given
        elif isinstance(cards, int):
            faces, self._placeholder = [None] * min(cards, MAX_BACKS), self._empty_text
        else:
            faces, self._placeholder = list(cards), self._empty_text
        while len(self._cards) < len(faces):
            widget = CardWidget(None, self)
            index = len(self._cards)
            widget.clicked.connect(lambda _=False, i=index: self.card_clicked.emit(i))
            self._cards.append(widget)
        for i, widget in enumerate(self._cards):
            if i < len(faces):
                if widget.card != faces[i] or faces[i] is None:
                    widget.set_card(faces[i])
                widget.setEnabled(faces[i] is not None)  # backs cannot be taken back
                widget.set_marked(i == marked)
                widget.set_chosen(i == chosen)
                widget.show()
            else:
                widget.hide()
        self._shown = len(faces)
        self._chosen = chosen
        self._show_tips()
        self._place()
        self.updateGeometry()
        self.update()

    def set_hint(self, hint: str) -> None:
        """What a click on a card does, said in each card's tooltip after its name."""
        if hint != self._hint:
            self._hint = hint
            self._show_tips()

    def _show_tips(self) -> None:
        for i, widget in enumerate(self._cards[: self._shown]):
            card = widget.card
            if card is None:
                widget.setToolTip("A card not listed: only the number of cards is given")
                continue
            name = card.name[:1].upper() + card.name[1:]
            chosen = " (the event's card)" if i == self._chosen else ""
            marked = " — impossible here" if widget.marked else ""
            widget.setToolTip(f"{name}{chosen}{marked}: {self._hint}")

    def card_widget(self, index: int) -> CardWidget:
        """The widget of the card at an index of the hand."""
        if not 0 <= index < self._shown:
            raise IndexError(index)
        return self._cards[index]

    def card_widgets(self) -> list[CardWidget]:
        """The widgets shown, in hand order."""
        return self._cards[: self._shown]

    @property
    def placeholder(self) -> str:
        """The words shown when the hand has no cards."""
        return self._placeholder if self._shown == 0 else ""

    # Layout -----------------------------------------------------------------------------

    def _step(self) -> float:
        if self._shown < 2:
            return 0.0
        room = (self.width() - CARD_SIZE.width()) / (self._shown - 1)
        return max(float(MIN_STEP), min(float(CARD_SIZE.width() + GAP), room))

    def _place(self) -> None:
        step = self._step()
        for i, widget in enumerate(self._cards[: self._shown]):
            top = 0 if i == self._chosen else self._lift
            widget.setGeometry(QRect(round(i * step), top, CARD_SIZE.width(),
                                     CARD_SIZE.height()))
            widget.raise_()

    @override
    def sizeHint(self) -> QSize:
        count = max(self._shown, 1)
        return QSize(count * (CARD_SIZE.width() + GAP), CARD_SIZE.height() + self._lift)

    @override
    def minimumSizeHint(self) -> QSize:
        count = max(self._shown, 1)
        return QSize(CARD_SIZE.width() + (count - 1) * MIN_STEP,
                     CARD_SIZE.height() + self._lift)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    @override
    def paintEvent(self, event: QPaintEvent) -> None:
        if self._shown:
            return
        painter = QPainter(self)
        painter.setPen(self.palette().placeholderText().color())
        painter.drawText(self.rect().adjusted(0, self._lift, 0, 0),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self._placeholder)
        painter.end()
