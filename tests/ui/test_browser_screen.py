"""The rules browser: search as you type, pages, links, history and the browse tree."""

from __future__ import annotations

import pytest
from helpers import anchor_point, click_index, click_link, page_links
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextCursor

from ui.browser.browser_screen import BrowserScreen
from ui.browser.law_tree_model import LINK_ROLE

SURPLUS_EN = "rubicon-bezique.english.surplus-after-first-trick"
SURPLUS_FR = "rubicon-bezique.french.surplus-after-first-trick"


@pytest.fixture
def browser(qtbot, store, content) -> BrowserScreen:
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    screen.resize(1000, 700)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def test_typing_a_query_shows_the_expected_law_first(qtbot, browser):
    qtbot.keyClicks(browser.search_box, "misdeal")
    qtbot.waitUntil(lambda: browser.left_pages.currentWidget() is browser.results)
    # Both codes' laws of the situation say "misdeal"; either may rank first.
    assert browser.results_model.hit(0).law_id in {
        "ecarte.american.wrong-count-dealt", "ecarte.english.wrong-count-dealt"}


def test_results_follow_the_typing_after_a_pause(qtbot, browser):
    with qtbot.waitSignal(browser.search_box.query_settled):
        qtbot.keyClicks(browser.search_box, "void")
    assert browser.results_model.hit(0).law_id == "rubicon-bezique.english.both-surplus"


def test_clicking_a_result_opens_its_page(qtbot, browser):
    browser.search("misdeal")
    index = browser.results_model.index(0, 0)
    with qtbot.waitSignal(browser.page_shown) as shown:
        click_index(qtbot, browser.results, index)
    hit = browser.results_model.hit(0)
    assert shown.args == [f"law:{hit.law_id}"]
    assert browser.page.toPlainText().startswith(hit.title)


def test_return_in_the_search_box_opens_the_first_result(qtbot, browser):
    browser.search("bystander")
    qtbot.keyClick(browser.search_box, Qt.Key.Key_Return)
    assert browser.current_page == "law:ecarte.french.bystander-advice"


def test_clearing_the_search_shows_the_browse_tree(qtbot, browser):
    browser.search("talon")
    assert browser.left_pages.currentWidget() is browser.results
    browser.search_box.clear()
    qtbot.waitUntil(lambda: browser.left_pages.currentWidget() is browser.tree)


def test_a_query_matching_nothing_says_so(qtbot, browser):
    browser.search("xylophone")
    assert browser.left_pages.currentWidget() is browser.no_results


def test_law_page_shows_text_situation_remedy_and_source(browser):
    browser.show_law(SURPLUS_EN)
    text = browser.page.toPlainText()
    for expected in ("Too many cards found after the first trick", "Situation", "Remedy",
                     "capped at 900", "Portland Club 1887", "Foster's Complete Hoyle (1897)",
                     "Irregularities in the Hands", "French: more lenient"):
        assert expected in text


def test_following_a_counterpart_link_lands_on_the_other_codes_law(qtbot, browser):
    browser.show_law(SURPLUS_EN)
    with qtbot.waitSignal(browser.page_shown):
        click_link(qtbot, browser.page, f"law:{SURPLUS_FR}")
    assert browser.current_page == f"law:{SURPLUS_FR}"
    assert "English: stricter" in browser.page.toPlainText()


def test_related_laws_are_links(browser):
    browser.show_law(SURPLUS_EN)
    assert "law:rubicon-bezique.english.both-surplus" in page_links(browser.page)


def test_a_term_of_art_is_underlined_with_its_definition_on_hover(browser):
    browser.show_law(SURPLUS_EN)
    point = anchor_point(browser.page, "term:talon")
    cursor = browser.page.cursorForPosition(point)
    cursor.movePosition(QTextCursor.MoveOperation.Right)
    fmt = cursor.charFormat()
    assert fmt.fontUnderline()
    assert "undealt cards left face down" in fmt.toolTip()


def test_clicking_a_term_asks_for_the_glossary(qtbot, browser):
    browser.show_law(SURPLUS_EN)
    with qtbot.waitSignal(browser.term_requested) as asked:
        click_link(qtbot, browser.page, "term:talon")
    assert asked.args == ["talon"]


def test_selecting_a_game_shows_its_facts(qtbot, browser):
    index = browser.tree_model.index_of("game:rubicon-bezique")
    browser.tree.setCurrentIndex(index)
    text = browser.page.toPlainText()
    for expected in ("Rubicon Bézique", "Players", "128 cards", "Deal", "Trumps",
                     "While the stock lasts", "Follow suit and win the trick if able",
                     "Scores", "Carte blanche", "Codes of laws", "status quo"):
        assert expected in text


def test_selecting_a_law_in_the_tree_opens_it(qtbot, browser):
    index = browser.tree_model.index_of(f"law:{SURPLUS_FR}")
    click_index(qtbot, browser.tree, index)
    assert browser.current_page == f"law:{SURPLUS_FR}"


def test_the_code_filter_keeps_only_that_codes_laws(browser):
    browser.filters.set_code("french")
    links = _tree_links(browser)
    assert f"law:{SURPLUS_FR}" in links
    assert f"law:{SURPLUS_EN}" not in links


def test_the_game_filter_narrows_the_search(browser):
    browser.filters.set_game("ecarte")
    browser.search("cards")
    ids = {browser.results_model.hit(r).law_id for r in range(browser.results_model.rowCount())}
    assert ids and all(i.startswith("ecarte.") for i in ids)


def test_showing_a_law_selects_it_in_the_tree(browser):
    browser.show_law(SURPLUS_FR)
    assert browser.tree.currentIndex().data(LINK_ROLE) == f"law:{SURPLUS_FR}"


def test_an_unknown_law_says_not_found(browser):
    browser.open("law:no-such-law")
    assert "Not found" in browser.page.toPlainText()


def _tree_links(browser: BrowserScreen) -> set[str]:
    model = browser.tree_model
    found: set[str] = set()

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            found.add(index.data(LINK_ROLE))
            if model.canFetchMore(index):  # a topic's laws load when it is opened
                model.fetchMore(index)
            walk(index)

    walk(QModelIndex())
    return found


def _listed_at(model, law_id: str) -> QModelIndex:
    """The row of the results that names this law (searched by hand, as a reader would)."""
    for row in range(model.rowCount()):
        top = model.index(row, 0)
        for sub in range(model.rowCount(top)):
            if model.hit_at(model.index(sub, 0, top)).law_id == law_id:
                return model.index(sub, 0, top)
        if model.hit_at(top).law_id == law_id:
            return top
    return QModelIndex()


def test_following_a_link_from_a_law_page_moves_the_results_selection(qtbot, browser):
    browser.search("surplus")
    model = browser.results_model
    start = _listed_at(model, SURPLUS_EN)
    assert start.isValid() and _listed_at(model, SURPLUS_FR).isValid()
    click_index(qtbot, browser.results, start)
    assert browser.current_page == f"law:{SURPLUS_EN}"
    with qtbot.waitSignal(browser.page_shown):
        click_link(qtbot, browser.page, f"law:{SURPLUS_FR}")
    current = browser.results.currentIndex()
    assert model.hit_at(current).law_id == SURPLUS_FR
    assert browser.results.selectionModel().isSelected(current)
    # A law the results do not list leaves no result selected (none names the page).
    browser.show_law("ecarte.french.bystander-advice")
    assert not browser.results.selectionModel().hasSelection()
