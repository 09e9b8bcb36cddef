"""Every ruling knows the facts it turned on: its grounds are complete and carry no padding.

Over every example scenario and 1,000 random tables of each game:
- complete: a table that differs from another only in facts outside a code's grounds (each
  ground reads the same value on it) gets that code's ruling unchanged: the outcome, the
  options, the score and the laws;
- no padding: each ground, set to another value of its domain, changes the ruling for at
  least one value, or is one of NOT_DECISIVE, each with its reason.
The tables compared are made by changing one thing at a time (a seat who has looked, the
dealer, the stage, a count, an event's field...), as a referee's second look would.
"""

from __future__ import annotations

import copy
import json
import os
import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.cards import SUITS, Card
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.engine.core import Knowledge, fact_values
from app.engine.ruling import CodeRuling
from app.engine.table import Table, read_fact
from app.model.events import EVENTS
from app.model.facts import FACTS, NeedFact, Reading
from app.model.games import build_games
from app.model.scenario import Scenario, ScenarioError, parse_scenario, scenario_json
from app.table_builder.deal import random_table_json

CONTENT = load_content()
GAMES = build_games(CONTENT)
RANDOM_TABLES_PER_GAME = 1000
# The same tables on every run (str hashes change from process to process); set
# CARDLAWS_GROUNDS_SEED to sweep others.
RANDOM_SEED = int(os.environ.get("CARDLAWS_GROUNDS_SEED", "0"))

# Grounds that are read and may, on some tables, decide nothing: each with its reason.
NOT_DECISIVE: dict[tuple[str, str], str] = {
    ("play", "stage"): "a card is judged against the obligations of the stage it is played "
    "at: one that meets the strictest of them (follows suit and wins) is lawful at any stage",
    ("play", "trump"): "a card is judged against the trump: one that follows suit and wins "
    "without trumping is lawful whatever the trump",
    ("play", "event.player"): "who played is read to find whose hand the card is judged "
    "against; his cards are a ground of their own",
    ("false-declaration", "trump"): "a combination is checked against the trump as a whole: "
    "bézique, four of a kind or a marriage in plain suits are the same whatever the trump",
}
# The value a fact has when nothing went wrong: a hand holds its right count, nobody looked.
NEUTRAL: dict[str, Any] = {"offset": 0, "yes-no": False}

# A code found silent (not-covered) read the facts it looked for its case in: on a table where
# no value of them brings the case its laws speak of, they were checked, not decisive.
SILENT = "not-covered"


def ruling_key(r: CodeRuling) -> tuple[Any, ...]:
    """What a user reads as the ruling: outcome, options (who, what, points), score, laws."""
    return (
        r.outcome,
        tuple(sorted((o.id, o.by, tuple(sorted(o.score.items()))) for o in r.options)),
        tuple(sorted(r.score.items())),
        tuple(r.laws),
        tuple((c.value, ruling_key(c.ruling)) for c in r.cases),
    )


def _examples() -> list[Scenario]:
    out = []
    for path in sorted((CONTENT_DIR / "scenarios").glob("*.json")):
        out.append(parse_scenario(json.loads(path.read_text(encoding="utf-8")), GAMES))
    return out


def _random_tables(gid: str, count: int, seed: int) -> Iterator[Scenario]:
    game = GAMES[gid]
    events = sorted(e for e in EVENTS if game.stages_of(e))
    rng = random.Random(seed)
    made = 0
    while made < count:
        event = rng.choice(events)
        stage = rng.choice(game.stages_of(event))
        made += 1
        yield parse_scenario(random_table_json(game, stage, event, rng), GAMES)


def _table(scenario: Scenario, code: str) -> Table:
    return Table(scenario, GAMES[scenario.game].for_code(code, scenario.variants),
                 Reading())


def _mutations(scenario: Scenario, rng: random.Random) -> Iterator[dict[str, Any]]:
    """Tables that differ from the scenario's in one thing."""
    raw = scenario_json(scenario)
    players = list(scenario.players)

    def changed(**changes: Any) -> dict[str, Any]:
        out = copy.deepcopy(dict(raw))
        for k, v in changes.items():
            if v is None:
                out.pop(k, None)
            else:
                out[k] = v
        return out

    seen = list(raw.get("hands_seen", []))
    for p in players:
        yield changed(hands_seen=[q for q in seen if q != p] if p in seen else [*seen, p])
    for p in players:
        if p != raw.get("dealer"):
            yield changed(dealer=p)
    game = GAMES[scenario.game]
    for stage in game.stages_of(scenario.event.type):
        if stage != scenario.stage:
            yield changed(stage=stage)
    for d in (-1, 1):
        n = scenario.tricks_played + d
        if n >= 0:
            yield changed(tricks_played=n)
    yield changed(discards_made=not scenario.discards_made)
    yield changed(turn_up=None, trump=None)
    for suit in SUITS:
        yield changed(trump=suit)
    for p in players:
        yield changed(scores={**dict(raw.get("scores", {})), p: rng.randrange(0, 500)})
    hands = raw.get("hands", {})
    for p, hand in hands.items():
        if isinstance(hand, int):
            for d in (-1, 1):
                yield changed(hands={**hands, p: max(0, hand + d)})
        elif isinstance(hand, list) and hand:
            yield changed(hands={**hands, p: hand[:-1]})
    if raw.get("trick") is not None:
        yield changed(trick=None)
        trick = dict(raw["trick"])
        if trick.get("cards"):
            yield changed(trick={**trick, "cards": list(trick["cards"])[:-1]})
    event = dict(raw["event"])
    spec = EVENTS[scenario.event.type]
    for f in spec.fields:
        value = event.get(f.name)
        if f.kind == "player":
            for p in players:
                if p != value:
                    yield changed(event={**event, f.name: p})
        elif f.kind == "bool":
            yield changed(event={**event, f.name: not value})
        elif f.kind == "choice":
            for c in f.choices:
                if c != value:
                    yield changed(event={**event, f.name: c})
        elif f.kind == "int" and isinstance(value, int):
            for d in (-1, 1):
                yield changed(event={**event, f.name: value + d})


def _check_complete(scenario: Scenario, rng: random.Random, sample: int | None) -> list[str]:
    """Tables that keep every ground's value get the same ruling, code by code."""
    problems = []
    ruled = {r.code: r for r in rule(scenario, GAMES, CONTENT).rulings}
    mutations = list(_mutations(scenario, rng))
    if sample is not None and len(mutations) > sample:
        mutations = rng.sample(mutations, sample)
    for raw in mutations:
        try:
            other = parse_scenario(raw, GAMES)
        except ScenarioError:
            continue  # not a table that can happen
        again = None
        for code, first in ruled.items():
            if code not in other.codes:
                continue
            table = _table(other, code)
            try:
                same = all(read_fact(table, g.fact, g.seat) == g.value for g in first.grounds)
            except NeedFact:
                continue
            if not same:
                continue
            again = again or {r.code: r for r in rule(other, GAMES, CONTENT).rulings}
            if ruling_key(again[code]) != ruling_key(first):
                before = scenario_json(scenario)
                changed = [k for k in raw if raw.get(k) != before.get(k)]
                problems.append(
                    f"{scenario.game} {scenario.event.type} ({code}): changing {changed} kept "
                    f"the grounds {[(g.fact, g.seat, g.value) for g in first.grounds]} but "
                    f"moved the ruling {first.outcome}/{first.laws} -> "
                    f"{again[code].outcome}/{again[code].laws}")
    return problems


def _other_values(table: Table, fact: str, seat: str | None, value: Any) -> list[Any]:
    values = list(fact_values(table, (fact, seat)))
    kind = FACTS[fact].kind if fact in FACTS else ""
    if not values and fact.startswith("event.") and isinstance(value, int):
        spec = EVENTS[table.scenario.event.type].field(fact[len("event."):])
        if spec is not None:  # every number a law's bound could fall on (a packet of 10)
            values = list(range(spec.low, min(spec.high, spec.low + 60) + 1))
    if not values and isinstance(value, int) and not isinstance(value, bool):
        # a step over each bound a law counts in: a point, a hundred, a thousand (a rubiconed
        # score counts in whole hundreds, at least 100 and at most 900)
        values = [v for v in (0, value - 1, value + 1, value + 100, value + 1000) if v >= 0]
    if not values and kind == "card-or-none":
        values = [None, Card("K", "S"), Card("7", "H"), Card("A", "D")]
    return [v for v in values if v != value]


def _moves(scenario: Scenario, first: CodeRuling, fixed: dict[Any, Any],
           naming: bool) -> bool:
    """Whether fixing these facts moves the code's ruling (for a seat: also who it names)."""
    try:
        again = rule(scenario, GAMES, CONTENT, Knowledge(fixed=fixed)).for_code(first.code)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return False  # a value the rest of this table cannot hold
    if ruling_key(again) != ruling_key(first):
        return True
    return naming and again.explanation != first.explanation


def _moves_under(scenario: Scenario, code: str, context: dict[Any, Any], key: Any,
                 values: list[Any], naming: bool) -> bool:
    """Whether, with another ground changed (`context`), changing `key` moves the ruling: a
    ground of a condition of two facts ("a discard made, or a card played") decides only where
    the other half does not already settle it."""
    try:
        base = rule(scenario, GAMES, CONTENT, Knowledge(fixed=context)).for_code(code)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return False
    return any(_moves(scenario, base, {**context, key: v}, naming) for v in values)


def _newly_read(scenario: Scenario, first: CodeRuling, key: Any, value: Any,
                table: Table) -> Iterator[tuple[Any, Any]]:
    """The facts a handler reads only once `key` is `value` (the second half of a condition it
    had no need to read: "no card turned up, and no trump fixed"), each with its values."""
    try:
        again = rule(scenario, GAMES, CONTENT, Knowledge(fixed={key: value})).for_code(first.code)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        return
    before = {(g.fact, g.seat) for g in first.grounds}
    for g in again.grounds:
        if (g.fact, g.seat) not in before:
            for w in _other_values(table, g.fact, g.seat, g.value)[:4]:
                yield (g.fact, g.seat), w


def _is_seat(fact: str, event_type: str) -> bool:
    if fact.startswith("event."):
        spec = EVENTS[event_type].field(fact[len("event."):])
        return spec is not None and spec.kind == "player"
    return FACTS[fact].kind == "seat"


def _check_no_padding(scenario: Scenario) -> tuple[list[str], int]:
    """Each ground, set to another value, moves the ruling for at least one of them, alone or
    together with one other ground (a ground of a condition of two facts, "no card turned up
    and no trump fixed", moves it only with the other). A seat moves it when it changes who
    the ruling names: the side that chooses, the one who scores, the one who deals next."""
    problems = []
    unexplored = 0
    event = scenario.event.type
    for first in rule(scenario, GAMES, CONTENT).rulings:
        table = _table(scenario, first.code)
        grounds = list(first.grounds)
        choices = {(g.fact, g.seat): _other_values(table, g.fact, g.seat, g.value)
                   for g in grounds}
        for g in grounds:
            key = (g.fact, g.seat)
            if (event, g.fact) in NOT_DECISIVE:
                continue
            values = choices[key]
            if not values:
                unexplored += 1  # a hand of cards, a trick: no short list of values
                continue
            naming = _is_seat(g.fact, event)
            if any(_moves(scenario, first, {key: v}, naming) for v in values):
                continue
            if any(_moves_under(scenario, first.code, {(h.fact, h.seat): w}, key, values,
                                naming)
                   for h in grounds if (h.fact, h.seat) != key
                   for w in choices[(h.fact, h.seat)][:4]):
                continue
            # One of a family ("any hand wrong": every seat's count) decides where the
            # others are as they should be.
            family = {(h.fact, h.seat): NEUTRAL[FACTS[h.fact].kind] for h in grounds
                      if h.fact == g.fact and h.seat != g.seat and h.fact in FACTS
                      and FACTS[h.fact].kind in NEUTRAL}
            if family and _moves_under(scenario, first.code, family, key, values, naming):
                continue
            if any(_moves(scenario, first, {key: v, new: w}, naming)
                   for v in values for new, w in _newly_read(scenario, first, key, v, table)):
                continue
            if first.outcome == SILENT:
                continue
            problems.append(f"{scenario.game} {event} ({first.code}): the ground {g.fact} "
                            f"{g.seat or ''} = {g.value!r} decides nothing (tried {values})")
    return problems, unexplored


EXAMPLES = _examples()


def test_most_rulings_of_the_examples_have_grounds():
    """A code that is silent (not-covered) turns on no fact of the table: its laws say nothing
    whatever the facts. Of the rulings the codes give, most read the table to decide; the rest
    rule the event the same at any table (a constant ruling)."""
    rulings = [r for s in EXAMPLES for r in rule(s, GAMES, CONTENT).rulings
               if r.outcome != "not-covered"]
    with_grounds = [r for r in rulings if r.grounds]
    assert len(with_grounds) >= 0.8 * len(rulings), (len(with_grounds), len(rulings))


def test_every_ground_of_the_examples_is_said_in_words():
    """A ground is read by a referee: no stage or fact id ("stock-exhausted") in its words."""
    said = {g.words for s in EXAMPLES for r in rule(s, GAMES, CONTENT).rulings
            for g in r.grounds}
    stages = [g for g in said if "happened" in g]
    assert stages, "no example turns on its stage"
    for words in said:
        assert "the stage:" not in words and "stock-exhausted" not in words, words


def test_the_grounds_of_every_example_are_complete():
    rng = random.Random(1)
    problems = [p for s in EXAMPLES for p in _check_complete(s, rng, None)]
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


def test_the_grounds_of_every_example_carry_no_padding():
    problems = [p for s in EXAMPLES for p in _check_no_padding(s)[0]]
    assert not problems, "\n".join(problems[:30]) + f"\n({len(problems)} in all)"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_the_grounds_of_random_tables_are_complete_and_carry_no_padding(gid):
    rng = random.Random(7)
    problems: list[str] = []
    seed = RANDOM_SEED ^ zlib.crc32(gid.encode())
    for i, scenario in enumerate(_random_tables(gid, RANDOM_TABLES_PER_GAME, seed=seed)):
        problems += _check_complete(scenario, rng, sample=3)
        if i % 4 == 0:
            problems += _check_no_padding(scenario)[0]
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} in all)"


def test_a_deciding_fact_left_out_is_named_and_ruled_for_each_value():
    """Écarté, English Club Code law 11: several cards turned for trump; whether the non-dealer
    has looked at his hand decides between his choice and a fresh deal. Left out, the ruling
    names the fact and rules both cases."""
    path = next(Path(CONTENT_DIR / "scenarios").glob("ecarte-*several*"), None)
    assert path is not None
    raw = json.loads(path.read_text(encoding="utf-8"))
    laid = parse_scenario(raw, GAMES)
    pone = next(p for p in laid.players if p != laid.dealer)
    raw["unknown"] = ["has-looked"]
    ruling = rule(parse_scenario(raw, GAMES), GAMES, CONTENT).for_code("english")
    assert ruling.outcome == "depends"
    assert ruling.needs == ("has-looked", pone)
    assert f"Has {pone} looked at his hand?" in ruling.explanation
    assert {c.value for c in ruling.cases} == {True, False}
    assert len({ruling_key(c.ruling) for c in ruling.cases}) == 2
