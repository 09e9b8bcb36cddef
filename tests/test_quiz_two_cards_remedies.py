"""Each game's remedy for two cards says what its own law gives (blind audit, round 6, #56 and
#39): Enquire Within lets the adversary choose which drawn card goes back into the middle of the
stock, with no right to look at them; Portland law 30 and Pinochle let him look at both at the
next draw and take either; at Cinch both cards played to a trick lie face up and the adversaries
elect which is played."""

from __future__ import annotations

from quizzes.questions import Question
from tests.bank_questions import question


def _answer(item: str, seed: int) -> str:
    q = question(item, seed)
    assert isinstance(q, Question), q
    assert isinstance(q.answer, tuple)
    return " ".join(c.text for c in q.choices if c.key in q.answer)


def test_bezique_drew_two_gives_the_choice_of_the_card_returned_not_a_look():
    said = _answer("ruling:bezique.english.drew-two-cards", 500226)
    assert "look at" not in said, said
    assert "which of the two cards drawn goes back" in said, said
    assert "middle of the stock" in said, said


def test_cinch_two_cards_played_says_which_is_played_not_a_look():
    said = _answer("ruling:cinch.american.exposed-two-cards-to-a-trick", 538200)
    assert "look at" not in said, said
    assert "two cards played to the trick stands as his play" in said, said


def test_rubicon_loser_sees_two_looks_at_both_at_the_next_draw():
    said = _answer("ruling:rubicon-bezique.english.loser-sees-two-cards", 1)
    assert "at the next draw" in said, said
