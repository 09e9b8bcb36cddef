"""The glossary: find a term in English or French, read it, go to the laws that use it."""

from __future__ import annotations

import pytest
from helpers import click_link, page_links

from ui.glossary.glossary_screen import GlossaryScreen
from ui.glossary.term_list_model import TERM_ID_ROLE


@pytest.fixture
def glossary(qtbot, store, content) -> GlossaryScreen:
    screen = GlossaryScreen(store, content)
    qtbot.addWidget(screen)
    screen.resize(900, 600)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _listed(screen: GlossaryScreen) -> list[str]:
    return [screen.model.index(r, 0).data(TERM_ID_ROLE) for r in range(screen.model.rowCount())]


def test_every_term_is_listed_at_first(glossary):
    assert _listed(glossary) == ["misdeal", "pone", "talon"]


def test_typing_a_french_form_finds_the_term(qtbot, glossary):
    qtbot.keyClicks(glossary.search_box, "pioche")
    qtbot.waitUntil(lambda: _listed(glossary) == ["talon"])


def test_selecting_a_term_shows_its_forms_and_definition(glossary):
    glossary.show_term("talon")
    text = glossary.page.toPlainText()
    for expected in ("talon", "French", "pioche", "Also called", "stock",
                     "The undealt cards left face down"):
        assert expected in text


def test_the_laws_using_a_term_are_links(glossary):
    glossary.show_term("talon")
    assert "law:rubicon-bezique.french.forgot-to-draw" in page_links(glossary.page)


def test_clicking_a_law_asks_for_it(qtbot, glossary):
    glossary.show_term("misdeal")
    with qtbot.waitSignal(glossary.law_requested) as asked:
        click_link(qtbot, glossary.page, "law:ecarte.american.wrong-count-dealt")
    assert asked.args == ["ecarte.american.wrong-count-dealt"]


def test_showing_a_hidden_term_clears_the_filter(glossary):
    glossary.search_box.setText("pone")
    glossary.search_box.flush()
    glossary.show_term("talon")
    assert glossary.terms.currentIndex().data(TERM_ID_ROLE) == "talon"


def test_no_match_says_so(glossary):
    glossary.search_box.setText("xylophone")
    glossary.search_box.flush()
    assert "No term matches" in glossary.page.toPlainText()
