"""Rulings with no condition are data: a law declares its ruling (`[law.ruling]`), the engine
rules it by one path, and a wrong declaration is named by file, law and field."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.checks import ContentError
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.engine.core import data_ruling_problems, has_handler, registered
from app.model.games import build_games
from app.model.scenario import load_scenario_file, parse_scenario
from app.table_builder.deal import random_table_json

ROOT = Path(__file__).resolve().parent.parent
CONTENT = load_content()
LAWS = "laws/conquian.toml"
LAW = "conquian.american.looking-at-stock"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_declared_rulings_are_sound_and_rule_their_examples():
    assert not data_ruling_problems(CONTENT)
    declared = [law for law in CONTENT.laws.values() if law.ruling is not None]
    # (21 since Cinch's abandoned hand is ruled by its handler: a hand holding trumps may
    # have them barred, seed 003:4; 20 since Rubicon's English forgot-to-draw is too: the last
    # trick goes to the adversary whose hand is right, the tenth blind round's #127.)
    assert len(declared) == 20
    games = build_games(CONTENT)
    scenario = load_scenario_file(CONTENT_DIR / "scenarios" / "conquian-peeked-at-stock.json",
                                  games)
    ruling = rule(scenario, games, CONTENT).rulings[0]
    offender = scenario.event.player
    adversary = next(p for p in scenario.players if p != offender)
    # Foster 1897 (seed 000:4): the adversary may look through the whole stock.
    assert ruling.outcome == "penalty" and ruling.laws == (LAW,)
    assert [(o.id, o.by) for o in ruling.options] == [("look-at-stock", adversary)]
    assert ruling.explanation.startswith(f"{offender} looked at cards of the stock")
    assert "{" not in ruling.explanation


# The laws file edits that break a ruling's shape, and the field the error must name.
BROKEN = {
    "a seat that is no role": (
        'by = "adversary" }]\nexplanation = "{offender} looked',
        'by = "opponent" }]\nexplanation = "{offender} looked', "ruling.options[0].by"),
    "a placeholder that is no role": (
        'so {adversary} may look', 'so {victim} may look', "ruling.explanation"),
    "points that are not a number": (
        'event = "peeked-at-stock"', 'event = "peeked-at-stock"\nscore = { adversary = "ten" }',
        "ruling.score.adversary"),
    "an unknown field": (
        'event = "peeked-at-stock"', 'event = "peeked-at-stock"\nheadline = "x"',
        "ruling.headline"),
    "another law cited that does not exist": (
        'event = "peeked-at-stock"',
        'event = "peeked-at-stock"\nalso_cites = ["conquian.american.no-such-law"]',
        "ruling.also_cites"),
    "two laws ruling one event": (
        'event = "drew-out-of-turn"', 'event = "peeked-at-stock"', "ruling.event"),
    "no explanation": (
        'explanation = "{offender} looked at cards', 'explained = "{offender} looked at cards',
        "ruling.explanation"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_ruling_is_refused_at_load_naming_file_law_and_field(tree, case):
    old, new, field = BROKEN[case]
    _edit(tree / LAWS, old, new)
    with pytest.raises(ContentError) as err:
        load_content(tree)
    named = [(p.file, p.field) for p in err.value.problems]
    assert (LAWS, field) in named, err.value
    assert all(p.entry.startswith("conquian.american.") for p in err.value.problems)


# What only the engine and the model know: their ids, the seats an event names, and the
# handlers. `python -m app validate` checks them too.
ENGINE = {
    "an unknown outcome": ('outcome = "penalty"\noptions = [{ id = "look-at-stock"',
                           'outcome = "banished"\noptions = [{ id = "look-at-stock"',
                           "ruling.outcome"),
    "an unknown option": ('id = "look-at-stock"', 'id = "peek-back"', "ruling.options[0].id"),
    "an unknown event": ('event = "peeked-at-stock"', 'event = "peeked-at-the-moon"',
                         "ruling.event"),
    "an event a handler already rules": ('event = "peeked-at-stock"',
                                         'event = "wrong-count"', "ruling.event"),
}


@pytest.mark.parametrize("case", list(ENGINE))
def test_an_id_the_engine_does_not_know_is_named_by_validate(tree, case):
    old, new, field = ENGINE[case]
    _edit(tree / LAWS, old, new)
    found = [(p.file, p.entry, p.field) for p in data_ruling_problems(load_content(tree))]
    assert (LAWS, LAW, field) in found and {entry for _, entry, _ in found} == {LAW}
    done = subprocess.run([sys.executable, "-m", "app", "validate", str(tree)],
                          capture_output=True, text=True, cwd=ROOT, timeout=1800)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert LAWS in done.stderr and LAW in done.stderr and field in done.stderr


def test_the_adversary_of_a_four_handed_game_is_refused(tree):
    # A ruling declared on a four-handed game's law naming "the adversary" of the offender.
    law_end = ('section = "Cinch: Playing Out of Turn"\nrelated = ["cinch.american.exposed-'
               'cards-stay-face-up", "cinch.american.exposed-card-faced"]\n\n# ----')
    _edit(tree / "laws/cinch.toml", law_end, law_end.replace(
          "\n\n# ----", "\n"
          '\n[law.ruling]\nevent = "bid-out-of-turn"\noutcome = "penalty"\n'
          'options = [{ id = "call-card", by = "adversary" }]\n'
          'explanation = "{offender} bid out of turn."\n\n# ----'))
    found = data_ruling_problems(load_content(tree))
    assert [(p.entry, p.field) for p in found] == [("cinch.american.abandoned-hand", "ruling")]


def test_a_ruling_with_an_unknown_outcome_stops_with_the_law_named_not_a_traceback(tree):
    _edit(tree / LAWS, 'outcome = "penalty"\noptions = [{ id = "look-at-stock"',
          'outcome = "banished"\noptions = [{ id = "look-at-stock"')
    content = load_content(tree)
    games = build_games(content)
    scenario = load_scenario_file(CONTENT_DIR / "scenarios" / "conquian-peeked-at-stock.json",
                                  games)
    with pytest.raises(ContentError, match=r"looking-at-stock'.*'ruling\.outcome'"):
        rule(scenario, games, content)


def _peeked_at_bezique(games):
    game = games["bezique"]
    rng = random.Random(7)
    return parse_scenario(
        random_table_json(game, game.stages_of("peeked-at-stock")[0], "peeked-at-stock", rng),
        games)


def test_a_new_constant_ruling_is_one_laws_file_edit(tree):
    """A ruling no handler gives, declared on a law: the engine rules it, the registry and
    the analogue search see it, and no code changes."""
    before = load_content(tree)
    games = build_games(before)
    scenario = _peeked_at_bezique(games)
    assert rule(scenario, games, before).for_code("english").outcome == "not-covered"
    assert not has_handler("bezique", "english", "peeked-at-stock", before)
    law_end = ('related = ["bezique.english.lead-out-of-turn-played-to", '
               '"bezique.english.drew-out-of-turn"]\n')
    _edit(tree / "laws/bezique.toml", law_end, law_end
          + '[law.ruling]\nevent = "peeked-at-stock"\noutcome = "penalty"\n'
          'score = { adversary = 10 }\n'
          'explanation = "{offender} looked at the stock: he forfeits 10 to {adversary}."\n')
    after = load_content(tree)
    games = build_games(after)
    scenario = _peeked_at_bezique(games)
    ruling = rule(scenario, games, after).for_code("english")
    offender = scenario.event.player
    adversary = next(p for p in scenario.players if p != offender)
    assert ruling.outcome == "penalty" and ruling.laws == ("bezique.english.play-out-of-turn",)
    assert dict(ruling.score) == {adversary: 10}
    assert ruling.explanation == f"{offender} looked at the stock: he forfeits 10 to {adversary}."
    assert has_handler("bezique", "english", "peeked-at-stock", after)
    assert ("bezique", "english", "peeked-at-stock") in registered(after)
    assert ("bezique", "english", "peeked-at-stock") not in registered(CONTENT)
