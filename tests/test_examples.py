"""The example scenarios (content/scenarios/*.json) are ruled as their "expected" says.

Each file carries, per code of laws, the outcome the seed texts give (and, optionally, the
option ids, the score and laws that must be cited). The expectations were written from the
laws, not from the engine's output: where the engine disagrees, the case is marked xfail
below with the reason, and the expectation is kept.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.loading import load_content
from app.engine import rule
from app.engine.ruling import OPTIONS, OUTCOMES
from app.model.events import EVENTS
from app.model.games import build_games
from app.model.scenario import load_scenario_file

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "content" / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))
EXPECTED_KEYS = {"outcome", "winner", "options", "duties", "option_scores", "score", "laws"}

# (scenario stem, code) -> why the engine's ruling differs from the seed's.
DISAGREEMENTS: dict[tuple[str, str], str] = {}


def _raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _cases() -> list:
    cases = []
    for path in FILES:
        for code in sorted(_raw(path).get("expected", {})):
            reason = DISAGREEMENTS.get((path.stem, code))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            cases.append(pytest.param(path, code, id=f"{path.stem}[{code}]", marks=marks))
    return cases


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def games(content):
    return build_games(content)


def test_there_are_example_scenarios():
    assert len(FILES) >= 24


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_is_well_formed(path, games, content):
    raw = _raw(path)
    game = raw["game"]
    assert path.stem.startswith(game + "-"), "file name must be <game>-<short-name>.json"
    for key in ("title", "description"):
        text = raw.get(key)
        assert isinstance(text, str) and text.strip(), f"{key} missing"
        assert ". " not in text.strip(), f"{key}: one sentence"
    assert raw["description"].rstrip().endswith(".")
    expected = raw.get("expected")
    assert isinstance(expected, dict) and expected, "expected missing"
    scenario = load_scenario_file(path, games)
    for code, exp in expected.items():
        assert code in scenario.codes, f"expected names {code!r}, not a code in force"
        assert set(exp) <= EXPECTED_KEYS, f"{code}: unknown keys {set(exp) - EXPECTED_KEYS}"
        assert exp["outcome"] in OUTCOMES
        for opt in exp.get("options", []):
            assert opt in OPTIONS, f"{code}: unknown option {opt!r}"
        assert exp.get("options", []) == sorted(exp.get("options", []))
        for law_id in exp.get("laws", []):
            assert law_id in content.laws, f"{code}: no law {law_id!r} in content"


@pytest.mark.parametrize(("path", "code"), _cases())
def test_example_is_ruled_as_expected(path, code, games, content):
    scenario = load_scenario_file(path, games)
    exp = _raw(path)["expected"][code]
    ruling = rule(scenario, games, content).for_code(code)
    got = ruling.to_json()
    assert ruling.outcome == exp["outcome"], got["explanation"]
    if "winner" in exp:  # who wins the game, where it is won (Decision.winner)
        assert ruling.winner == exp["winner"], got
    if "options" in exp:
        assert sorted(o.id for o in ruling.options) == exp["options"], got
    if "duties" in exp:  # what a side must do, whoever chooses what (app/engine/terms.py)
        assert sorted(d.id for d in ruling.duties) == exp["duties"], got
    if "score" in exp:
        assert dict(ruling.score) == exp["score"], got
    for option_id, score in exp.get("option_scores", {}).items():
        assert [dict(o.score) for o in ruling.options if o.id == option_id] == [score], got
    if "laws" in exp:
        assert set(exp["laws"]) <= set(ruling.laws), got


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_rulings_are_complete_and_cite_real_laws(path, games, content):
    scenario = load_scenario_file(path, games)
    ruling = rule(scenario, games, content)
    codes = [r.code for r in ruling.rulings]
    assert sorted(codes) == sorted(scenario.codes)
    assert len(codes) == len(set(codes)), "one ruling per code in force"
    assert ruling.game == scenario.game
    assert ruling.event == scenario.event.type
    for r in ruling.rulings:
        assert r.outcome in OUTCOMES
        assert r.explanation.strip()
        for law_id in r.laws:
            assert law_id in content.laws, f"{r.code} cites unknown law {law_id}"
        for opt in r.options:
            assert opt.id in OPTIONS
            assert opt.by in scenario.players


def test_examples_cover_every_event_type():
    used = {_raw(path)["event"]["type"] for path in FILES}
    assert set(EVENTS) - used == set()


def test_examples_cover_every_game(games):
    used = {_raw(path)["game"] for path in FILES}
    assert set(games) - used == set()


@pytest.mark.parametrize("path", FILES[:1] + FILES[-1:], ids=lambda p: p.stem)
def test_example_validates_from_the_command_line(path):
    done = subprocess.run(
        [sys.executable, "-m", "app", "rule", str(path), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["event"] == _raw(path)["event"]["type"]


# Seed laws that state a principle, a definition or a fact of play rather than a remedy an
# event can trigger: the rules browser shows them, the engine cites them in explanations.
NOT_RULED_BY_AN_EVENT = {
    "auction-pitch.american.winning-the-trick": "how a trick is won, used by every play ruling",
    "bezique.french.status-quo-principle": "the French principle, cited when a code is silent",
    "rubicon-bezique.english.adversary-presumed-rogue": "the English principle",
    "conquian.american.deal-alternates": "the order of dealing",
    "ecarte.american.dealer-exchanges-after-pone": "the procedure of the exchange",
    "ecarte.american.pone-stands-or-proposes": "the procedure of proposing (it scores nothing)",
    "ecarte.american.dealer-accepts-or-refuses": "the procedure of answering a proposal",
    "general.american.exposed-cards-left-on-table": "partnership games with their own laws",
    "general.american.lead-out-of-turn-call-a-suit": "partnership games with their own laws",
    "general.american.error-induced-by-adversary": "the principle behind the take-back option",
    "general.american.play-after-amended-revoke": "no event models an amended revoke",
    "pinochle.american.score-when-made": "advice on when to mark scores",
    "pinochle.american.game-of-1000": "the length of the game",
}


def test_every_seed_law_that_rules_an_event_is_exercised_by_an_example(content, games):
    cited: set[str] = set()
    for path in FILES:
        ruling = rule(load_scenario_file(path, games), games, content)
        for r in ruling.rulings:
            cited |= set(r.laws)
    seed_laws = {law.id for law in content.laws.values() if law.seed_citation}
    assert set(NOT_RULED_BY_AN_EVENT) <= seed_laws
    missing = sorted(seed_laws - cited - set(NOT_RULED_BY_AN_EVENT))
    assert not missing, f"seed laws no example scenario exercises: {missing}"
