"""What happened: the event list, and the chosen event's fields as a small generated form.

The form is generated from the event registry, app/model/events.py (through app.table_builder), so a
new event type or field, its label, help and bounds appear here without touching this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card, CardError
from app.model.events import FieldSpec
from app.table_builder import event_fields, event_help, event_label, event_types
from ui.builder.seat_view import no_style, notice_style, problem_style, set_style


def event_words(event_type: str) -> str:
    """An event type in words for the list (its label in app/model/events.py)."""
    return event_label(event_type)


def _code(value: Any) -> str | None:
    try:
        return Card.parse(value).code
    except CardError:
        return None


# An optional yes-no field's three states, as its list shows them.
UNSAID_YES_NO = (("not said", None), ("yes", True), ("no", False))


def _combo() -> QComboBox:
    # Combo boxes may shrink below their longest item, so a narrow window keeps the table wide.
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)
    return combo


class _Editor:
    """One field's editor: a widget, how to read it and how to show a value."""

    def __init__(self, spec: FieldSpec, players: Sequence[str],
                 cards: Sequence[Card], changed: Callable[[], None]) -> None:
        name, kind, optional = spec.name, spec.form_kind, spec.optional
        self.name, self.kind, self.optional = name, kind, optional
        words = spec.label
        self.label = QLabel(words)
        self._boxes: dict[str, QCheckBox] = {}
        self._spins: dict[str, QSpinBox] = {}
        self.given: QCheckBox | None = None
        self.widget: QWidget
        if kind == "bool" and optional:
            # An optional yes-no fact has three states: not said (a ruling gives both ways),
            # yes and no. A checkbox holds two, so a "no" opened from a file came back as not
            # said at the next edit (a card not taken back in time, a king not marked yet).
            combo = _combo()
            for text, data in UNSAID_YES_NO:
                combo.addItem(text, data)
            combo.currentIndexChanged.connect(changed)
            self.widget = combo
        elif kind in ("player", "card") or isinstance(kind, tuple):
            combo = _combo()
            if kind == "player":
                for p in players:
                    combo.addItem(p, p)
            elif kind == "card":
                for card in cards:
                    combo.addItem(f"{card.label}  {card.name}", card.code)
            else:
                for word in kind:
                    combo.addItem(word.replace("-", " "), word)
            combo.currentIndexChanged.connect(changed)
            self.widget = combo
        elif kind == "bool":
            box = QCheckBox(words)
            box.toggled.connect(changed)
            self.widget = box
            self.label = QLabel("")
        elif kind == "int":
            spin = QSpinBox()
            spin.setRange(spec.low, spec.high)
            spin.valueChanged.connect(changed)
            self.widget = spin
        elif kind == "players":
            # Three to a row: Auction Pitch seats up to seven, and the pane may be narrow.
            self.widget = QWidget()
            boxes = QGridLayout(self.widget)
            boxes.setContentsMargins(0, 0, 0, 0)
            boxes.setVerticalSpacing(2)
            for i, p in enumerate(players):
                box = QCheckBox(p)
                box.setAccessibleName(f"{words}: {p}")
                box.toggled.connect(changed)
                boxes.addWidget(box, i // 3, i % 3)
                self._boxes[p] = box
            boxes.setColumnStretch(3, 1)
        else:  # counts: player -> number
            self.widget = QWidget()
            grid = QGridLayout(self.widget)
            grid.setContentsMargins(0, 0, 0, 0)
            grid.setHorizontalSpacing(6)
            for i, p in enumerate(players):
                spin = QSpinBox()
                spin.setRange(spec.low, spec.high)
                spin.setAccessibleName(f"{words}: {p}")
                spin.valueChanged.connect(changed)
                grid.addWidget(QLabel(p), i // 2, (i % 2) * 2)
                grid.addWidget(spin, i // 2, (i % 2) * 2 + 1)
                self._spins[p] = spin
        self.widget.setAccessibleName(words)
        if spec.help:
            self.widget.setToolTip(spec.help)
        self.row: QWidget = self.widget
        if optional and kind != "bool":
            self.given = QCheckBox()
            self.given.setAccessibleName(f"Say {words.rstrip('?').lower()}")
            self.given.setToolTip("Give this optional field")
            self.given.toggled.connect(self.widget.setEnabled)
            self.given.toggled.connect(changed)
            self.row = QWidget()
            row = QHBoxLayout(self.row)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(self.given)
            row.addWidget(self.widget, 1)

    def widgets(self) -> list[QWidget]:
        """Every input widget of the field (to block their signals while showing a value)."""
        found: list[QWidget] = [self.widget, *self._boxes.values(), *self._spins.values()]
        return found + ([self.given] if self.given else [])

    def show(self, present: bool, value: Any) -> None:
        """Show a value (present False: an optional field not given)."""
        if self.given is not None:
            self.given.setChecked(present)
            self.widget.setEnabled(present)
        if not present:
            if self.kind == "bool" and isinstance(self.widget, QComboBox):
                self.widget.setCurrentIndex(0)  # not said
            return
        w = self.widget
        if isinstance(w, QComboBox):
            data = _code(value) if self.kind == "card" else value
            if self.kind == "bool":
                data = value if isinstance(value, bool) else None
            w.setCurrentIndex(w.findData(data))
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(value if isinstance(value, int) else 0)
        elif self._boxes:
            chosen = set(value) if isinstance(value, list) else set()
            for p, box in self._boxes.items():
                box.setChecked(p in chosen)
        else:
            counts = value if isinstance(value, dict) else {}
            for p, spin in self._spins.items():
                n = counts.get(p, 0)
                spin.setValue(n if isinstance(n, int) else 0)

    def read(self) -> tuple[bool, Any]:
        """Whether the field is given, and its value."""
        if self.given is not None and not self.given.isChecked():
            return False, None
        w = self.widget
        if isinstance(w, QComboBox):
            data = w.currentData()
            return w.currentIndex() >= 0 and not (self.kind == "bool" and data is None), data
        if isinstance(w, QCheckBox):
            return (w.isChecked() or not self.optional), w.isChecked()
        if isinstance(w, QSpinBox):
            return True, w.value()
        if self._boxes:
            return True, [p for p, box in self._boxes.items() if box.isChecked()]
        return True, {p: spin.value() for p, spin in self._spins.items()}


class EventForm(QWidget):
    """The event type and its fields.

    Signals:
        event_type_chosen(str): another type of event was chosen in the list.
        event_edited(dict): a field was edited (the whole event mapping, with its type).
    """

    event_type_chosen = Signal(str)
    event_edited = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.type_box = _combo()
        self.type_box.setAccessibleName("What happened")
        self._offered: tuple[Any, ...] = ()
        self.stage_note = QLabel()
        self.stage_note.setTextFormat(Qt.TextFormat.PlainText)
        self.stage_note.setWordWrap(True)
        self.stage_note.setVisible(False)
        set_style(self.stage_note, notice_style)
        self.pick_in_hand = QCheckBox("Clicks in a hand choose the card")
        self.pick_in_hand.setToolTip("A click on a card in a hand chooses it for the event; "
                                     "otherwise the click takes the card back to the pack")
        self.pick_in_hand.setChecked(True)
        self.fields = QWidget()
        self.form = QFormLayout(self.fields)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setVerticalSpacing(3)
        caption = QLabel("&Event")
        caption.setBuddy(self.type_box)
        top = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.type_box, 1)
        self._top = top
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.stage_note)
        layout.addWidget(self.fields)
        layout.addWidget(self.pick_in_hand)
        self._editors: list[_Editor] = []
        self._key: tuple[Any, ...] = ()
        self._event: dict[str, Any] = {}
        self.type_box.currentIndexChanged.connect(
            lambda _: self.event_type_chosen.emit(self.type_box.currentData()))

    @property
    def event_type(self) -> str:
        """The event type chosen."""
        return self.type_box.currentData()

    @property
    def picks_from_hand(self) -> bool:
        """Whether a click on a card in a hand chooses the event's card (not takes it back)."""
        return self.pick_in_hand.isVisibleTo(self) and self.pick_in_hand.isChecked()

    def editor(self, name: str) -> QWidget:
        """The input widget of a field (for tests and keyboard focus)."""
        return next(e.widget for e in self._editors if e.name == name)

    def offered(self) -> list[str]:
        """The event types in the list, in order."""
        return [self.type_box.itemData(i) for i in range(self.type_box.count())]

    def _offer(self, offered: Sequence[str], etype: str, elsewhere: Mapping[str, str]) -> None:
        # A file may hold an event its stage does not offer: it stays in the list, said so.
        # An event of another stage is offered with that stage's name: choosing it moves there.
        types = tuple(offered) if etype in offered else (*offered, etype)
        key = (types, tuple(sorted(elsewhere.items())))
        if key == self._offered:
            return
        self._offered = key
        self.type_box.clear()
        for i, t in enumerate(types):
            if t not in offered:
                words = f"{event_words(t)} (not at this stage)"
            elif t in elsewhere:
                words = f"{event_words(t)} (at: {elsewhere[t]})"
            else:
                words = event_words(t)
            self.type_box.addItem(words, t)
            tip = event_help(t)
            if t in elsewhere:
                tip += f" Choosing it moves the table to the stage: {elsewhere[t]}."
            self.type_box.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)

    def add_beside_type(self, widget: QWidget) -> None:
        """Put a widget at the end of the event's row (seen whenever the list is)."""
        self._top.addWidget(widget)

    def show_stage_note(self, note: str) -> None:
        """Say (or stop saying) that choosing the event moved the table to another stage."""
        self.stage_note.setText(note)
        self.stage_note.setVisible(bool(note))

    def show_event(self, event: Mapping[str, Any], players: Sequence[str],
                   cards: Sequence[Card], problem_field: str | None,
                   offered: Sequence[str] | None = None,
                   elsewhere: Mapping[str, str] | None = None,
                   fields: Sequence[FieldSpec] | None = None) -> None:
        """Show an event mapping among the events `offered` at this table, rebuilding the
        fields when the type or table changed; `elsewhere` names, for an offered event that
        cannot happen at the table's stage, the stage where it can. `fields` are the fields
        offered at this table (app.table_builder.fields_at: a field no ruling in force reads
        is not), else every field of the type."""
        etype = event.get("type")
        if etype not in event_types():
            return
        if offered is None:
            offered = event_types()
        self.type_box.blockSignals(True)
        self._offer(offered, etype, elsewhere or {})
        self.type_box.blockSignals(False)
        self._event = dict(event)
        specs = list(fields) if fields is not None else event_fields(etype)
        key = (etype, tuple(players), tuple(c.code for c in cards),
               tuple(spec.name for spec in specs))
        if key != self._key:
            self._rebuild(specs, players, cards)
            self._key = key
        self.type_box.blockSignals(True)
        self.type_box.setCurrentIndex(self.type_box.findData(etype))
        self.type_box.blockSignals(False)
        for ed in self._editors:
            for w in ed.widgets():
                w.blockSignals(True)
            ed.show(ed.name in event, event.get(ed.name))
            for w in ed.widgets():
                w.blockSignals(False)
            wrong = problem_field is not None and problem_field.split("[")[0] == ed.name
            set_style(ed.label, problem_style if wrong else no_style)
            if isinstance(ed.widget, QCheckBox):
                set_style(ed.widget, problem_style if wrong else no_style)

    def _rebuild(self, specs: Sequence[FieldSpec], players: Sequence[str],
                 cards: Sequence[Card]) -> None:
        had_card = any(e.kind == "card" for e in self._editors)
        while self.form.rowCount():
            self.form.removeRow(0)
        self._editors = [_Editor(spec, players, cards, self._on_edit) for spec in specs]
        for ed in self._editors:
            self.form.addRow(ed.label, ed.row)
            ed.label.setBuddy(ed.widget)
            ed.label.show()  # at once, not on the layout's deferred show
            ed.row.show()
        self.fields.setVisible(bool(self._editors))
        has_card = any(e.kind == "card" for e in self._editors)
        self.pick_in_hand.setVisible(has_card)
        if has_card and not had_card:
            self.pick_in_hand.setChecked(True)

    def has_field(self, name: str) -> bool:
        """Whether the event shown has a field of that name."""
        return any(e.name == name for e in self._editors)

    def current(self) -> dict[str, Any]:
        """The event as the form holds it now (its type and every field given)."""
        if self.type_box.count() == 0:
            return {}
        event: dict[str, Any] = {"type": self.event_type}
        names = set()
        for ed in self._editors:
            names.add(ed.name)
            present, value = ed.read()
            if present:
                event[ed.name] = value
        for name, value in self._event.items():
            if name not in names and name != "type":
                event[name] = value  # fields the form does not edit (a note) stay as written
        return event

    def _on_edit(self) -> None:
        self.event_edited.emit(self.current())
