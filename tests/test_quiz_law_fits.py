"""In a 'which law decides this?' question, every wrong choice is false of what the learner is
shown, and the law marked right fits it (issue 25, section 3; the blind audit of 2026-12-02,
class b #65, #70, #96, #187 and class e #168).

Fitting is judged by the engine, not by the laws' words: the duty a revoke breaks ("follow
suit and win", "follow suit or trump") fits every revoke of it, and laws of the scoring fit a
stem that only says the scores are being reckoned.
"""

from __future__ import annotations

import pytest

from app.cards import parse_cards
from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()
SEEDS = (0, 1, 2, 3, 4, 5, 384997, 463982, 112296, 746998, 728633)


def _questions(law_id: str):
    for seed in SEEDS:
        try:
            yield BANK.generate("law", law_id, seed)
        except QuestionError:
            continue


@pytest.mark.parametrize(("law_id", "fits_too"), [
    # #65: a renounce is a failure to follow suit and win
    ("ecarte.english.renounce-or-failure-to-win", {"ecarte.english.ew-follow-suit-and-win"}),
    # #187: neither following nor trumping breaks "follow suit or trump"
    ("cinch.american.revoke-holding-suit", {"cinch.american.follow-or-trump"}),
    # #70: "the scores are being reckoned" is every reckoning's, the rubicon's too
    ("rubicon-bezique.english.brisques-counted-only-to-decide",
     {"rubicon-bezique.english.rubicon"}),
])
def test_a_law_that_fits_what_is_shown_is_never_a_wrong_choice(law_id, fits_too):
    built = list(_questions(law_id))
    # (Asked, or not asked at all: a law the engine never cites is told from nothing.)
    assert built or f"law:{law_id}" not in BANK.items, law_id
    for q in built:
        shown = {c.key for c in q.choices}
        assert not shown & fits_too, f"{q.id}: {sorted(shown & fits_too)} fits too"


def test_a_hand_counted_is_not_asked_beside_other_laws_of_counting_points():
    # #96: "Points are counted at the end of a hand" fits "two players can count out on the
    # same deal" and "the first rid of his white counters wins" as well as the game point.
    rivals = {"auction-pitch.american.two-count-out-bidder-wins",
              "auction-pitch.american.first-out-wins-pool"}
    for q in _questions("auction-pitch.american.game-point"):
        assert not {c.key for c in q.choices} & rivals, q.id


def test_void_must_trump_is_marked_only_where_the_player_is_void():
    # #168: "A player void in the suit led must trump" was marked where North held the suit:
    # the engine cited it of every American play. It cites the duty he broke.
    table = {"game": "ecarte", "players": ["North", "South"], "dealer": "South",
             "stage": "play", "trump": "H", "tricks_played": 2,
             "hands": {"North": ["9C", "AH", "10S"], "South": ["9S", "9D"]},
             "trick": {"leader": "South", "cards": ["KS"]},
             "event": {"type": "play", "player": "North", "card": "AH"}}
    ruled = rule(parse_scenario(table, BANK.games), BANK.games, BANK.content)
    american = ruled.for_code("american")
    assert american.outcome == "revoke"
    assert american.laws == ("ecarte.american.follow-suit-and-win",)
    built = list(_questions("ecarte.american.trump-when-void-compulsory"))
    assert built or "law:ecarte.american.trump-when-void-compulsory" not in BANK.items
    for q in built:
        assert q.table is not None, q.id
        player = q.table["event"]["player"]
        led = parse_cards(q.table["trick"]["cards"][:1])[0].suit
        held = [c.suit for c in parse_cards(q.table["hands"][player])]
        assert led not in held, f"{q.id}: {player} holds the suit led"
