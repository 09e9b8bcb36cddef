"""The fifty-ninth blind round's findings, as a learner reads them.

#24: "North could have played the five of spades or the ace of clubs" beside trumps led in
clubs read as a second revoke: the five of spades is the left pedro, and is said to be.
#76: "At this stage (play) there is no duty to follow suit" where what decides is that the
stock lasts: it says so.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_left_pedro_among_the_lawful_cards_is_said_to_be_a_trump():  # #24
    q = BANK.question("revoke:cinch.american.revoke-holding-suit:320817")
    assert ("North could have played the five of spades (the left pedro, a trump) or the ace "
            "of clubs.") in q.explanation


def test_free_play_is_said_to_last_while_the_stock_lasts():  # #76
    q = BANK.question("ruling:bezique.english.free-play-while-stock-lasts:13724")
    assert q.explanation.startswith("While the stock lasts there is no duty to follow suit")
    assert "At this stage (play)" not in q.explanation
