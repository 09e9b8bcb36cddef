"""Round 7's rulings: a meld scored too late is a score marked in error (#151), and every card
an exposure may leave face up is weighed as the trump it may be (#198, the abandoned hand)."""

from __future__ import annotations

import pytest
import rulings_support
from rulings_support import choosers

from app.engine.handlers.declarations import LATE_CASE

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

C = "cinch.american."
SEATS = {"pinochle": ["North", "South"], "rubicon-bezique": ["North", "South"]}


# ------------------------------------------------ #151: a late meld is an erroneous score

def _late_meld(game: str) -> dict:
    return {"game": game, "players": SEATS[game], "dealer": "South",
            "stage": "stock-exhausted", "trump": "S", "tricks_played": 16, "stock": 0,
            "hands": {"North": ["KS", "QS", "JC", "AS", "10H"],
                      "South": ["QH", "QD", "JH", "AC", "KH"]},
            "event": {"type": "false-declaration", "player": "North",
                      "declared": "royal-marriage", "drawn_since": False,
                      "next_trick_started": True}}


def _wrong_score(game: str) -> dict:
    return {"game": game, "players": SEATS[game], "dealer": "South", "stage": "play",
            "trump": "S", "tricks_played": 4, "stock": 20,
            "event": {"type": "wrong-score", "player": "North", "marked": 80, "correct": 40}}


def test_pinochle_meld_scored_after_the_stock_gives_the_adversary_the_points(ruled):
    r = ruled(_late_meld("pinochle"), "american")
    assert r.laws == ("pinochle.american.no-melding-after-stock",
                      "pinochle.american.erroneous-score")
    assert dict(r.score) == {"North": -40}
    [add] = [o for o in r.options if o.id == "add-points"]
    assert add.by == "South" and dict(add.score) == {"South": 40}


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_late_meld_is_ruled_as_the_codes_erroneous_score_is(ruled, content, game):
    """The class: wherever a code has a law of declaring once the stock is gone and a law of a
    score marked in error, the late meld cites the latter and offers what it offers."""
    for code in ("american", "english", "french"):
        if not content.laws_of_case(game, code, LATE_CASE) or not \
                content.laws_of_case(game, code, "erroneous-score"):
            continue
        wrong = ruled(_wrong_score(game), code)
        late = ruled(_late_meld(game), code)
        erroneous = [law.id for law in content.laws_of_case(game, code, "erroneous-score")]
        assert set(erroneous) <= set(late.laws), (game, code, late.laws)
        assert {o.id for o in wrong.options} <= {o.id for o in late.options}, (game, code)


# ------------------------------------------------ #198: two cards played to one trick

def _two_played(card: str, second: str | None, trump: str | None = "D") -> dict:
    event = {"type": "exposed-card", "player": "North", "card": card, "how": "two-played"}
    if second is not None:
        event["second_card"] = second
    extra = {"trump": trump} if trump else {}
    return {"game": "cinch", "dealer": "East", "stage": "play",
            "bid": {"player": "East", "amount": 8}, "tricks_played": 3,
            "hands": {"North": ["4S"]}, "event": event, **extra}


@pytest.mark.parametrize(("card", "second", "forbid"), [
    ("KS", "QD", True),   # the card left exposed may be the trump: the queen of diamonds
    ("KD", "QS", True),
    ("KS", "5H", True),   # the left pedro is a trump
    ("KS", None, True),   # the other card is not shown: it may be a trump
    ("KS", "QC", False),  # neither is a trump
])
def test_two_cards_played_offer_the_bar_whenever_the_card_left_exposed_may_be_a_trump(
        ruled, card, second, forbid):
    r = ruled(_two_played(card, second), "american")
    assert choosers(r, "choose-card-played") == ["East", "West"]
    assert (choosers(r, "forbid-trump") == ["East", "West"]) is forbid, r.options
    assert (C + "exposed-trump-after-naming" in r.laws) is forbid


# ------------------------------------------------ the abandoned hand (seed 003:7 and :4)

def _abandoned(hand: list[str]) -> dict:
    return {"game": "cinch", "dealer": "West", "stage": "play", "trump": "H",
            "bid": {"player": "North", "amount": 8}, "tricks_played": 2,
            "hands": {"South": hand}, "event": {"type": "abandoned-hand", "player": "South"}}


def test_an_abandoned_hand_holding_trumps_may_have_them_barred(ruled):
    r = ruled(_abandoned(["AH", "7C", "6D"]), "american")
    assert choosers(r, "call-card") == ["East", "West"]
    assert choosers(r, "forbid-trump") == ["East", "West"]
    assert r.laws == (C + "abandoned-hand", C + "exposed-trump-after-naming",
                      C + "barred-trump-revoke-excused")


def test_an_abandoned_hand_without_trumps_is_only_called(ruled):
    r = ruled(_abandoned(["AS", "7C", "6D"]), "american")
    assert choosers(r, "call-card") == ["East", "West"]
    assert choosers(r, "forbid-trump") == []
    assert r.laws == (C + "abandoned-hand",)
