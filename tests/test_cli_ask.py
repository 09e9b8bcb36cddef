"""`python -m app ask`: the game's events, the next question, the ruling, and bad input."""

import io
import json

import pytest

from app.__main__ import main as cli

SEVERAL = ["ask", "--game", "ecarte", "--event", "several-trumps-turned"]


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_the_games_events_are_listed_with_their_words(capsys):
    assert cli(["ask", "--game", "ecarte", "--json"]) == 0
    events = _json(capsys)["events"]
    from app.model.events import EVENTS

    assert {"type": "several-trumps-turned",
            "words": EVENTS["several-trumps-turned"].label} in events
    assert all(set(e) == {"type", "words"} and e["words"] for e in events)
    assert cli(["ask", "--game", "auction-pitch", "--json"]) == 0
    assert "forgot-to-draw" not in {e["type"] for e in _json(capsys)["events"]}  # no stock


def test_the_first_question_offers_its_answers_and_i_dont_know(capsys):
    assert cli([*SEVERAL, "--json"]) == 0
    data = _json(capsys)
    assert data["asked"] == []
    question = data["question"]
    assert question["fact"] == "dealer" and question["words"] == "Who dealt?"
    assert [c["value"] for c in question["choices"]] == ["North", "South", "unknown"]


def test_once_the_deciding_facts_are_answered_the_ruling_is_printed(capsys):
    assert cli([*SEVERAL, "--answer", "dealer=South", "--answer", "has-looked[North]=no",
                "--json"]) == 0
    data = _json(capsys)
    assert "question" not in data
    english = next(r for r in data["ruling"]["rulings"] if r["code"] == "english")
    assert english["laws"] == ["ecarte.english.several-turned-before-looking"]
    assert {(o["id"], o["by"]) for o in english["options"]} == {("choose-trump", "North"),
                                                                ("new-deal", "North")}
    assert [a["words"] for a in data["asked"]] == ["South dealt.",
                                                   "North has not looked at his hand."]


def test_unknown_is_always_an_answer_and_the_cases_follow(capsys):
    assert cli([*SEVERAL, "--answer", "dealer=South", "--answer", "has-looked[North]=unknown",
                "--json"]) == 0
    data = _json(capsys)
    english = next(r for r in data["ruling"]["rulings"] if r["code"] == "english")
    assert english["outcome"] == "depends"
    assert english["needs"]["fact"] == "has-looked" and english["needs"]["seat"] == "North"
    assert [c["value"] for c in english["cases"]] == [True, False]


@pytest.mark.parametrize("argv, said", [
    (["ask", "--game", "whist", "--json"], "unknown game 'whist'"),
    (["ask", "--game", "ecarte", "--event", "nope", "--json"], "has no event 'nope'"),
    ([*SEVERAL, "--answer", "dealer=Bob", "--json"], "'Bob' is not an answer"),
    ([*SEVERAL, "--answer", "mood=happy", "--json"], "unknown fact 'mood'"),
    ([*SEVERAL, "--answer", "has-looked[Bob]=yes", "--json"], "unknown fact"),
    ([*SEVERAL, "--answer", "dealer", "--json"], "is not FACT=VALUE"),
])
def test_a_bad_game_event_fact_or_value_exits_2_saying_so(capsys, argv, said):
    assert cli(argv) == 2
    captured = capsys.readouterr()
    assert said in captured.err
    assert "Traceback" not in captured.err


def test_without_json_it_is_an_interview_on_the_terminal(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n2\n"))  # South dealt; North has not looked
    assert cli(SEVERAL) == 0
    out = capsys.readouterr().out
    assert "Who dealt?" in out and "Has North looked at his hand?" in out
    assert "Decided by: South dealt. North has not looked at his hand." in out
    assert "law: ecarte.english.several-turned-before-looking" in out
