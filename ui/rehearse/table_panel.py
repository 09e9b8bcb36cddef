"""The table of a rehearsed deal: each seat's hand (the lawful cards marked when it is his
turn), the trick in the middle, the stock, the turn-up, trumps, the score and whose turn it is.
It only shows a `DealState`; what a click does is the screen's business."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.cards import SUIT_NAMES, Card
from app.rehearsal.state import DealState
from app.rehearsal.words import score_words
from ui.widgets.card_widget import CardWidget
from ui.widgets.plain_label import plain_label, plain_tooltip

SMALL = QSize(30, 42)


def _clear(layout: QHBoxLayout | QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()


class SeatRow(QFrame):
    """One seat: name, role and score over the hand; melds below, at a melding game."""

    card_clicked = Signal(str, object)  # player, Card

    def __init__(self, player: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = plain_label()  # a seat's name: the table's data, never markup
        self.title.setAccessibleName(f"{player}'s seat")
        self.hand_row = QHBoxLayout()
        self.hand_row.setSpacing(3)
        self.empty = QLabel("No cards")
        self.hand_row.addWidget(self.empty)
        self.hand_row.addStretch(1)
        self.melds_row = QHBoxLayout()
        self.melds_row.setSpacing(2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        layout.addWidget(self.title)
        layout.addLayout(self.hand_row)
        layout.addLayout(self.melds_row)
        self.cards: list[CardWidget] = []  # a pool: only the first len(hand) are shown
        self.visible_cards: list[CardWidget] = []

    def show_seat(self, state: DealState, lawful: Iterable[Card], *, dealer: bool,
                  in_cards: int | None = None) -> None:
        """Show the seat as the state has it; lawful cards marked, others dimmed, at his turn."""
        lawful = list(lawful)
        player = self.player
        roles = []
        if dealer:
            roles.append("dealer")
        if state.bid is not None and state.bid.get("player") == player:
            roles.append(f"bid {state.bid.get('amount')}")
        if not state.over and state.to_move == player:
            roles.append("to play" if state.melds is None else "to move")
        role = f" ({', '.join(roles)})" if roles else ""
        tricks = state.tricks_won.get(player, 0)
        won = f", {tricks} trick{'s' if tricks != 1 else ''}" if state.melds is None else ""
        if in_cards is not None:
            won += f" ({in_cards} in the cards)"
        self.title.setText(f"{player}{role}: {state.score(player)} points{won}")
        exposed = state.exposed.get(player, ())
        turn = not state.over and state.to_move == player
        hand = state.hand(player)
        # Card widgets are kept and re-dealt: building new ones at every step costs a frame.
        while len(self.cards) < len(hand):
            widget = CardWidget(None)
            widget.clicked.connect(
                lambda _=False, w=widget: self.card_clicked.emit(player, w.card))
            self.hand_row.insertWidget(len(self.cards), widget)
            self.cards.append(widget)
        for widget, card in zip(self.cards, hand, strict=False):
            widget.set_card(card)
            tip = card.name + (" (exposed)" if card in exposed else "")
            widget.set_badge("shown" if card in exposed else "", alarm=card in exposed)
            widget.set_chosen(turn and bool(lawful) and card in lawful)
            widget.set_dimmed(turn and bool(lawful) and card not in lawful)
            # Said to a screen reader as well as shown: the gold edge and the fading are
            # colours alone.
            if not turn:
                said = f"may not be played now: it is not {player}'s turn"
            elif lawful and card in lawful:
                said = "may be played now"
            else:
                said = "may not be played now"
            if turn and lawful:
                tip = f"{tip}: {said}"
            widget.setToolTip(tip)
            widget.setAccessibleDescription(said)
            widget.show()
        for widget in self.cards[len(hand):]:
            widget.set_chosen(False)
            widget.hide()
        self.visible_cards = self.cards[: len(hand)]
        self.empty.setVisible(not hand)
        _clear(self.melds_row)
        groups: Sequence[Sequence[Card]] = state.melds.down.get(player, ()) if state.melds else ()
        for i, group in enumerate(groups):
            if i:
                self.melds_row.addSpacing(8)
            for card in group:
                small = CardWidget(card, size=SMALL)
                small.setToolTip(f"Melded: {card.name}")
                small.setFocusPolicy(small.focusPolicy().NoFocus)
                self.melds_row.addWidget(small)
        self.melds_row.addStretch(1)


class TablePanel(QWidget):
    """Every seat, and the middle of the table.

    Signals:
        card_clicked(str, Card): a card in a hand was clicked (player, card).
    """

    card_clicked = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats: dict[str, SeatRow] = {}
        self._seat_box = QVBoxLayout()
        self._seat_box.setSpacing(4)
        self.status = plain_label()  # the deal's note names the seats
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Where the deal stands")
        self.facts = plain_label()
        self.facts.setWordWrap(True)
        self.trick_row = QHBoxLayout()
        self.trick_row.setSpacing(6)
        self.turn_up = CardWidget(None)
        self.turn_up.setToolTip("The turn-up, taken by the last player to draw")
        middle = QFrame()
        middle.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(middle)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.addWidget(QLabel("<b>On the table</b>"), 0, 0)
        grid.addLayout(self.trick_row, 1, 0)
        grid.addWidget(self.turn_up, 1, 1)
        grid.addWidget(self.facts, 2, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addLayout(self._seat_box)
        layout.addWidget(middle)
        layout.addStretch(1)

    def show_state(self, state: DealState, lawful: Iterable[Card],
                   in_cards: Mapping[str, int] | None = None, *,
                   draws_from_stock: bool = True) -> None:
        """Show the table; `lawful` are the cards the player to move may play; `in_cards` the
        points each has taken in tricks so far, where the game counts them. Where the play
        draws from no stock, the cards left after the deal are called undealt."""
        lawful = list(lawful)
        if list(self.seats) != list(state.players):
            for seat in self.seats.values():
                seat.setParent(None)
                seat.deleteLater()
            self.seats = {}
            for p in state.players:
                seat = SeatRow(p)
                seat.card_clicked.connect(self.card_clicked)
                self._seat_box.addWidget(seat)
                self.seats[p] = seat
        for p, seat in self.seats.items():
            seat.show_seat(state, lawful, dealer=p == state.dealer,
                           in_cards=(in_cards or {}).get(p))
        self.status.setText(state.note)
        _clear(self.trick_row)
        if state.trick is not None:
            for player, card in state.trick.plays:
                box = QVBoxLayout()
                widget = CardWidget(card)
                plain_tooltip(widget, f"{player} played the {card.name}")
                holder = QWidget()
                inner = QVBoxLayout(holder)
                inner.setContentsMargins(0, 0, 0, 0)
                inner.addWidget(widget)
                inner.addWidget(plain_label(player))
                box.addWidget(holder)
                self.trick_row.addWidget(holder)
        if state.melds is not None and state.melds.upcard is not None:
            widget = CardWidget(state.melds.upcard)
            widget.setToolTip("The card on offer: meld it at once or pass it")
            self.trick_row.addWidget(widget)
        if self.trick_row.count() == 0:
            self.trick_row.addWidget(QLabel("No card on the table."))
        self.trick_row.addStretch(1)
        self.turn_up.set_card(state.turn_up)
        self.turn_up.setVisible(state.turn_up is not None)
        trump = f"Trumps: {SUIT_NAMES[state.trump]}" if state.trump else "No trumps yet"
        if state.melds is not None:
            trump = "No trumps"
        left = f"{len(state.stock)} card{'s' if len(state.stock) != 1 else ''}"
        stock = f"{left} in the stock" if draws_from_stock else f"{left} undealt"
        stage = state.stage.replace("-", " ")
        owed = ""
        if state.draw_extra:
            owed = "; owed at the next draw: " + ", ".join(
                f"{p} {n} more" for p, n in state.draw_extra.items())
        self.facts.setText(f"{trump}. {stock}. Stage: {stage}. Score: {score_words(state)}"
                           f"{owed}.")
