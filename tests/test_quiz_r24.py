"""The twenty-fourth blind round's findings, each as a learner reads them.

#18: "He laid down the king of clubs and the ace of diamonds" beside a table that only listed
them in his hand, where declared cards lie face up (Portland law 33): the table now says which
of his cards lie face up, laid down in declaring. #196: a why reasoning from "only with its
own cards", a premise Enquire Within does not state. And round 23's #52: "1 card discarded
lie aside".
"""

from __future__ import annotations

from quizzes.stem import table_text
from quizzes.table_facts import side_facts
from tests.bank_questions import BANK


def test_the_cards_laid_down_in_declaring_are_said_to_lie_face_up():  # #18
    q = BANK.question("penalty:bezique.english.wrong-card-in-declaration:733914")
    assert "He laid down the king of spades and the queen of clubs" in q.situation
    text = table_text(q.shown)
    assert ("Of North's cards, the king of spades and the queen of clubs lie face up on the "
            "table, laid down in declaring.") in text
    # still his cards: listed in his hand, so the cards add up once
    assert "North holds the ace of spades, the ace of diamonds, the ace of spades, the king of " \
           "spades, the jack of clubs, the jack of spades, the queen of clubs." in text


def test_the_why_of_a_wrong_card_in_a_declaration_is_in_the_laws_terms():  # #196
    q = BANK.question("penalty:bezique.english.wrong-card-in-declaration:733914")
    assert q.answer == 20
    assert "only with its own cards" not in q.explanation
    assert "may not be scored until he has won another trick" in q.explanation


def test_one_card_lies_and_two_lie():  # round 23's #52
    one = [f.sentence for f in side_facts({"discards": 1, "passed": 1})]
    assert "1 card discarded lies aside." in one
    assert "1 card passed by both players lies turned down, out of play." in one
    two = [f.sentence for f in side_facts({"discards": 2})]
    assert "2 cards discarded lie aside." in two
