"""A question's table drawn with real cards: each seat's hand, the trick, the turn-up, the stock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from app.cards import Card, CardError
from quizzes.table_facts import side_facts
from ui.quiz.hand_fan import HandFan
from ui.widgets.card_widget import CardWidget
from ui.widgets.plain_label import plain_label

CARD = QSize(40, 57)
SMALL_CARD = QSize(34, 48)
CROWDED = 10  # hands longer than this are drawn with smaller cards


def _card(code: Any) -> Card | None:
    try:
        return Card.parse(code)
    except CardError:
        return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


class TableSketch(QWidget):
    """Read-only drawing of a scenario mapping (docs/scenario-format.md); cards say their names.

    The card an event is about (a card played, exposed or led) has a gold edge. A question's
    table is drawn as the learner sees it once the event has happened (quizzes/seen.py): a card
    led or played lies on the trick, each trick card over its player's name, and a card
    exposed lies face up apart (`apart`), out of its owner's hand.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._outer = QVBoxLayout(self)
        self._outer.setContentsMargins(0, 0, 0, 0)
        self._body: QWidget | None = None
        self.cards: list[CardWidget] = []
        self.setAccessibleName("The table")

    def show_table(self, table: Mapping[str, Any] | None) -> None:
        """Draw another table (None: nothing)."""
        if self._body is not None:
            self._body.hide()
            self._body.deleteLater()
            self._body = None
        self.cards = []
        self.setVisible(table is not None)
        if table is None:
            return
        self._body = QWidget()
        layout = QVBoxLayout(self._body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        hands: Mapping[str, Any] = table.get("hands") or {}
        players = list(table.get("players") or hands)
        event: Mapping[str, Any] = table.get("event") or {}
        marked = (event.get("player"), str(event.get("card", "")).upper())
        longest = max((len(h) for h in hands.values() if isinstance(h, list)), default=0)
        size = SMALL_CARD if longest > CROWDED else CARD

        seats = QGridLayout()
        seats.setHorizontalSpacing(10)
        seats.setVerticalSpacing(6)
        for row, player in enumerate(players):
            seats.addWidget(self._seat_label(player, table), row, 0,
                            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            seats.addLayout(self._hand(player, hands.get(player), marked, size), row, 1)
        seats.setColumnStretch(2, 1)
        layout.addLayout(seats)

        extras = QHBoxLayout()
        extras.setSpacing(14)
        apart = table.get("apart")
        if isinstance(apart, Mapping) and apart.get("cards"):
            extras.addLayout(self._labelled_cards(str(apart.get("words", "")),
                                                  list(apart["cards"]), size))
            self.cards[-1].set_chosen(str(apart["cards"][-1]).upper() == marked[1])
        trick = table.get("trick") or {}
        if trick.get("cards"):
            extras.addLayout(self._trick(trick, marked, size))
        turn_up = _card(table.get("turn_up"))
        if turn_up is not None:
            extras.addLayout(self._labelled_cards("Turn-up", [turn_up.code], size))
        facts = self._facts(table)
        if facts:
            label = plain_label(facts)
            label.setWordWrap(True)
            extras.addWidget(label, 1)
        extras.addStretch(0)
        layout.addLayout(extras)
        self._outer.addWidget(self._body)
        self._body.show()  # at once, not on the next turn of the event loop

    # Building -------------------------------------------------------------------------------

    def _seat_label(self, player: str, table: Mapping[str, Any]) -> QWidget:
        """The seat's name in bold over what else is known of it (dealer, points): the name
        is a table's data, shown as plain text (`<img src=x>` is those ten characters)."""
        seat = QWidget()
        column = QVBoxLayout(seat)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        name = plain_label(str(player))
        font = name.font()
        font.setBold(True)
        name.setFont(font)
        column.addWidget(name)
        lines = []
        if table.get("dealer") == player:
            lines.append("dealer")
        scores = table.get("scores") or {}
        if player in scores:
            lines.append(_plural(scores[player], "point"))
        if lines:
            column.addWidget(plain_label("\n".join(lines)))
        seat.setMinimumWidth(name.fontMetrics().horizontalAdvance("South-West__"))
        return seat

    def _hand(
        self, player: str, hand: Any, marked: tuple[Any, str], size: QSize
    ) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(3)
        if isinstance(hand, int):
            back = self._card_widget(None, size)
            back.setAccessibleName(f"{player}'s hand, {_plural(hand, 'card')} face down")
            row.addWidget(back)
            row.addWidget(plain_label(f"{_plural(hand, 'card')}, not shown"))
        elif isinstance(hand, list):
            widgets = []
            for code in hand:
                widget = self._card_widget(_card(code), size)
                widget.set_chosen(marked == (player, str(code).upper()))
                widgets.append(widget)
            if widgets:
                row.addWidget(HandFan(widgets, size), 1)
            else:
                row.addWidget(plain_label("no cards"))
            return row
        row.addStretch(1)  # no hand given: the cards do not matter here
        return row

    def _trick(self, trick: Mapping[str, Any], marked: tuple[Any, str],
               size: QSize) -> QVBoxLayout:
        """The trick in progress: who led over the cards in the order played, each over its
        player's name where the table says who played it."""
        codes = list(trick["cards"])
        players = list(trick.get("players") or ())
        if len(players) != len(codes):
            return self._labelled_cards(f"Trick ({trick.get('leader', '?')} led)", codes, size)
        box = QVBoxLayout()
        box.setSpacing(2)
        box.addWidget(plain_label(f"Trick ({trick.get('leader', '?')} led)"))
        row = QHBoxLayout()
        row.setSpacing(3)
        for player, code in zip(players, codes, strict=True):
            column = QVBoxLayout()
            column.setSpacing(1)
            widget = self._card_widget(_card(code), size)
            widget.set_chosen(marked == (player, str(code).upper()))
            column.addWidget(widget)
            column.addWidget(plain_label(str(player)))  # a seat's name: plain text
            row.addLayout(column)
        row.addStretch(1)
        box.addLayout(row)
        return box

    def _labelled_cards(self, caption: str, codes: list[Any], size: QSize) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(2)
        box.addWidget(plain_label(caption))  # "Trick (<a seat's name> led)"
        row = QHBoxLayout()
        row.setSpacing(3)
        for code in codes:
            row.addWidget(self._card_widget(_card(code), size))
        row.addStretch(1)
        box.addLayout(row)
        return box

    def _facts(self, table: Mapping[str, Any]) -> str:
        return "\n".join(fact.line for fact in side_facts(table))

    def _card_widget(self, card: Card | None, size: QSize) -> CardWidget:
        widget = CardWidget(card, size=size)
        # Only drawn here: not a button to press or a stop for the Tab key.
        widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        widget.setCursor(Qt.CursorShape.ArrowCursor)
        widget.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.cards.append(widget)
        return widget
