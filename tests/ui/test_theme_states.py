"""Readable in every state, in both schemes: selected rows, disabled and placeholder text, the
edges and marks of check boxes and radio buttons (painted and measured), hints after a switch."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QRadioButton,
    QStyle,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui import theme
from ui.browser.browser_screen import BrowserScreen
from ui.builder.table_centre import TableCentre

AA_TEXT = 4.5
AA_PARTS = 3.0  # WCAG 1.4.11: the parts of a control one must see to use it
SCHEMES = pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])


@pytest.fixture
def scheme(qapp) -> Iterator[None]:
    yield
    theme.apply("light")


def _fragments(doc: QTextDocument) -> Iterator[tuple[str, QColor | None, QColor | None]]:
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            fmt = fragment.charFormat()
            fg = fmt.foreground().color() if fmt.foreground().style() != Qt.BrushStyle.NoBrush \
                else None
            bg = fmt.background().color() if fmt.background().style() != Qt.BrushStyle.NoBrush \
                else None
            yield fragment.text(), fg, bg
            it += 1
        block = block.next()


@SCHEMES
def test_every_word_of_a_selected_result_reads_on_the_selection(qtbot, scheme, dark):
    # The meta line (game, codes) and a law's snippet are muted on the list; on the blue of the
    # selection they take the selection's own ink, where the muted grey all but vanished.
    theme.apply("dark" if dark else "light")
    content = load_content()
    screen = BrowserScreen(LawsStore(content), content)
    qtbot.addWidget(screen)
    screen.resize(1000, 700)
    screen.show()
    screen.search("lead out of turn")
    model = screen.results_model
    view = screen.results
    parent = model.index(0, 0)
    rows = [parent, model.index(0, 0, parent)]  # a situation, and one law under it
    highlight = view.palette().color(QPalette.ColorRole.Highlight).name()
    weak = []
    for index in rows:
        view.setCurrentIndex(index)
        option = QStyleOptionViewItem()
        option.initFrom(view)
        option.rect = view.visualRect(index)
        option.state |= QStyle.StateFlag.State_Selected
        delegate = view.itemDelegate()
        doc, ink = delegate.painted(option, index.data(Qt.ItemDataRole.DisplayRole), True)
        for text, fg, bg in _fragments(doc):
            if not text.strip():
                continue
            colour = (fg or ink).name()
            ground = bg.name() if bg is not None else highlight
            ratio = theme.contrast(colour, ground)
            if ratio < AA_TEXT:
                weak.append(f"{text[:30]!r}: {colour} on {ground} {ratio:.2f}")
    assert not weak, weak


@SCHEMES
def test_disabled_text_is_dimmer_yet_read_and_placeholders_read(qapp, dark):
    pal = theme.palette(dark)
    group, roles = QPalette.ColorGroup, QPalette.ColorRole
    for fg, bg in ((roles.WindowText, roles.Window), (roles.Text, roles.Base),
                   (roles.ButtonText, roles.Button)):
        off = pal.color(group.Disabled, fg).name()
        ground = pal.color(group.Disabled, bg).name()
        assert theme.contrast(off, ground) >= AA_PARTS, (fg.name, off, ground)
        on = pal.color(group.Active, fg).name()
        assert theme.contrast(on, ground) > theme.contrast(off, ground) + 2, fg.name
    placeholder = pal.color(roles.PlaceholderText).name()
    for ground in (pal.color(roles.Base).name(), theme.hex("felt", dark)):
        assert theme.contrast(placeholder, ground) >= AA_TEXT, ground


def _painted(widget: QWidget) -> tuple[QWidget, QWidget]:
    host = QWidget()
    host.setAutoFillBackground(True)
    QVBoxLayout(host).addWidget(widget)
    host.resize(host.sizeHint())
    host.show()
    return host, widget


@SCHEMES
@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton], ids=["check box", "radio"])
def test_a_check_box_or_radio_shows_its_edge_and_its_mark(qtbot, scheme, dark, kind):
    theme.apply("dark" if dark else "light")
    pal = theme.palette(dark)
    window = pal.color(QPalette.ColorRole.Window).name()
    base = pal.color(QPalette.ColorRole.Base).name()
    for checked in (False, True):
        button = kind("Seen")
        button.setChecked(checked)
        host, _ = _painted(button)
        qtbot.addWidget(host)
        image = host.grab().toImage()
        box = button.geometry()
        side = box.height()
        square = [QColor(image.pixel(x, y)).name()
                  for x in range(box.left(), box.left() + side)
                  for y in range(box.top(), box.bottom() + 1)]
        edge = max(theme.contrast(p, window) for p in square)
        assert edge >= AA_PARTS, f"{'checked' if checked else 'unchecked'} edge {edge:.2f}"
        if checked:
            centre = QColor(image.pixel(box.left() + side // 2 - 1, box.center().y())).name()
            assert theme.contrast(centre, base) >= AA_TEXT, f"mark {centre} on {base}"


def test_the_table_hint_takes_the_new_schemes_colour_when_it_changes(qtbot, scheme):
    # "No trick in progress." had kept the light scheme's grey on the dark felt.
    theme.apply("light")
    centre = TableCentre()
    qtbot.addWidget(centre)
    centre.show_centre(turn_up=None, leader=None, trick=[], trick_players=[], marked=None)
    assert centre.trick_order.text() == "No trick in progress."
    assert theme.hex("muted", False) in centre.trick_order.styleSheet()
    theme.apply("dark")
    assert theme.hex("muted", True) in centre.trick_order.styleSheet()
