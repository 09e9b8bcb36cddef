"""Starting a rehearsal from a table someone built: an example, a saved scenario, the builder.

A scenario may leave cards out (a hand given as a count, a stock as a number): the missing
cards are dealt from the rest of the pack by the rehearsal's seed, so the same file and seed
always give the same table. Cards already won in tricks are taken from the rest of the pack
too, so every card of the pack lies somewhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.cards import Card
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from app.model.scenario_model import cards_listed, count_given
from app.rehearsal.play import RehearsalError, facts, next_to_play
from app.rehearsal.state import DealState, Melds, TrickCards


def scenario_table(raw: Mapping[str, Any], games: Mapping[str, Game]) -> Scenario:
    """The scenario's table, read by the engine's parser (any event is set aside)."""
    table = {k: v for k, v in raw.items() if k not in ("event", "expected", "title",
                                                        "description")}
    table["event"] = {"type": "wrong-count"}
    try:
        return parse_scenario(table, games)
    except ScenarioError as exc:
        raise RehearsalError(str(exc)) from None


def state_from_scenario(
    s: Scenario, game: Game, seed: int, reserve: Mapping[str, Card] | None = None
) -> DealState:
    """The deal as the scenario lays it out, its missing cards filled in by the seed.

    `reserve` gives a player whose hand the scenario leaves out a card he must hold (the card
    its event says he played), so the rehearsal can make that mistake happen."""
    facts(game)
    rng = random.Random(seed)
    rest: Counter[Card] = Counter({c: game.pack.copies for c in game.pack.cards})
    known: list[Card] = []
    for hand in s.hands.values():
        known.extend(cards_listed(hand) or ())
    known.extend(cards_listed(s.stock) or ())
    if s.turn_up is not None:
        known.append(s.turn_up)
    if s.trick is not None:
        known.extend(s.trick.cards)
    rest.subtract(known)
    pool = list(rest.elements())
    rng.shuffle(pool)
    reserved: dict[str, list[Card]] = {}
    for player, card in (reserve or {}).items():
        if cards_listed(s.hands.get(player)) is None and card in pool:
            pool.remove(card)
            reserved[player] = [card]

    hands: dict[str, tuple[Card, ...]] = {}
    for p in s.players:
        held = s.hands.get(p)
        listed = cards_listed(held)
        if listed is not None:
            hands[p] = listed
        else:
            count = count_given(held)
            if count is None:  # not given: as many as he should hold
                count = max(0, Table(s, game).proper_count(p))
            mine = reserved.get(p, [])[:count]
            hands[p] = (*mine, *(pool.pop() for _ in range(min(count - len(mine), len(pool)))))
    won: dict[str, tuple[Card, ...]] = {p: () for p in s.players}
    tricks_won: dict[str, int] = {}
    for t in range(s.tricks_played):
        winner = s.players[t % len(s.players)]
        taken = tuple(pool.pop() for _ in range(min(len(s.players), len(pool))))
        won[winner] += taken
        tricks_won[winner] = tricks_won.get(winner, 0) + 1
    stock = cards_listed(s.stock)
    if stock is None:  # its count, dealt from the rest of the pack (none when not given)
        stock = tuple(pool.pop() for _ in range(min(count_given(s.stock) or 0, len(pool))))
    if pool:
        # Cards nobody placed: the rest of the stock (or, where play empties it, the tricks).
        if s.stage == "stock-exhausted" or s.stage == "hand-over":
            first = s.players[0]
            won[first] += tuple(pool)
        else:
            stock = (*stock, *pool)
    trick = None
    if s.trick is not None and s.trick.cards:
        order = [s.players[(s.players.index(s.trick.leader) + i) % len(s.players)]
                 for i in range(len(s.players))]
        trick = TrickCards(s.trick.leader, tuple(zip(order, s.trick.cards, strict=False)),
                           size=len(s.players))
    stage = s.stage if s.stage != "hand-over" else "play"
    eldest = s.players[(s.players.index(s.dealer) + 1) % len(s.players)]
    leader = s.trick.leader if s.trick is not None else eldest
    if facts(game).first_lead == "bidder" and s.bid is not None and s.trick is None:
        leader = s.bid.player
    state = DealState(
        game=s.game, players=s.players, dealer=s.dealer, codes=s.codes, variants=s.variants,
        hands=hands, stock=stock, turn_up=s.turn_up, trump=s.trump, bid=scenario_bid(s),
        stage=stage,
        trick=trick, to_move=leader, tricks_played=s.tricks_played, won=won,
        tricks_won=tricks_won, scores=dict(s.scores),
        melds=Melds(down={p: () for p in s.players}) if facts(game).count == "melds" else None,
        note="The table as it was set out.",
        seen=s.hands_seen, discards_made=s.discards_made,
    )
    if trick is not None:
        state = replace(state, to_move=next_to_play(state))
    return state


def scenario_bid(s: Scenario) -> dict[str, Any] | None:
    """The scenario's bid as the rehearsal's state holds it."""
    return None if s.bid is None else {"player": s.bid.player, "amount": s.bid.amount}
