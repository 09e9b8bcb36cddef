"""The fortieth blind round's findings, as a learner and a referee read them.

#13: a Bezique player who drew two cards holds nine; the why now says returning one puts his
hand right, so the forfeit for a hand found with a surplus is not his. #26: a Cinch card
exposed in the bidding, before the trump is named: every plain card is thrown out once it is,
so whether the card is ever called turns on a trump no table tells; not asked. #62: a code
whose laws do not cover the case names every fact that keeps it outside them, the stem's own
among them. #166: a surplus dealt from the stock never empties it, so a deal said to be "in
play" has a stock to draw from. Rounds 36-37's #10, #41, #175: the Club Code's turned king that
makes the dealer's fifth point wins the game once he marks it (law 22 lets him wait).
"""

from __future__ import annotations

import pytest
import rulings_support

from tests.bank_questions import BANK, generated, marked_words

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

E = "ecarte.english."


def _king(marked: bool | None, dealer_score: int = 4) -> dict:
    event: dict = {"type": "king-turned"}
    if marked is not None:
        event["marked"] = marked
    return {"game": "ecarte", "dealer": "South", "stage": "deal", "turn_up": "KC",
            "hands": {"North": 5, "South": 5}, "scores": {"North": 0, "South": dealer_score},
            "event": event}


@pytest.mark.parametrize(("marked", "outcome", "winner"),
                         [(True, "game-won", "South"), (None, "game-won", "South"),
                          (False, "play-on", "")])
def test_the_club_codes_turned_king_wins_the_game_once_it_is_marked(ruled, marked, outcome,
                                                                     winner):
    r = ruled(_king(marked), "english")
    assert (r.outcome, dict(r.score), r.winner) == (outcome, {"South": 1}, winner)
    if marked is False:
        assert E + "turned-king-marking-time" in r.laws
        assert "has not marked the king" in r.explanation
    if marked is None:
        assert "once he marks it" in r.explanation


def test_fosters_turned_king_is_marked_at_once_whatever_the_table_says(ruled):
    # Foster has the dealer mark it straight away: the fact is the Club Code's alone.
    r = ruled(_king(False), "american")
    assert (r.outcome, r.winner) == ("game-won", "South")


def test_a_king_making_the_fifth_point_is_asked_with_its_marking_said():  # #10, #41, #175
    asked = [q for seed in range(12) if (q := generated(
        "ruling", "ecarte.english.king-scores-one", seed)) is not None]
    won = [q for q in asked if marked_words(q).startswith("The game is won by")]
    assert won, "no table where the turned king makes the dealer's fifth point"
    for q in won:
        assert "He marks it at once." in q.situation, q.id
        # The rival the marking decides is offered, and false by the stem's words.
        assert any(c.text.startswith("Play goes on.") for c in q.choices), q.id


def test_a_cinch_card_exposed_before_the_trump_is_named_is_not_asked():  # #26
    asked = [q for seed in range(16) if (q := generated(
        "ruling", "cinch.american.exposed-card-faced", seed)) is not None]
    assert len(asked) >= 8
    for q in asked:
        assert q.table.get("trump"), (q.id, q.situation)


def test_a_code_not_covering_the_case_names_every_fact_that_keeps_it_outside():  # #62
    # (seed moved: since round 42's #99 the round's table, the eleventh card, is found before
    # the turn-up, where the Club Code's law 12 speaks)
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:11")
    assert ("Under the English laws, following English Club Code (Cavendish), printed by "
            "Hoffmann 1909: These laws do not cover the situation. These facts "
            "together put the case outside them: A card has been turned up for trumps: the seven "
            "of diamonds. No discard has been made this hand.") in q.explanation


def test_a_surplus_in_play_leaves_the_stock_a_card():  # #166
    asked = [q for seed in range(16) if (q := generated(
        "penalty", "rubicon-bezique.english.surplus-after-first-trick", seed)) is not None]
    assert len(asked) >= 8
    for q in asked:
        if ", in play;" in q.situation:
            assert q.table.get("stock", 0) > 0, (q.id, q.table.get("stock"))


def test_two_cards_drawn_say_the_hand_is_put_right():  # #13
    q = BANK.question("ruling:bezique.english.drew-two-cards:821131")
    assert "returns one at once, so his hand is never found holding too many" in q.explanation
