"""Round 7's score questions: a count must rest on a law held that gives it, and must not be
a figure the stem already states.

#182, #183: a Cinch bid made was scored "each side scores the points it won", a count no law
held gives (the law of the count says only which side owns each counting card; Foster's count
is unverified, a difference count is also in use). #68: Auction Pitch, "East made 2", how many
points does East score? 2: the stem's own figure, asked as the law's.
"""

from __future__ import annotations

import re

import rulings_support

from quizzes.bank import default_bank
from quizzes.generators import penalty
from quizzes.judge import judge

BANK = default_bank()
content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

C = "cinch.american."


def _cinch_hand(points: dict[str, int], bid: int) -> dict:
    return {"game": "cinch", "dealer": "South", "stage": "hand-over", "trump": "H",
            "tricks_played": 6, "bid": {"player": "North", "amount": bid},
            "event": {"type": "points-made", "points": points}}


def test_a_cinch_bid_made_is_given_no_score_no_law_held_gives(ruled):
    made = ruled(_cinch_hand({"North": 1, "East": 6, "South": 7, "West": 0}, 2), "american")
    assert not made.score
    assert made.outcome == "not-covered"
    # The failed bid is still ruled, by the modern account marked unconfirmed.
    failed = ruled(_cinch_hand({"North": 1, "East": 6, "South": 0, "West": 7}, 8), "american")
    assert C + "failed-bid" in failed.laws


def test_no_made_bid_total_is_asked():
    assert "penalty:cinch.american.points-to-trick-winner" not in BANK.items
    assert "ruling:cinch.american.points-to-trick-winner" not in BANK.items
    # Who owns high was asked in words; its laws are of modern web pages (Wikipedia's Pedro,
    # a casino site), so since the fourteenth round it is not (quizzes/checkable.py).
    assert "authored:cinch.american.high-to-trick-winner" not in BANK.items


def _made(situation: str) -> dict[str, int]:
    return {p: int(n) for p, n in re.findall(r"(North|East|South|West) made (-?\d+)", situation)}


def test_no_count_asked_is_a_figure_the_stem_states():
    asked = 0
    for law_id in penalty.laws(BANK):
        for seed in (705005, *range(6)):
            q = penalty.build(BANK, law_id, seed)
            made = _made(q.situation)
            if not made:
                continue
            asked += 1
            who = re.search(r"(North|East|South|West)(?: and (North|East|South|West))?'?s? "
                            r"(?:score|add)", q.prompt) or re.search(
                r"off (North|East|South|West)(?: and (North|East|South|West))?'s", q.prompt)
            assert who is not None, q.prompt
            stated = sum(made.get(p, 0) for p in who.groups() if p)
            assert q.answer != stated or q.deduction, (q.id, q.situation, q.prompt, q.answer)
    assert asked


def test_the_audits_pitch_table_asks_the_bidders_set_back():
    q = penalty.build(BANK, "auction-pitch.american.bidder-set-back", 705005)
    assert q.deduction and "taken off" in q.prompt
    bid = int(re.search(r"(?:bid|kept the pitch for) (\d+)",  # type: ignore[union-attr]
                        q.situation).group(1))
    assert q.answer == bid


def _old_pick(found, code, game):
    """The old generator's pick: the largest figure, stated in the stem or not."""
    return max(sorted(found.for_code(code).score.items()),
               key=lambda kv: (abs(kv[1]), kv[1] > 0))


def test_the_judge_calls_a_count_the_stem_states_a_giveaway(monkeypatch):
    monkeypatch.setattr(penalty, "asked_figure", _old_pick)
    found = []
    for seed in range(6):
        q = penalty.build(BANK, "auction-pitch.american.bidder-set-back", seed)
        found += [f for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]
    assert any("is what the stem says" in str(f) for f in found), found
