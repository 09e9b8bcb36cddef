"""An error in cutting is told as the one irregularity it is.

A packet's size is told only where the error is a packet too small (told beside an exposed
card, "the smaller packet held 4" was a second, improper cut: the fourth blind audit's C94,
C107), and a cut for deal, which decides the first dealer, is not told as someone's turn to
deal (C107).
"""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()
R = "rubicon-bezique.english."


def _questions(law, seeds):
    for seed in seeds:
        try:
            yield BANK.generate("ruling", R + law, seed)
        except QuestionError:
            continue


def test_an_exposed_card_in_the_cut_says_nothing_of_the_packet_sizes():
    qs = list(_questions("card-exposed-in-cut", (201413, 0, 1, 2)))
    assert len(qs) >= 3
    for q in qs:
        assert "smaller packet" not in q.situation, q.id
        assert "turn to deal" in q.situation, q.id


def test_a_cut_for_deal_is_no_one_s_turn_to_deal():
    qs = list(_questions("cut-exposing-several-cards", (961621, 0, 1, 2)))
    assert len(qs) >= 3
    for q in qs:
        assert "turn to deal" not in q.situation, q.id
        assert "smaller packet" not in q.situation, q.id
        assert "cutting for the first deal" in q.situation, q.id
