"""The twenty-seventh blind round's findings, and the earlier rounds' leftovers, each as a
learner reads them.

Round 25's #35: Portland law 23's "all but one may be taken up" was offered as "take back the
card played in error", without saying which card.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_law_23_says_all_but_one_are_taken_back():  # round 25's #35
    q = BANK.question("ruling:rubicon-bezique.english.several-cards-played-together:507874")
    right = next(c.text for c in q.choices if c.key in q.answer)
    assert right == "No penalty. South may take back all but one of the cards he played together."
