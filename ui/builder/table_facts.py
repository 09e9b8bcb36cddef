"""The facts of the deal in two rows above the table: trump, stock, tricks played, bid, discard,
and (Auction Pitch) the number of players."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from app.cards import SUIT_NAMES, SUIT_SYMBOLS
from ui.builder.seat_view import NOT_GIVEN

NO_ONE = ""


def _labelled(text: str, field: QWidget) -> QWidget:
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    caption = QLabel(text)
    caption.setBuddy(field)
    row.addWidget(caption)
    row.addWidget(field)
    return box


def _combo(accessible_name: str) -> QComboBox:
    # Shrinkable below the longest item, so the row fits a narrow window.
    combo = QComboBox()
    combo.setAccessibleName(accessible_name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(6)
    return combo


class TableFacts(QWidget):
    """Trump, stock, tricks played, bid, (Écarté) whether a discard was made and (where the
    game takes more or fewer) the number of players.

    Signals:
        value_edited(str, object): a top-level key of the table was set (trump, stock,
            tricks_played, discards_made); None removes it.
        bid_edited(object, int): the bid (its player, or None for no bid; its amount).
        player_count_edited(int): the number of players was changed.
    """

    value_edited = Signal(str, object)
    bid_edited = Signal(object, int)
    player_count_edited = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trump = _combo("Trump suit")
        self.stock = QSpinBox()
        self.stock.setRange(NOT_GIVEN, 200)
        self.stock.setSpecialValueText("—")
        self.stock.setAccessibleName("Cards left in the stock")
        self.stock.setToolTip("Cards left in the stock (— : not given)")
        self.stock.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.tricks = QSpinBox()
        self.tricks.setRange(0, 40)
        self.tricks.setAccessibleName("Tricks played this deal")
        self.tricks.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.bidder = _combo("Who holds the bid")
        self.bid_amount = QSpinBox()
        self.bid_amount.setRange(0, 14)
        self.bid_amount.setAccessibleName("Amount of the bid")
        self.bid_amount.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.discards = QCheckBox("discard made")
        self.discards.setAccessibleName("A discard has been made this deal")
        self.seat_count = QSpinBox()
        self.seat_count.setRange(2, 7)
        self.seat_count.setAccessibleName("Number of players")
        self.seat_count.setToolTip("Seats join after the last one; the last seats leave, taking "
                                   "their cards, scores and bid with them")
        self.seat_count.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.PlusMinus)
        self.parts = {
            "trump": _labelled("T&rump", self.trump),
            "stock": _labelled("Stoc&k", self.stock),
            "tricks": _labelled("Tricks &played", self.tricks),
            "bid": _labelled("&Bid", self.bidder),
            "discards": self.discards,
            "players": _labelled("Pla&yers", self.seat_count),
        }
        bid = QWidget()
        bid_row = QHBoxLayout(bid)
        bid_row.setContentsMargins(0, 0, 0, 0)
        bid_row.setSpacing(4)
        bid_row.addWidget(self.parts["bid"])
        bid_row.addWidget(self.bid_amount)
        self.parts["bid"] = bid
        # Two short rows rather than one long one: the table must fit a narrow window.
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(3)
        for name, (row, col) in (("trump", (0, 0)), ("stock", (0, 1)), ("discards", (0, 2)),
                                 ("tricks", (1, 0)), ("bid", (1, 1)), ("players", (1, 2))):
            grid.addWidget(self.parts[name], row, col, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(3, 1)

        self.trump.currentIndexChanged.connect(
            lambda _: self.value_edited.emit("trump", self.trump.currentData()))
        self.stock.valueChanged.connect(
            lambda v: self.value_edited.emit("stock", None if v == NOT_GIVEN else v))
        self.tricks.valueChanged.connect(
            lambda v: self.value_edited.emit("tricks_played", v or None))
        self.discards.toggled.connect(
            lambda on: self.value_edited.emit("discards_made", True if on else None))
        self.bidder.currentIndexChanged.connect(self._on_bid)
        self.bid_amount.valueChanged.connect(self._on_bid)
        self.seat_count.valueChanged.connect(self.player_count_edited)

    def set_parts(self, *, trump_from_turn_up: bool, trump: bool, tricks: bool, bid: bool,
                  discards: bool, seats: tuple[int, int] = (2, 2)) -> None:
        """Show only the facts the game uses (the number of players only where it varies)."""
        for name, shown in (("trump", trump), ("tricks", tricks), ("bid", bid),
                            ("discards", discards), ("players", seats[0] < seats[1])):
            self.parts[name].setVisible(shown)
        if (self.seat_count.minimum(), self.seat_count.maximum()) != seats:
            self.seat_count.blockSignals(True)
            self.seat_count.setRange(*seats)
            self.seat_count.blockSignals(False)
        first = "turn-up" if trump_from_turn_up else "none"  # short: the combo may shrink
        if self.trump.count() == 0 or self.trump.itemText(0) != first:
            self.trump.blockSignals(True)
            self.trump.clear()
            self.trump.addItem(first, None)
            for suit, symbol in SUIT_SYMBOLS.items():
                self.trump.addItem(f"{symbol} {SUIT_NAMES[suit]}", suit)
            self.trump.blockSignals(False)

    def set_players(self, players: Sequence[str]) -> None:
        """The seats that can hold the bid."""
        wanted = ["no bid", *players]
        if [self.bidder.itemText(i) for i in range(self.bidder.count())] != wanted:
            self.bidder.blockSignals(True)
            self.bidder.clear()
            self.bidder.addItem("no bid", NO_ONE)
            for p in players:
                self.bidder.addItem(p, p)
            self.bidder.blockSignals(False)

    def show_facts(self, *, trump: str | None, stock: int | None, tricks_played: int,
                   bid: tuple[str, int] | None, discards: bool, players: int = 2) -> None:
        """Show the facts without emitting anything."""
        widgets = (self.trump, self.stock, self.tricks, self.bidder, self.bid_amount,
                   self.discards, self.seat_count)
        for w in widgets:
            w.blockSignals(True)
        self.trump.setCurrentIndex(max(0, self.trump.findData(trump)) if trump else 0)
        self.stock.setValue(NOT_GIVEN if stock is None else stock)
        self.tricks.setValue(tricks_played)
        self.bidder.setCurrentIndex(max(0, self.bidder.findData(bid[0])) if bid else 0)
        self.bid_amount.setValue(bid[1] if bid else 0)
        self.bid_amount.setEnabled(bid is not None)
        self.discards.setChecked(discards)
        self.seat_count.setValue(players)
        for w in widgets:
            w.blockSignals(False)

    def _on_bid(self) -> None:
        player = self.bidder.currentData() or None
        self.bid_amount.setEnabled(player is not None)
        self.bid_edited.emit(player, self.bid_amount.value())
