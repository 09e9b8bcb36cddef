"""The forty-second blind round's findings, as a learner reads them.

#3: "before any card is played" in the opening, then "It happened during the play of the hand"
(the stage ground, unrecognised in the opening's words). #99: a card "found" face up in the
pack that the table showed turned up for trumps (tested in tests/test_quiz_r12_tables.py).
#149: an Auction Pitch table after the hand, its scores those before the hand is scored, unsaid.
#158: a note on a code not covering the case listed six facts, the one that decides buried.
#182: a wrong count in both hands said "or claim a fresh deal" three times.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_play_before_its_first_card_is_not_said_to_be_during_it():  # #3
    q = BANK.question("ruling:rubicon-bezique.english.short-before-play:589690")
    assert q.situation.startswith("Rubicon Bézique, before any card is played;")
    assert "It happened during the play of the hand." not in q.situation


def test_scores_after_the_hand_are_said_to_be_before_it_is_scored():  # #149
    q = BANK.question("penalty:auction-pitch.american.two-count-out-bidder-wins:288295")
    assert "Scores before this hand is scored: North 6, East 6, South 4 and West 2." in \
        q.situation


def test_a_long_reason_names_only_what_the_stem_leaves_out():  # #158
    q = BANK.question("ruling:ecarte.english.pone-wrong-count-found-in-play:433925")
    assert ("Under the American laws: These laws do not cover the situation. Besides the facts "
            "above, this puts the case outside them: The hand had been played out."
            ) in q.explanation


def test_both_hands_put_right_say_the_fresh_deal_once():  # #182
    q = BANK.question("ruling:ecarte.english.pone-too-few-dealt:921399")
    assert q.explanation.count("fresh deal") == 1, q.explanation
    # (one sentence for both hands since the 52nd round's #140)
    assert ("he may fill his hand from the stock, and draw the surplus from the dealer's hand"
            ) in q.explanation
