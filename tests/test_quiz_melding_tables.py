"""A Conquian table shows all forty cards (the blind audit's #16, 36, 53, 69, 70, 72, 98): the
hands, each player's melds, the card face up on offer, the cards passed out of play and the
stock. A card drawn is turned face up at once and never joins the hand (Foster 1913), so no
hand in play holds eleven, and "drew two cards" is told as two cards turned up, both seen.
"""

from __future__ import annotations

import random
from functools import cache

from quizzes.bank import default_bank
from quizzes.moments import deal_moment
from quizzes.questions import Question, QuestionError
from quizzes.stem import table_text

BANK = default_bank()
SEEDS = (0, 1)


@cache
def _questions() -> tuple[Question, ...]:
    """Every generated Conquian question, two seeds each, built once for the module."""
    out = []
    for info in BANK.items.values():
        if info.type == "authored" or info.game != "conquian":
            continue
        for seed in SEEDS:
            try:
                q = BANK.generate(info.type, info.law, seed)
            except QuestionError:
                continue
            if q.shown is not None and q.shown.get("game") == "conquian":
                out.append(q)
    return tuple(out)


def _held(shown, player) -> int:
    hand = (shown.get("hands") or {}).get(player)
    return len(hand) if isinstance(hand, list) else int(hand or 0)


def _counted(shown) -> int:
    """The cards a learner counts on the table as the stem says it."""
    n = sum(_held(shown, p) for p in shown.get("hands") or {})
    n += sum(len(g) for groups in (shown.get("melds") or {}).values() for g in groups)
    n += len((shown.get("faced") or {}).get("cards") or ())
    n += len((shown.get("apart") or {}).get("cards") or ())
    stock = shown.get("stock")
    return n + (len(stock) if isinstance(stock, list) else int(stock or 0)) \
        + int(shown.get("passed") or 0)


def test_every_conquian_table_shows_the_forty_cards():
    qs = _questions()
    # The bank asks four Conquian questions that are not authored (rulings on four laws; the
    # drawn card faced at once is cited beside more than one card turned, and asked under it),
    # each built here from two seeds: every one of them is checked.
    assert len(qs) >= 8
    dealt = 0
    for q in qs:
        if not q.shown.get("hands") and q.shown.get("stage") == "deal":
            continue  # an error in the cut: the whole pack, undealt
        dealt += 1
        assert _counted(q.shown) == 40, (q.id, q.shown)
        text = table_text(q.shown)
        # What is not in the hands or the stock is said: the cards passed, face up, melded.
        assert "passed" in text, (q.id, text)
    assert dealt >= 8  # all eight are dealt (none is an error in the cut)


def test_no_conquian_hand_in_play_holds_a_drawn_card():
    for q in _questions():
        event = (q.table or {}).get("event", {}).get("type")
        if event == "wrong-count" or q.shown.get("stage") != "play":
            continue
        for player in q.shown.get("hands") or {}:
            assert _held(q.shown, player) <= 10, (q.id, player, q.shown["hands"])


def test_two_cards_drawn_at_conquian_are_two_cards_turned_up_and_seen():
    checked = 0
    for q in _questions():
        event = (q.table or {}).get("event", {})
        if event.get("type") != "drew-two":
            continue
        checked += 1
        assert "without seeing" not in q.situation, q.id
        assert "turned up two cards from the stock at once" in q.situation, q.id
        faced = q.shown.get("faced") or {}
        assert len(faced.get("cards") or ()) == 2, (q.id, faced)
        assert f"by {event['player']}" in faced["words"], q.id
        assert all(_held(q.shown, p) == 10 for p in q.shown["hands"]), q.id
    assert checked >= 2


def test_a_drawn_card_out_of_turn_lies_face_up_turned_by_the_offender():
    checked = 0
    for q in _questions():
        event = (q.table or {}).get("event", {})
        if event.get("type") != "drew-out-of-turn":
            continue
        checked += 1
        other = next(p for p in q.shown["players"] if p != event["player"])
        assert f"it was {other}'s turn to draw" in q.situation, q.id
        assert f"by {event['player']}" in q.shown["faced"]["words"], q.id
    assert checked >= 1


def test_the_top_card_is_touched_with_a_card_face_up_on_offer():
    """Read from the moments dealt: its ruling ("play goes on") is no longer asked."""
    checked = 0
    for k in range(8):
        dealt = deal_moment(BANK, ("conquian", "play", "touched-top-card"), random.Random(k))
        if dealt is None:
            continue
        checked += 1
        player = dealt.event["player"]
        faced = dealt.seen.get("faced") or {}
        assert faced.get("cards"), dealt.seen
        # Offered to him: his adversary's discard, or a card turned by his adversary.
        assert f"by {player}" not in faced["words"], faced
    assert checked >= 3


def test_a_player_looks_beyond_the_card_he_has_just_turned():
    checked = 0
    for q in _questions():
        event = (q.table or {}).get("event", {})
        if event.get("type") != "peeked-at-stock":
            continue
        checked += 1
        faced = q.shown.get("faced") or {}
        assert faced.get("cards") and f"by {event['player']}" in faced["words"], (q.id, faced)
    assert checked >= 1


def test_a_melding_game_is_not_told_in_the_words_of_tricks():
    for q in _questions():
        assert "before any card is played" not in q.situation, q.id
