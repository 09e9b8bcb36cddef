"""The middle of the table: the turn-up and the trick in progress."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card
from ui import theme
from ui.builder.hand_view import HandView
from ui.builder.seat_view import hint_style, problem_style, set_style

NO_ONE = ""


class TableCentre(QFrame):
    """The turn-up (where the game has one) and the trick: who led it and the cards played.

    Signals:
        leader_edited(object): who led the trick in progress (None: no trick).
        card_clicked(str, int): a card on the trick ("trick") or the turn-up ("turn-up").
    """

    leader_edited = Signal(object)
    card_clicked = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table-centre")
        theme.keep_styled(self, lambda: f"#table-centre {{ background: {theme.hex('felt')}; "
                                             "border-radius: 8px; }")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.turn_up_target = QRadioButton("Turn-up")
        self.turn_up_target.setAccessibleName("Turn up the next card clicked in the pack")
        self.turn_up = HandView("none")
        self.turn_up.setAccessibleName("The turn-up card")
        self.turn_up.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.trick_target = QRadioButton("Trick")
        self.trick_target.setAccessibleName("Play the next card clicked in the pack to the trick")
        self.leader = QComboBox()
        self.leader.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.leader.setMinimumContentsLength(6)
        self.leader.setAccessibleName("Who led the trick")
        self.trick = HandView("no card played yet")
        self.trick.setAccessibleName("The trick in progress")
        self.trick_order = QLabel()
        # No word wrap: a height-for-width label makes the enclosing scroll area squash the
        # table below its minimum height instead of scrolling.
        set_style(self.trick_order, hint_style)

        self.turn_up_box = QWidget()
        turn_up = QVBoxLayout(self.turn_up_box)
        turn_up.setContentsMargins(0, 0, 0, 0)
        turn_up.setSpacing(2)
        turn_up.addWidget(self.turn_up_target)
        turn_up.addWidget(self.turn_up)
        turn_up.addStretch(1)
        head = QHBoxLayout()
        head.setSpacing(4)
        led_by = QLabel("led by")
        led_by.setBuddy(self.leader)
        head.addWidget(led_by)
        head.addWidget(self.leader)
        head.addStretch(1)
        self.trick_box = QWidget()
        trick = QVBoxLayout(self.trick_box)
        trick.setContentsMargins(0, 0, 0, 0)
        trick.setSpacing(2)
        trick.addWidget(self.trick_target)
        trick.addLayout(head)
        trick.addWidget(self.trick)
        trick.addWidget(self.trick_order)
        trick.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(14)
        layout.addWidget(self.turn_up_box)
        layout.addWidget(self.trick_box, 1)

        self.leader.currentIndexChanged.connect(
            lambda _: self.leader_edited.emit(self.leader.currentData() or None))
        self.turn_up.card_clicked.connect(lambda i: self.card_clicked.emit("turn-up", i))
        self.trick.card_clicked.connect(lambda i: self.card_clicked.emit("trick", i))

    @property
    def targets(self) -> dict[str, QRadioButton]:
        """The radio buttons that send pack cards to the turn-up or the trick."""
        return {"turn-up": self.turn_up_target, "trick": self.trick_target}

    def set_parts(self, *, turn_up: bool, trick: bool) -> None:
        """Show only the parts the game uses."""
        self.turn_up_box.setVisible(turn_up)
        self.trick_box.setVisible(trick)
        self.setVisible(turn_up or trick)

    def set_players(self, players: Sequence[str]) -> None:
        """The seats that can lead the trick."""
        wanted = ["no trick", *players]
        if [self.leader.itemText(i) for i in range(self.leader.count())] != wanted:
            self.leader.blockSignals(True)
            self.leader.clear()
            self.leader.addItem("no trick", NO_ONE)
            for p in players:
                self.leader.addItem(p, p)
            self.leader.blockSignals(False)

    def show_centre(self, *, turn_up: Card | None, leader: str | None,
                    trick: Sequence[Card | None], trick_players: Sequence[str],
                    marked: tuple[str, int | None] | None) -> None:
        """Show the turn-up and the trick without emitting anything."""
        self.leader.blockSignals(True)
        self.leader.setCurrentIndex(max(0, self.leader.findData(leader)) if leader else 0)
        self.leader.blockSignals(False)
        area, index = marked if marked else ("", None)
        self.turn_up.set_cards([turn_up] if turn_up else [],
                               marked=0 if area == "turn-up" else None)
        self.trick.set_cards(list(trick), marked=index if area == "trick" else None)
        if leader is None:
            self.trick_order.setText("No trick in progress.")
        elif trick_players:
            self.trick_order.setText(f"Played by {', '.join(trick_players)}.")
        else:
            self.trick_order.setText(f"{leader} to lead.")
        set_style(self.trick_order, problem_style if area == "trick" else hint_style)
