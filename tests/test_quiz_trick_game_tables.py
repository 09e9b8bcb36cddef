"""Cinch, Auction Pitch and Pinochle quiz tables whose facts the laws can act on (the blind
audit's #15, #35, #52, #91, #101, #195 and the first round's #61 and #64): an exposed card its
adversaries can still call, two cards played together both lawful, no misdealt hand played out
where a short trick cannot be shown, a renounce said to stand, no score past the game in the
middle of a hand, and no Auction Pitch table of a player's own card turned up in the deal
(Foster's general law rules it, and does not say who besides the dealer may claim).
"""

from __future__ import annotations

import random
from functools import cache

from app.cards import Card
from quizzes.bank import default_bank
from quizzes.moments import Dealt, deal_moment
from quizzes.possible import table_problems
from quizzes.questions import QuestionError
from quizzes.words import event_words

BANK = default_bank()


@cache
def _moments(combo: tuple[str, str, str], n: int = 24) -> tuple[Dealt, ...]:
    out = []
    for k in range(n):
        dealt = deal_moment(BANK, combo, random.Random(f"{combo}:{k}"))
        if dealt is not None:
            out.append(dealt)
    return tuple(out)


def _right_of(players: list[str], player: str) -> str:
    return players[(players.index(player) - 1) % len(players)]


def test_an_exposed_card_at_cinch_can_still_be_called():
    checked = 0
    # (40 deals: a card exposed by the player about to lead is no longer asked, round 50)
    for dealt in _moments(("cinch", "play", "exposed-card"), 40):
        ev, state = dealt.event, dealt.state
        if ev.get("how") == "two-played":
            continue
        checked += 1
        holder, card = ev["player"], Card.parse(ev["card"])
        hand = state.hand(holder)
        assert card in hand and len(hand) >= 2, (ev, hand)  # a later trick to play it to
        trick = state.trick
        on_trick = [p for p, _ in trick.plays] if trick is not None else []
        assert holder not in on_trick, ev
        assert _right_of(list(state.players), holder) not in on_trick, (ev, on_trick)
        led = trick.cards if trick is not None else ()
        if led:
            lawful = dealt.game.legal_plays(hand, led, state.trump, state.stage)
            assert card in lawful, (ev, led, hand)
    assert checked >= 8


def test_two_cards_played_together_at_cinch_are_both_lawful_plays():
    checked = 0
    for dealt in _moments(("cinch", "play", "exposed-card"), 40):
        ev, state = dealt.event, dealt.state
        if ev.get("how") != "two-played":
            continue
        checked += 1
        hand = state.hand(ev["player"])
        led = state.trick.cards if state.trick is not None else ()
        lawful = dealt.game.legal_plays(hand, led, state.trump, state.stage) if led else hand
        for code in (ev["card"], ev["second_card"]):
            assert Card.parse(code) in lawful, (ev, led, hand)
    assert checked >= 3


def test_no_misdealt_hand_is_played_out_where_a_short_trick_cannot_be_shown():
    """Four at Cinch: the hand a card short is passed over in the last trick, which the table
    would count as full (53 cards)."""
    for gid in ("cinch", "auction-pitch"):
        for k in range(6):
            assert deal_moment(BANK, (gid, "hand-over", "wrong-count"),
                               random.Random(k)) is None
    assert any(deal_moment(BANK, ("ecarte", "hand-over", "wrong-count"), random.Random(k))
               for k in range(6))


def test_a_renounce_ruled_a_revoke_is_said_to_stand_and_a_bare_penalty_is_not_wrong():
    # Cinch's revoke-holding-suit is no longer asked as a ruling: the rulings the bank asks on
    # trick obligations and revokes are taken from it, and every one ruled a revoke is checked.
    built = 0
    for info in BANK.items.values():
        if info.type != "ruling" or info.topic != "trick-obligations-and-revokes":
            continue
        for seed in range(2):
            try:
                q = BANK.generate("ruling", info.law, seed)
            except QuestionError:
                continue
            if (q.table.get("event") or {}).get("type") != "play" or \
                    not q.choices[int("abcd".index(q.answer[0]))].text.startswith("It is a revoke"):
                continue
            built += 1
            # Said in the asked code's words of the moment (#167: the Club Code's next lead).
            game = BANK.games[q.game]
            moment = game.facts.codes[q.code].card_stands_after if q.code else ""
            assert ("He does not take it back" + (f" before {moment}." if moment
                                                  else ": the card stands.")) in q.situation
            assert "A penalty." not in [c.text for c in q.choices], q.id
    assert built >= 2


def test_no_score_past_the_game_in_the_middle_of_a_hand():
    for gid in ("pinochle", "bezique"):
        for stage in ("play", "stock-exhausted"):
            for dealt in _moments((gid, stage, "false-declaration"), 16):
                assert all(v < 1000 for v in dealt.table["scores"].values()), dealt.table
    table = {"game": "pinochle", "players": ["North", "South"], "dealer": "South",
             "stage": "stock-exhausted", "tricks_played": 13, "trump": "S",
             "hands": {"North": 11, "South": 11}, "stock": 0,
             "scores": {"North": 1057, "South": 973}, "event": {"type": "imperfect-pack"}}
    assert any("1057" in p for p in table_problems(table, BANK.games))


def test_the_even_stock_stem_says_the_error_that_left_a_hand_over():
    """Read from the moments dealt (its ruling, "play goes on", is no longer asked)."""
    said = 0
    for dealt in _moments(("pinochle", "play", "even-stock"), 8):
        words = event_words(dealt.scenario, dealt.game)
        if "should hold 13" in words or "holds 13" in words or "holds 11" in words:
            said += 1
            assert "An earlier error in drawing, unnoticed until now, left it so." in words
    assert said >= 3


def test_a_players_own_card_at_auction_pitch_makes_no_quiz_table():
    """Foster's general law rules it (the encyclopedia's new deal is for a card dealt face up,
    the round-5 audit's #43), and gives the claim to the dealer's side alone: with two players
    on neither side, whether they may claim is not said, so no such table is asked."""
    for stage in ("deal", "bidding"):
        assert not _moments(("auction-pitch", stage, "own-card-exposed-in-deal"), 6)
    for seed in range(8):
        try:
            q = BANK.generate("ruling", "general.american.own-card-exposed-in-deal", seed)
        except QuestionError:
            continue
        assert q.game == "general" and q.table["game"] != "auction-pitch", q.id


def test_before_play_no_trick_in_progress_is_spoken_of():
    # (a Cinch card exposed in the bidding is no longer asked: the fortieth round's #26)
    q = BANK.generate("ruling", "ecarte.english.overscore-taken-down", 0)
    assert q.table["stage"] == "bidding"
    assert "trick in progress" not in q.situation
    assert "No card has been played yet." in q.situation
