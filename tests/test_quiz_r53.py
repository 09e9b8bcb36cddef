"""The fifty-third blind round's findings, as a learner reads them.

#60, #96, #98: Conquian tables showing "North has 0 points", in a game that keeps no score.
#194: an Écarté hand abandoned before any card was played, said to be "in play".
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_a_game_that_keeps_no_score_shows_none():  # #60, #96, #98
    q = BANK.question("ruling:conquian.american.exposed-in-deal:770845")
    assert "scores" not in q.seen
    assert "points" not in q.situation


def test_a_hand_abandoned_before_any_card_is_not_said_to_be_in_play():  # #194
    q = BANK.question("ruling:ecarte.english.abandon-before-trick:716859")
    assert q.situation.startswith("Écarté, before any card is played; North dealt.")
    assert "North and South have looked at their cards." in q.situation


def test_games_played_to_a_score_still_show_it():  # (the review of #60's fix)
    q = BANK.question("penalty:auction-pitch.american.two-count-out-bidder-wins:388226")
    assert q.seen["scores"] == {"North": 5, "East": 6, "South": 3, "West": 6}
