"""The screens over the real content in content/: the laws as shipped, not a fixture."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.compare.compare_screen import CompareScreen
from ui.main_window import MainWindow
from ui.settings import UiSettings


@pytest.fixture(scope="module")
def real() -> tuple[Content, LawsStore]:
    content = load_content()
    return content, LawsStore(content)


def test_compare_rubicon_bezique_has_english_and_french_columns(qtbot, real):
    content, store = real
    screen = CompareScreen(store, content)
    qtbot.addWidget(screen)
    screen.show_game("rubicon-bezique")
    model = screen.model
    headers = [model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
               for c in range(model.columnCount())]
    assert headers == ["Situation", "English", "French", "Contrast"]
    rows = model.situations()
    assert any(row.cells["english"] and row.cells["french"] for row in rows)


def test_every_law_page_renders(qtbot, real):
    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    for law_id in content.laws:
        window.browser.show_law(law_id)
        assert "Not found" not in window.browser.page.toPlainText()[:20], law_id


def test_every_game_page_renders(qtbot, real):
    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    for game in content.games:
        window.browser.open(f"game:{game}")
        assert content.games[game].name in window.browser.page.toPlainText()


def test_the_renounce_entry_shows_its_games_like_the_others(qtbot, real):
    from ui.glossary.glossary_screen import GlossaryScreen

    content, store = real
    screen = GlossaryScreen(store, content)
    qtbot.addWidget(screen)
    screen.show_term("renounce")
    text = screen.page.toPlainText()
    assert "Games" in text
    for name in ("Bézique", "Écarté", "Cinch", "Auction Pitch"):
        assert name in text
    assert "Conquian" not in text.split("Laws using this term")[0]  # no tricks, no renouncing


def test_a_law_page_links_the_examples_and_rehearsals_that_cite_it(qtbot, real):
    from helpers import click_link, page_links

    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    # An example whose ruling cites the law opens in the builder.
    window.open_law("auction-pitch.american.follow-trump-lead")
    page = window.browser.page
    example = "example:auction-pitch-trumps-led-must-follow.json"
    assert example in page_links(page)
    assert "Examples that cite it" in page.toPlainText()
    assert "Trumps led: a trump must be played" in page.toPlainText()
    click_link(qtbot, page, example)
    qtbot.waitUntil(lambda: window.current_screen == "builder")
    assert window.builder.raw["event"] == {"type": "play", "player": "Dan", "card": "AH"}
    # A rehearsal whose irregularity is ruled by the law opens on the Rehearse screen.
    window.open_law("cinch.american.lead-in-partners-turn")
    rehearsal = "rehearsal:cinch-lead-in-partners-turn.json"
    assert rehearsal in page_links(page)
    click_link(qtbot, page, rehearsal)
    qtbot.waitUntil(lambda: window.current_screen == "rehearse")
    assert window.screen("rehearse").title.text() == "Cinch: a lead in the partner's turn"
