"""A guided ruling as a table: a scenario that rules as the interview did, to refine in the
builder or save to a file.

The interview knows only the facts that decided (who dealt, whether the non-dealer looked, a
hand one card over...), never the cards. A table is found by dealing correct tables of the game
at random (the builder's own dealer, app/table_builder/deal.py), setting on each the facts the
answers name directly (the dealer, the event's fields, who has looked, the turn-up...), and
keeping the first on which every answered fact reads as answered and every code rules as the
interview did. By the grounds' completeness (tests/test_grounds.py) such a table rules the
same whatever else it holds; a fact answered "I don't know" is listed as left out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app.ask.interview import Interview
from app.engine.core import rule
from app.engine.table import Table, read_fact
from app.model.facts import EVENT_PREFIX, NeedFact, Reading, json_value
from app.model.scenario import ScenarioError, parse_scenario
from app.table_builder.deal import random_table_json
from app.table_builder.reading import list_at, mapping_at, number_in

# Deals tried before giving up: a table with two hands' counts wrong is found in tens.
TRIES = 1500


def _set(raw: dict[str, Any], fact: str, seat: str | None, value: Any) -> None:
    """Write an answered fact into the table where the scenario holds it directly."""
    setters: dict[str, Callable[[], None]] = {
        "dealer": lambda: raw.__setitem__("dealer", value),
        "stage": lambda: raw.__setitem__("stage", value),
        "trump": lambda: raw.__setitem__("trump", value),
        "turn-up": lambda: raw.__setitem__("turn_up", json_value(value)),
        "tricks-played": lambda: raw.__setitem__("tricks_played", value),
        "discard-made": lambda: raw.__setitem__("discards_made", value),
        "bid": lambda: raw.__setitem__("bid", json_value(value)),
        "trick": lambda: raw.__setitem__("trick", json_value(value)),
        "score": lambda: raw.setdefault("scores", {}).__setitem__(seat, value),
        # Whose lead it was is the leader of the trick in progress, nothing led yet.
        "lead-holder": lambda: raw.__setitem__("trick", {"leader": value, "cards": []}),
    }
    if fact.startswith(EVENT_PREFIX):
        name = fact[len(EVENT_PREFIX):]
        if value is None:
            raw["event"].pop(name, None)  # an optional field not given
        else:
            raw["event"][name] = json_value(value)
    elif fact == "has-looked" and seat is not None:
        seen = [p for p in raw.get("hands_seen", []) if p != seat]
        raw["hands_seen"] = [*seen, seat] if value else seen
    elif fact in setters:
        setters[fact]()
    if raw.get("turn_up") is None:
        raw.pop("turn_up", None)
    if raw.get("trump") is None:
        raw.pop("trump", None)


def _give_cards(raw: dict[str, Any], player: str, cards: tuple[Any, ...], game: Any) -> None:
    """A hand as answered: the cards it takes are taken from wherever else the deal put them
    (another hand, the trick, the turn-up), which get cards nobody holds instead."""
    wanted = [str(c) for c in cards]
    raw.setdefault("hands", {})[player] = list(wanted)
    copies = game.pack.copies
    held: dict[str, int] = {}
    for code in wanted:
        held[code] = held.get(code, 0) + 1
    spare = [c.code for c in game.pack.cards for _ in range(copies)]
    places: list[tuple[list[Any] | dict[str, Any], Any]] = []
    others = [list_at(raw["hands"], p) for p in raw["hands"] if p != player]
    for cards_there in [*others, list_at(mapping_at(raw, "trick"), "cards")]:
        places += [(cards_there, i) for i in range(len(cards_there))] if cards_there else []
    if raw.get("turn_up") is not None:
        places.append((raw, "turn_up"))
    for holder, at in places:
        held[holder[at]] = held.get(holder[at], 0) + 1
    for code in list(spare):
        if held.get(code, 0):
            spare.remove(code)
            held[code] -= 1
    counted: dict[str, int] = {}
    for code in wanted:
        counted[code] = counted.get(code, 0) + 1
    for holder, at in places:
        code = holder[at]
        counted[code] = counted.get(code, 0) + 1
        if counted[code] > copies and spare:
            holder[at] = spare.pop()


def _fit_counts(raw: dict[str, Any], interview: Interview) -> None:
    """Hands made as many cards over or under their proper count as the answers say: cards
    taken off go back unseen; cards added are ones nobody holds."""
    wanted = {seat: error for (fact, seat), value in interview.answers.items()
              if fact == "count-error" and seat is not None
              and (error := number_in(value)) is not None}
    if not wanted:
        return
    try:
        scenario = parse_scenario(raw, interview.games)
    except ScenarioError:
        return
    table = Table(scenario, interview.game, Reading())
    hands = mapping_at(raw, "hands")
    used = [c for seat in hands for c in list_at(hands, seat) or []]
    used += list_at(mapping_at(raw, "trick"), "cards") or []
    if raw.get("turn_up"):
        used.append(raw["turn_up"])
    spare = [c.code for c in interview.game.pack.cards for _ in range(interview.game.pack.copies)]
    for code in used:
        if code in spare:
            spare.remove(code)
    for seat, error in wanted.items():
        now = table.count_error(seat)
        if now is None:
            continue
        count = number_in(hands.get(seat))
        if count is not None:  # a hand given by its count alone
            hands[seat] = max(0, count + error - now)
            continue
        hand = list_at(hands, seat)
        if hand is None:
            continue
        for _ in range(error - now):
            if spare:
                hand.append(spare.pop())
        for _ in range(now - error):
            if hand:
                hand.pop()
    stock = number_in(raw.get("stock"))
    if stock is not None:
        raw["stock"] = min(stock, len(spare))


def table_for(interview: Interview, tries: int = TRIES) -> dict[str, Any] | None:
    """A scenario mapping that rules as the interview does (None if none was found)."""
    game = interview.game
    wanted = {r.code: (*r.key(), r.laws) for r in interview.ruling().rulings}
    stages = interview.game.stages_of(interview.event)
    for attempt in range(tries):
        rng = random.Random(attempt)
        stage = interview.known.get(("stage", None), rng.choice(stages))
        raw = random_table_json(game, stage, interview.event, rng, list(interview.players))
        for (fact, seat), value in interview.known.items():
            if fact == "cards" and seat is not None and value is not None:
                _give_cards(raw, seat, value, game)
            else:
                _set(raw, fact, seat, value)
        _fit_counts(raw, interview)
        if interview.not_known:
            raw["unknown"] = sorted({fact for fact, _ in interview.not_known})
        try:
            scenario = parse_scenario(raw, interview.games)
        except ScenarioError:
            continue
        table = Table(scenario, game.for_code(game.codes[0], scenario.variants), Reading())
        try:
            if any(read_fact(table, fact, seat) != value
                   for (fact, seat), value in interview.known.items()):
                continue
        except NeedFact:
            continue
        ruled = rule(scenario, interview.games, interview.content)
        if {r.code: (*r.key(), r.laws) for r in ruled.rulings} == wanted:
            raw["title"] = f"{game.name}: {_event_words(interview)} (from Ask)"
            return raw
    return None


def _event_words(interview: Interview) -> str:
    from app.model.events import EVENTS

    return EVENTS[interview.event].label.lower()
