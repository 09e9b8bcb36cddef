"""Every example scenario, opened in the builder, shows exactly the engine's ruling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import load_scenario_file
from ui.builder.builder_screen import BuilderScreen
from ui.builder.recent_files import RecentFiles
from ui.builder.ruling_column import option_words, outcome_words, score_words

EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))


@pytest.fixture(scope="module")
def shipped() -> Content:
    return load_content()


@pytest.fixture(scope="module")
def screen(qapp, shipped) -> Iterator[BuilderScreen]:
    """One builder for the module: opening an example replaces the whole table."""
    builder = BuilderScreen(shipped, recent=RecentFiles(None))
    builder.resize(1200, 760)
    builder.show()
    yield builder
    builder.close()
    builder.deleteLater()


def test_there_are_examples_to_check():
    assert len(EXAMPLES) >= 24


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_ruling_on_screen_is_the_engines(screen: BuilderScreen, shipped: Content,
                                             path: Path):
    assert screen.open_example(path)
    games = build_games(shipped)
    engine = rule(load_scenario_file(path, games), games, shipped)
    panel = screen.ruling_panel
    assert list(panel.columns) == [r.code for r in engine.rulings]
    differs = engine.differences()
    silent = [r for r in engine.rulings if r.outcome == "not-covered"]
    for expected in engine.rulings:
        column = panel.columns[expected.code]
        assert column.outcome.text() == outcome_words(expected.outcome)
        assert ("background" in column.outcome.styleSheet()) == ("outcome" in differs)
        shown = column.details.toPlainText()
        for words in option_words(expected) + score_words(expected):
            assert words in shown, expected.code
        # A duty is listed with the options (what a side may or must do).
        assert ("None." in shown) == (not expected.options and not expected.duties)
        assert ("No change." in shown) == (not expected.score)
        # The facts the ruling turned on, each said as the engine says it.
        assert ("Decided by" in shown) == bool(expected.grounds)
        for ground in expected.grounds:
            assert ground.words in shown, (expected.code, ground.words)
        assert expected.explanation in shown
        analogues = [a.law for a in expected.analogues]
        assert column.law_links() == list(dict.fromkeys([*expected.laws, *analogues]))
        assert ("By analogy, not a ruling" in shown) == bool(analogues)
    banner = panel.banner.text()
    if silent:
        # "The codes agree" is never said of codes that say nothing.
        assert "codes agree" not in banner
        assert "Not covered" in banner or "only the" in banner
    elif len(engine.rulings) < 2:
        assert not panel.banner.isVisibleTo(screen)
    elif differs:
        assert "differ" in banner and all(part in banner for part in differs)
    else:
        assert "agree" in banner
