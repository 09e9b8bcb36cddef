"""The fifty-second blind round's findings, as a learner reads them.

#140: both Écarté hands wrong, each hand's correction a sentence of its own, then the choice,
read as pasted together. #38: a bidder set back said to have "won points that would bring his
score to the game". #54: a carte blanche declared again asked "under the English laws", where
Foster's account lets it be declared only before the first trick. #49: the Club Code's summary
law said the innocent player always chooses, where law 34 lets the dealer who took too few
fill his own hand.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_both_wrong_hands_are_one_sentence():  # #140
    q = BANK.question("ruling:ecarte.english.pone-too-few-dealt:12531")
    assert ("Both hands being wrong, South, the non-dealer, either claims a fresh deal or has "
            "both put right: he may fill his hand from the stock, and let the dealer fill up "
            "from the stock.") in q.explanation
    assert "South may fill his hand from the stock." not in q.explanation


def test_a_bidder_set_back_is_not_said_to_have_won_points():  # #38
    q = BANK.question("penalty:auction-pitch.american.two-count-out-bidder-wins:388226")
    assert ("The points East and West each took on this deal, added to his score, would reach "
            "the game, and nobody else's would; the bidder did not make his bid.") in q.situation
    assert q.answer == 4


def test_carte_blanche_again_is_asked_of_the_portland_club():  # #54
    q = BANK.question("penalty:rubicon-bezique.english.carte-blanche-repeated:713801")
    assert q.prompt.startswith(
        "Under the English laws as the Portland Club gives them (Hoffmann 1909),")
    assert q.answer == 50


def test_the_summary_law_leaves_a_short_exchange_to_the_player_in_fault():  # #49
    law = BANK.content.laws["ecarte.english.guiding-principle"]
    assert law.text.startswith("In most of its laws the Club Code")
    assert "laws 30 and 34" in law.text
