"""The builder asks for the facts a ruling turns on that its table does not give."""

from __future__ import annotations

import pytest

from app.corpus.loading import load_content
from ui.builder.builder_screen import BuilderScreen
from ui.builder.recent_files import RecentFiles


@pytest.fixture(scope="module")
def shipped():
    return load_content()


def test_the_builder_asks_for_the_hands_an_empty_table_does_not_give(qtbot, shipped):
    """An empty Écarté table ruled "the deal stands. Both hands hold five cards. The
    hands' counts are not given." It now asks for them."""
    builder = BuilderScreen(shipped, recent=RecentFiles(None))
    qtbot.addWidget(builder)
    builder.show()
    builder.set_game("ecarte")
    raw = {"game": "ecarte", "event": {"type": "wrong-count"}}
    builder.document.start(raw)
    qtbot.waitUntil(lambda: builder.ruling_panel.ruling is not None)
    assert "Give the hands (or their counts) to rule this." in builder.ruling_panel.banner.text()
    english = builder.ruling_panel.ruling.for_code("english")
    assert english.outcome == "depends" and english.needs[0] == "count-error"
    assert "deal stands" not in builder.ruling_panel.columns["english"].outcome.text()


def test_the_builder_asks_whose_lead_it_was_at_cinch_after_a_trick(qtbot, shipped):
    builder = BuilderScreen(shipped, recent=RecentFiles(None))
    qtbot.addWidget(builder)
    builder.show()
    raw = {"game": "cinch", "stage": "play", "tricks_played": 2,
           "event": {"type": "lead-out-of-turn", "player": "North", "card": "9C"}}
    builder.document.start(raw)
    qtbot.waitUntil(lambda: builder.ruling_panel.ruling is not None)
    assert ("Give whose lead it was: the trick in progress and its leader to rule this."
            in builder.ruling_panel.banner.text())
