"""One question: what it asks, its table drawn with cards, and the controls to answer it."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card, CardError
from app.corpus.laws import Law
from quizzes.questions import source_words
from ui import theme
from ui.badges import BadgeLabel
from ui.compat import override
from ui.quiz.hand_fan import HandFan
from ui.quiz.table_sketch import CARD as CHOICE_CARD
from ui.quiz.table_sketch import TableSketch
from ui.widgets.card_widget import CardWidget
from ui.words import game_name, short_code_name, topic_name

if TYPE_CHECKING:
    from quizzes import Question, Result

Answer = str | list[str] | None


def _cards_of(question: Question) -> list[Card] | None:
    """The choices as cards when every choice is a card (spot the revoke), else None."""
    try:
        return [Card.parse(c.key) for c in question.choices]
    except CardError:
        return None


class QuestionView(QWidget):
    """A question as the learner sees it: heading, prompt, situation, table and answer controls.

    Single answers are radio buttons, several answers check boxes (and, when the choices are
    cards, the cards themselves can be clicked), a number a text field. Each choice shows the
    number key that picks it (1-9). Under the question, once it is answered, the source of the
    law it tests as a person cites it (selectable, to copy): before, its section would name the
    law a "which law applies?" question asks for. The question's id, for a bug report, is one
    click away on the "Copy id" button (its tooltip shows it once answered: the id names the
    law too).

    Signals:
        answer_changed(): the learner picked, unpicked or typed something.
        submitted(): Enter was pressed in the number field.
    """

    answer_changed = Signal()
    submitted = Signal()

    def __init__(
        self, laws: Mapping[str, Law] | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._laws = laws or {}
        self.question: Question | None = None
        self.heading = QLabel()
        heading_font = QFont(self.font())
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.35)
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.meta = QLabel()
        theme.keep_styled(self.meta, lambda: f"color: {theme.hex('muted')};")
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        prompt_font = QFont(self.font())
        prompt_font.setBold(True)
        self.prompt.setFont(prompt_font)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.situation = QLabel()
        self.situation.setWordWrap(True)
        self.situation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = TableSketch()
        self.choices_box = QWidget()
        self._choices_layout = QVBoxLayout(self.choices_box)
        self._choices_layout.setContentsMargins(0, 4, 0, 4)
        self.number_field = QLineEdit()
        self.number_field.setPlaceholderText("A whole number, e.g. 100")
        self.number_field.setAccessibleName("Your answer: a number of points")
        self.number_field.setMaximumWidth(260)
        self.number_field.textChanged.connect(self.answer_changed)
        self.number_field.returnPressed.connect(self.submitted)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.source.setAccessibleName("Source of the law")
        small = QFont(self.font())
        small.setPointSizeF(small.pointSizeF() * 0.9)
        self.source.setFont(small)
        self.copy_id_button = QPushButton("Copy id")
        self.copy_id_button.setAccessibleName("Copy the question's id (for a bug report)")
        self.copy_id_button.clicked.connect(self.copy_id)
        self.choice_buttons: dict[str, QAbstractButton] = {}
        self._choice_rows: dict[str, _Wrapped] = {}
        self.card_buttons: dict[str, CardWidget] = {}
        self._group: QButtonGroup | None = None

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(8)
        for widget in (self.heading, self.meta, self.situation, self.table, self.prompt,
                       self.choices_box, self.number_field):
            layout.addWidget(widget)
        layout.addStretch(1)
        source_row = QHBoxLayout()
        source_row.addWidget(self.source, 1)
        source_row.addWidget(self.copy_id_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(source_row)

    # Showing -------------------------------------------------------------------------------

    def show_question(self, question: Question, heading: str) -> None:
        """Show a question, nothing picked yet."""
        self.question = question
        self.heading.setText(heading)
        self.meta.setText(" · ".join((
            game_name(question.game), f"{short_code_name(question.code)} laws",
            topic_name(question.topic))))
        self.prompt.setText(question.prompt)
        self.situation.setText(escape(question.situation).replace("\n", "<br/>"))
        self.situation.setVisible(bool(question.situation))
        self.table.show_table(question.shown)
        self.source.clear()  # until answered (see the class's words)
        self.copy_id_button.setToolTip("Copy the question's id to the clipboard")
        self._fill_choices(question)
        self.number_field.clear()
        self.number_field.setStyleSheet("")
        self.number_field.setVisible(question.kind == "number")
        self.set_locked(False)

    def _fill_choices(self, question: Question) -> None:
        old = self.choices_box.layout()
        while old.count():
            item = old.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        self.choice_buttons = {}
        self._choice_rows = {}
        self.card_buttons = {}
        if self._group is not None:
            self._group.deleteLater()
        self._group = None
        if question.kind == "number":
            self.choices_box.hide()
            return
        self.choices_box.show()
        cards = _cards_of(question) if question.kind == "multi" else None
        if cards:
            fan = self._card_row(question, cards)
            self._choices_layout.addWidget(fan)
            fan.show()
        if question.kind == "single":
            self._group = QButtonGroup(self)
            self._group.setExclusive(True)
        for number, choice in enumerate(question.choices, 1):
            text = choice.text
            if cards:
                text = f"{Card.parse(choice.key).label}  {text}"
            button: QAbstractButton = (
                QRadioButton(text) if question.kind == "single" else QCheckBox(text))
            button.setObjectName(f"choice-{choice.key}")
            button.toggled.connect(self.answer_changed)
            if self._group is not None:
                self._group.addButton(button)
            law = self._laws.get(choice.key)
            row = _Wrapped(button, number, choice.code or (law.code if law else ""))
            self._choices_layout.addWidget(row)
            row.show()  # at once, not on the next turn of the event loop
            self._choice_rows[choice.key] = row
            self.choice_buttons[choice.key] = button
        for key, widget in self.card_buttons.items():
            box = self.choice_buttons[key]
            widget.clicked.connect(box.toggle)
            box.toggled.connect(widget.set_chosen)

    def _card_row(self, question: Question, cards: list[Card]) -> QWidget:
        widgets = []
        for choice, card in zip(question.choices, cards, strict=True):
            widget = CardWidget(card, size=CHOICE_CARD)
            widget.setToolTip(f"Pick the {card.name}")
            self.card_buttons[choice.key] = widget
            widgets.append(widget)
        return HandFan(widgets, CHOICE_CARD)

    # Answering -----------------------------------------------------------------------------

    def answer(self) -> Answer:
        """What the learner has given: a key, keys, the number's text, or None for nothing."""
        if self.question is None:
            return None
        if self.question.kind == "number":
            return self.number_field.text().strip() or None
        picked = [k for k, b in self.choice_buttons.items() if b.isChecked()]
        if self.question.kind == "single":
            return picked[0] if picked else None
        return picked or None

    def focus_answer(self) -> None:
        """Put the keyboard focus on the first choice (or the number field)."""
        if self.question is not None and self.question.kind == "number":
            self.number_field.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.choice_buttons:
            next(iter(self.choice_buttons.values())).setFocus(Qt.FocusReason.OtherFocusReason)

    def choose_number(self, number: int) -> bool:
        """The number key `number` (1-9): pick that choice, or toggle it when several may be
        picked. Returns whether there was such a choice to pick."""
        keys = list(self.choice_buttons)
        if not 1 <= number <= len(keys) or self.question is None:
            return False
        button = self.choice_buttons[keys[number - 1]]
        if not button.isEnabled():
            return False
        if self.question.kind == "multi":
            button.toggle()
        else:
            button.setChecked(True)
        button.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return True

    def copy_id(self) -> None:
        """Put the question's id on the clipboard (for a bug report)."""
        if self.question is not None:
            QApplication.clipboard().setText(self.question.id)

    def choose(self, *keys: str) -> None:
        """Pick these choices (as a click would)."""
        for key in keys:
            self.choice_buttons[key].setChecked(True)

    def choice_words(self, key: str) -> str:
        """The words shown beside a choice (with its mark once the answer is checked)."""
        return self._choice_rows[key].label.text()

    def choice_code_shown(self, key: str) -> str:
        """The code whose badge a choice shows ('' when none is shown, as before checking)."""
        badge = self._choice_rows[key].badge
        return badge.code if badge is not None and not badge.isHidden() else ""

    def set_locked(self, locked: bool) -> None:
        """Freeze the answer controls once the answer has been checked."""
        for button in self.choice_buttons.values():
            button.setEnabled(not locked)
        for card in self.card_buttons.values():
            card.setEnabled(not locked)
        self.number_field.setReadOnly(locked)

    def mark(self, result: Result) -> None:
        """After checking: the right choices in green, a wrong pick in red (words, not only hue);
        the source of the law, and the id in the copy button's tooltip."""
        sources = source_words(result.question, self._laws)
        self.source.setText(f"Source: {sources}" if sources else "")
        self.copy_id_button.setToolTip(f"Copy “{result.question.id}” to the clipboard")
        right = set(result.question.answer) if isinstance(result.question.answer, tuple) else set()
        given = set(result.given) if isinstance(result.given, tuple) else set()
        for key, row in self._choice_rows.items():
            row.reveal_code()
            if key in right:
                row.set_mark("✓", theme.hex("right-ink"), "the right answer" if key in given
                             else "the right answer, not picked")
            elif key in given:
                row.set_mark("✗", theme.hex("wrong-ink"), "your pick, wrong")
        if self.question is not None and self.question.kind == "number":
            ink = theme.hex("right-ink" if result.correct else "wrong-ink")
            self.number_field.setStyleSheet(f"color: {ink}; font-weight: bold;")


class _ClickableLabel(QLabel):
    """A label that reports a mouse press, so clicking a choice's words picks it."""

    pressed = Signal()

    @override
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pressed.emit()
        super().mousePressEvent(event)


class _Wrapped(QWidget):
    """A radio button or check box whose long text wraps (Qt's buttons never wrap)."""

    def __init__(self, button: QAbstractButton, number: int = 0, code: str = "") -> None:
        super().__init__()
        self.button = button
        text = button.text()
        button.setText(str(number) if 1 <= number <= 9 else "")  # the key that picks it
        button.setAccessibleName(text)
        self.label = _ClickableLabel(text)
        self.label.setWordWrap(True)
        self.label.pressed.connect(button.click)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(4)
        line.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        if code:  # a choice that belongs to another code shows that code's badge...
            self.badge: BadgeLabel | None = BadgeLabel(code)
            line.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
            # ...once the answer is checked: only other codes' choices carry one, so a badge
            # shown before would mark the choice wrong and give the answer away.
            self.badge.setVisible(False)
        else:
            self.badge = None
        line.addWidget(self.label, 1)
        self._text = text

    def reveal_code(self) -> None:
        """Show whose remedy or law the choice is (after checking)."""
        if self.badge is not None:
            self.badge.setVisible(True)

    def set_mark(self, sign: str, ink: str, words: str) -> None:
        """Mark the choice after checking, e.g. '✓' in green, 'the right answer'."""
        self.label.setText(f"{sign} {self._text}  ({words})")
        self.label.setStyleSheet(f"color: {ink}; font-weight: bold;")
