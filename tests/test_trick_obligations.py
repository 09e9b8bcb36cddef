"""Trick obligations by game and stage, against a brute-force reading of each game's laws."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.cards import Card
from app.corpus.loading import load_content
from app.model.games import build_games

GAMES = build_games(load_content())
C = Card.parse


def cards(*codes):
    return [C(c) for c in codes]


# --- examples, game by game -----------------------------------------------------------


def test_bezique_while_stock_lasts_any_card_may_be_played():
    g = GAMES["bezique"]
    hand = cards("AS", "7H", "KD")
    assert g.legal_plays(hand, cards("10S"), "H", "play") == hand


def test_bezique_last_tricks_must_follow_and_win():
    g = GAMES["bezique"]
    hand = cards("AS", "9S", "7H", "KD")
    assert g.legal_plays(hand, cards("10S"), "H", "stock-exhausted") == cards("AS")


def test_identical_card_does_not_win_so_any_card_of_the_suit_will_do():
    g = GAMES["bezique"]
    hand = cards("10S", "9S", "7H")
    assert g.legal_plays(hand, cards("AS"), "H", "stock-exhausted") == cards("10S", "9S")
    # A second ace of spades ties, and the one led wins: it is not a winning card.
    hand = cards("AS", "9S")
    assert g.legal_plays(hand, cards("AS"), "H", "stock-exhausted") == cards("AS", "9S")


def test_pinochle_last_tricks_void_must_trump():
    g = GAMES["pinochle"]
    hand = cards("9H", "AD", "KC")
    assert g.legal_plays(hand, cards("10S"), "H", "stock-exhausted") == cards("9H")


def test_ecarte_king_beats_ace_and_must_be_played_to_win():
    g = GAMES["ecarte"]
    hand = cards("KS", "7S", "8D")
    assert g.legal_plays(hand, cards("AS"), "D", "play") == cards("KS")


def test_cinch_left_pedro_is_a_trump_and_must_follow_a_trump_lead():
    g = GAMES["cinch"]
    hand = cards("5D", "2S", "KC")
    assert g.legal_plays(hand, cards("AH"), "H", "play") == cards("5D")


def test_cinch_may_trump_while_holding_the_suit_led():
    g = GAMES["cinch"]
    hand = cards("2S", "3H", "KC")
    assert g.legal_plays(hand, cards("AS"), "H", "play") == cards("2S", "3H")


def test_auction_pitch_void_player_may_play_anything():
    g = GAMES["auction-pitch"]
    hand = cards("3H", "KC")
    assert g.legal_plays(hand, cards("AS"), "H", "play") == hand


def test_left_pedro_ranks_just_below_the_five_of_trumps():
    g = GAMES["cinch"]
    assert g.beats(C("5H"), C("5D"), "H", "H")
    assert g.beats(C("5D"), C("4H"), "H", "H")
    assert not g.beats(C("5D"), C("6H"), "H", "H")


# --- property: the engine accepts exactly what a brute-force reading allows --------------


def effective(game, card, trump):
    if game.id == "cinch" and trump and card.rank == "5":
        colour = {"S": "C", "C": "S", "H": "D", "D": "H"}
        if card.suit == colour[trump]:
            return trump
    return card.suit


def power(game, card, trump):
    order = list(game.order)
    base = (len(order) - order.index(card.rank)) * 2
    if game.id == "cinch" and card.rank == "5" and card.suit != trump and trump:
        base -= 1
    return base


def wins(game, card, trick, trump):
    """Does `card` take the trick, played after every card in it? (brute force)"""
    led = effective(game, trick[0], trump)
    candidates = [*trick, card]

    def key(i):
        c = candidates[i]
        suit = effective(game, c, trump)
        tier = 2 if suit == trump else 1 if suit == led else 0
        # Earlier cards win ties, so a later identical card never takes the trick.
        return (tier, power(game, c, trump), -i)

    return max(range(len(candidates)), key=key) == len(trick)


def allowed_by_reading(game, hand, trick, trump, stage):
    rule = game.stage_rule(stage)
    if not trick or rule is None or rule.rule in ("free", "none"):
        return list(hand)
    led = effective(game, trick[0], trump)

    def level(c):
        follows = effective(game, c, trump) == led
        is_trump = trump is not None and effective(game, c, trump) == trump
        if rule.rule == "follow-or-trump":
            return 1 if follows or is_trump else 0
        if follows:
            return 4 + wins(game, c, trick, trump)
        if is_trump and rule.trump_when_void:
            return 2 + wins(game, c, trick, trump)
        return 0

    if rule.rule == "follow-or-trump" and not any(effective(game, c, trump) == led for c in hand):
        return list(hand)
    best = max(level(c) for c in hand)
    return [c for c in hand if level(c) == best]


@st.composite
def deals(draw):
    gid = draw(st.sampled_from(sorted(g for g in GAMES if GAMES[g].has_tricks)))
    game = GAMES[gid]
    stage = draw(st.sampled_from(sorted(game.stages)))
    pool = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    chosen = draw(st.permutations(pool))
    size = draw(st.integers(1, min(6, game.hand_size)))
    players = 2 if game.players == 2 else 4
    trick_len = draw(st.integers(0, players - 1))
    hand, trick = chosen[:size], chosen[size : size + trick_len]
    trump = draw(st.sampled_from([None, "S", "H", "D", "C"]))
    return game, hand, trick, trump, stage


@settings(max_examples=400, deadline=None)
@given(deals())
def test_legal_plays_are_exactly_those_the_laws_allow(deal):
    game, hand, trick, trump, stage = deal
    got = game.legal_plays(hand, trick, trump, stage)
    assert got == allowed_by_reading(game, hand, trick, trump, stage)
    assert got, "a player always has at least one lawful card"


@pytest.mark.parametrize(
    "gid", sorted(g for g, game in GAMES.items() if game.has_tricks and game.seat_range == (2, 2)))
def test_two_handed_trick_games_have_free_and_strict_stages_documented(gid):
    rules = {s: r.rule for s, r in GAMES[gid].stages.items()}
    assert "follow-and-win" in rules.values()
