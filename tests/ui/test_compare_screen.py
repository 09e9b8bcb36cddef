"""The compare view: situations by row, codes by column, contrasts and gaps said plainly."""

from __future__ import annotations

import pytest
from helpers import click_index
from PySide6.QtCore import Qt

from ui.compare.compare_grid import NOT_COVERED
from ui.compare.compare_model import LAW_ID_ROLE
from ui.compare.compare_screen import CompareScreen


@pytest.fixture
def compare(qtbot, store, content) -> CompareScreen:
    screen = CompareScreen(store, content)
    qtbot.addWidget(screen)
    screen.resize(800, 600)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _headers(screen: CompareScreen) -> list[str]:
    model = screen.model
    return [model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            for c in range(model.columnCount())]


def _row_of(screen: CompareScreen, case: str) -> int:
    return next(r for r in range(screen.model.rowCount()) if screen.model.row(r).case == case)


def test_rubicon_bezique_has_english_and_french_columns(compare):
    compare.show_game("rubicon-bezique")
    assert _headers(compare) == ["Situation", "English", "French", "Contrast"]


def test_ecarte_has_a_column_for_each_of_its_three_codes(compare):
    compare.show_game("ecarte")
    assert _headers(compare) == ["Situation", "English", "French", "American", "Contrast"]


def test_a_cell_holds_the_laws_brief(compare):
    compare.show_game("rubicon-bezique")
    row = _row_of(compare, "forgot-to-draw")
    assert compare.model.index(row, 2).data() == (
        "Adversary chooses: void the deal, or the offender draws two next time.")


def test_codes_that_differ_are_tagged_with_the_contrast(compare):
    compare.show_game("rubicon-bezique")
    row = _row_of(compare, "surplus-after-first-trick")
    assert compare.model.index(row, 3).data() == "English stricter than French"


def test_a_code_without_a_law_for_the_case_says_so_plainly(compare):
    compare.show_game("rubicon-bezique")
    row = _row_of(compare, "both-surplus")
    assert compare.model.index(row, 2).data() == NOT_COVERED
    assert compare.model.index(row, 2).data(LAW_ID_ROLE) is None


def test_a_row_covered_by_one_code_only_is_tagged_only_here(compare):
    compare.show_game("rubicon-bezique")
    row = _row_of(compare, "both-surplus")
    assert compare.model.index(row, 3).data() == "Only here: English"


def test_hiding_single_code_rows_keeps_the_shared_situations(compare):
    compare.show_game("rubicon-bezique")
    compare.shared_only.setChecked(True)
    cases = {compare.model.row(r).case for r in range(compare.model.rowCount())}
    assert cases == {"surplus-after-first-trick", "forgot-to-draw"}


def test_clicking_a_cell_asks_for_its_law(qtbot, compare):
    compare.show_game("rubicon-bezique")
    index = compare.model.index(_row_of(compare, "forgot-to-draw"), 2)
    with qtbot.waitSignal(compare.law_requested) as asked:
        click_index(qtbot, compare.table, index)
    assert asked.args == ["rubicon-bezique.french.forgot-to-draw"]


def test_clicking_a_not_covered_cell_does_nothing(qtbot, compare):
    compare.show_game("rubicon-bezique")
    index = compare.model.index(_row_of(compare, "both-surplus"), 2)
    with qtbot.assertNotEmitted(compare.law_requested):
        click_index(qtbot, compare.table, index)


def test_rows_grow_to_fit_wrapped_text(compare):
    compare.show_game("ecarte")
    row = _row_of(compare, "wrong-count-dealt")
    assert compare.table.rowHeight(row) > compare.fontMetrics().height() * 1.5
