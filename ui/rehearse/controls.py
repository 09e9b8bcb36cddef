"""Two small controls of the rehearsal screen: the declaration row (the game's own
declarations with their usual points) and the form for what went wrong (an engine event)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.engine.handlers.declarations import declared_points
from app.model.events import DECLARATION_WORDS, EVENTS
from app.model.games import Game
from app.rehearsal.state import DealState
from app.table_builder import events_for
from ui.builder.event_form import EventForm

SUITS = (("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs"))


def declaration_values(game: Game | None) -> dict[str, int]:
    """The declarations a game scores, with their points (its declared play facts)."""
    return dict(declared_points(game))


class DeclareRow(QWidget):
    """A declaration, the suit of a marriage and the points, and a button to declare.

    Signals:
        declared(dict): the declaration chosen ({"declaration", "suit", "points"}).
    """

    declared = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Declaration")
        self.kind.currentIndexChanged.connect(self._chosen)
        self.suit = QComboBox()
        self.suit.setAccessibleName("Suit of the marriage")
        for letter, name in SUITS:
            self.suit.addItem(name, letter)
        self.points = QSpinBox()
        self.points.setRange(0, 10_000)
        self.points.setSingleStep(10)
        self.points.setAccessibleName("Points declared")
        self.button = QPushButton("Dec&lare")
        self.button.clicked.connect(lambda: self.declared.emit({
            "declaration": self.kind.currentData(), "suit": self.suit.currentData(),
            "points": self.points.value()}))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.kind, self.suit, self.points, self.button):
            layout.addWidget(w)
        self._game: Game | None = None

    def set_game(self, game: Game | None) -> None:
        """Offer the game's declarations, each with its usual points."""
        self._game = game
        self.kind.blockSignals(True)
        self.kind.clear()
        for key, points in declaration_values(game).items():
            self.kind.addItem(f"{DECLARATION_WORDS.get(key, key)} ({points})", key)
        self.kind.blockSignals(False)
        self._chosen()

    def _chosen(self) -> None:
        key = self.kind.currentData()
        if key is not None:
            self.points.setValue(declaration_values(self._game).get(key, 0))


class MistakeForm(QGroupBox):
    """What went wrong: an event of those that can happen at this stage of this game.

    Signals:
        rule_requested(dict): the user asked for the event in the form to be ruled.
    """

    rule_requested = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("What went wrong", parent)
        self.event_form = EventForm()
        self.event_form.pick_in_hand.hide()
        self.event_form.event_type_chosen.connect(lambda _t: self.show_event(
            self._state, self._game))
        # Beside the event, not under its fields: seen without scrolling however many
        # fields the event has or seats the table holds.
        self.rule_button = QPushButton("&Rule it")
        self.rule_button.clicked.connect(
            lambda: self.rule_requested.emit(self.event_form.current()))
        self.event_form.add_beside_type(self.rule_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.event_form)
        self._state: DealState | None = None
        self._game: Game | None = None

    def show_event(self, state: DealState | None, game: Game | None,
                   event: Mapping[str, Any] | None = None) -> None:
        """Offer the events possible now, the given one (or the one in the form) chosen."""
        self._state, self._game = state, game
        if state is None or game is None:
            return
        # The events of this game at this stage that its codes rule (as the builder offers
        # them): a game that draws from no stock offers no drawing irregularity.
        offered = list(events_for(game, state.stage))
        if not offered:
            return
        event = dict(event or self.event_form.current() or {"type": offered[0]})
        if event.get("type") not in offered:
            event = {"type": offered[0]}
        spec = EVENTS[event["type"]]
        if "player" not in event and spec.field("player") is not None:
            event["player"] = state.to_move
        # Fields of another type of event (left from the last choice) do not carry over.
        event = {k: v for k, v in event.items() if k == "type" or spec.field(k) is not None}
        cards = [c for p in state.players for c in state.hand(p)]
        self.event_form.show_event(event, state.players, cards, None, offered)
