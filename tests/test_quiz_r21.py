"""The twenty-first blind round's findings, each as a learner or a referee reads them.

#119: a set-back bidder shown at -2 beside "he is set back 2": an earlier deal's result drawn
for the running score was this hand's own scoring, which read as its ruling applied. #141: an
Écarté count beside a king the dealer turned up and may still mark. #86: "the other exposed
card" of three turned.
"""

from __future__ import annotations

import random

from app.engine.core import rule
from app.model.scenario import parse_scenario
from quizzes.moments import deal_moment
from quizzes.table_premises import king_still_markable
from tests.bank_questions import BANK, question

GAMES = BANK.games


def test_no_earlier_score_of_a_hands_scoring_is_that_scoring_itself():  # #119
    q = BANK.generate("ruling", "auction-pitch.american.bidder-set-back", 94108)
    assert q.table is not None
    assert q.table["scores"] != {"North": 0, "East": 2, "South": 1, "West": -2}
    rng = random.Random(3)
    seen = 0
    for _ in range(60):
        dealt = deal_moment(BANK, ("auction-pitch", "hand-over", "points-made"), rng)
        if dealt is None:
            continue
        ruled = rule(dealt.scenario, GAMES, BANK.content).for_code("american")
        if not ruled.score:
            continue
        seen += 1
        given = {p: ruled.score.get(p, 0) for p in dealt.scenario.players}
        assert dict(dealt.scenario.scores) != given, (given, dealt.scenario.scores)
    assert seen


def test_no_ecarte_count_is_asked_beside_a_king_turned_up():  # #141
    table = {"game": "ecarte", "dealer": "North", "codes": ["english"], "stage": "play",
             "trump": "D", "turn_up": "KD", "stock": 21, "scores": {"North": 0, "South": 2},
             "hands_seen": ["North", "South"],
             "hands": {"North": ["AS", "7C", "8H", "9S", "10C"],
                       "South": ["QD", "JD", "AD", "10D", "9D"]},
             "event": {"type": "abandoned-hand", "player": "South"}}
    scenario = parse_scenario(table, GAMES)
    assert king_still_markable(scenario, GAMES["ecarte"])
    turned = parse_scenario({**table, "stage": "deal", "hands_seen": [],
                             "event": {"type": "king-turned"}}, GAMES)
    assert not king_still_markable(turned, GAMES["ecarte"])
    for law in [i.law for i in BANK.items.values()
                if i.type == "penalty" and i.game == "ecarte"]:
        for seed in range(4):
            q = question(f"penalty:{law}", seed)
            if q is None or isinstance(q, Exception) or q.table is None:
                continue
            event = q.table["event"]["type"]
            if event not in ("king-turned",) and q.table["event"].get("declared") != "king":
                assert not str(q.table.get("turn_up", "")).startswith("K"), q.id


def test_three_cards_turned_leave_the_other_cards_set_aside():  # #86
    q = BANK.question("ruling:ecarte.american.several-turned-after-seen:870281")
    assert "the other cards turned being set aside" in q.explanation
    assert "other exposed card" not in q.explanation
