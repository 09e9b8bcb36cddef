"""The twentieth blind round's findings, each as a learner reads the question.

#16, #50, #151: a declaration made out of time at Bézique (before any trick is won, after the
stock) asked as a ruling whose remedy the cited law does not state: Enquire Within and
Boussac say when a player may declare, and name no remedy. #84, #101: Portland law 58's
"excluding fractions of a hundred" read as dropping them from the sum. #187: "besides what he
makes in the tricks still to play" of a player who has led his last card.
"""

from __future__ import annotations

from quizzes.checkable import checkable
from tests.bank_questions import BANK

INFERRED = ("bezique.english.declare-after-winning-trick",
            "bezique.french.declare-after-winning-trick",
            "bezique.english.no-declaring-after-stock")


def test_a_declaration_out_of_time_whose_remedy_is_inferred_is_not_asked():
    for law_id in INFERRED:
        law = BANK.content.laws[law_id]
        assert law.inference and "names no remedy" in law.inference, law_id
        assert not checkable(BANK.content, law_id)
        assert not [i for i in BANK.items if law_id in i], law_id
    # The rule itself stays in the browser's laws, with what the source says of it.
    assert "immediately after he has won a trick" in \
        BANK.content.laws[INFERRED[0]].text


def test_law_58_takes_each_score_in_whole_hundreds():
    law = BANK.content.laws["rubicon-bezique.english.rubicon"]
    assert "Each of the two scores is taken in whole hundreds" in law.text
    assert law.reckoning == "each score taken in whole hundreds without its fractions of a hundred"


def test_the_penalty_given_while_the_hand_goes_on_leaves_aside_the_rest_of_the_hand():
    q = BANK.question("penalty:rubicon-bezique.english.surplus-and-short:671586")
    assert "besides what he makes in the rest of the hand, how many points" in q.prompt
    assert "tricks still to play" not in q.prompt
