"""An error in cutting is told as the one irregularity it is.

A packet's size is told only where the error is a packet too small (told beside an exposed
card, "the smaller packet held 4" was a second, improper cut: the fourth blind audit's C94,
C107), and a cut for deal, which decides the first dealer, is not told as someone's turn to
deal (C107).

No ruling question is asked at the cut now (its laws give two rulings, the cut made again or
standing: tests/test_quiz_cut_rivals.py), so its stems are read as a question would tell the
tables the bank deals there (bank_questions.told_moments).
"""

from __future__ import annotations

from bank_questions import Told, told_moments


def _told(error: str) -> list[Told]:
    return [t for t in told_moments("cut-error", 30, "cut-words", game="rubicon-bezique")
            if t.table["event"]["error"] == error]


def test_an_exposed_card_in_the_cut_says_nothing_of_the_packet_sizes():
    qs = _told("card-exposed-in-cut")
    assert len(qs) >= 3
    for q in qs:
        assert "smaller packet" not in q.situation, q.id
        assert "turn to deal" in q.situation, q.id


def test_a_cut_for_deal_is_no_one_s_turn_to_deal():
    qs = _told("several-shown-for-deal")
    assert len(qs) >= 3
    for q in qs:
        assert "turn to deal" not in q.situation, q.id
        assert "smaller packet" not in q.situation, q.id
        assert "cutting for the first deal" in q.situation, q.id
