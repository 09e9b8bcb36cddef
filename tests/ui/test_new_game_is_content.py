"""A new game is content: a games file, a few laws and a glossary in a content directory of
their own ($CARDLAWS_CONTENT_DIR) are browsed, validated, ruled and laid on the builder's table
with no change to the code. The fixture game, All Fours, is one the code has never named."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.loading import load_content
from app.corpus.vocabulary import GAMES
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import Scenario, parse_scenario
from app.search.store import LawsStore
from app.table_builder import check_table, deal_at_random, new_table, stages_for
from ui.browser.browser_screen import BrowserScreen

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixture_new_game"
# North holds spades and discards a diamond to a spade lead: no handler knows All Fours.
PLAY = {
    "game": "all-fours", "stage": "play", "turn_up": "7H",
    "hands": {"North": ["KS", "2S", "AD"]},
    "trick": {"leader": "South", "cards": ["9S"]},
    "event": {"type": "play", "player": "North", "card": "AD"},
}


@pytest.fixture
def fixture_dir(monkeypatch) -> Path:
    monkeypatch.setenv("CARDLAWS_CONTENT_DIR", str(FIXTURE))
    return FIXTURE


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDLAWS_CONTENT_DIR": str(FIXTURE)}
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1800)


def test_the_new_game_is_discovered_from_its_file(fixture_dir):
    content = load_content(seeds_dir=None)  # from $CARDLAWS_CONTENT_DIR
    assert set(content.games) == {"all-fours"}
    assert dict(GAMES) == {"all-fours": "All Fours", "general": "General principles"}
    game = build_games(content)["all-fours"]
    assert game.has_turn_up and game.turn_up_fixes_trump and not game.has_bidding
    assert game.seat_range == (2, 2) and game.tricks_per_hand == 6


def test_the_browser_shows_the_new_games_laws(qtbot, fixture_dir):
    content = load_content(seeds_dir=None)
    screen = BrowserScreen(LawsStore(content), content)
    qtbot.addWidget(screen)
    screen.show_law("all-fours.american.revoke")
    text = screen.page.toPlainText()
    assert text.startswith("A revoke at All Fours")
    assert "The adversary scores one point." in text
    games = [screen.tree_model.index(row, 0).data()
             for row in range(screen.tree_model.rowCount())]
    assert any("All Fours" in str(name) for name in games)


def test_the_command_line_validates_and_rules_it(tmp_path):
    assert _cli("validate").returncode == 0
    path = tmp_path / "play.json"
    path.write_text(json.dumps(PLAY), encoding="utf-8")
    done = _cli("rule", str(path), "--json")
    assert done.returncode == 0, done.stderr
    (ruling,) = json.loads(done.stdout)["rulings"]
    assert ruling["code"] == "american" and ruling["outcome"] == "not-covered"
    assert ruling["laws"] == ["all-fours.american.guiding-principle"]


def test_the_builder_lays_and_deals_its_table(fixture_dir):
    content = load_content(seeds_dir=None)
    games = build_games(content)
    game = games["all-fours"]
    assert isinstance(check_table(new_table(game), games), Scenario)
    rng = random.Random(4)
    for stage in stages_for(game):
        dealt = deal_at_random(new_table(game), game, stage, rng)
        scenario = check_table(dealt, games)
        assert isinstance(scenario, Scenario), (stage, scenario)
        assert rule(scenario, games, content).rulings
    scenario = parse_scenario(PLAY, games)
    assert rule(scenario, games, content).for_code("american").outcome == "not-covered"
