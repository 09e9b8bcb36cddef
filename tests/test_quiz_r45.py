"""The forty-fifth blind round's findings, as a learner reads them.

#85, #147: "A card had been played to the first trick" beside "Tricks played: 19". #177: an
Auction Pitch count-out naming two players, a third one point short unsaid. #24: the Club
Code's law 21 (the dealer's wrong count found once he has played) cited of a dealer who had
not played.
"""

from __future__ import annotations

import rulings_support

from tests.bank_questions import BANK

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled


def test_tricks_gathered_say_a_card_was_played():  # #85, #147
    q = BANK.question("penalty:bezique.english.one-surplus-other-right:475839")
    assert "Tricks played: 19." in q.situation
    assert "A card had been played to the first trick." not in q.situation


def test_a_count_out_says_nobody_else_counted_out():  # #177
    q = BANK.question("ruling:auction-pitch.american.two-count-out-bidder-wins:343415")
    assert ("The points North and East each took on this deal, added to his score, would "
            "reach the game, and nobody else's would; the bidder did not make his bid."
            ) in q.situation


def test_law_21_is_cited_only_once_the_dealer_has_played():  # #24
    q = BANK.question("ruling:ecarte.english.pone-wrong-count-found-in-play:781392")
    assert q.laws == ("ecarte.english.pone-wrong-count-found-in-play",)
    assert "whatever the dealer holds" in q.explanation
