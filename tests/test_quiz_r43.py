"""The forty-third blind round's findings, as a learner reads them.

#5, #6, #43: "The deal stands. South may draw the surplus ..." beside a ruling that leaves the
innocent side a fresh deal read as one branch of the right answer; the denial is now said
outright. #138: "he holds only three queens" of a Pinochle hand with two queens of clubs
(four of a kind wants one of each suit). #52: "Everyone had played to 17 tricks" of two players.
#44, #55 (two cards drawn, the surplus law read beside it) are left: see the round's report.
"""

from __future__ import annotations

import re

from tests.bank_questions import BANK


def test_a_correction_under_the_deal_standing_denies_the_fresh_deal_outright():  # #5, #6, #43
    q = BANK.question("ruling:ecarte.english.pone-too-few-dealt:921399")
    texts = [c.text for c in q.choices]
    assert any(t.startswith("The deal stands, and no fresh deal may be claimed. South may ")
               for t in texts), texts
    assert not any(t.startswith("The deal stands. South may") for t in texts), texts


def test_a_pinochle_four_of_a_kind_names_the_suit_lacking():  # #138
    q = BANK.question("ruling:pinochle.american.false-four-of-a-kind:0")
    # (one suit lacking: two wrong cards laid down are no longer asked, the 47th round's #10)
    assert re.search(r"he holds no (ace|king|queen|jack) of \w+\.", q.situation)
    assert "holds only" not in q.situation + q.explanation


def test_tricks_completed_are_said_of_any_number_of_players():  # #52
    from app.model.facts import FACTS

    assert FACTS["tricks-complete"].says(17, "") == "17 tricks had been completed."
    assert FACTS["tricks-complete"].says(1, "") == "1 trick had been completed."
