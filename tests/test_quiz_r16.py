"""The sixteenth blind round's findings, each as a learner reads the question.

#106, #110: Foster's Pinochle false four of a kind lets the adversary call "one of the three
Kings", not any card laid down. #13: "North adds 5" beside "North may add the 5": the same
score once he chooses. #91: "do not cover the situation. They turn also on this: ..." #145:
a why reasoning from a law it does not cite. #151: Enquire Within's seven of trumps given a
moment it does not state.
"""

from __future__ import annotations

import re

from tests.bank_questions import BANK, marked_words


def test_a_false_four_of_a_kind_calls_one_of_the_three_shown():  # #106, #110
    q = BANK.question("ruling:pinochle.american.false-four-of-a-kind:567598")
    laid = re.search(r"He laid down three (\w+) and", q.situation)
    assert laid, q.situation
    assert "lead or play one of the cards of the declared rank he showed" in marked_words(q)
    assert f"one of the three {laid.group(1)} he showed" in q.explanation
    assert "the exposed card" not in marked_words(q)
    p = BANK.question("penalty:pinochle.american.false-four-of-a-kind:994109")
    assert "one of the cards he showed." not in p.explanation
    assert "one of the three" in p.explanation


def test_points_the_adversary_may_add_are_not_offered_as_added_outright():  # #13
    for seed in (362209, *range(5)):
        q = BANK.generate("ruling", "pinochle.american.erroneous-score", seed)
        right = marked_words(q)
        assert " may add the points wrongly marked" in right
        wrong = [c.text for c in q.choices if c.key not in q.answer]
        # no wrong choice gives the adversary the points outright
        assert not any(" adds " in t for t in wrong), wrong
        assert any("(a correction)" in t for t in wrong), wrong


def test_a_code_that_does_not_cover_it_names_no_fact_it_turns_on():  # #91
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:717527")
    line = next(x for x in q.explanation.splitlines() if x.startswith("Under the English"))
    # (every fact that keeps the case outside them since the fortieth round's #62)
    # (the reading it follows named since the 51st round's #72)
    assert line.startswith("Under the English laws, following English Club Code (Cavendish), "
                           "printed by Hoffmann 1909: These laws do not cover the situation. "
                           "These facts together put the case outside them: A card has been "
                           "turned up for trumps: the ")
    assert line.endswith(" No discard has been made this hand.")


def test_a_false_king_owned_in_time_is_reasoned_from_the_law_cited():  # #145
    q = BANK.question("ruling:ecarte.english.overscore-taken-down:120388")
    assert q.laws == ("ecarte.english.overscore-taken-down",)
    assert "(law 51)" in q.explanation
    assert "for he owned it before playing a card" not in q.explanation


def test_the_seven_of_trumps_is_asked_of_the_rule_that_times_it():  # #151
    law = BANK.content.laws["bezique.english.seven-exchanged-after-winning-trick"]
    assert "Enquire Within gives no moment for the exchange" in law.text
    assert "after winning a trick" not in law.remedy
    q = BANK.question("authored:bezique-seven-of-trumps-exchange")
    assert q.laws == ("bezique.french.seven-exchanged-after-winning-trick",)
    assert "Enquire Within" not in q.prompt and "Victorian" not in q.prompt
