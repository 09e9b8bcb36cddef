"""Hooks that make a random event read like something that happens at a real table.

Each hook takes the random scenario mapping (its event already filled field by field from the
event's spec, app/table_builder/deal.py), the game and the random source, and changes them in
place. The event registry (app/model/events.py) names the hook of each event type.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from app.cards import Card

if TYPE_CHECKING:  # the hooks are handed their random source: loading them loads no `random`
    import random

    from app.model.games import Game


def _hands(raw: dict[str, Any]) -> dict[str, Any]:
    hands: dict[str, Any] = raw.setdefault("hands", {})
    return hands


def spoil_counts(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """One or more hands hold a card or two too many, or one too few."""
    hands = _hands(raw)
    players: list[str] = raw["players"]
    for p in rng.sample(players, rng.randint(1, len(players))):
        held = hands.get(p, [])
        count = held if isinstance(held, int) else len(held)
        hands[p] = count + rng.choice((-1, 1, 2) if count > 0 else (1, 2))  # always off


def king_turned(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """A king turned for trumps: a free king is the turn-up; half the time a count is wrong."""
    if rng.random() < 0.5:
        spoil_counts(raw, game, rng)
    used = {c for h in _hands(raw).values() if isinstance(h, list) for c in h}
    trick = raw.get("trick")
    used.update(trick["cards"] if isinstance(trick, dict) else ())
    kings = [f"K{s}" for s in game.pack.suits if f"K{s}" not in used]
    if kings:
        raw["turn_up"] = rng.choice(kings)


def one_card_short(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """He played to the next trick without drawing first: one card short."""
    hand = _hands(raw).get(raw["event"]["player"])
    if isinstance(hand, list) and hand:
        hand.pop()


def _free_cards(raw: dict[str, Any], game: Game) -> list[str]:
    """The pack's cards nobody holds, none on the trick or turned up (the stock's cards)."""
    pack = [c.code for c in game.pack.cards for _ in range(game.pack.copies)]
    trick = raw.get("trick")
    used = [c for h in _hands(raw).values() if isinstance(h, list) for c in h]
    used += list(trick["cards"]) if isinstance(trick, dict) else []
    used += [raw["turn_up"]] if raw.get("turn_up") else []
    for code in used:
        if code in pack:
            pack.remove(code)
    return pack


def one_card_over(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """He drew a card too many (two instead of one, or out of turn): it is in his hand, one
    card over, and the stock is one card shorter."""
    hand = _hands(raw).get(raw["event"]["player"])
    free = _free_cards(raw, game)
    stock = raw.get("stock")
    if not isinstance(hand, list) or not free or not isinstance(stock, int) or stock < 1:
        return
    hand.append(rng.choice(free))
    raw["stock"] = stock - 1


def even_stock(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The stock is found to hold an even number of cards."""
    stock = raw.get("stock")
    if isinstance(stock, int) and stock % 2:
        raw["stock"] = stock - 1 if stock > 1 else stock + 1


def stock_drawn_out(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The last card of the stock has been drawn: none is left."""
    if isinstance(raw.get("stock"), int):
        raw["stock"] = 0


def play_in_turn(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The card is played by whoever is to play to the trick, from his own hand."""
    ev, players, hands = raw["event"], raw["players"], _hands(raw)
    trick = raw.get("trick")
    if trick:
        order = players[players.index(trick["leader"]):] + players[: players.index(trick["leader"])]
        player = order[len(trick["cards"])] if len(trick["cards"]) < len(players) else ev["player"]
        hand = hands.get(player)
        if isinstance(hand, list) and hand:
            ev["player"], ev["card"] = player, rng.choice(hand)
    if not hands.get(ev["player"]):
        hands[ev["player"]] = [ev["card"]]


def lead_by_another(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The lead belonged to someone else, and only others may have followed the false lead."""
    ev, players = raw["event"], raw["players"]
    offender = ev["player"]
    others = [p for p in players if p != offender]
    ev["followed_by"] = [p for p in ev.get("followed_by", []) if p != offender]
    if raw.get("trick") is not None:
        raw["trick"] = {"leader": rng.choice(others), "cards": []}


def tricks_won_so_far(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """He cannot have won more tricks than have been played."""
    raw["event"]["tricks_won"] = rng.randint(0, min(raw.get("tricks_played", 0), 4))


def faced_at_turn_up(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """In a game with a turn-up, now and then the faced card is the one due to be turned."""
    if game.has("turn_up") and rng.random() < 0.25:
        raw["event"]["position"] = len(raw["players"]) * game.hand_size + 1


def score_on_the_games_scale(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """A wrong mark is off by a usual amount on the game's own scale of points: tens in the
    Bézique family, single points at Écarté (a game of five, where "310 where 300 were due"
    could not happen), as the game's model declares for its scores (`random_scores`)."""
    ev = raw["event"]
    low, high, step = game.model.random_scores
    ev["correct"] = correct = rng.randrange(low, min(high, 50 * step), step)
    marked = correct + step * rng.choice((-4, -2, -1, 1, 2, 4, 5, 10))
    if not low <= marked < high:
        marked = correct + step if correct + step < high else correct - step
    ev["marked"] = marked


def exposed_without_tricks(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """Where there are no tricks, a card cannot be exposed by playing two to one; a second
    card is shown only when two were played."""
    ev = raw["event"]
    if not game.has("tricks") and ev["how"] == "two-played":
        ev["how"] = "faced"
    if ev["how"] != "two-played" or ev.get("second_card") == ev["card"]:
        ev.pop("second_card", None)


def played_out(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The hand is over: no cards are left in hand and no trick is in progress."""
    raw.pop("trick", None)
    raw["hands"] = {}


def share_tricks(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The hand is played out, its tricks shared among the players."""
    played_out(raw, game, rng)
    players: list[str] = raw["players"]
    left = game.tricks_per_hand
    tricks = {}
    for p in players[:-1]:
        tricks[p] = rng.randint(0, left)
        left -= tricks[p]
    tricks[players[-1]] = left
    raw["event"]["tricks"] = tricks


def points_shared(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """The hand is played out and the points of the deal shared among the players: as many
    as a deal holds (the highest bid the game allows: 4 at Auction Pitch, 14 at Cinch), now
    and then one fewer (the point for game tied, and so scored by nobody)."""
    played_out(raw, game, rng)
    play = game.facts.play
    high = play.bids[1] if play is not None and play.bids != (0, 0) else 4
    left = high - (1 if rng.random() < 0.2 else 0)
    players: list[str] = raw["players"]
    points = {p: 0 for p in players}
    for _ in range(left):
        points[rng.choice(players)] += 1
    raw["event"]["points"] = points


def court_free_hand(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """Carte blanche: half the time the declarer really holds no king, queen or knave (his
    court cards are swapped for free plain cards), and a repeat shows a plain card drawn. A
    repeat follows a draw, so it happens only in play: during the deal the declaration is the
    first."""
    ev = raw["event"]
    if raw.get("stage") != "play":
        ev["repeated"] = False
        ev.pop("drawn", None)
    if rng.random() < 0.5:
        return
    used: Counter[str] = Counter()
    for hand in _hands(raw).values():
        used.update(hand if isinstance(hand, list) else ())
    trick = raw.get("trick")
    used.update(trick["cards"] if isinstance(trick, dict) else ())
    stock = raw.get("stock")
    used.update(stock if isinstance(stock, list) else ())
    if raw.get("turn_up"):
        used[raw["turn_up"]] += 1
    plain = [c.code for c in game.pack.cards if c.rank not in ("K", "Q", "J")]
    free = [c for c in plain for _ in range(game.pack.copies - used[c])]
    rng.shuffle(free)
    hand = _hands(raw).get(ev["player"])
    if isinstance(hand, list):
        for i, code in enumerate(hand):
            if Card.parse(code).rank in ("K", "Q", "J") and free:
                hand[i] = free.pop()
    if ev.get("repeated") and free:
        ev["drawn"] = free.pop()


def drawn_only_from_a_stock(raw: dict[str, Any], game: Game, rng: random.Random) -> None:
    """Whether he has drawn since is asked only where a stock is drawn from in play (not at
    Écarté, where "he has not drawn from the stock since" would puzzle a learner)."""
    if not game.has("stock"):
        raw["event"].pop("drawn_since", None)
