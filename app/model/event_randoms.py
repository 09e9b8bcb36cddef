"""Hooks that make a random event read like something that happens at a real table.

Each hook takes the random table (a typed scenario file whose event is already filled field by
field from the event's spec, app/table_builder/deal.py), its event as the event's own Struct,
the game and the random source, and returns the table changed (msgspec.structs.replace: the
table and its event are frozen). The event registry (app/model/events.py) names the hook of
each event type.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from msgspec.structs import replace

from app.cards import Card
from app.model.scenario_model import ScenarioFile, Trick

if TYPE_CHECKING:  # the hooks are handed their random source: loading them loads no `random`
    import random

    from app.model import event_types as ev
    from app.model.games import Game

# What a scenario file holds for a hand: its cards, or only how many there are.
Hand = tuple[Card, ...] | int | None


def cards_of(hand: Hand) -> tuple[Card, ...]:
    """The cards of a hand given card by card (none for a hand given by its count)."""
    return hand if isinstance(hand, tuple) else ()


def _count(hand: Hand) -> int:
    return len(hand) if isinstance(hand, tuple) else hand or 0


def _stock_count(table: ScenarioFile) -> int | None:
    """The stock's size when the table gives it by its count (None when not)."""
    return table.stock if isinstance(table.stock, int) else None


def _seats(table: ScenarioFile) -> tuple[str, ...]:
    return table.players or ()


def _on_the_table(table: ScenarioFile) -> list[Card]:
    """The cards in hands and on the trick, in that order."""
    held = [c for hand in table.hands.values() for c in cards_of(hand)]
    return held + list(table.trick.cards if table.trick is not None else ())


def spoil_counts(table: ScenarioFile, event: ev.Event, game: Game,
                 rng: random.Random) -> ScenarioFile:
    """One or more hands hold a card or two too many, or one too few."""
    hands = dict(table.hands)
    players = _seats(table)
    for p in rng.sample(players, rng.randint(1, len(players))):
        count = _count(hands.get(p, ()))
        hands[p] = count + rng.choice((-1, 1, 2) if count > 0 else (1, 2))  # always off
    return replace(table, hands=hands)


def king_turned(table: ScenarioFile, event: ev.Event, game: Game,
                rng: random.Random) -> ScenarioFile:
    """A king turned for trumps: a free king is the turn-up; half the time a count is wrong."""
    if rng.random() < 0.5:
        table = spoil_counts(table, event, game, rng)
    used = set(_on_the_table(table))
    kings = [Card("K", s) for s in game.pack.suits if Card("K", s) not in used]
    return replace(table, turn_up=rng.choice(kings)) if kings else table


def one_card_short(table: ScenarioFile, event: ev.FailedToDraw, game: Game,
                   rng: random.Random) -> ScenarioFile:
    """He played to the next trick without drawing first: one card short."""
    hand = cards_of(table.hands.get(event.player))
    return replace(table, hands={**table.hands, event.player: hand[:-1]}) if hand else table


def _free_cards(table: ScenarioFile, game: Game) -> list[Card]:
    """The pack's cards nobody holds, none on the trick or turned up (the stock's cards)."""
    pack = [c for c in game.pack.cards for _ in range(game.pack.copies)]
    used = _on_the_table(table) + ([table.turn_up] if table.turn_up is not None else [])
    for card in used:
        if card in pack:
            pack.remove(card)
    return pack


def one_card_over(table: ScenarioFile, event: ev.DrewTwo | ev.DrewOutOfTurn, game: Game,
                  rng: random.Random) -> ScenarioFile:
    """He drew a card too many (two instead of one, or out of turn): it is in his hand, one
    card over, and the stock is one card shorter."""
    hand = table.hands.get(event.player)
    free = _free_cards(table, game)
    stock = _stock_count(table)
    if not isinstance(hand, tuple) or not free or stock is None or stock < 1:
        return table
    return replace(table, hands={**table.hands, event.player: (*hand, rng.choice(free))},
                   stock=stock - 1)


def even_stock(table: ScenarioFile, event: ev.Event, game: Game,
               rng: random.Random) -> ScenarioFile:
    """The stock is found to hold an even number of cards."""
    stock = _stock_count(table)
    if stock is not None and stock % 2:
        return replace(table, stock=stock - 1 if stock > 1 else stock + 1)
    return table


def stock_drawn_out(table: ScenarioFile, event: ev.Event, game: Game,
                    rng: random.Random) -> ScenarioFile:
    """The last card of the stock has been drawn: none is left."""
    return replace(table, stock=0) if _stock_count(table) is not None else table


def play_in_turn(table: ScenarioFile, event: ev.Play, game: Game,
                 rng: random.Random) -> ScenarioFile:
    """The card is played by whoever is to play to the trick, from his own hand."""
    players, trick = _seats(table), table.trick
    if trick is not None:
        at = players.index(trick.leader)
        order = players[at:] + players[:at]
        player = order[len(trick.cards)] if len(trick.cards) < len(players) else event.player
        hand = cards_of(table.hands.get(player))
        if hand:
            event = replace(event, player=player, card=rng.choice(hand))
    hands = table.hands
    if not hands.get(event.player):
        hands = {**hands, event.player: (event.card,)}
    return replace(table, event=event, hands=hands)


def lead_by_another(table: ScenarioFile, event: ev.LeadOutOfTurn, game: Game,
                    rng: random.Random) -> ScenarioFile:
    """The lead belonged to someone else, and only others may have followed the false lead."""
    offender = event.player
    others = [p for p in _seats(table) if p != offender]
    followed = tuple(p for p in event.followed_by or () if p != offender)
    table = replace(table, event=replace(event, followed_by=followed))
    if table.trick is not None:
        table = replace(table, trick=Trick(leader=rng.choice(others)))
    return table


def tricks_won_at(stage: str, won: int) -> int | None:
    """The tricks a player who abandons his hand has won, said only once play has begun:
    before it (the deal, the bidding) there is no trick to speak of, and "abandoned the hand
    before winning a trick" beside a bid read as a hand abandoned in play (the 34th blind
    round's #59). Every maker of the event (the builder's random table, the rehearsal's
    mistakes, the quiz's moments) asks it here."""
    return None if stage in ("deal", "bidding") else won


def tricks_won_so_far(table: ScenarioFile, event: ev.AbandonedHand, game: Game,
                      rng: random.Random) -> ScenarioFile:
    """He cannot have won more tricks than have been played (tricks_won_at)."""
    won = tricks_won_at(table.stage, rng.randint(0, min(table.tricks_played, 4)))
    return replace(table, event=replace(event, tricks_won=won))


def faced_at_turn_up(table: ScenarioFile, event: ev.FacedCardInPack, game: Game,
                     rng: random.Random) -> ScenarioFile:
    """In a game with a turn-up, now and then the faced card is the one due to be turned."""
    if game.has("turn_up") and rng.random() < 0.25:
        position = len(_seats(table)) * game.hand_size + 1
        return replace(table, event=replace(event, position=position))
    return table


def score_on_the_games_scale(table: ScenarioFile, event: ev.WrongScore, game: Game,
                             rng: random.Random) -> ScenarioFile:
    """A wrong mark is off by a usual amount on the game's own scale of points: tens in the
    Bézique family, single points at Écarté (a game of five, where "310 where 300 were due"
    could not happen), as the game's model declares for its scores (`random_scores`)."""
    low, high, step = game.model.random_scores
    correct = rng.randrange(low, min(high, 50 * step), step)
    marked = correct + step * rng.choice((-4, -2, -1, 1, 2, 4, 5, 10))
    if not low <= marked < high:
        marked = correct + step if correct + step < high else correct - step
    return replace(table, event=replace(event, correct=correct, marked=marked))


def exposed_without_tricks(table: ScenarioFile, event: ev.ExposedCard, game: Game,
                           rng: random.Random) -> ScenarioFile:
    """Where there are no tricks, a card cannot be exposed by playing two to one; a second
    card is shown only when two were played."""
    how = event.how
    if not game.has("tricks") and how == "two-played":
        how = "faced"
    second = event.second_card
    if how != "two-played" or second == event.card:
        second = None
    return replace(table, event=replace(event, how=how, second_card=second))


def dealers_adversary(table: ScenarioFile, event: ev.OwnCardExposedInDeal, game: Game,
                      rng: random.Random) -> ScenarioFile:
    """A player's own card turned up in the deal is turned up by an adversary of the dealer,
    as Foster's law of it has him: not the dealer, nor the dealer's partner facing him."""
    seats = list(_seats(table))
    if table.dealer not in seats:
        return table
    side = {table.dealer}
    if game.partnerships and len(seats) == 4:
        side.add(seats[(seats.index(table.dealer) + 2) % 4])
    if event.player not in side:
        return table
    return replace(table, event=replace(event, player=rng.choice(
        [p for p in seats if p not in side])))


def played_out(table: ScenarioFile, event: ev.Event, game: Game,
               rng: random.Random) -> ScenarioFile:
    """The hand is over: no cards are left in hand and no trick is in progress."""
    return replace(table, trick=None, hands={})


def share_tricks(table: ScenarioFile, event: ev.HandResult, game: Game,
                 rng: random.Random) -> ScenarioFile:
    """The hand is played out, its tricks shared among the players."""
    players = _seats(table)
    left = game.tricks_per_hand
    tricks = {}
    for p in players[:-1]:
        tricks[p] = rng.randint(0, left)
        left -= tricks[p]
    tricks[players[-1]] = left
    return replace(played_out(table, event, game, rng), event=replace(event, tricks=tricks))


def points_shared(table: ScenarioFile, event: ev.PointsMade, game: Game,
                  rng: random.Random) -> ScenarioFile:
    """The hand is played out and the points of the deal shared among the players: as many
    as a deal holds (the highest bid the game allows: 4 at Auction Pitch, 14 at Cinch), now
    and then one fewer (the point for game tied, and so scored by nobody)."""
    play = game.facts.play
    high = play.bids[1] if play is not None and play.bids != (0, 0) else 4
    left = high - (1 if rng.random() < 0.2 else 0)
    players = _seats(table)
    points = dict.fromkeys(players, 0)
    for _ in range(left):
        points[rng.choice(players)] += 1
    return replace(played_out(table, event, game, rng), event=replace(event, points=points))


_COURT = ("K", "Q", "J")


def court_free_hand(table: ScenarioFile, event: ev.CarteBlanche, game: Game,
                    rng: random.Random) -> ScenarioFile:
    """Carte blanche: half the time the declarer really holds no king, queen or knave (his
    court cards are swapped for free plain cards), and a repeat shows a plain card drawn. A
    repeat follows a draw, so it happens only in play: during the deal the declaration is the
    first."""
    if table.stage != "play":
        event = replace(event, repeated=False, drawn=None)
    table = replace(table, event=event)
    if rng.random() < 0.5:
        return table
    used: Counter[Card] = Counter(_on_the_table(table))
    used.update(cards_of(table.stock))  # a stock given card by card
    if table.turn_up is not None:
        used[table.turn_up] += 1
    plain = [c for c in game.pack.cards if c.rank not in _COURT]
    free = [c for c in plain for _ in range(game.pack.copies - used[c])]
    rng.shuffle(free)
    hand = cards_of(table.hands.get(event.player))
    if hand:
        swapped = [free.pop() if c.rank in _COURT and free else c for c in hand]
        table = replace(table, hands={**table.hands, event.player: tuple(swapped)})
    if event.repeated and free:
        table = replace(table, event=replace(event, drawn=free.pop()))
    return table


def drawn_only_from_a_stock(table: ScenarioFile, event: ev.FalseDeclaration, game: Game,
                            rng: random.Random) -> ScenarioFile:
    """Whether he has drawn since is asked only where a stock is drawn from in play (not at
    Écarté, where "he has not drawn from the stock since" would puzzle a learner)."""
    if game.has("stock"):
        return table
    return replace(table, event=replace(event, drawn_since=None))
