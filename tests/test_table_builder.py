"""The scenario builder's Qt-free half: edits, checks, files, examples and descriptions."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pytest

from app.corpus.loading import CONTENT_DIR, load_content
from app.corpus.vocabulary import GAMES
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import Scenario, ScenarioError
from app.table_builder import (
    TRICK,
    TURN_UP,
    Problem,
    change_game,
    check_table,
    choose_event_card,
    copies_left,
    deal_at_random,
    default_event,
    describe_event,
    describe_table,
    events_for,
    examples_by_game,
    give_card,
    new_table,
    place_of,
    place_words,
    players_of,
    proper_counts,
    read_scenario_file,
    set_bid,
    set_count,
    set_event,
    set_score,
    set_seen,
    set_trick_leader,
    set_value,
    stages_for,
    take_card,
    write_scenario_file,
)

CONTENT = load_content()
ALL_GAMES = build_games(CONTENT)
EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))
NORTH_TEN = ["AS", "10S", "KH", "QH", "JD", "9C", "8C", "7S", "KS", "QS"]
SOUTH_NINE = ["AH", "10H", "KD", "QD", "JS", "9H", "8D", "7C", "AC"]


def _rubicon_by_hand(north_score: int) -> dict:
    game = ALL_GAMES["rubicon-bezique"]
    raw = new_table(game)
    for code in NORTH_TEN:
        raw = give_card(raw, "North", code, game)
    for code in SOUTH_NINE:
        raw = give_card(raw, "South", code, game)
    raw = set_value(raw, "tricks_played", 2)
    return set_score(raw, "North", north_score)


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_a_new_table_is_a_valid_scenario_with_the_games_seats(gid):
    raw = new_table(ALL_GAMES[gid])
    scenario = check_table(raw, ALL_GAMES)
    assert isinstance(scenario, Scenario)
    assert len(scenario.players) == ALL_GAMES[gid].players


def test_ten_cards_against_nine_after_the_first_trick_abandons_the_game():
    raw = _rubicon_by_hand(450)
    scenario = check_table(raw, ALL_GAMES)
    assert isinstance(scenario, Scenario)
    english = rule(scenario, ALL_GAMES, CONTENT).for_code("english")
    assert english.outcome == "game-abandoned"
    assert dict(english.score) == {"South": 1300 + 450}  # Foster: all 450, unrounded (round 7)


def test_the_offenders_points_are_capped_at_900():
    scenario = check_table(_rubicon_by_hand(1200), ALL_GAMES)
    assert isinstance(scenario, Scenario)
    assert dict(rule(scenario, ALL_GAMES, CONTENT).for_code("english").score) == {"South": 2200}


def test_copies_left_counts_down_and_goes_negative_when_too_many_are_placed():
    game = ALL_GAMES["rubicon-bezique"]
    raw = new_table(game)
    assert copies_left(raw, game)["QS"] == 4
    for _ in range(5):
        raw = give_card(raw, "North", "QS", game)
    assert copies_left(raw, game)["QS"] == -1
    problem = check_table(raw, ALL_GAMES)
    assert isinstance(problem, Problem)
    assert problem.field == "hands.North[4]"
    assert problem.place.player == "North" and problem.place.index == 4
    assert problem.words == ("A fifth queen of spades in North's hand: the Rubicon Bézique "
                             "pack has only four (the others are in North's hand).")
    raw = set_value(take_card(take_card(raw, "North", 4), "North", 3), "stock", ["QS"])
    raw = give_card(raw, TRICK, "QS", game)
    assert check_table(raw, ALL_GAMES).words == (
        "A fifth queen of spades on the trick: the Rubicon Bézique pack has only four (the "
        "others are in North's hand and in the stock).")


def test_a_card_the_pack_lacks_and_a_card_not_held_are_said_plainly():
    game = ALL_GAMES["rubicon-bezique"]
    raw = give_card(new_table(game), "North", "2S", game)
    assert check_table(raw, ALL_GAMES).words == (
        "The two of spades in North's hand is not a card of the Rubicon Bézique pack: "
        "take it back.")
    raw = set_event(give_card(new_table(game), "North", "KH", game),
                    {"type": "play", "player": "North", "card": "QS"})
    problem = check_table(raw, ALL_GAMES)
    assert problem.place.area == "event"
    assert problem.words.startswith("North does not hold the queen of spades:")
    assert "QS" not in problem.words


def test_cards_on_the_trick_and_turned_up_count_against_the_pack():
    game = ALL_GAMES["ecarte"]
    raw = give_card(new_table(game), TURN_UP, "KH", game)
    raw = give_card(raw, TRICK, "KH", game)
    assert copies_left(raw, game)["KH"] == -1
    problem = check_table(raw, ALL_GAMES)
    assert isinstance(problem, Problem)
    assert problem.place.area == "trick" and problem.place.index == 0
    assert problem.words == ("A second king of hearts on the trick: the Écarté pack has only "
                             "one (it is turned up).")
    assert take_card(raw, TURN_UP, 0).get("turn_up") is None
    assert take_card(raw, TRICK, 0)["trick"]["cards"] == []


def test_switching_games_keeps_seats_of_the_same_name_and_marks_foreign_cards():
    rubicon = _rubicon_by_hand(450)
    pinochle = change_game(rubicon, ALL_GAMES["pinochle"])
    assert pinochle["hands"]["North"] == NORTH_TEN
    problem = check_table(pinochle, ALL_GAMES)
    assert isinstance(problem, Problem)
    assert "is not in the" in problem.message and problem.place.area == "hand"
    cinch = change_game(rubicon, ALL_GAMES["cinch"])
    assert players_of(cinch, ALL_GAMES["cinch"]) == ["North", "East", "South", "West"]
    assert isinstance(check_table(cinch, ALL_GAMES), Scenario)


def test_edits_never_change_the_mapping_given_and_drop_stale_expectations():
    raw = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    before = copy.deepcopy(raw)
    game = ALL_GAMES[raw["game"]]
    edited = set_value(raw, "stage", "play")
    assert raw == before
    assert "expected" not in edited
    assert edited["title"] == raw["title"]
    give_card(raw, players_of(raw, game)[0], "AS", game)
    assert raw == before


def test_counts_scores_seen_bid_and_trick_leader():
    game = ALL_GAMES["cinch"]
    raw = new_table(game)
    raw = set_count(raw, "North", 9)
    assert raw["hands"] == {"North": 9}
    assert set_count(raw, "North", None)["hands"] == {}
    raw = set_score(raw, "East", 12)
    assert raw["scores"] == {"East": 12}
    assert "scores" not in set_score(raw, "East", 0)
    raw = set_seen(raw, "West", True)
    assert raw["hands_seen"] == ["West"]
    assert "hands_seen" not in set_seen(raw, "West", False)
    assert set_bid(raw, "South", 7)["bid"] == {"player": "South", "amount": 7}
    assert "bid" not in set_bid(raw, None, 0)
    raw = give_card(raw, TRICK, "KC", game)
    assert raw["trick"] == {"leader": "North", "cards": ["KC"]}  # the eldest leads
    assert set_trick_leader(raw, "East")["trick"] == {"leader": "East", "cards": ["KC"]}
    assert "trick" not in set_trick_leader(raw, None)


def test_giving_a_card_to_a_counted_hand_lists_it():
    game = ALL_GAMES["cinch"]
    raw = give_card(set_count(new_table(game), "South", 6), "South", "6D", game)
    assert raw["hands"]["South"] == ["6D"]


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_every_event_offered_defaults_to_a_valid_event_on_a_dealt_table(gid):
    game = ALL_GAMES[gid]
    rng = random.Random(7)
    for stage in stages_for(game):
        for etype in events_for(game, stage):
            raw = deal_at_random(new_table(game), game, stage, rng)
            raw = set_event(raw, default_event(etype, raw, game))
            assert isinstance(check_table(raw, ALL_GAMES), Scenario), (stage, etype, raw)


def test_a_new_event_keeps_the_fields_that_still_make_sense():
    game = ALL_GAMES["cinch"]
    previous = {"type": "play", "player": "South", "card": "6D"}
    exposed = default_event("exposed-card", new_table(game), game, previous)
    assert exposed["player"] == "South" and exposed["card"] == "6D"
    assert exposed["how"] == "faced"
    assert "second_card" not in exposed


def test_clicking_a_hand_card_chooses_the_event_card_and_player():
    game = ALL_GAMES["cinch"]
    raw = give_card(new_table(game), "South", "6D", game)
    raw = set_event(raw, default_event("play", raw, game))
    raw = choose_event_card(raw, "South", "6D", game)
    assert raw["event"] == {"type": "play", "player": "South", "card": "6D"}


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_dealing_at_random_gives_a_table_the_engine_rules_for_every_stage(gid):
    game = ALL_GAMES[gid]
    rng = random.Random(gid)
    for stage in stages_for(game):
        for etype in ("wrong-count", "play", "exposed-card", "lead-out-of-turn"):
            if etype not in events_for(game, stage):
                continue
            raw = set_event(new_table(game), {"type": etype} | (
                default_event(etype, new_table(game), game)))
            dealt = deal_at_random(raw, game, stage, rng)
            scenario = check_table(dealt, ALL_GAMES)
            assert isinstance(scenario, Scenario), (stage, etype, scenario)
            assert scenario.stage == stage and scenario.event.type == etype
            assert rule(scenario, ALL_GAMES, CONTENT).rulings


def test_a_correct_deal_has_the_proper_counts():
    game = ALL_GAMES["rubicon-bezique"]
    raw = deal_at_random(new_table(game), game, "play", random.Random(3))
    scenario = check_table(raw, ALL_GAMES)
    assert isinstance(scenario, Scenario)
    counts = proper_counts(scenario, game)
    for player, hand in raw["hands"].items():
        assert len(hand) == counts[player]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_round_trips_through_a_file_exactly(path, tmp_path):
    raw, scenario = read_scenario_file(path, ALL_GAMES)
    assert raw == json.loads(path.read_text(encoding="utf-8"))
    out = tmp_path / "copy.json"
    write_scenario_file(out, raw)
    again, scenario_again = read_scenario_file(out, ALL_GAMES)
    assert again == raw
    assert list(again) == list(raw)
    assert scenario_again == scenario


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "file"),
        ('{"game": []}', "game"),
        ('{"game": "rubicon-bezique", "hands": {"North": ["2S"]}, "event": {"type": '
         '"wrong-count"}}', "hands.North[0]"),
        ("[1, 2]", "scenario"),
    ],
)
def test_an_invalid_file_raises_a_scenario_error_naming_the_field(tmp_path, text, field):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        read_scenario_file(path, ALL_GAMES)
    assert info.value.field == field


def test_a_missing_file_is_a_scenario_error(tmp_path):
    with pytest.raises(ScenarioError) as info:
        read_scenario_file(tmp_path / "nowhere.json", ALL_GAMES)
    assert info.value.field == "file"


def test_examples_are_grouped_by_game_in_the_usual_order_with_their_titles(tmp_path):
    groups = examples_by_game(CONTENT_DIR / "scenarios")
    assert list(groups) == [g for g in GAMES if g in groups]
    assert sum(len(v) for v in groups.values()) == len(EXAMPLES)
    titles = [e.title for e in groups["rubicon-bezique"]]
    assert "Ten cards found after the first trick" in titles
    assert titles == sorted(titles, key=str.casefold)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "cinch-x.json").write_text('{"game": "cinch", "title": "X"}', encoding="utf-8")
    assert [e.title for e in examples_by_game(tmp_path)["cinch"]] == ["X"]


@pytest.mark.parametrize(
    ("field", "area", "player", "index", "words"),
    [
        ("hands.North[2]", "hand", "North", 2, "North's hand, card 3"),
        ("hands.Ann", "hand", "Ann", None, "Ann's hand"),
        ("trick.cards[0]", "trick", None, 0, "the trick, card 1"),
        ("trick.leader", "trick", None, None, "the trick"),
        ("turn_up", "turn-up", None, None, "the turn-up"),
        ("stock[1]", "stock", None, 1, "the stock, card 2"),
        ("event.card", "event", None, None, "the event (card)"),
        ("scores.North", "score", "North", None, "North's score"),
        ("tricks_played", "table", None, None, "tricks played"),
    ],
)
def test_a_field_names_a_place_on_the_table(field, area, player, index, words):
    place = place_of(field)
    assert (place.area, place.player, place.index) == (area, player, index)
    assert place_words(field) == words


def test_stages_follow_the_game():
    assert stages_for(ALL_GAMES["rubicon-bezique"]) == (
        "deal", "play", "stock-exhausted", "hand-over")
    assert stages_for(ALL_GAMES["cinch"]) == ("deal", "bidding", "play", "hand-over")
    assert stages_for(ALL_GAMES["conquian"]) == ("deal", "play", "hand-over")


def test_the_table_and_event_are_described_for_print():
    raw = json.loads((CONTENT_DIR / "scenarios" / "cinch-revoke.json").read_text("utf-8"))
    lines = dict(describe_table(raw, ALL_GAMES["cinch"]))
    assert lines["South's hand"] == "Q♥ 3♥ 7♣ 6♦ J♠ 10♠"
    assert lines["North's hand"] == "not given"
    assert lines["Trick"] == "led by East: K♣"
    assert lines["Bid"] == "East bid 9"
    event = dict(describe_event(raw["event"]))
    assert event == {"Event": "play", "player": "South", "card": "6♦"}


def test_examples_directory_is_where_the_content_is():
    assert Path(CONTENT_DIR / "scenarios").is_dir()


def test_an_example_added_renamed_or_edited_shows_at_the_next_look(tmp_path):
    (tmp_path / "a.json").write_text('{"game": "cinch", "title": "First"}', encoding="utf-8")
    assert [e.title for e in examples_by_game(tmp_path)["cinch"]] == ["First"]
    (tmp_path / "b.json").write_text('{"game": "cinch", "title": "Second"}', encoding="utf-8")
    assert [e.title for e in examples_by_game(tmp_path)["cinch"]] == ["First", "Second"]
    edited = tmp_path / "a.json"
    edited.write_text('{"game": "ecarte", "title": "Moved"}', encoding="utf-8")
    os.utime(edited, ns=(edited.stat().st_atime_ns, edited.stat().st_mtime_ns + 10**9))
    groups = examples_by_game(tmp_path)
    assert [e.title for e in groups["cinch"]] == ["Second"]
    assert [e.title for e in groups["ecarte"]] == ["Moved"]
    (tmp_path / "b.json").unlink()
    assert "cinch" not in examples_by_game(tmp_path)


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_every_event_of_a_game_can_be_chosen_from_any_stage(gid):
    # Chosen at a stage where it cannot happen, an event moves the table to the first stage
    # of the deal where it can; chosen where it can, the stage stays.
    from app.table_builder import choose_event, events_of_game

    game = ALL_GAMES[gid]
    every = events_of_game(game)
    assert set(every) == {e for s in stages_for(game) for e in events_for(game, s)}
    for start in stages_for(game):
        table = set_value(new_table(game), "stage", start)
        for etype in every:
            chosen = choose_event(table, etype, game)
            assert chosen["event"]["type"] == etype
            assert etype in events_for(game, chosen["stage"])
            if etype in events_for(game, start):
                assert chosen["stage"] == start
            else:
                assert chosen["stage"] == next(s for s in stages_for(game)
                                               if etype in events_for(game, s))


def test_a_club_bezique_without_a_stock_leaves_the_apps_bezique_its_drawing_events():
    # Two Béziques of one id: a club's whose games file declares no drawing (the widget tests'
    # content) and the app's. What the first offers at the play must not be what the second
    # offers (the screens' tests had Rehearse offer no failed draw after the Ask window's test).
    fixture = Path(__file__).parent / "ui" / "fixture_content"
    club = build_games(load_content(fixture, seeds_dir=None))["bezique"]
    assert "failed-to-draw" not in events_for(club, "play")
    assert "failed-to-draw" in events_for(ALL_GAMES["bezique"], "play")
