"""Every quiz table is a real moment of a real deal (issue 25 §1): it parses, its cards add up
to the pack, its scores are reachable in that game, its stock agrees with the tricks played, and
the stage and timing its words speak of agree with its facts.

The checks (quizzes/possible.py) read the table and the game only, never how it was made.
"""

from __future__ import annotations

import random

import pytest

from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.moments import deal_moment
from quizzes.possible import table_problems
from quizzes.questions import QuestionError
from quizzes.survey import handled_events

BANK = default_bank()
COMBOS = [(gid, stage, event) for gid in sorted(BANK.games)
          for event in handled_events(BANK, gid) for stage in BANK.games[gid].stages_of(event)]


@pytest.mark.parametrize("gid", sorted(BANK.games))
def test_every_moment_dealt_for_a_quiz_could_happen(gid):
    dealt = 0
    for combo in (c for c in COMBOS if c[0] == gid):
        for k in range(4):
            moment = deal_moment(BANK, combo, random.Random(f"{combo}:{k}"))
            if moment is None:
                continue
            dealt += 1
            assert table_problems(moment.table, BANK.games) == [], (combo, k, moment.table)
            assert moment.scenario.stage in (combo[1], "hand-over"), combo
            assert moment.scenario.event.type == combo[2]
    assert dealt > 0


def test_the_generated_tables_of_every_question_type_could_happen():
    """A sample of the bank's items, each type, built for two seeds."""
    by_type: dict[str, list] = {}
    for info in BANK.items.values():
        by_type.setdefault(info.type, []).append(info)
    checked = 0
    for qtype, infos in sorted(by_type.items()):
        rng = random.Random(qtype)
        for info in rng.sample(infos, min(25, len(infos))):
            for seed in (0, 1):
                try:
                    q = BANK.generate(qtype, info.law, seed)
                except QuestionError:
                    continue
                if q.table is None:
                    continue
                checked += 1
                assert table_problems(q.table, BANK.games) == [], (q.id, q.table)
    assert checked > 50


def test_the_checks_find_the_tables_the_audit_found():
    """Tables of the kinds the blind audit met: each is named as impossible."""
    base = {"game": "cinch", "players": ["North", "East", "South", "West"], "dealer": "West",
            "stage": "play", "tricks_played": 2, "trump": "H",
            "bid": {"player": "North", "amount": 6},
            "hands": {"North": 4, "East": 4, "South": 4, "West": 4},
            "scores": {"North": 0, "East": 0, "South": 0, "West": 0},
            "stock": 28, "event": {"type": "wrong-count"}}
    assert table_problems(base, BANK.games) == []
    assert table_problems({**base, "scores": {**base["scores"], "North": 860}}, BANK.games)
    assert table_problems({**base, "stock": 36}, BANK.games)
    rubicon = {"game": "rubicon-bezique", "players": ["North", "South"], "dealer": "South",
               "stage": "play", "tricks_played": 2, "hands": {"North": 9, "South": 9},
               "stock": 110, "scores": {"North": 0, "South": 0},
               "event": {"type": "imperfect-pack"}}
    assert any("stock" in p for p in table_problems(rubicon, BANK.games))
    assert table_problems({**rubicon, "stock": 106}, BANK.games) == []
    blanche = {**rubicon, "stage": "deal", "tricks_played": 0, "stock": 110, "hands_seen": [],
               "event": {"type": "carte-blanche", "player": "North", "repeated": True}}
    problems = table_problems(blanche, BANK.games)
    assert any("again after a draw" in p for p in problems)
    assert any("not looked" in p for p in problems)
    parse_scenario(blanche, BANK.games)  # the parser alone lets it by: the checks do not
