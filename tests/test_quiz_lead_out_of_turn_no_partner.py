"""A lead out of turn with no partner, under Foster's general laws.

The general laws let a player who followed an adversary's false lead take his card back,
with no moment after which the false lead stands ("the trick stands" once all have played is
Cinch's own law): the fourth blind audit's D18 and D49 marked "No penalty." with the take-back
offered as wrong. And a code the table's laws leave silent, but whose guiding principle puts
the position back without penalty (the French laws of Bézique), gives "No penalty; North may
take back the card" as well: D6 and D27 asked which code gives it.
"""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.generators.code import laws as code_laws

BANK = default_bank()
P = "general.american."


def _marked(q):
    return next(c.text for c in q.choices if c.key == q.answer[0])


def test_a_card_played_to_a_false_lead_may_be_taken_back_even_when_everyone_has_played():
    # D18: two-handed Pinochle, South followed North's false lead. (D18 and D49 were asked
    # on the laws the ruling also cites, adversaries-share-fault-for-false-lead and
    # follow-to-wrong-lead: their tables are now asked under the law it rests on first.)
    q = BANK.generate("ruling", P + "lead-out-of-turn-no-partner", 1)
    assert q.table["game"] == "pinochle"
    assert "South played to it." in q.situation
    assert _marked(q) == "No penalty. North or South may take back the card played in error."
    # D49: Auction Pitch, every other player followed the false lead (D49's own seed was
    # the last trick, where taking back is moot and no false lead is now made: round 5 #106).
    q = BANK.generate("ruling", P + "lead-out-of-turn-no-partner", 3)
    assert q.table["game"] == "auction-pitch"
    assert "West led the king of spades out of turn. North, East and South played to it." \
        in q.situation
    assert _marked(q) == ("No penalty. West, North, East or South may take back the card "
                          "played in error.")
    texts = [c.text for c in q.choices]
    assert "No penalty." not in texts and len(texts) >= 3
    assert not any("may take back" in t for t in texts if t != _marked(q))


def test_no_code_question_where_a_silent_code_s_principle_gives_the_same_remedy():
    asked = set(code_laws(BANK))
    assert P + "lead-out-of-turn-no-partner" not in asked
    assert P + "adversaries-share-fault-for-false-lead" not in asked
    assert asked  # the code questions that remain
