"""Which laws rule the table: a checkbox per code of the game, and the readings of its disputed
rules (variant groups) in a form that opens under them.

The readings are built only when they are opened (or asked for): a game's disputed rules grow
with the laws, and the form is closed most of the time, so showing the builder or switching
game never pays for them.

The form only shows and reports choices; the edits are app.table_builder's set_codes and
set_variant, chosen by the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Law
from app.table_builder import VariantGroup
from ui.help.words import explain
from ui.words import short_code_name

LAST_CODE_TIP = "At least one code must stay in force"


def law_tooltip(law: Law) -> str:
    """Where a reading comes from: the law's authority and source."""
    return f"{law.authority}\nSource: {law.source}"


def _combo() -> QComboBox:
    # Briefs are long: the combo may shrink below them (the tooltip gives the authority).
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(12)
    return combo


class LawsForm(QWidget):
    """Codes in force and readings of disputed rules.

    Signals:
        codes_edited(list): the codes ticked (never empty: the last one cannot be unticked).
        variant_chosen(str, str): a reading was chosen (the group, the law's id).
    """

    codes_edited = Signal(list)
    variant_chosen = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.code_boxes: dict[str, QCheckBox] = {}
        self._reading_boxes: dict[str, QComboBox] = {}
        self._readings_built = False
        self._groups: dict[str, VariantGroup] = {}  # read when the readings are first shown
        self._names: tuple[str, ...] = ()
        self._load: Callable[[], Sequence[VariantGroup]] = list
        self._chosen: dict[str, str] = {}
        self._key: tuple[object, ...] = ()
        self._codes_row = QHBoxLayout()
        self._codes_row.setContentsMargins(0, 0, 0, 0)
        self._codes_row.setSpacing(8)
        caption = QLabel("Codes")
        caption.setToolTip("The codes of laws the table is ruled under")
        self._codes_row.addWidget(caption)
        self._codes_end = QHBoxLayout()
        self._codes_row.addLayout(self._codes_end)
        self._codes_row.addStretch(1)
        # The toggle has a row of its own: the right-hand pane is narrow in a small window.
        self.toggle = QToolButton()
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setAccessibleName("Show the readings of disputed rules")
        self.toggle.setToolTip(explain("readings"))
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(3)
        self._layout.addLayout(self._codes_row)
        self._layout.addWidget(self.toggle)
        self.readings, self.form = self._new_readings()
        self.toggle.toggled.connect(self.show_readings)

    def _new_readings(self) -> tuple[QWidget, QFormLayout]:
        # A fresh container: dropping the old one whole is far cheaper than removing its rows.
        readings = QWidget()
        form = QFormLayout(readings)
        form.setContentsMargins(0, 0, 0, 0)
        form.setVerticalSpacing(3)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        readings.hide()
        self._layout.addWidget(readings)
        return readings, form

    @property
    def reading_boxes(self) -> dict[str, QComboBox]:
        """The reading chosen for each disputed rule, by group (built when first asked for)."""
        self._build_readings()
        return self._reading_boxes

    def show_readings(self, shown: bool) -> None:
        """Open or close the readings under the codes."""
        if shown:
            self._build_readings()
        self.toggle.blockSignals(True)
        self.toggle.setChecked(shown)
        self.toggle.blockSignals(False)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.readings.setVisible(shown and bool(self._names))

    def show_laws(self, codes: Sequence[str], in_force: Sequence[str], groups: Sequence[str],
                  chosen: Mapping[str, str],
                  load: Callable[[], Sequence[VariantGroup]]) -> None:
        """Show a game's codes (those in force ticked) and its disputed rules (`groups`, by
        name; `chosen`: group -> law id where the table does not follow the usual reading),
        rebuilding the controls when the game changed, without emitting anything.

        The rules' readings are read (`load`) only when they are first shown: a game may have
        hundreds, and the usual readings need no law to be counted."""
        key = (tuple(codes), tuple(groups))
        if key != self._key:
            self._rebuild(codes, key[1], load)
            self._key = key
        ticked = set(in_force)
        for code, box in self.code_boxes.items():
            box.blockSignals(True)
            box.setChecked(code in ticked)
            last = len(ticked) == 1 and code in ticked
            box.setEnabled(not last)
            box.setToolTip(LAST_CODE_TIP if last else f"Rule the table under the "
                           f"{short_code_name(code)} laws")
            box.blockSignals(False)
        self._chosen = dict(chosen)
        if self._readings_built:
            self._show_chosen()
        changed = len(self._chosen)
        self.toggle.setVisible(bool(groups))
        self.toggle.setText("Readings: " + ("all usual" if not changed else
                                            f"{changed} not the usual"))

    def _show_chosen(self) -> None:
        for name, combo in self._reading_boxes.items():
            group = self._groups[name]
            law_id = self._chosen.get(name, group.default.id)
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, combo.findData(law_id)))
            combo.blockSignals(False)
            combo.setToolTip(law_tooltip(group.laws[combo.currentIndex()]))

    def _build_readings(self) -> None:
        if self._readings_built:
            return
        self._readings_built = True
        self._groups = {g.name: g for g in self._load()}
        for group in self._groups.values():
            combo = _combo()
            combo.setAccessibleName(f"Reading: {group.label}")
            for law in group.laws:
                combo.addItem(group.reading_label(law), law.id)
                combo.setItemData(combo.count() - 1, law_tooltip(law),
                                  Qt.ItemDataRole.ToolTipRole)
            combo.currentIndexChanged.connect(
                lambda _, g=group.name, c=combo: self.variant_chosen.emit(g, c.currentData()))
            label = QLabel(group.label)
            label.setWordWrap(True)
            label.setBuddy(combo)
            self.form.addRow(label, combo)
            self._reading_boxes[group.name] = combo
        self._show_chosen()

    def _rebuild(self, codes: Sequence[str], names: tuple[str, ...],
                 load: Callable[[], Sequence[VariantGroup]]) -> None:
        for box in self.code_boxes.values():
            box.setParent(None)
            box.deleteLater()
        self.code_boxes = {}
        for code in codes:
            box = QCheckBox(short_code_name(code))
            box.setAccessibleName(f"Rule under the {short_code_name(code)} code")
            box.toggled.connect(self._on_codes)
            self._codes_end.addWidget(box)
            box.show()  # at once, not on the layout's deferred show
            self.code_boxes[code] = box
        self.readings.setParent(None)
        self.readings.deleteLater()
        self.readings, self.form = self._new_readings()
        self._reading_boxes = {}
        self._readings_built = False
        self._groups = {}
        self._names, self._load = names, load
        self.show_readings(self.toggle.isChecked())

    def _on_codes(self) -> None:
        self.codes_edited.emit([c for c, box in self.code_boxes.items() if box.isChecked()])
