"""The fifty-fifth blind round's findings, and two left from the fifty-fourth, as a learner
reads them.

Round 54's #48: the dealer's own card exposed was told as "one of North's cards" where North
dealt; it is "one of his own cards".
Round 54's #159: a table in the first trick gave no trick count; it says none is gathered.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_dealers_own_card_exposed_is_said_to_be_his_own():  # round 54's #48
    q = BANK.question("ruling:ecarte.english.dealer-exposes-own-card:81299")
    assert "South dealt." in q.situation
    assert "In dealing, the dealer exposed one of his own cards." in q.situation
    assert "South's cards" not in q.situation


def test_a_table_in_the_first_trick_says_no_trick_is_gathered():  # round 54's #159
    q = BANK.question("revoke:cinch.american.revoke-holding-suit:335880")
    first = q.situation.split("\n")[0]
    assert "No trick has been gathered yet. East led the nine of clubs" in first
    assert "Tricks played" not in first
