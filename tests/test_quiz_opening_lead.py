"""A law of the opening lead is asked of the opening lead only.

The engine cites Auction Pitch's "the first card pitched fixes trumps" for any lead; asked of
a lead to trick 4 it is a law that does not fit (the fourth blind audit's D101).
"""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()
LAW = "auction-pitch.american.first-pitch-fixes-trumps"


def test_the_first_pitch_law_is_asked_of_the_first_pitch_only():
    # Seed 80965 once gave a lead to the fourth trick, trumps long fixed. The bank no longer
    # asks this law (no table of it has two real rivals), so a seed that builds nothing is
    # not asked; any question it does build on the law is of the first pitch.
    asked = f"ruling:{LAW}" in BANK.items
    built = 0
    for seed in (80965, 0, 1, 2):
        try:
            q = BANK.generate("ruling", LAW, seed)
        except QuestionError:
            continue
        built += 1
        assert q.table["tricks_played"] == 0, q.id
        assert "No trump suit is fixed yet." in q.situation, q.id
        assert q.choices[int("abcd".index(q.answer[0]))].text == "The play is lawful."
    assert built or not asked  # if the bank asks it, some seed here builds it
