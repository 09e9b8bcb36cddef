"""The table builder's seats, codes in force and readings: renaming, joining and leaving seats,
choosing the codes and the reading of a disputed law, and saving them."""

from __future__ import annotations

import copy
import json

import pytest

from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import Scenario
from app.table_builder import (
    EditRefused,
    check_table,
    codes_in_force,
    new_table,
    read_scenario_file,
    rename_player,
    set_codes,
    set_player_count,
    set_variant,
    variant_groups,
    write_scenario_file,
)

CONTENT = load_content()
ALL_GAMES = build_games(CONTENT)
EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))
NORTH_TEN = ["AS", "10S", "KH", "QH", "JD", "9C", "8C", "7S", "KS", "QS"]
SOUTH_NINE = ["AH", "10H", "KD", "QD", "JS", "9H", "8D", "7C", "AC"]




OPTIONAL = "ecarte.american.trump-when-void-optional"
VOID_DISCARD = {  # South, void in spades, discards a club holding trumps
    "game": "ecarte", "players": ["North", "South"], "dealer": "South", "stage": "play",
    "trump": "H", "turn_up": "7H", "tricks_played": 1,
    "hands": {"North": ["KS", "QS", "10D", "9C"], "South": ["KH", "8H", "JD", "7C"]},
    "trick": {"leader": "North", "cards": ["AS"]},
    "event": {"type": "play", "player": "South", "card": "7C"},
}
EVERYWHERE = {  # Cora is named in every place a player can be
    "game": "auction-pitch", "players": ["Ann", "Ben", "Cora", "Dan"], "dealer": "Cora",
    "stage": "hand-over",  # where a count-out happens
    "hands": {"Ann": 6, "Cora": ["KD"]}, "scores": {"Cora": 3, "Dan": 1},
    "bid": {"player": "Cora", "amount": 2}, "trick": {"leader": "Cora", "cards": ["AS"]},
    "hands_seen": ["Cora"], "expected": {},
    "event": {"type": "counted-out", "players": ["Cora", "Ann"], "bid_made": True},
}


def _outcomes(raw: dict) -> dict[str, str]:
    scenario = check_table(raw, ALL_GAMES)
    assert isinstance(scenario, Scenario), scenario
    return {r.code: r.outcome for r in rule(scenario, ALL_GAMES, CONTENT).rulings}


def test_renaming_a_seat_rewrites_it_everywhere_and_back():
    before = copy.deepcopy(EVERYWHERE)
    renamed = rename_player(EVERYWHERE, "Cora", "Corinne")
    assert before == EVERYWHERE
    assert "Cora" not in json.dumps(renamed)
    assert renamed["players"] == ["Ann", "Ben", "Corinne", "Dan"]
    assert list(renamed["hands"]) == ["Ann", "Corinne"]
    assert renamed["trick"]["leader"] == renamed["dealer"] == renamed["bid"]["player"]
    assert renamed["event"]["players"] == ["Corinne", "Ann"]
    assert isinstance(check_table(renamed, ALL_GAMES), Scenario)
    back = rename_player(renamed, "Corinne", "Cora")
    assert back == {k: v for k, v in EVERYWHERE.items() if k != "expected"}


def test_renaming_renames_the_player_in_counts_and_single_fields():
    raw = {**VOID_DISCARD, "event": {"type": "points-made", "points": {"South": 2}}}
    assert rename_player(raw, "South", "S")["event"]["points"] == {"S": 2}
    assert rename_player(VOID_DISCARD, "South", " Sam ")["event"]["player"] == "Sam"
    assert _outcomes(rename_player(VOID_DISCARD, "South", "Sam")) == _outcomes(VOID_DISCARD)


def test_a_table_without_seats_listed_renames_the_games_seats():
    raw = {"game": "ecarte", "event": {"type": "wrong-count"}}
    renamed = rename_player(raw, "North", "Nord", ALL_GAMES["ecarte"])
    assert renamed["players"] == ["Nord", "South"]
    with pytest.raises(EditRefused):
        rename_player(raw, "North", "Nord")  # no seats and no game to read them from


@pytest.mark.parametrize(("old", "new", "words"), [
    ("South", "", "needs a name"),
    ("South", "  ", "needs a name"),
    ("South", "North", "another seat is already called North"),
    ("Sud", "Sam", "no seat called Sud"),
])
def test_a_rename_is_refused_in_plain_words(old, new, words):
    with pytest.raises(EditRefused, match=words):
        rename_player(VOID_DISCARD, old, new)


def test_renaming_a_seat_to_its_own_name_changes_nothing():
    raw = {**VOID_DISCARD, "expected": {"american": {"outcome": "revoke"}}}
    assert rename_player(raw, "South", "South") == raw


def test_auction_pitch_takes_four_to_seven_seats_and_back():
    game = ALL_GAMES["auction-pitch"]
    raw = new_table(game)
    seven = set_player_count(raw, 7, game)
    assert seven["players"] == ["North", "East", "South", "West", "Player 5", "Player 6",
                                "Player 7"]
    assert set_player_count(seven, 4, game) == raw
    for count in range(4, 8):
        assert isinstance(check_table(set_player_count(raw, count, game), ALL_GAMES), Scenario)
    for count, gid in ((3, "auction-pitch"), (8, "auction-pitch"), (4, "ecarte")):
        with pytest.raises(EditRefused, match="played by"):
            set_player_count(new_table(ALL_GAMES[gid]), count, ALL_GAMES[gid])


def test_seats_that_leave_take_everything_of_theirs_with_them():
    game = ALL_GAMES["auction-pitch"]
    raw = {**EVERYWHERE, "players": ["Ann", "Ben", "Dan", "Cora"], "dealer": "Cora"}
    four = set_player_count(set_player_count(raw, 5, game), 4, game)
    assert four["players"] == raw["players"]
    assert set_player_count(raw, 4, game) == raw  # the same number: nothing changes
    raw = set_player_count(raw, 5, game)
    left = set_player_count({**raw, "dealer": "Player 5",
                             "scores": {"Player 5": 4}, "hands_seen": ["Player 5"],
                             "bid": {"player": "Player 5", "amount": 1}}, 4, game)
    assert "Player 5" not in json.dumps(left)
    assert left["dealer"] == "Cora"  # the dealer left: the last seat deals
    assert "scores" not in left and "hands_seen" not in left and "bid" not in left
    assert isinstance(check_table(left, ALL_GAMES), Scenario)


def test_a_seat_joining_mid_trick_cuts_the_trick_where_it_sits():
    game = ALL_GAMES["auction-pitch"]
    raw = {**new_table(game), "trick": {"leader": "South", "cards": ["AS", "KS", "QS"]}}
    # South, West and North played; a fifth seat after West has not, so North's card goes.
    five = set_player_count(raw, 5, game)
    assert five["trick"] == {"leader": "South", "cards": ["AS", "KS"]}
    assert set_player_count(five, 4, game)["trick"] == five["trick"]
    gone = set_player_count({**five, "trick": {"leader": "Player 5", "cards": []}}, 4, game)
    assert "trick" not in gone


def test_choosing_a_reading_changes_the_ruling_and_the_usual_one_removes_the_key():
    assert _outcomes(VOID_DISCARD)["american"] == "revoke"
    optional = set_variant(VOID_DISCARD, "ecarte-trump-when-void", OPTIONAL, CONTENT)
    assert optional["variants"] == {"ecarte-trump-when-void": OPTIONAL}
    # Foster's reading is the American code's: the Club Code still obliges him to trump.
    assert _outcomes(optional)["american"] == "legal"
    assert _outcomes(optional)["english"] == "revoke"
    usual = set_variant(optional, "ecarte-trump-when-void",
                        "ecarte.american.trump-when-void-compulsory", CONTENT)
    assert usual == VOID_DISCARD
    with pytest.raises(EditRefused, match="not one of the readings"):
        set_variant(VOID_DISCARD, "ecarte-trump-when-void",
                    "ecarte.american.first-dealer-lowest", CONTENT)
    with pytest.raises(EditRefused, match="not a disputed rule"):
        set_variant(VOID_DISCARD, "pinochle-last-stage-revoke",
                    "pinochle.american.revoke-loses-card-points", CONTENT)


@pytest.mark.parametrize("gid", sorted(ALL_GAMES))
def test_every_games_readings_put_the_usual_first_under_distinct_labels(gid):
    groups = variant_groups(CONTENT, gid)
    assert len({g.label for g in groups}) == len(groups)
    for group in groups:
        assert group.default.variant_default
        assert group.reading_label(group.default).endswith("usual)")
        assert all(law.game == gid and law.variant_of == group.name for law in group.laws)
        assert not any(law.variant_default for law in group.laws[1:])
    assert bool(groups) == (gid != "rubicon-bezique")


def test_codes_in_force_follow_the_games_order_and_all_of_them_remove_the_key():
    game = ALL_GAMES["ecarte"]
    two = set_codes(VOID_DISCARD, ["french", "american"], game)
    assert two["codes"] == ["american", "french"]
    assert codes_in_force(two, game) == ("american", "french")
    assert list(_outcomes(two)) == ["american", "french"]
    assert set_codes(two, game.codes, game) == VOID_DISCARD
    with pytest.raises(EditRefused, match="At least one code"):
        set_codes(VOID_DISCARD, [], game)
    with pytest.raises(EditRefused, match="has no spanish code"):
        set_codes(VOID_DISCARD, ["spanish"], game)


def test_seats_codes_and_readings_round_trip_through_a_file_exactly(tmp_path):
    game = ALL_GAMES["ecarte"]
    raw = set_variant(VOID_DISCARD, "ecarte-trump-when-void", OPTIONAL, CONTENT)
    raw = rename_player(set_codes(raw, ["english"], game), "North", "Nora")
    write_scenario_file(tmp_path / "t.json", raw)
    assert read_scenario_file(tmp_path / "t.json", ALL_GAMES)[0] == raw


def test_saving_over_a_scenario_file_keeps_its_mode(tmp_path):
    import os
    import stat

    raw = read_scenario_file(EXAMPLES[0], ALL_GAMES)[0]
    shared = tmp_path / "shared.json"
    write_scenario_file(shared, raw)
    os.chmod(shared, 0o664)
    write_scenario_file(shared, raw)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o664
    fresh = tmp_path / "fresh.json"
    mask = os.umask(0o022)
    try:
        write_scenario_file(fresh, raw)
    finally:
        os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
