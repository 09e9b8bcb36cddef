"""The browser's search on the real laws: typos, questions, badges, the empty state, keys."""

from __future__ import annotations

import pytest
from helpers import after_turns
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.browser.browser_screen import BrowserScreen
from ui.browser.search_results import ALL_FILTERS, LITERAL
from ui.deferred_store import DeferredStore


@pytest.fixture(scope="module")
def real() -> tuple[Content, LawsStore]:
    content = load_content()
    return content, LawsStore(content)


@pytest.fixture
def browser(qtbot, real) -> BrowserScreen:
    content, store = real
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    screen.resize(1000, 700)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _row_ids(browser: BrowserScreen, rows: int = 5) -> list[set[str]]:
    model = browser.results_model
    return [{h.law_id for h in model.situation(r).hits}
            for r in range(min(rows, model.rowCount()))]


def test_each_keystroke_is_answered_without_a_pause(qtbot, browser):
    qtbot.keyClicks(browser.search_box, "revoke")
    # No debounce: the report is queued to the next turn of the event loop, where it is shown.
    after_turns(qtbot, 1)
    assert browser.left_pages.currentWidget() is browser.results


def test_keys_that_queue_up_are_answered_by_one_search_of_the_whole_text(qtbot, browser, real):
    # Keys typed while the UI thread is busy wait in the event queue; one search answers them.
    settled: list[str] = []
    browser.search_box.query_settled.connect(settled.append)
    for ch in "void":
        QApplication.postEvent(browser.search_box, QKeyEvent(
            QEvent.Type.KeyPress, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch))
    qtbot.waitUntil(lambda: browser.left_pages.currentWidget() is browser.results)
    assert settled == ["void"]
    assert browser.results_model.hit(0).law_id == real[1].find("void").hits[0].law_id


def test_the_first_key_shows_results_without_painting_the_tree_again(qtbot, real):
    # The search runs before the window repaints: no frame shows the list it replaces.
    content, store = real
    browser = BrowserScreen(store, content)
    qtbot.addWidget(browser)
    painted: dict[QObject, int] = {}

    class Watch(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                painted[obj] = painted.get(obj, 0) + 1
            return False

    watch = Watch()
    tree, results = browser.tree.viewport(), browser.results.viewport()
    tree.installEventFilter(watch)
    results.installEventFilter(watch)
    browser.resize(1000, 700)
    browser.show()
    qtbot.waitUntil(lambda: painted.get(tree, 0) > 0)  # the first show's own paint is done
    painted.clear()
    qtbot.keyClick(browser.search_box, "m")
    qtbot.waitUntil(lambda: browser.left_pages.currentWidget() is browser.results)
    qtbot.waitUntil(lambda: painted.get(results, 0) > 0)  # the frame that shows the results
    assert tree not in painted


def test_a_typo_is_corrected_and_the_literal_query_is_one_click_away(qtbot, browser):
    browser.search("misdael pitch")
    status = browser.search_status.text()
    assert "Showing results for <b>misdeal pitch</b>" in status
    assert LITERAL in status
    assert "auction-pitch.american.misdeal-same-dealer" in _row_ids(browser)[0]
    browser.search_status.linkActivated.emit(LITERAL)
    assert "Searched as typed" in browser.search_status.text() or (
        browser.left_pages.currentWidget() is browser.no_results)


def test_a_question_finds_the_dealing_laws(browser):
    browser.search("what happens if the dealer gives too many cards")
    first = _row_ids(browser, 3)
    assert any(any("too-many" in i for i in ids) for ids in first)


def test_a_situation_row_carries_a_text_badge_per_code_and_expands_to_each_law(browser):
    browser.search("maldonne écarté")
    model = browser.results_model
    row = next(r for r in range(model.rowCount()) if len(model.situation(r).codes) > 1)
    text = model.index(row, 0).data(Qt.ItemDataRole.DisplayRole)
    for code in model.situation(row).codes:
        letters = {"english": "EN", "french": "FR", "american": "US"}[code]
        assert f"&nbsp;{letters}&nbsp;" in text  # the badge's text, on the code's colour
    parent = model.index(row, 0)
    assert model.rowCount(parent) == len(model.situation(row).hits)
    child = model.index(0, 0, parent)
    assert model.hit_at(child).law_id == model.situation(row).hits[0].law_id


def test_the_tooltip_says_why_a_law_matched(browser):
    browser.search("revokd")
    tip = browser.results_model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "“revokd” read as “revoke”" in tip


def test_the_result_count_is_shown(browser):
    browser.search("carte blanche")
    model = browser.results_model
    assert f"{model.rowCount()} situation" in browser.search_status.text()
    assert f"{model.law_count()} law" in browser.search_status.text()


def test_an_empty_result_suggests_other_games_and_glossary_terms(browser):
    browser.filters.set_game("conquian")
    browser.search("carte blanche")
    assert browser.left_pages.currentWidget() is browser.no_results
    text = browser.no_results.text()
    assert "No law matches “carte blanche”" in text
    assert ALL_FILTERS in text and "Glossary: carte blanche" in text
    browser.no_results.linkActivated.emit(ALL_FILTERS)
    assert browser.filters.game is None
    assert browser.left_pages.currentWidget() is browser.results


@pytest.mark.parametrize("typed", ["?", "-- !", "“”", "***"])
def test_input_without_a_word_is_told_so_not_that_no_law_matches(browser, typed):
    browser.search(typed)
    assert browser.left_pages.currentWidget() is browser.no_results
    text = browser.no_results.text()
    assert "holds no word to search for" in text
    assert "No law matches" not in text


def test_down_enters_the_results_enter_opens_escape_returns(qtbot, browser):
    browser.search("carte blanche")
    browser.search_box.setFocus()
    qtbot.keyClick(browser.search_box, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is browser.results
    assert browser.results.currentIndex().row() == 0
    qtbot.keyClick(browser.results, Qt.Key.Key_Return)
    assert browser.current_page == f"law:{browser.results_model.hit(0).law_id}"
    qtbot.keyClick(browser.results, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is browser.search_box


def test_while_the_index_is_built_the_browser_says_so_then_shows_results(qtbot, real):
    content, _ = real
    store = DeferredStore(content)
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    store._thread = _Pending()  # as if a worker were still building the index
    screen.search("revoke")
    assert "Building the search index" in screen.search_status.text()
    store._thread = None
    store.warm()
    qtbot.waitUntil(lambda: screen.left_pages.currentWidget() is screen.results)


class _Pending:
    def is_alive(self) -> bool:
        return True


def test_an_index_built_on_a_worker_thread_fills_the_results_when_ready(qtbot, real):
    content, _ = real
    store = DeferredStore(content)
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    screen.search_box.setText("revoke")
    store.warm_in_background()
    qtbot.waitUntil(lambda: screen.left_pages.currentWidget() is screen.results)
    assert screen.results_model.rowCount() > 0


@pytest.mark.parametrize(
    "query", ["misdael pitch", "must I trump if I can't follow suit at ecarte?"])
def test_the_command_line_lists_what_the_search_box_lists(browser, capsys, query):
    import json

    from app.__main__ import main

    browser.search(query)
    model = browser.results_model
    shown = [[h.law_id for h in model.situation(r).hits] for r in range(model.rowCount())]
    assert main(["search", query, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [[law["id"] for law in s["laws"]] for s in data["situations"]] == shown


def test_typing_a_typo_and_a_question_in_the_main_window(qtbot, real):
    from ui.main_window import MainWindow
    from ui.settings import UiSettings

    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    window.show()
    browser = window.browser
    qtbot.keyClicks(browser.search_box, "exposd card ")
    qtbot.waitUntil(lambda: "Showing results for <b>exposed card</b>"
                    in browser.search_status.text())
    assert any("exposed" in h.title.lower() for h in (browser.results_model.hit(r)
                                                        for r in range(3)))
    browser.search_box.clear()
    qtbot.keyClicks(browser.search_box, "what happens if the dealer gives too many cards")
    qtbot.waitUntil(lambda: browser.left_pages.currentWidget() is browser.results)
    qtbot.waitUntil(lambda: "too many" in browser.results_model.hit(0).title.lower())


@pytest.mark.parametrize("width", [1000, 520])
def test_every_result_row_is_tall_enough_for_its_text_at_the_width_it_is_drawn(
        qtbot, browser, width):
    # Rows were once sized at the view's full width but drawn indented: a snippet that
    # wrapped one line more when drawn lost its last line.
    from PySide6.QtGui import QTextDocument

    browser.resize(width, 700)
    browser.search("revoke")
    view = browser.results
    view.expandAll()
    after_turns(qtbot, 3)  # the layout the resize and the expansion asked for is done
    model = browser.results_model
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    rows += [model.index(c, 0, top) for top in rows for c in range(model.rowCount(top))]
    checked = 0
    for index in rows:
        rect = view.visualRect(index)
        if rect.isEmpty():
            continue
        doc = QTextDocument()
        doc.setDefaultFont(view.font())
        doc.setDocumentMargin(6)
        doc.setHtml(index.data())
        doc.setTextWidth(rect.width())
        assert doc.size().height() <= rect.height() + 1, index.data()[:60]
        checked += 1
    assert checked >= 5
