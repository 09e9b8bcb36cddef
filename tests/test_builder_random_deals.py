""""Deal at random" and the events offered: every random deal, for every game and stage, is a
table the builder accepts, and only events that can happen there are offered."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.corpus.loading import load_content
from app.model.games import build_games
from app.model.scenario import Scenario
from app.table_builder import (
    change_game,
    check_table,
    deal_at_random,
    default_event,
    events_for,
    new_table,
    proper_counts,
    set_event,
    set_stage,
    stages_for,
)

CONTENT = load_content()
ALL_GAMES = build_games(CONTENT)
OFFERED = [(gid, stage, etype) for gid, game in sorted(ALL_GAMES.items())
           for stage in stages_for(game) for etype in events_for(game, stage)]


def _table_problems(raw: dict) -> list[str]:
    """What the builder would mark on the table: an impossible table, or a seat whose count
    is not the number it should hold."""
    game = ALL_GAMES[raw["game"]]
    checked = check_table(raw, ALL_GAMES)
    if not isinstance(checked, Scenario):
        return [checked.words]
    problems = []
    for player, proper in proper_counts(checked, game).items():
        hand = raw["hands"].get(player)
        count = len(hand) if isinstance(hand, list) else hand
        if count != proper:
            problems.append(f"{player} holds {count}, should hold {proper}")
    return problems


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(OFFERED), st.integers(0, 2**32 - 1))
def test_every_random_deal_has_no_table_problems(offered, seed):
    gid, stage, etype = offered
    game = ALL_GAMES[gid]
    start = set_event(new_table(game), default_event(etype, new_table(game), game))
    dealt = deal_at_random(start, game, stage, random.Random(seed))
    assert _table_problems(dealt) == [], (gid, stage, etype, dealt)
    assert dealt["stage"] == stage and dealt["event"]["type"] == etype


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_play_and_end_of_hand_deals_hold_the_proper_counts(gid):
    # The deals that used to mark seats "should hold N": tricks already played in games that
    # do not draw, and the hand over.
    game = ALL_GAMES[gid]
    for stage in ("play", "hand-over"):
        for seed in range(60):
            dealt = deal_at_random(new_table(game), game, stage, random.Random(seed))
            assert _table_problems(dealt) == [], (stage, seed)
    over = deal_at_random(new_table(game), game, "hand-over", random.Random(1))
    assert all(hand == [] for hand in over["hands"].values())


def test_the_king_turned_up_is_not_offered_at_rubicon_bezique():
    rubicon, ecarte = ALL_GAMES["rubicon-bezique"], ALL_GAMES["ecarte"]
    for stage in stages_for(rubicon):
        assert "king-turned" not in events_for(rubicon, stage)
    assert "king-turned" in events_for(ecarte, "deal")
    assert "king-turned" not in events_for(ecarte, "hand-over")


def test_events_follow_the_stage():
    pinochle = ALL_GAMES["pinochle"]
    assert "play" in events_for(pinochle, "play")
    assert "play" not in events_for(pinochle, "hand-over")
    assert "hand-result" in events_for(ALL_GAMES["ecarte"], "hand-over")
    assert "hand-result" not in events_for(ALL_GAMES["ecarte"], "play")
    # Conquian plays no tricks: nothing about a trick is offered.
    conquian = ALL_GAMES["conquian"]
    assert not {"play", "lead-out-of-turn"} & set(events_for(conquian, "play"))
    for gid, game in ALL_GAMES.items():
        for stage in stages_for(game):
            assert events_for(game, stage), (gid, stage)  # never an empty list


def test_a_stage_or_game_where_the_event_cannot_happen_changes_the_event():
    ecarte = ALL_GAMES["ecarte"]
    raw = set_event(new_table(ecarte), default_event("king-turned", new_table(ecarte), ecarte))
    raw = set_stage(raw, "deal", ecarte)
    assert raw["event"]["type"] == "king-turned"  # it can happen at the deal: kept
    over = set_stage(raw, "hand-over", ecarte)
    assert over["stage"] == "hand-over"
    assert over["event"]["type"] in events_for(ecarte, "hand-over")
    rubicon = change_game(raw, ALL_GAMES["rubicon-bezique"])
    assert rubicon["event"]["type"] in events_for(ALL_GAMES["rubicon-bezique"], rubicon["stage"])
    assert isinstance(check_table(rubicon, ALL_GAMES), Scenario)
