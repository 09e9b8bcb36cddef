"""A law of the opening lead is asked of the opening lead only.

The engine cites Auction Pitch's "the first card pitched fixes trumps" for any lead; asked of
a lead to trick 4 it is a law that does not fit (the fourth blind audit's D101).
"""

from __future__ import annotations

from quizzes.bank import default_bank

BANK = default_bank()
LAW = "auction-pitch.american.first-pitch-fixes-trumps"


def test_the_first_pitch_law_is_asked_of_the_first_pitch_only():
    # Seed 80965 once gave a lead to the fourth trick, trumps long fixed.
    for seed in (80965, 0, 1, 2):
        q = BANK.generate("ruling", LAW, seed)
        assert q.table["tricks_played"] == 0, q.id
        assert "No trump suit is fixed yet." in q.situation, q.id
        assert q.choices[int("abcd".index(q.answer[0]))].text == "The play is lawful."
