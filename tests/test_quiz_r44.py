"""The forty-fourth blind round's findings, as a learner reads them.

#87, #89: a Cinch card named by the player who has the lead, four tricks gathered: the call
for his lead was due before the last trick was quitted, said as a moment passed (tested in
tests/test_quiz_r41.py). #9: two cards led together, whose lead it was unsaid. #152: "won 1
tricks".
"""

from __future__ import annotations

from app.model.events import EVENTS
from tests.bank_questions import BANK


def test_two_cards_led_together_say_whose_lead_it_was():  # #9
    q = BANK.question("ruling:rubicon-bezique.english.several-cards-played-together:327823")
    assert ("North played the ace of diamonds together with another card to one trick. It was "
            "his lead.") in q.situation


def test_tricks_won_are_counted_each_with_its_noun():  # #152
    said = EVENTS["hand-result"].tell({"tricks": {"North": 4, "South": 1},
                                       "proposal": "stood"})
    assert said.startswith("The hand is over: North won 4 tricks and South won 1 trick.")
