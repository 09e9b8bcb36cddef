"""The scenario is one typed structure: a file decodes to typed events (a Card is a Card, a yes-no
a bool), writes back to a file that reads the same, and a wrong value is named at its field in
the project's words, wherever msgspec found it (inside a hand, a score, a count per seat)."""

from __future__ import annotations

import json
import random

import pytest

from app.cards import Card
from app.corpus.loading import CONTENT_DIR, load_content
from app.model.event_types import DrewTwo, Event, HandResult, Play
from app.model.events import EVENTS
from app.model.games import build_games
from app.model.scenario import ScenarioError, parse_scenario, scenario_json
from app.model.scenario_model import file_json
from app.table_builder.deal import deal_table, random_event, random_table_json

GAMES = build_games(load_content())
EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))


def _rubicon(**changes: object) -> dict[str, object]:
    raw: dict[str, object] = {"game": "rubicon-bezique", "players": ["North", "South"],
                              "dealer": "South", "hands": {"North": 9, "South": 9},
                              "event": {"type": "drew-two", "player": "North",
                                        "saw_second": True}}
    raw.update(changes)
    return raw


def test_every_event_type_is_one_typed_structure_with_its_spec():
    for etype, spec in EVENTS.items():
        assert issubclass(spec.cls, Event) and spec.cls.__struct_config__.tag == etype
        assert [f.name for f in spec.fields] == [
            n for n in spec.cls.__struct_fields__ if n not in Event.COMMON]


def test_a_file_decodes_to_typed_fields():
    s = parse_scenario(_rubicon(), GAMES)
    assert isinstance(s.event, DrewTwo)
    assert s.event.saw_second is True and s.event.player == "North"
    played = parse_scenario(_rubicon(hands={"North": ["QS", "JD"], "South": 2},
                                     event={"type": "play", "player": "North", "card": "qs"}),
                            GAMES)
    assert isinstance(played.event, Play) and played.event.card == Card("Q", "S")


def test_a_field_no_event_declares_is_no_attribute():
    s = parse_scenario(_rubicon(), GAMES)
    with pytest.raises(AttributeError):
        _ = s.event.card  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_writes_back_to_a_file_that_reads_the_same(path):
    s = parse_scenario(json.loads(path.read_text(encoding="utf-8")), GAMES)
    again = parse_scenario(json.loads(json.dumps(scenario_json(s))), GAMES)
    assert again == s


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_random_tables_write_back_to_files_that_read_the_same(gid):
    game, rng = GAMES[gid], random.Random(11)
    events = sorted(e for e in EVENTS if game.stages_of(e))
    for _ in range(150):
        event = rng.choice(events)
        raw = random_table_json(game, rng.choice(game.stages_of(event)), event, rng)
        s = parse_scenario(raw, GAMES)
        assert parse_scenario(json.loads(json.dumps(scenario_json(s))), GAMES) == s


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_random_table_is_built_typed_as_the_parser_reads_it(gid):
    # Each event of the game on a random table: the event is its own Struct, every value of
    # the types the parser gives (seats a tuple, a card a Card), and the deal handed to the
    # event's hook is left as dealt (the hook returns the table changed).
    game, rng = GAMES[gid], random.Random(5)
    for event in sorted(e for e in EVENTS if game.stages_of(e)):
        for _ in range(20):
            dealt = deal_table(game, rng.choice(game.stages_of(event)), rng)
            as_dealt = file_json(dealt)
            table = random_event(dealt, event, rng, game)
            assert file_json(dealt) == as_dealt
            assert type(table.event) is EVENTS[event].cls
            s = parse_scenario(file_json(table), GAMES)
            assert (s.event, s.hands, s.trick, s.turn_up, s.stock, s.bid, s.hands_seen) == (
                table.event, table.hands, table.trick, table.turn_up, table.stock, table.bid,
                table.hands_seen)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"event": {"type": "drew-two", "player": "North", "saw_second": "yes"}},
         "event.saw_second", "must be true or false"),
        ({"event": {"type": "drew-two", "player": "North", "saw_second": True, "card": "QS"}},
         "event.card", "unknown field for a drew-two event"),
        ({"hands": {"North": 9, "South": ["QS", "ZZ"]}}, "hands.South[1]", "not a card"),
        ({"hands": {"North": 9, "South": "nine"}}, "hands.South", "list of cards or a count"),
        ({"scores": {"North": 10, "South": 1.5}}, "scores.South", "whole number"),
        ({"title": "x" * 20_000}, "title", "longer than 10000 characters"),
        ({"event": {"type": "exposed-card", "player": "North", "card": "QS", "how": "waved"}},
         "event.how", "must be one of faced, two-played, named"),
    ],
)
def test_a_wrong_value_is_named_at_its_field_in_plain_words(changes, field, words):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_rubicon(**changes), GAMES)
    assert info.value.field == field
    assert words in info.value.message


def test_a_count_per_seat_is_named_by_its_seat():
    raw = {"game": "ecarte", "players": ["North", "South"], "stage": "hand-over",
           "hands": {"North": 0, "South": 0}, "tricks_played": 5,
           "event": {"type": "hand-result", "tricks": {"North": 5, "South": -1},
                     "proposal": "stood"}}
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, GAMES)
    assert info.value.field == "event.tricks.South"
    assert "less than 0" in info.value.message
    raw["event"]["tricks"] = {"North": 3, "South": 2}  # type: ignore[index]
    assert isinstance(parse_scenario(raw, GAMES).event, HandResult)


def test_a_ruling_that_names_a_fact_to_ask_does_not_say_each_case_is_ruled():
    from app.engine.ruling import OUTCOMES
    from app.engine.ruling_words import outcome_meaning
    assert "each case is ruled" in outcome_meaning("depends", cases=(object(),))
    asked = outcome_meaning("depends")
    assert "each case" not in asked and "asked" in asked
    assert outcome_meaning("deal-stands") == OUTCOMES["deal-stands"]


# The scenario's fields that are not facts of the table, each with the reason.
NOT_FACTS = {
    "game": "which laws apply, not what lies on the table",
    "codes": "which codes rule it",
    "variants": "which readings of the laws are in force",
    "players": "the seats themselves: facts name them",
    "event": "what happened: each of its fields is a fact of its own (event.<name>)",
    "unknown": "which facts the scenario leaves out",
    "trump_named": "whether the trump was written or taken from the turn-up",
    "partial": "whether a guided ruling is still asking",
}
# The facts each other field is read as (app/engine/table.py's doors).
READ_AS = {
    "dealer": {"dealer"}, "hands": {"count", "count-error", "cards"}, "trump": {"trump"},
    "turn_up": {"turn-up"}, "stock": {"stock-exhausted"}, "scores": {"score"},
    "bid": {"bid", "bid-made"}, "stage": {"stage", "phase"},
    "tricks_played": {"tricks-played", "tricks-complete"}, "hands_seen": {"has-looked"},
    "trick": {"trick", "lead-holder", "to-play", "played-to-trick"},
    "discards_made": {"discard-made"},
}


def test_the_scenario_is_checked_against_the_fact_registry():
    """Every registered fact is read through a door of the table, and every field of the typed
    scenario is either read as registered facts or says why it is not a fact."""
    from app.engine.table import _READERS
    from app.model.facts import FACTS
    from app.model.scenario_model import Scenario

    assert set(_READERS) == set(FACTS)
    fields = set(Scenario.__struct_fields__)
    assert fields == set(NOT_FACTS) | set(READ_AS), fields ^ (set(NOT_FACTS) | set(READ_AS))
    for name, facts in READ_AS.items():
        assert facts <= set(FACTS), (name, facts - set(FACTS))
