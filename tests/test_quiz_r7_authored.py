"""Round 7's #132: an authored stem that glosses the term its answer turns on gives it away.

"In a round game, where everyone plays for himself" beside the right choice "None: there is
no partner to inform", the only choice that says again what the gloss says. The stem now
names the round game alone: the learner must know there is no partner in one, and that the
law punishes a bid out of turn only for what it may tell a partner. (The other 18 authored
choice items were read for the same class: none glosses the term its answer turns on.)
"""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.judge import judge

BANK = default_bank()
ITEM = "authored:general-bid-out-of-turn-round-game"
# What a round game is, said in the stem or in the right choice: either gives the other away.
GLOSSES = ("plays for himself", "play for himself", "no partner", "without a partner")


def test_the_round_game_is_not_glossed_where_the_answer_turns_on_it():
    q = BANK.question(ITEM)
    right = [c.text for c in q.choices if c.key in q.answer]
    for text in (q.prompt, q.situation or "", *right):
        assert not any(g in text.lower() for g in GLOSSES), text
    # The law's point is in the explanation: the penalty is for what a bid may tell a
    # partner. The right choice is a bare ruling like the others, not the only one giving its
    # reason (the ninth blind round's #54, tests/test_quiz_r9_fours.py).
    assert "partner" in q.explanation, q.explanation
    assert not [f for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]
