"""Scenario files are validated at the door, with the field named."""

import json

import pytest

from app.corpus.loading import load_content
from app.model.games import build_games
from app.model.scenario import ScenarioError, load_scenario_file, parse_scenario


@pytest.fixture(scope="module")
def games():
    return build_games(load_content())


def rubicon(**extra):
    base = {
        "game": "rubicon-bezique",
        "players": ["North", "South"],
        "dealer": "South",
        "hands": {"North": 10, "South": 9},
        "tricks_played": 1,
        "event": {"type": "wrong-count"},
    }
    base.update(extra)
    return base


def test_a_valid_scenario_parses_with_defaults(games):
    s = parse_scenario(rubicon(), games)
    assert s.codes == ("english", "french")
    assert s.stage == "play"
    assert s.hands["North"] == 10


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ({"game": "whist", "event": {"type": "wrong-count"}}, "game", "unknown game"),
        ({"event": {"type": "wrong-count"}}, "game", "missing"),
        (rubicon(event={"type": "sneezed"}), "event.type", "unknown event type"),
        (rubicon(event={"type": "drew-two", "player": "North"}), "event.saw_second", "missing"),
        (rubicon(event={"type": "failed-to-draw", "player": "East"}), "event.player", "unknown"),
        (rubicon(hands={"North": -1}), "hands.North", "less than 0"),
        (rubicon(hands={"Nobody": 3}), "hands", "unknown player"),
        (rubicon(hands={"North": ["2S"]}), "hands.North[0]", "not in the Rubicon"),
        (rubicon(hands={"North": ["ZZ"]}), "hands.North[0]", "not a card"),
        (rubicon(codes=["american"]), "codes[0]", "has no 'american' code"),
        (rubicon(stage="dessert"), "stage", "has the stages"),
        (rubicon(dealer="West"), "dealer", "unknown player"),
        (rubicon(colour="red"), "colour", "unknown key"),
        (rubicon(trump="X"), "trump", "suit letter"),
        (rubicon(scores={"North": "lots"}), "scores.North", "whole number"),
        (rubicon(bid={"player": "North"}), "bid.amount", "missing"),
        (rubicon(players=["A", "B", "C"]), "players", "2 players"),
        # A table the laws never meet: nobody draws after the stock is gone, nobody bids at
        # Rubicon Bézique. Ruling it anyway would answer a question nobody could ask.
        (rubicon(stage="stock-exhausted", event={"type": "failed-to-draw", "player": "North"}),
         "stage", "it can at 'play'"),
        (rubicon(event={"type": "bid-out-of-turn", "player": "North", "amount": 2}),
         "event.type", "cannot happen in Rubicon"),
    ],
)
def test_invalid_scenarios_name_the_field(games, raw, field, words):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, games)
    assert info.value.field == field
    assert words in str(info.value)


def test_more_copies_than_the_pack_holds_is_rejected(games):
    raw = {
        "game": "bezique",
        "hands": {"North": ["QS", "QS"], "South": ["QS"]},
        "event": {"type": "wrong-count"},
    }
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, games)
    assert info.value.field == "hands.South[0]"
    assert "pack holds 2" in str(info.value)


def test_a_card_in_two_places_beyond_its_copies_is_rejected(games):
    raw = {
        "game": "ecarte",
        "hands": {"North": ["KH"], "South": ["7S"]},
        "turn_up": "KH",
        "event": {"type": "king-turned"},
    }
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, games)
    assert info.value.field == "turn_up"


def test_two_of_spades_is_not_an_ecarte_card(games):
    raw = {"game": "ecarte", "hands": {"North": ["2S"]}, "event": {"type": "wrong-count"}}
    with pytest.raises(ScenarioError, match="2S is not in the Écarté pack"):
        parse_scenario(raw, games)


def test_a_play_must_come_from_the_players_listed_hand(games):
    raw = {
        "game": "cinch",
        "hands": {"North": ["AS", "KS"]},
        "event": {"type": "play", "player": "North", "card": "QS"},
    }
    with pytest.raises(ScenarioError, match="not in North's hand"):
        parse_scenario(raw, games)


def test_files_that_are_not_json_are_rejected_with_the_path(games, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load_scenario_file(bad, games)
    missing = tmp_path / "missing.json"
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario_file(missing, games)


def test_json_round_trip_of_a_file(games, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(rubicon()), encoding="utf-8")
    assert load_scenario_file(path, games).tricks_played == 1


def test_the_1913_conquian_pack_is_taken_when_the_scenario_chooses_it(games):
    raw = {
        "game": "conquian",
        "hands": {"North": ["10S", "9S", "8S"]},
        "event": {"type": "peeked-at-stock", "player": "North"},
    }
    with pytest.raises(ScenarioError, match="10S is not in the Conquian pack"):
        parse_scenario(raw, games)
    raw["variants"] = {"conquian-pack": "conquian.american.pack-ace-to-ten"}
    assert len(parse_scenario(raw, games).hands["North"]) == 3


def test_a_scenario_may_follow_the_rival_reading_of_trumping_when_void(games):
    from app.corpus.loading import load_content
    from app.engine import rule

    raw = {
        "game": "ecarte",
        "turn_up": "7H",
        "hands": {"South": ["9H", "8D"]},
        "trick": {"leader": "North", "cards": ["KS"]},
        "event": {"type": "play", "player": "South", "card": "8D"},
        "codes": ["american"],
    }
    content = load_content()
    strict = rule(parse_scenario(raw, games), games, content).for_code("american")
    assert strict.outcome == "revoke"
    raw["variants"] = {"ecarte-trump-when-void": "ecarte.american.trump-when-void-optional"}
    lenient = rule(parse_scenario(raw, games), games, content).for_code("american")
    assert lenient.outcome == "legal"
    assert lenient.laws == ("ecarte.american.trump-when-void-optional",)
