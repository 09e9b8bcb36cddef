"""The game's pack laid out by suit, to give cards to the table; shows the copies left."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.cards import SUIT_NAMES, Card
from app.model.games import Game
from ui.builder.hand_view import HandView
from ui.widgets.card_widget import CardWidget


class CardPalette(QWidget):
    """One card widget per distinct card of the pack, a row per suit in the pack's rank order.

    A row fans its cards (the corners stay readable) when the window is too narrow for all.

    Signals:
        card_chosen(str): a card was clicked or pressed (its code, e.g. "QS").
    """

    card_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Cards of the pack")
        self._rows_layout = QVBoxLayout(self)
        self._rows_layout.setContentsMargins(4, 0, 4, 4)
        self._rows_layout.setSpacing(3)
        self._rows: list[HandView] = []
        self._row_codes: list[list[str]] = []
        self._cards: dict[str, CardWidget] = {}
        self._copies = 1
        self._game_id = ""

    def set_game(self, game: Game) -> None:
        """Lay out another game's pack (nothing changes if it is the same game)."""
        if game.id == self._game_id:
            return
        self._game_id = game.id
        self._cards = {}
        self._copies = game.pack.copies
        # Rows and their card widgets are reused from game to game: switching game re-labels
        # cards rather than building a pack of widgets again.
        for i, suit in enumerate(game.pack.suits):
            cards = [Card(rank, suit) for rank in game.pack.ranks]
            if i == len(self._rows):
                row = HandView(lift=0)
                row.card_clicked.connect(
                    lambda index, r=i: self.card_chosen.emit(self._row_codes[r][index]))
                self._rows_layout.addWidget(row)
                self._rows.append(row)
                self._row_codes.append([])
            row = self._rows[i]
            row.setAccessibleName(f"{SUIT_NAMES[suit].capitalize()} of the pack")
            row.set_cards(cards)
            self._row_codes[i] = [c.code for c in cards]
            row.show()  # at once, not on the layout's deferred show
            for n, card in enumerate(cards):
                self._cards[card.code] = row.card_widget(n)
        for row in self._rows[len(game.pack.suits):]:
            row.hide()

    def set_remaining(self, left: Mapping[str, int]) -> None:
        """Show the copies of each card not yet on the table (a pack of one: used or not)."""
        for code, widget in self._cards.items():
            n = left.get(code, self._copies)
            if self._copies > 1:
                widget.set_badge(f"×{n}" if n >= 0 else f"{n}", alarm=n <= 0)
            else:
                widget.set_badge("" if n >= 0 else "!", alarm=n < 0)
            widget.set_dimmed(n <= 0)
            of = f"{n} of {self._copies}" if self._copies > 1 else ("none" if n <= 0 else "one")
            widget.setAccessibleDescription(f"{of} left")
            widget.setToolTip(f"{widget.accessibleName()}: {of} left")

    def card_widget(self, code: str) -> CardWidget:
        """The widget of a card of the pack, by code."""
        return self._cards[Card.parse(code).code]

    def card_widgets(self) -> list[CardWidget]:
        """Every card widget, suit by suit."""
        return list(self._cards.values())
