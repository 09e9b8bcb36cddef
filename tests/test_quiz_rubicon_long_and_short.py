"""Rubicon Bézique, one hand too long and the other too short: Portland law 21 governs.

The law of a surplus alone ("too many cards after the first trick") needs the adversary's hand
correct and stops play; cited or asked where the other hand is short, it is a law that does
not fit (the fourth blind audit's C43, C66, C98). And a short hand with no card left, no trick
on the table, cannot "play on".
"""

from __future__ import annotations

import re
from functools import cache

from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()
E = "rubicon-bezique.english."
COUNTS = re.compile(r"North holds (\d+) \(should hold (\d+)\) and South holds (\d+) "
                    r"\(should hold (\d+)\)")
# The seeds the audit read, and a few more.
ASKED = [("penalty", "surplus-after-first-trick", (839799, 0, 1, 2)),
         ("ruling", "surplus-after-first-trick", (636225, 0, 1, 2)),
         ("ruling", "played-with-surplus-rubiconed", (766310, 0, 1, 2)),
         ("ruling", "surplus-and-short", (0, 1, 2, 3))]


@cache
def _questions():
    out = []
    for kind, law, seeds in ASKED:
        for seed in seeds:
            try:
                out.append(BANK.generate(kind, E + law, seed))
            except QuestionError:
                continue
    return out


def _counts(q):
    m = COUNTS.search(q.situation)
    assert m, q.situation
    n, n_right, s, s_right = map(int, m.groups())
    return n - n_right, s - s_right


def test_the_surplus_alone_law_is_never_cited_where_the_other_hand_is_short():
    seen_both = 0
    for q in _questions():
        north, south = _counts(q)
        if north * south < 0:  # one long, the other short
            seen_both += 1
            assert E + "surplus-after-first-trick" not in q.laws, q.id
            # Law 21 once the hand is played out; in play, Foster's report of it, named in
            # the prompt, and cited alone: law 21's figure is another (round 11's #144).
            if E + "surplus-and-short" in q.laws:
                assert "as Foster reports them (1897)" in q.prompt, q.id
                assert E + "surplus-and-short-last-trick" not in q.laws, q.id
            else:
                assert E + "surplus-and-short-last-trick" in q.laws, q.id
        if q.id.startswith("penalty:" + E + "surplus-after-first-trick"):
            assert north * south == 0, q.id
    assert seen_both >= 3


def test_the_played_out_surplus_beside_a_short_hand_gives_the_last_trick_to_neither():
    q = BANK.generate("ruling", E + "played-with-surplus-rubiconed", 766310)
    assert _counts(q) == (-1, 1)
    assert q.laws[:2] == (E + "played-with-surplus-rubiconed", E + "surplus-and-short-last-trick")
    assert E + "rubicon" in q.laws  # law 58 computes the game's value
    assert "neither player scores the last trick" in q.explanation


def test_a_short_hand_with_no_card_left_does_not_play_on():
    """Nor where the trick in progress waits for his card: he has none to play to it
    (surplus-and-short:0 ruled "Play goes on" beside North, with no card, owing one to South's
    lead)."""
    seen = 0
    for q in _questions():
        hands = q.table["hands"]
        trick = q.table.get("trick") or {}
        played = {trick["leader"]} if trick.get("cards") else set()
        if any(h == [] and p not in played for p, h in hands.items()):
            seen += 1
            marked = next(c.text for c in q.choices if c.key == q.answer[0]) if q.choices else ""
            assert not marked.startswith("Play goes on"), q.id
    assert seen
