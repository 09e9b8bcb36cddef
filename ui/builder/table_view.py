"""The table seen from above: seats round the edge in order of play, the shared parts between."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLayout,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card, CardError
from app.model.games import Game
from app.table_builder import (
    Problem,
    dealer_of,
    event_fields,
    event_types,
    hand_of,
    players_of,
    trick_of,
)
from ui.builder.seat_view import SeatView
from ui.builder.table_centre import TableCentre
from ui.builder.table_facts import TableFacts

# Where seats sit, clockwise from the top, for 2 to 7 players (play passes to the left).
_SIDES = {
    2: ("top", "bottom"),
    3: ("top", "right", "left"),
    4: ("top", "right", "bottom", "left"),
    5: ("top", "top", "right", "bottom", "left"),
    6: ("top", "top", "right", "bottom", "bottom", "left"),
    7: ("top", "top", "top", "right", "bottom", "bottom", "left"),
}


def seat_sides(count: int) -> tuple[str, ...]:
    """The side of the table each seat sits on, in order of play (partners face each other)."""
    if count in _SIDES:
        return _SIDES[count]
    return tuple(("top", "right", "bottom", "left")[i * 4 // count] for i in range(count))


def _card(code: Any) -> Card | None:
    try:
        return Card.parse(code)
    except CardError:
        return None


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _clear(layout: QLayout) -> None:
    while layout.count():
        layout.takeAt(0)


class TableView(QWidget):
    """Seats and centre; the radio button checked says where a card from the pack goes.

    Signals:
        target_changed(str): cards from the pack now go to this seat, "trick" or "turn-up".
        card_clicked(str, int): a card on the table was clicked (seat/"trick"/"turn-up", index).
        dealer_chosen(str), seen_edited(str, bool), count_edited(str, object),
        score_edited(str, int): a seat was edited (see SeatView).
        player_renamed(str, str): a seat's new name was typed (its name, the new name).
        value_edited(str, object), bid_edited(object, int), player_count_edited(int):
            the facts were edited (see TableFacts).
        leader_edited(object): the trick's leader was chosen (see TableCentre).
    """

    target_changed = Signal(str)
    card_clicked = Signal(str, int)
    dealer_chosen = Signal(str)
    seen_edited = Signal(str, bool)
    count_edited = Signal(str, object)
    score_edited = Signal(str, int)
    player_renamed = Signal(str, str)
    player_count_edited = Signal(int)
    value_edited = Signal(str, object)
    bid_edited = Signal(object, int)
    leader_edited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("The table")
        self.seats: dict[str, SeatView] = {}
        self._kept: dict[int, list[SeatView]] = {}  # seats of other seat counts, hidden
        self.facts = TableFacts()
        self.centre = TableCentre()
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._targets: dict[QAbstractButton, str] = {}
        for name, radio in self.centre.targets.items():
            self._add_target(radio, name)
        self._sides = {side: QHBoxLayout() if side in ("top", "bottom") else QVBoxLayout()
                       for side in ("top", "right", "bottom", "left")}
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setSpacing(6)
        grid.addWidget(self.facts, 0, 0, 1, 3)
        grid.addLayout(self._sides["top"], 1, 0, 1, 3)
        grid.addLayout(self._sides["left"], 2, 0)
        grid.addWidget(self.centre, 2, 1)
        grid.addLayout(self._sides["right"], 2, 2)
        grid.addLayout(self._sides["bottom"], 3, 0, 1, 3)
        grid.setColumnStretch(1, 1)
        self._grid = grid
        self._target = ""
        self._group.buttonToggled.connect(self._on_target)
        self.facts.value_edited.connect(self.value_edited)
        self.facts.bid_edited.connect(self.bid_edited)
        self.facts.player_count_edited.connect(self.player_count_edited)
        self.centre.leader_edited.connect(self.leader_edited)
        self.centre.card_clicked.connect(self.card_clicked)

    # Targets ----------------------------------------------------------------------------

    @property
    def target(self) -> str:
        """Where a card clicked in the pack goes: a seat's name, "trick" or "turn-up"."""
        return self._target

    def set_target(self, target: str) -> None:
        """Send the pack's cards to a seat, the trick or the turn-up."""
        for radio, name in self._targets.items():
            if name == target:
                radio.setChecked(True)

    def _add_target(self, radio: QAbstractButton, name: str) -> None:
        self._group.addButton(radio)
        self._targets[radio] = name

    def _on_target(self, radio: QAbstractButton, checked: bool) -> None:
        if not checked:
            return
        self._target = self._targets[radio]
        for seat in self.seats.values():
            seat.set_target(seat.player == self._target)
        self.target_changed.emit(self._target)

    # Seats ------------------------------------------------------------------------------

    def _rename_seats(self, players: Sequence[str]) -> None:
        # The same number of seats under new names: rename them in place, so the name being
        # typed keeps the focus and the seat keeps the pack's cards.
        renamed = dict(zip(self.seats, players, strict=True))
        self.seats = {renamed[old]: seat for old, seat in self.seats.items()}
        for name, seat in self.seats.items():
            seat.set_player(name)
            self._targets[seat.target] = name
        if self._target in renamed:
            self._target = renamed[self._target]
        self.centre.set_players(players)
        self.facts.set_players(players)

    def _new_seat(self, player: str, side: str) -> SeatView:
        seat = SeatView(player, self, one_line=side in ("top", "bottom"))
        seat.card_clicked.connect(self.card_clicked)
        seat.renamed.connect(self.player_renamed)
        seat.dealer_chosen.connect(self.dealer_chosen)
        seat.seen_edited.connect(self.seen_edited)
        seat.count_edited.connect(self.count_edited)
        seat.score_edited.connect(self.score_edited)
        return seat

    def _set_players(self, players: Sequence[str]) -> None:
        if list(self.seats) == list(players):
            return
        if len(self.seats) == len(players):
            self._rename_seats(players)
            return
        previous = self._target
        # Seats leave the table but are kept, by number of seats: switching between a two- and
        # a four-handed game renames the seats it had rather than building them again.
        for seat in self.seats.values():
            self._group.removeButton(seat.target)
            del self._targets[seat.target]
            seat.hide()
        if self.seats:
            self._kept[len(self.seats)] = list(self.seats.values())
        for layout in self._sides.values():
            _clear(layout)
        sides = dict(zip(players, seat_sides(len(players)), strict=True))
        kept = self._kept.pop(len(players), [])
        self.seats = {}
        for player in players:
            seat = kept.pop(0) if kept else self._new_seat(player, sides[player])
            seat.set_player(player)
            self.seats[player] = seat
            self._add_target(seat.target, player)
        # Clockwise: the top row runs left to right, the right side down, the bottom row right
        # to left and the left side up, so play always passes to the left of the seat.
        for side in ("top", "right", "bottom", "left"):
            on_side = [p for p, s in zip(players, seat_sides(len(players)), strict=True)
                       if s == side]
            if side in ("bottom", "left"):
                on_side.reverse()
            for p in on_side:
                self._sides[side].addWidget(self.seats[p])
                # Shown now rather than on the layout's deferred show, so a new table is
                # complete (visible, focusable) as soon as it is set.
                self.seats[p].show()
        self.centre.set_players(players)
        self.facts.set_players(players)
        keep = previous if previous in self.seats or previous in ("trick", "turn-up") else ""
        self.set_target(keep or players[0])

    # Showing ------------------------------------------------------------------------------

    def set_hand_hint(self, hint: str) -> None:
        """What a click on a card in a seat's hand does (for the cards' tooltips)."""
        for seat in self.seats.values():
            seat.hand.set_hint(hint)

    def show_table(self, raw: Mapping[str, Any], game: Game, problem: Problem | None,
                   proper: Mapping[str, int] | None) -> None:
        """Show a scenario mapping's table, marking the place of a problem, without emitting."""
        players = players_of(raw, game)
        self._set_players(players)
        place = problem.place if problem else None
        dealer = dealer_of(raw, game)
        scores = raw.get("scores") if isinstance(raw.get("scores"), dict) else {}
        seen = raw.get("hands_seen") if isinstance(raw.get("hands_seen"), list) else []
        asks_seen = game.model.asks_hands_seen or bool(seen)
        event = raw.get("event") if isinstance(raw.get("event"), dict) else {}
        has_card = event.get("type") in event_types() and any(
            spec.name == "card" for spec in event_fields(event["type"]))
        for p, seat in self.seats.items():
            hand = hand_of(raw, p)
            cards = [_card(c) for c in hand] if isinstance(hand, list) else hand
            chosen = None
            if has_card and event.get("player") == p and isinstance(hand, list):
                chosen = next((i for i, c in enumerate(cards or [])
                               if c is not None and c == _card(event.get("card"))), None)
            here = place is not None and place.area == "hand" and place.player == p
            score = scores.get(p, 0)
            seat.show_seat(
                cards, dealer=p == dealer, score=score if isinstance(score, int) else 0,
                seen=(p in seen) if asks_seen else None,
                proper=proper.get(p) if proper else None,
                marked=place.index if here else None,
                chosen=chosen, count_problem=here and place is not None and place.index is None)
        leader, trick = trick_of(raw)
        order = players[players.index(leader):] + players[:players.index(leader)] if (
            leader in players) else []
        bid = raw.get("bid")
        stock = raw.get("stock")
        self.facts.set_parts(
            trump_from_turn_up=game.turn_up_fixes_trump,
            trump=game.has_trumps or raw.get("trump") is not None,
            tricks=game.has_tricks or leader is not None,
            bid=game.has_bidding or isinstance(bid, dict),
            discards=game.model.discards or bool(raw.get("discards_made")),
            seats=game.seat_range,
        )
        self.facts.show_facts(
            trump=str(raw["trump"]).upper() if raw.get("trump") is not None else None,
            stock=len(stock) if isinstance(stock, list) else (
                stock if isinstance(stock, int) else None),
            tricks_played=_whole(raw.get("tricks_played")),
            bid=(bid.get("player"), _whole(bid.get("amount"))) if isinstance(bid, dict) else None,
            discards=bool(raw.get("discards_made")),
            players=len(players),
        )
        self.centre.set_parts(
            turn_up=game.has_turn_up or raw.get("turn_up") is not None,
            trick=game.has_tricks or leader is not None,
        )
        self.centre.show_centre(
            turn_up=_card(raw["turn_up"]) if raw.get("turn_up") is not None else None,
            leader=leader if leader in players else None,
            trick=[_card(c) for c in trick],
            trick_players=order[: len(trick)],
            marked=(place.area, place.index) if place and place.area in (
                "trick", "turn-up") else None,
        )

