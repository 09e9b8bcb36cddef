"""A field only some codes' rulings read (the Club Code's card taken back in time, law 39) is
offered by the builder only at a table one of those rulings rules: at Écarté under the English
code, never at Pinochle, where it would change nothing. The handlers declare what they read
(app.engine.core.rules(..., reads=...)); the engine refuses one that reads such a field
undeclared, so the declaration cannot fall behind the handlers."""

from __future__ import annotations

import pytest

from app.ask.interview import Interview
from app.corpus.loading import load_content
from app.engine import core
from app.model.events import EVENTS
from app.model.games import build_games
from app.table_builder import (
    change_game,
    choose_event,
    default_event,
    fields_at,
    new_table,
    set_codes,
    set_event,
)

CONTENT = load_content()
GAMES = build_games(CONTENT)


def _play_table(gid: str) -> dict:
    game = GAMES[gid]
    return choose_event(new_table(game), "play", game)


def _field_names(gid: str, raw: dict) -> list[str]:
    return [spec.name for spec in fields_at("play", raw, GAMES[gid])]


def test_taken_back_is_offered_at_ecarte_and_at_no_game_whose_laws_do_not_read_it():
    assert _field_names("ecarte", _play_table("ecarte")) == ["player", "card", "taken_back"]
    for gid in ("pinochle", "cinch", "rubicon-bezique", "bezique", "auction-pitch"):
        assert _field_names(gid, _play_table(gid)) == ["player", "card"], gid


def test_taken_back_goes_when_the_english_code_is_no_longer_in_force():
    game = GAMES["ecarte"]
    raw = _play_table("ecarte")
    raw = set_event(raw, {**raw["event"], "taken_back": True})
    foster_only = set_codes(raw, ["american", "french"], game)
    assert _field_names("ecarte", foster_only) == ["player", "card"]
    assert "taken_back" not in foster_only["event"]
    assert set_codes(raw, ["english"], game)["event"]["taken_back"] is True


def test_switching_an_ecarte_play_to_pinochle_keeps_the_play_without_taken_back():
    raw = _play_table("ecarte")
    raw = set_event(raw, {**raw["event"], "taken_back": True})
    moved = change_game(raw, GAMES["pinochle"])
    assert moved["event"]["type"] == "play" and "taken_back" not in moved["event"]
    again = default_event("play", _play_table("pinochle"), GAMES["pinochle"],
                          previous=raw["event"])
    assert "taken_back" not in again


def test_every_field_only_some_rulings_read_has_a_ruling_that_reads_it():
    for etype, spec in EVENTS.items():
        for name in spec.read_where_declared:
            readers = [gid for gid, game in GAMES.items()
                       if core.reads_field(gid, game.codes, etype, name)]
            assert readers, (etype, name)
    assert [gid for gid, game in GAMES.items()
            if core.reads_field(gid, game.codes, "play", "taken_back")] == ["ecarte"]


def test_a_handler_that_reads_such_a_field_undeclared_is_refused():
    with pytest.raises(RuntimeError, match="taken_back"):
        core._undeclared_reads(("pinochle", "american", "play"),
                               ["event.player", "event.taken_back"])
    core._undeclared_reads(("ecarte", "english", "play"), ["event.taken_back"])
    with pytest.raises(RuntimeError, match="no such field"):
        core.rules("*", "american", "play", reads=("player",))(lambda ctx: None)


def _asked(gid: str, given: dict[str, str]) -> list[str]:
    iv = Interview(GAMES[gid], GAMES, CONTENT, "play")
    asked: list[str] = []
    while (q := iv.next_question()) is not None and len(asked) < 12:
        asked.append(q.fact)
        iv.answer(q.key, given.get(q.fact) or q.choices[0].value)
    return asked


def test_ask_asks_whether_the_card_was_taken_back_only_where_a_law_reads_it():
    # A renounce at each game: North holds a heart and plays a diamond to a heart led.
    ecarte = _asked("ecarte", {"event.player": "North", "event.card": "KD", "trump": "S",
                               "cards": "QH KD 7S 8D 9C", "trick": "South: 7H"})
    assert "event.taken_back" in ecarte
    pinochle = _asked("pinochle", {"event.player": "North", "event.card": "KD", "trump": "S",
                                   "cards": "QH KD", "trick": "South: 9H", "stage": "play"})
    assert "event.taken_back" not in pinochle
