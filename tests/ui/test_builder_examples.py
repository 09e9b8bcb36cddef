"""Every example scenario, opened in the builder, shows exactly the engine's ruling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.engine.ruling import CodeRuling, Decision, Duty, Option
from app.engine.ruling_words import ruling_meaning
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
        # A duty is listed with the options (what a side may or must do), under a heading
        # naming what the list holds: a duty alone is not shown under "Options".
        assert ("None." in shown) == (not expected.options and not expected.duties)
        heading = ("Duties" if not expected.options else "Options and duties") \
            if expected.duties else "Options"
        headings = [line.removesuffix(" (the codes differ)") for line in shown.splitlines()]
        assert heading in headings, (expected.code, heading)
        if expected.duties and not expected.options:
            assert "Options" not in headings, expected.code
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


@pytest.mark.parametrize("name, code, shown, not_shown", [
    # Enquire Within: the player who played without drawing must draw two next time (a duty,
    # no option): the outcome's line names the duties, not options the ruling does not give.
    ("bezique-forgot-to-draw", "english", "the duties say who must do what", "the options say"),
    # Seed 003:1: a long hand played to the first trick, his side scoring nothing (a duty).
    ("cinch-too-many-after-first-trick", "american", "the duties say who must do what",
     "the options say"),
])
def test_the_outcome_line_says_what_the_ruling_shows(screen: BuilderScreen, shipped: Content,
                                                     name: str, code: str, shown: str,
                                                     not_shown: str) -> None:
    assert screen.open_example(CONTENT_DIR / "scenarios" / f"{name}.json")
    line = screen.ruling_panel.columns[code].meaning.text()
    assert shown in line and not_shown not in line, line


def test_the_outcome_line_names_options_duties_both_or_neither() -> None:
    penalised = Decision("penalty", (), "")
    call = (Option("call-card", "North"),)
    duty = (Duty("take-back", "South"),)
    said = {
        words: ruling_meaning(CodeRuling("english", msgspec.structs.replace(
            penalised, options=options, duties=duties)))
        for words, options, duties in [("options", call, ()), ("duties", (), duty),
                                       ("both", call, duty), ("neither", (), ())]}
    assert said["options"] == ("The offender is penalised; the options say what the "
                               "adversary may choose.")
    assert said["duties"] == "The offender is penalised; the duties say who must do what."
    assert "options say" in said["both"] and "duties say" in said["both"]
    assert "options" not in said["neither"] and "duties" not in said["neither"]
