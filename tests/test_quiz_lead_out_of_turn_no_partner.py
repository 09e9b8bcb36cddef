"""A lead out of turn with no partner, under Foster's general laws.

The general laws let a player who followed an adversary's false lead take his card back
(the fourth blind audit's D18 and D49 marked "No penalty." with the take-back offered as
wrong); of a false lead every other player has played to they say nothing, so it is not asked
under them (the ninth blind round's #10). And a code the table's laws leave silent, but whose
guiding principle puts the position back without penalty (the French laws of Bézique),
gives "No penalty; North may take back the card" as well: D6 and D27 asked which code gives
it.
"""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.generators.code import laws as code_laws

BANK = default_bank()
P = "general.american."


def _marked(q):
    return next(c.text for c in q.choices if c.key == q.answer[0])


def test_a_card_played_to_a_false_lead_may_be_taken_back_while_some_have_still_to_play():
    # D49's class: Auction Pitch, some players followed the false lead, one has still to play.
    # Once every other player has played to it (two-handed, once the adversary has), the
    # general laws are silent and the law is not asked (the ninth blind round's #10).
    q = BANK.generate("ruling", P + "lead-out-of-turn-no-partner", 6)
    assert q.table["game"] == "auction-pitch"
    assert "South led the ten of spades out of turn. West and North played to it." \
        in q.situation
    assert _marked(q) == ("No penalty. South, West or North may take back the card played "
                          "in error.")
    texts = [c.text for c in q.choices]
    assert "No penalty." not in texts and len(texts) >= 3
    assert not any("may take back" in t for t in texts if t != _marked(q))


def test_no_code_question_where_a_silent_code_s_principle_gives_the_same_remedy():
    asked = set(code_laws(BANK))
    assert P + "lead-out-of-turn-no-partner" not in asked
    assert P + "adversaries-share-fault-for-false-lead" not in asked
    assert asked  # the code questions that remain
