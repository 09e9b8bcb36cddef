"""The compare view: situations by row, codes by column, contrasts and gaps said plainly."""

from __future__ import annotations

import pytest
from helpers import click_index
from PySide6.QtCore import Qt

from ui.compare.compare_grid import NOT_COVERED
from ui.compare.compare_model import KIND_ROLE, LAW_ID_ROLE
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
    """The row showing a situation, its fold opened and every batch fetched if need be."""
    model = screen.model
    if not any(row.case == case for row in model.situations()):
        model.unfold_all()
    model.fetch_all()
    return next(r for r in range(model.rowCount())
                if model.row(r) is not None and model.row(r).case == case)


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


def test_by_default_only_shared_situations_show_and_the_rest_fold_under_a_count(compare):
    compare.show_game("rubicon-bezique")
    model = compare.model
    cases = {model.row(r).case for r in range(model.rowCount()) if model.row(r) is not None}
    assert cases == {"surplus-after-first-trick", "forgot-to-draw"}
    kinds = [model.index(r, 0).data(KIND_ROLE) for r in range(model.rowCount())]
    assert kinds[0] == "topic"
    folds = [model.index(r, 0).data() for r, k in enumerate(kinds) if k == "fold"]
    assert folds and all("only English covers (show)" in text for text in folds)


def test_clicking_a_fold_shows_its_situations(qtbot, compare):
    compare.show_game("rubicon-bezique")
    model = compare.model
    fold = next(r for r in range(model.rowCount()) if model.index(r, 0).data(KIND_ROLE) == "fold")
    click_index(qtbot, compare.table, model.index(fold, 0))
    assert "(hide)" in model.index(fold, 0).data()
    assert any(model.row(r) is not None and model.row(r).only_here == "english"
               for r in range(model.rowCount()))


def test_real_differences_are_highlighted_and_same_rulings_are_not(compare):
    compare.show_game("rubicon-bezique")
    differs = compare.model.index(_row_of(compare, "surplus-after-first-trick"), 3)
    assert differs.data(Qt.ItemDataRole.BackgroundRole) is not None


def test_the_filter_box_keeps_the_matching_situations(qtbot, compare):
    compare.show_game("rubicon-bezique")
    qtbot.keyClicks(compare.filter_box, "forgetting")
    cases = {row.case for row in compare.model.situations()}
    assert cases == {"forgot-to-draw"}


def test_games_with_one_code_are_not_offered_and_the_note_says_why(compare, content):
    offered = compare.offered_games()
    assert "rubicon-bezique" in offered and "ecarte" in offered
    for game in content.games:
        codes = content.games[game].codes
        assert (game in offered) == (len(codes) >= 2)
    single = [g for g in content.games if len(content.games[g].codes) < 2]
    if single:
        assert "single code of laws" in compare.not_offered.text()


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


def _grid(screen: CompareScreen, game: str) -> list[list[str]]:
    screen.show_game(game)
    screen.model.unfold_all()
    screen.model.fetch_all()
    model = screen.model
    return [[str(model.index(r, c).data()) for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def test_the_grid_read_from_the_content_store_is_the_grid_of_the_files(qtbot, store, content,
                                                                      compare):
    from conftest import FIXTURE_CONTENT

    from app.corpus.loading import load_content

    load_content(FIXTURE_CONTENT, None, cached=True)  # the store is built at the first start
    stored = load_content(FIXTURE_CONTENT, None, cached=True)
    assert type(stored) is not type(content)
    from_store = CompareScreen(store, stored)
    qtbot.addWidget(from_store)
    for game in compare.offered_games():
        assert _grid(from_store, game) == _grid(compare, game), game
    assert from_store.summary.text() == compare.summary.text()
    for screen in (compare, from_store):
        screen.filter_box.setText("draw")  # the store's filter reads no law
    kept = {game: _grid(compare, game) for game in compare.offered_games()}
    assert {game: _grid(from_store, game) for game in kept} == kept
    assert any(kept.values())  # some situation is about drawing
