"""The table as the learner sees it once the event has happened.

The engine rules a table as it stood when the event happened, the event naming the card led or
played (app/model/events.py). The learner is shown what followed: a card the event's words say
was led or played has left its owner's hand and lies on the trick in progress, after the cards
played to it before, in the order played (play goes to the left); the cards others played to a
false lead lie after it, each a card its player could lawfully play; a card exposed but not
played lies face up apart. This is the picture drawn beside the question
(ui/quiz/table_sketch.py) and said in words (quizzes/stem.py `table_text`).

The seen table is a scenario mapping with three additions: the trick's `players` (who played
each card, in order), `apart` (a card lying face up, out of its hand, with the words under it)
and `discards` (how many cards were discarded and lie aside, once a discard has been made).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping
from typing import Any

from app.cards import Card, CardError
from app.model.games import Game
from app.rehearsal.state import DealState

# Events whose card is led: it opens a trick of its own.
LEADS = frozenset({"lead-out-of-turn", "named-suit-not-led"})
# Events whose card lies face up apart, exposed but not played, with the words under it.
APART = {"exposed-card": "Exposed by {player}, face up"}


def _card(code: Any) -> Card | None:
    try:
        return Card.parse(code) if code else None
    except (CardError, TypeError, ValueError):
        return None


def taken(event: Mapping[str, Any]) -> list[Card]:
    """The cards of the event's player the event took out of his hand (to the trick or face
    up apart): the card led or played, both cards played together ([] for an event that plays
    no card of his, or a play still to be judged and not yet said to stand: 'North plays the
    ace')."""
    kind, card = event.get("type"), _card(event.get("card"))
    # A play said to stand ("He does not take it back: the card stands") has been made: it lies
    # on the trick, not in his hand (the eighteenth blind round's #149).
    stood = kind == "play" and event.get("taken_back") is False
    if card is None or not (stood or kind in (*LEADS, "play-out-of-turn", "exposed-card")):
        return []
    second = _card(event.get("second_card"))
    if kind == "exposed-card" and event.get("how") == "two-played" and second is not None:
        return [card, second]
    return [card]


def plays(state: DealState, game: Game, event: Mapping[str, Any]) -> list[tuple[str, Card]]:
    """The trick in progress once the event has happened: each card with its player, in the
    order played ([] when no card lies on it)."""
    before = list(state.trick.plays) if state.trick is not None else []
    kind, player = event.get("type"), str(event.get("player") or "")
    cards = taken(event)
    if kind == "exposed-card" and event.get("how") != "two-played":
        cards = []  # exposed, not played: it lies apart
    if not cards:
        return before
    if kind in ("play-out-of-turn", "play") or (kind == "exposed-card" and before):
        return [*before, *((player, c) for c in cards)]
    laid = [(player, c) for c in cards]
    # Those who played to a false lead, in turn after it: each plays a lawful card of his.
    rng = random.Random(f"{sorted(event.items())}:{state.tricks_played}")
    for follower in event.get("followed_by") or ():
        hand = list(state.hand(follower))
        if not hand:
            continue
        led = tuple(c for _, c in laid)
        legal = game.legal_plays(tuple(hand), led, state.trump, state.stage) or hand
        laid.append((follower, rng.choice(list(legal))))
    return laid


def seen_table(state: DealState, game: Game, table: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario mapping `table` of the moment `state` as the learner sees it once its
    event has happened (see the module's words)."""
    out = copy.deepcopy(dict(table))
    event: Mapping[str, Any] = out.get("event") or {}
    hands = out.get("hands") or {}
    trick = plays(state, game, event)
    if trick:
        for player, card in trick:
            if (state.trick is None or (player, card) not in state.trick.plays) and \
                    isinstance(hands.get(player), list) and card.code in hands[player]:
                hands[player].remove(card.code)
        out["trick"] = {"leader": trick[0][0], "cards": [c.code for _, c in trick],
                        "players": [p for p, _ in trick]}
    if not (game.draws_from_stock or game.has("discards")):
        # The cards left after the deal are drawn from by no one in play (no stock): the
        # table calls them the rest of the pack (quizzes/table_facts.py).
        out["undealt_not_stock"] = True
    if state.discards_made:
        # The cards discarded lie aside, off the table: counted, so the cards add up to the
        # pack (at Cinch the plain cards thrown out before the fill).
        pack = len(game.pack.cards) * game.pack.copies
        out["discards"] = max(0, pack - sum(state.placed().values()))
    if state.melds is not None and (any(state.hands.values()) or state.stage != "deal"):
        out.update(meld_table(state))  # (nothing dealt yet, an error in the cut: no melds)
    _turned_apart(state, event, out)
    if not game.model.keeps_score and not (game.facts.play and game.facts.play.game_to):
        # A game that scores nothing (Conquian: each deal is a game, paid in counters) shows
        # no score: "North has 0 points" read as a score kept (the 53rd blind round's #60).
        # (Auction Pitch and Cinch keep no running score in the stem's sense, but play to a
        # game: their points are shown.)
        out.pop("scores", None)
    if event.get("type") == "cut-error" and event.get("error") == "several-shown-for-deal":
        out.pop("dealer", None)  # cutting for the first deal: nobody is dealer yet
        out["cutting_for_deal"] = True
    _given_apart(event, hands, out)
    words = APART.get(str(event.get("type")))
    shown = _card(event.get("card"))
    owner = event.get("player")
    if words is not None and event.get("how") != "two-played" and shown is not None \
            and isinstance(hands.get(owner), list) and shown.code in hands[owner]:
        hands[owner].remove(shown.code)
        out["apart"] = {"player": owner, "words": words.format(player=owner),
                        "cards": [shown.code]}
    return out


def _given_apart(event: Mapping[str, Any], hands: dict[str, Any], out: dict[str, Any]) -> None:
    """Cards exposed as the dealer gave them in the exchange lie face up apart, not yet taken
    into the hand: the one they were meant for may still refuse them (Club Code law 36), and a
    table showing them in his hand read as taken (the eighteenth blind round's #85). Two of
    the cards the hand holds stand for them, so the cards still add up to the pack."""
    if event.get("type") != "exchange-error" or event.get("error") != "cards-exposed-in-giving":
        return
    owner = str(event.get("player") or "")
    hand = hands.get(owner)
    if not isinstance(hand, list) or len(hand) < 3:
        return
    given = [hand.pop(), hand.pop()][::-1]
    out["apart"] = {"player": owner, "words": f"Exposed as they were given to {owner}, face up",
                    "cards": given}


def to_play(state: DealState, game: Game, table: Mapping[str, Any]) -> dict[str, Any]:
    """The table as seen at the moment the event's player is still to play ("North is to play.
    His hand: ..."): `seen_table` of the event as such a stem tells it, with no play said to
    stand, so his card is still in his hand (the nineteenth blind round's #29, #47, #60, #161:
    "is to play" beside his card already on the trick)."""
    event = {k: v for k, v in (table.get("event") or {}).items() if k != "taken_back"}
    return seen_table(state, game, {**table, "event": event})


def meld_table(state: DealState) -> dict[str, Any]:
    """What a melding game's table holds beside the hands and the stock, so its cards add up
    to the pack: each player's melds (`melds`), the card lying face up on offer with any
    turned up with it (`faced`: the cards and the words under them), and how many cards both
    players passed, out of play (`passed`)."""
    m = state.melds
    if m is None:
        return {}
    out: dict[str, Any] = {"passed": len(m.dead)}
    down = {p: [[c.code for c in group] for group in m.down.get(p, ())]
            for p in state.players if m.down.get(p)}
    if down:
        out["melds"] = down
    if m.upcard is not None:
        cards = [m.upcard, *m.turned_too]
        if m.upcard_from == "stock":
            # A card the turner passed is offered to the other, who is then to move.
            turner = m.turned_by or next(p for p in state.players if p != state.to_move)
            together = " together" if len(cards) > 1 else ""
            words = f"Turned up{together} from the stock by {turner}, face up"
            if not m.turned_by:
                words += f", passed by {turner}"
        else:
            words = f"Discarded by {m.upcard_from}, face up"
        out["faced"] = {"words": words, "cards": [c.code for c in cards]}
    return out


def meld_count_problems(seen: Mapping[str, Any], pack: int) -> list[str]:
    """Where a melding game's table shown does not add up to the pack: its hands, melds, the
    cards face up, the cards passed and the stock ([] for a table of another game)."""
    if "passed" not in seen:
        return []
    hands = seen.get("hands") or {}
    counted = sum(len(h) if isinstance(h, list) else int(h) for h in hands.values())
    counted += sum(len(g) for groups in (seen.get("melds") or {}).values() for g in groups)
    counted += len((seen.get("faced") or {}).get("cards") or ())
    counted += len((seen.get("apart") or {}).get("cards") or ())  # an exposed card
    stock = seen.get("stock")
    counted += len(stock) if isinstance(stock, list) else int(stock or 0)
    counted += int(seen["passed"])
    if not hands and seen.get("stage") == "deal":
        return []  # nothing dealt yet: the whole pack lies in the stock
    return [] if counted == pack else [f"{counted} cards shown of a pack of {pack}"]


# Cards the dealer turned face up from the stock beyond the one trump card: how many, and the
# words under them. Several turned for trumps, every one lies face up and none is yet the
# trump (Club Code law 11, Foster's Misdealing ¶6: the adversary may choose among them, or a
# fresh deal is due); a card turned in error in the exchange lies face up (Club Code law 37).
def _turned(event: Mapping[str, Any]) -> tuple[int, str] | None:
    kind = event.get("type")
    if kind == "several-trumps-turned" and isinstance(event.get("count"), int):
        return int(event["count"]), "Turned up for trumps by the dealer, the eleventh card first"
    if kind == "exchange-error" and event.get("error") == "card-turned-in-error":
        return 1, "Turned up in error by the dealer"
    return None


def turned_for_trumps(state: DealState, count: int) -> tuple[Card, ...]:
    """The cards a dealer who turned up `count` for trumps turned: the turn-up, the eleventh
    card, then the stock's top cards (() where nothing is turned up)."""
    return () if state.turn_up is None else (state.turn_up, *state.stock[:count - 1])


def _turned_apart(state: DealState, event: Mapping[str, Any], out: dict[str, Any]) -> None:
    """Lay the cards turned up face up apart, taken from the top of the stock (after the
    turn-up, which is one of them when several were turned for trumps), so the table shows
    every card the stem says was turned and counts the stock without them."""
    turned = _turned(event)
    stock = out.get("stock")
    if turned is None or not isinstance(stock, int):
        return
    count, words = turned
    for_trumps = event.get("type") == "several-trumps-turned"
    if for_trumps:
        if state.turn_up is None:
            return
        out.pop("turn_up", None)
        out.pop("trump", None)  # the trump is not settled: the adversary's choice, or void
    extra = count - 1 if for_trumps else count
    if extra > min(stock, len(state.stock)):
        return
    cards = list(turned_for_trumps(state, count) if for_trumps else state.stock[:extra])
    out["stock"] = stock - extra
    out["apart"] = {"player": state.dealer, "words": words, "cards": [c.code for c in cards]}


def laid_problems(seen: Mapping[str, Any]) -> list[str]:
    """Where the table shown disagrees with the event's words: a card said to be led or played
    that is not on the trick by its player, a player said to have played to a false lead with
    no card on it, the cards of a false lead out of turn order. (Whether it left his hand is
    not told from the table alone: a two-pack game's hand may hold its twin.)"""
    event: Mapping[str, Any] = seen.get("event") or {}
    kind, player = event.get("type"), event.get("player")
    turned = _turned(event)
    if turned is not None:
        laid: Mapping[str, Any] = seen.get("apart") or {}
        shown = len(laid.get("cards") or ())
        if shown != turned[0]:
            return [f"{turned[0]} cards are said to be turned up, the table shows {shown}"]
        if kind == "several-trumps-turned" and (seen.get("turn_up") or seen.get("trump")):
            return ["several cards were turned for trumps, but the table names the trump"]
    cards = taken(event)
    if not cards:
        return []
    trick: Mapping[str, Any] = seen.get("trick") or {}
    on_trick = list(zip(trick.get("players") or (), trick.get("cards") or (), strict=False))
    apart: Mapping[str, Any] = seen.get("apart") or {}
    out = []
    exposed_only = kind == "exposed-card" and event.get("how") != "two-played"
    for card in cards:
        where = [(p, c) for p, c in on_trick if p == player and _card(c) == card]
        if exposed_only:
            where = [(player, c) for c in apart.get("cards") or () if _card(c) == card]
        if not where:
            out.append(f"{player}'s {card.name} is said to be "
                       f"{'exposed' if exposed_only else 'played'} but does not lie on the "
                       f"{'table' if exposed_only else 'trick'}")
    followers = list(event.get("followed_by") or ())
    seats = list(seen.get("players") or ())
    if kind in LEADS and on_trick:
        order = [p for p, _ in on_trick]
        if order[0] != player:
            out.append(f"{player} is said to lead but {order[0]} led the trick shown")
        if followers and order[1:] != followers:
            out.append(f"{', '.join(followers)} are said to have played to the lead; the trick "
                       f"shows {', '.join(order[1:]) or 'no other card'}")
        if seats and player in seats:
            turn = [seats[(seats.index(player) + i) % len(seats)] for i in range(len(seats))]
            if order != turn[:len(order)]:
                out.append(f"the cards played to {player}'s lead are out of turn: "
                           f"{', '.join(order)} (play goes to the left: {', '.join(turn)})")
    return out


def laid_down(seen: Mapping[str, Any], player: str, cards: Iterable[Card]) -> dict[str, Any]:
    """The seen table with the cards a declaration laid down said to lie face up on the table,
    still among the player's cards (he plays them from there): "laid down" beside a hand that
    only lists them read as cards never put down (Portland law 33: declared cards are left
    face up; the twenty-fourth blind round's #18). quizzes/table_facts.py says it."""
    out = copy.deepcopy(dict(seen))
    hand = (out.get("hands") or {}).get(player)
    codes = [c.code for c in cards]
    if codes and isinstance(hand, list) and all(hand.count(c) >= codes.count(c) for c in codes):
        out["laid_down"] = {"player": player, "cards": codes}
    return out
