"""One seat at the table: the radio that gives it cards, its name (type to rename it), the
dealer button, the score, the number of cards and the hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card
from ui import theme
from ui.builder.hand_view import HandView
from ui.help.words import explain
from ui.widgets.plain_label import plain_tooltip

NOT_GIVEN = -1
NAME_LENGTH = 24
NAME_MIN_WIDTH = 36
NAME_MAX_WIDTH = 130
def _style() -> str:
    chosen, edge, ink = theme.hex("chosen"), theme.hex("chosen-edge"), theme.hex("on-chosen")
    return f"""
#seat {{ border: 1px solid palette(mid); border-radius: 6px; }}
#seat[target="true"] {{ border: 2px solid {chosen}; }}
QToolButton#dealer-button {{ border: 1px solid palette(mid); border-radius: 10px;
    min-width: 18px; max-width: 18px; min-height: 18px; max-height: 18px; font-weight: bold; }}
QToolButton#dealer-button:checked {{ background: {chosen}; color: {ink}; border-color: {edge}; }}
"""


def problem_style() -> str:
    """The style of a word that names a problem, in the scheme in force."""
    return f"color: {theme.hex('wrong-ink')}; font-weight: bold;"


def hint_style() -> str:
    """The style of a quiet hint, in the scheme in force."""
    return f"color: {theme.hex('muted')};"


def notice_style() -> str:
    """The style of a note that says what the app did for the user, in the scheme in force."""
    return (f"background: {theme.hex('notice-bg')}; color: {theme.hex('text')}; "
            f"border: 1px solid {theme.hex('notice-edge')}; border-radius: 3px; padding: 2px 6px;")


def no_style() -> str:
    """No style of its own: the palette's colours."""
    return ""


def set_style(widget: QWidget, make: Callable[[], str]) -> None:
    """Style a widget with `make()`, now and whenever the scheme changes (only when it differs:
    re-polishing costs time on every refresh)."""
    theme.keep_styled(widget, make)


class SeatView(QFrame):
    """A seat: target radio, name, dealer button, hand seen, count, score and hand.

    Signals:
        renamed(str, str): a new name was typed for the seat (its name, the new name).
        dealer_chosen(str): this seat was made the dealer (its name).
        seen_edited(str, bool): whether this seat has looked at its hand changed.
        count_edited(str, object): the number of cards was set (an int, or None: not given).
        score_edited(str, int): the score was changed.
        card_clicked(str, int): a card of the hand was clicked (seat, index in the hand).
    """

    renamed = Signal(str, str)
    dealer_chosen = Signal(str)
    seen_edited = Signal(str, bool)
    count_edited = Signal(str, object)
    score_edited = Signal(str, int)
    card_clicked = Signal(str, int)

    def __init__(self, player: str, parent: QWidget | None = None, *,
                 one_line: bool = False) -> None:
        super().__init__(parent)
        self.player = player
        self.setObjectName("seat")
        theme.keep_styled(self, _style)
        self.setProperty("target", False)
        self.target = QRadioButton()
        self.name = QLineEdit(player)
        self.name.setMaxLength(NAME_LENGTH)
        # Choosing the name to edit it also chooses the seat, as clicking a name always has.
        self.name.installEventFilter(self)
        self.dealer = QToolButton()
        self.dealer.setObjectName("dealer-button")
        self.dealer.setText("D")
        self.dealer.setCheckable(True)
        self.dealer.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.seen = QCheckBox("seen")
        self.count = QSpinBox()
        self.count.setRange(NOT_GIVEN, 60)
        self.count.setSpecialValueText("— cards")
        self.count.setSuffix(" cards")
        self.count.setToolTip("How many cards the seat holds; set it when the cards do not "
                              "matter (— : not given)")
        # No step buttons: seats sit three abreast, and typing or the wheel sets a number.
        self.count.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.proper = QLabel()
        self.proper.setToolTip(explain("proper-count"))
        self.score = QSpinBox()
        self.score.setRange(-9999, 99999)
        self.score.setSingleStep(10)
        self.score.setSuffix(" pts")
        self.score.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.hand = HandView()
        self.set_player(player)

        top = QHBoxLayout()
        top.setSpacing(6)
        named = QHBoxLayout()  # the radio and the name read as one control
        named.setSpacing(2)
        named.addWidget(self.target)
        named.addWidget(self.name)
        top.addLayout(named)
        top.addWidget(self.dealer)
        top.addWidget(self.seen)
        # Seats at the top and bottom are wide: their controls fit on one line, saving height.
        middle = top if one_line else QHBoxLayout()
        middle.setSpacing(6)
        middle.addWidget(self.count)
        middle.addWidget(self.score)
        middle.addStretch(1)
        middle.addWidget(self.proper)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(top)
        if not one_line:
            top.addStretch(1)
            layout.addLayout(middle)
        layout.addWidget(self.hand)

        self.name.editingFinished.connect(self._on_name)
        self.name.textEdited.connect(self._fit_name)
        self.dealer.clicked.connect(self._on_dealer)
        self.seen.toggled.connect(lambda on: self.seen_edited.emit(self.player, on))
        self.count.valueChanged.connect(self._on_count)
        self.score.valueChanged.connect(lambda v: self.score_edited.emit(self.player, v))
        self.hand.card_clicked.connect(lambda i: self.card_clicked.emit(self.player, i))

    def set_player(self, player: str) -> None:
        """The seat's name (after a rename), in its field and every accessible name."""
        self.player = player
        self.target.setAccessibleName(f"Give cards to {player}")
        plain_tooltip(self.target, f"Cards clicked in the pack go to {player}")
        if self.name.text() != player:
            self.name.setText(player)
        self.name.setAccessibleName(f"Name of the seat {player}")
        plain_tooltip(self.name, f"{player}: type another name and press Enter to rename the "
                      "seat everywhere on the table and in the event")
        self._fit_name()
        self.dealer.setAccessibleName(f"{player} deals")
        self.seen.setAccessibleName(f"{player} has seen the hand")
        plain_tooltip(self.seen, f"{player} has looked at the hand")
        self.count.setAccessibleName(f"Number of cards {player} holds")
        self.proper.setAccessibleName(f"Cards {player} should hold")
        plain_tooltip(self.score, f"{player}'s points so far")
        self.score.setAccessibleName(f"{player}'s score")
        self.hand.setAccessibleName(f"{player}'s hand")

    def show_seat(self, hand: Sequence[Card | None] | int | None, *, dealer: bool, score: int,
                  seen: bool | None, proper: int | None, marked: int | None,
                  chosen: int | None, count_problem: bool) -> None:
        """Show the seat's state without emitting anything (seen None: not asked in this game)."""
        widgets = (self.name, self.dealer, self.seen, self.count, self.score)
        for w in widgets:
            w.blockSignals(True)
        if self.name.text() != self.player:  # a refused name goes back to the seat's own
            self.name.setText(self.player)
            self._fit_name()
        self.dealer.setChecked(dealer)
        plain_tooltip(self.dealer, f"{self.player} deals" if dealer
                      else f"The dealer button: make {self.player} the dealer")
        self.seen.setVisible(seen is not None)
        self.seen.setChecked(bool(seen))
        count = hand if isinstance(hand, int) else (NOT_GIVEN if hand is None else len(hand))
        if self.count.value() != count:
            self.count.setValue(count)
        if self.score.value() != score:
            self.score.setValue(score)
        for w in widgets:
            w.blockSignals(False)
        # The proper number is worth a word only when the hand is given and differs from it.
        wrong = proper is not None and count not in (proper, NOT_GIVEN)
        self.proper.setText(f"should hold {proper}" if wrong else "")
        self.proper.setVisible(wrong)
        plain_tooltip(self.count, f"{self.player} should hold {proper} at this point"
                      if proper is not None else "How many cards the seat holds")
        set_style(self.proper, problem_style)
        set_style(self.count, problem_style if count_problem else no_style)
        self.hand.set_cards(hand, marked=marked, chosen=chosen)

    def set_target(self, on: bool) -> None:
        """Show whether cards clicked in the pack go to this seat."""
        self.target.setChecked(on)
        if self.property("target") != on:
            self.setProperty("target", on)
            self.style().unpolish(self)
            self.style().polish(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.name and event.type() == QEvent.Type.FocusIn:
            self.target.setChecked(True)
        return super().eventFilter(watched, event)

    def _fit_name(self) -> None:
        # As wide as the name (within bounds), so seats three abreast keep their room.
        metrics = self.name.fontMetrics()
        width = metrics.horizontalAdvance(self.name.text() or "M") + 12
        self.name.setFixedWidth(max(NAME_MIN_WIDTH, min(width, NAME_MAX_WIDTH)))

    def _on_name(self) -> None:
        if self.name.text() != self.player:
            self.renamed.emit(self.player, self.name.text())

    def _on_dealer(self) -> None:
        # The dealer button cannot be taken away by clicking it: another seat must deal.
        self.dealer.setChecked(True)
        self.dealer_chosen.emit(self.player)

    def _on_count(self, value: int) -> None:
        self.count_edited.emit(self.player, None if value == NOT_GIVEN else value)
