"""A card played out of turn is a card its player could lawfully have played in turn (the
blind audit of 2026-12-02, fifth round, #3 and #44): East holding three spades plays the
queen of clubs out of turn to a spade lead, North holding two hearts the ten of diamonds to a
heart lead. The card is then also a revoke, a second irregularity the stem and the choices
say nothing of, and a careful learner cannot tell which one the question means.

Judged from the table the question carries (the player's hand, the trick as it stood) and the
game's rule of following (content/games), not from the maker's own choice.
"""

from __future__ import annotations

from bank_questions import BANK, dealt_moments, of_seed, question

from app.cards import Card
from app.model.scenario import parse_scenario
from quizzes.questions import Question


def _unlawful(q: Question) -> str:
    """Why the card the question's table shows played out of turn is not one its player could
    lawfully play to the trick as it stood, or "" (it is)."""
    assert q.table is not None
    s = parse_scenario(dict(q.table), BANK.games)
    if s.event.type != "play-out-of-turn" or s.trick is None:
        return ""
    # (The table is the one the engine rules: the card is still in his hand, the event
    # names it; the learner sees it on the trick.)
    player, card = str(s.event.get("player")), s.event.get("card")
    before = s.trick.cards
    if not before or not isinstance(card, Card):
        return ""  # he led: any card may be led
    hand = s.hands[player]
    assert isinstance(hand, tuple) and card in hand, (q.id, hand, card)
    lawful = BANK.games[s.game].legal_plays(hand, before, s.trump, s.stage)
    return "" if card in lawful else f"{player} played {card} to {before} holding {hand}"


def test_a_card_dealt_as_played_out_of_turn_is_a_lawful_card_in_every_game():
    checked = 0
    for made in dealt_moments("play-out-of-turn", 12, "lawful-out-of-turn"):
        state, ev = made.state, made.event
        trick = state.trick
        led = trick.cards if trick is not None else ()
        if not led:
            continue
        checked += 1
        hand = state.hand(ev["player"])
        lawful = made.game.legal_plays(hand, led, state.trump, state.stage)
        assert Card.parse(ev["card"]) in lawful, (made.scenario.game, ev, led, hand)
    assert checked >= 6


def test_the_cinch_out_of_turn_questions_show_a_lawful_card():
    # The audit's two items, many seeds each: a card followed to the suit led (or a trump)
    # whenever the player held one.
    items = [i for i in BANK.items if i.startswith(("law:", "ruling:", "penalty:"))
             and ("before-second" in i or "out-of-turn" in i)]
    assert "law:cinch.american.fourth-hand-before-second" in items
    assert "ruling:cinch.american.fourth-hand-before-second" in items
    checked = 0
    for item in items:
        for seed in (0, 1, 2, 3, 599928, 985967):
            q = question(item, seed)
            if not isinstance(q, Question):
                continue
            checked += 1
            assert _unlawful(q) == "", (q.id, _unlawful(q))
    assert checked >= 12


def test_no_card_played_is_asked_of_a_player_holding_it_alone():
    # Round 7's #40: South's last card, the seven of hearts: "may he play it?" answers itself.
    asked = 0
    for _info, q in of_seed(0):
        if not isinstance(q, Question) or not q.table:
            continue
        event = q.table.get("event", {})
        hands = q.table.get("hands", {})
        if event.get("type") != "play" or not isinstance(hands.get(event.get("player")), list):
            continue
        asked += 1
        # (The table shows the card still in his hand, the moment before he plays it.)
        assert len(hands[event["player"]]) >= 2, (q.id, hands[event["player"]])
    assert asked >= 10
