"""The fifty-fourth blind round's findings, as a learner reads them.

#54: a Cinch hand thrown down holding the five of hearts, diamonds trumps, ruled with the
barred-trump remedy: the card is the left pedro, a trump, which the stem now says (a reader
took the hand to hold no trump and the remedy to fit no card).
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_a_left_pedro_in_a_hand_thrown_down_is_said_to_be_a_trump():  # #54
    q = BANK.question("ruling:cinch.american.abandoned-hand:798657")
    assert "Trumps are diamonds. The five of hearts is the left pedro, a trump." in q.situation
    assert "forbid the playing of any trump in that hand" in " ".join(
        c.text for c in q.choices if c.key in q.answer)
