"""Game facts from content/games/*.toml: what a reader needs, and what the engine uses."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.corpus.checks import Collector, read_toml, str_field
from app.corpus.play_facts import PlayFacts, parse_play_facts
from app.corpus.vocabulary import CODES, GENERAL, TRICK_RULES


@dataclass(frozen=True)
class CodeInfo:
    """What a code of laws is for one game: its authority and guiding principle."""

    code: str
    authority: str
    principle: str


TRUMPS = ("turn-up", "named", "none")


@dataclass(frozen=True)
class GameModel:
    """What a game is, as the engine, the builder, the quizzes and the random tables ask it.

    Declared in the [model] table of content/games/<id>.toml; each field is documented in
    docs/engine.md.
    """

    min_players: int
    max_players: int
    turn_up: bool
    trumps: str
    bidding: bool
    tricks: bool
    asks_hands_seen: bool
    discards: bool
    keeps_score: bool
    random_scores: tuple[int, int, int]
    same_colour_five_trumps: bool


# The [model] fields: name -> (type, default); None as default means required.
_MODEL_FIELDS: dict[str, tuple[type, Any]] = {
    "turn_up": (bool, None),
    "trumps": (str, None),
    "bidding": (bool, None),
    "tricks": (bool, None),
    "asks_hands_seen": (bool, False),
    "discards": (bool, False),
    "keeps_score": (bool, False),
    "same_colour_five_trumps": (bool, False),
}


def _model(data: Mapping[str, Any], rel: str, gid: str, out: Collector) -> GameModel | None:
    raw = data.get("model")
    if not isinstance(raw, dict):
        out.add(rel, gid, "model", "missing or not a table (see docs/engine.md)")
        return None
    before = len(out.problems)
    known = set(_MODEL_FIELDS) | {"min_players", "max_players", "random_scores"}
    for name in raw:
        if name not in known:
            out.add(rel, gid, f"model.{name}", f"unknown field; known: {', '.join(sorted(known))}")
    values: dict[str, Any] = {}
    for name, (kind, default) in _MODEL_FIELDS.items():
        value = raw.get(name, default)
        if value is None:
            out.add(rel, gid, f"model.{name}", "missing required field")
        elif not isinstance(value, kind):
            out.add(rel, gid, f"model.{name}", f"must be a {kind.__name__}")
        values[name] = value
    if values["trumps"] not in TRUMPS and isinstance(values["trumps"], str):
        out.add(rel, gid, "model.trumps", f"must be one of {', '.join(TRUMPS)}")
    players = data.get("players") if isinstance(data.get("players"), int) else 0
    seats = []
    for name in ("min_players", "max_players"):
        value = raw.get(name, players)
        if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 8:
            out.add(rel, gid, f"model.{name}", "must be a whole number from 2 to 8")
            value = players
        seats.append(value)
    if not seats[0] <= players <= seats[1]:
        out.add(rel, gid, "model.min_players", "players must lie between min_players and "
                "max_players")
    scores = raw.get("random_scores", [0, 900, 10])
    if not (isinstance(scores, list) and len(scores) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) for n in scores)
            and 0 <= scores[0] < scores[1] and scores[2] > 0):
        out.add(rel, gid, "model.random_scores", "must be [lowest, highest (excluded), step]")
    if values["turn_up"] is False and values["trumps"] == "turn-up":
        out.add(rel, gid, "model.trumps", "trumps cannot be fixed by a turn-up the game has not")
    if len(out.problems) > before:
        return None
    return GameModel(min_players=seats[0], max_players=seats[1],
                     random_scores=(scores[0], scores[1], scores[2]), **values)


@dataclass(frozen=True)
class GameFacts:
    """The facts a reader needs to understand a game's laws, and that the engine uses."""

    id: str
    name: str
    short_name: str
    order: int
    players: int
    partnerships: bool
    pack: Mapping[str, Any]
    hand_size: int
    deal: str
    ranks: tuple[str, ...]
    trump: str
    target: str
    codes: Mapping[str, CodeInfo]
    stages: Mapping[str, Mapping[str, Any]]
    scores: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    model: GameModel
    play: PlayFacts | None = None  # how a hand is played out (app/rehearsal); optional
    family: str | None = None  # games whose laws answer each other's silences by analogy
    # Readings of disputed rules kept for the record only (law ids): an older code the laws in
    # force replaced, which no handler rules. The law pages show them; a table never follows
    # them, so neither the builder nor the quizzes offer them.
    of_record: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)


# Every top-level key a games file may hold: a misspelt one ("familly") is reported, not ignored.
_KNOWN_KEYS = frozenset({
    "id", "name", "short_name", "order", "family", "players", "partnerships", "pack",
    "hand_size", "deal", "ranks", "trump", "target", "codes", "stages", "scores", "notes",
    "model", "play", "readings_of_record",
})
_SLUG = re.compile(r"[a-z][a-z0-9-]*")


def load_game_facts(root: Path, out: Collector) -> dict[str, GameFacts]:
    """Every game's facts, validated; problems go to `out`."""
    games: dict[str, GameFacts] = {}
    for path in sorted((root / "games").glob("*.toml")):
        rel = str(path.relative_to(root))
        data = read_toml(path, root, out)
        if data is None:
            continue
        gid = data.get("id")
        if gid != path.stem or gid == GENERAL:
            out.add(rel, str(gid), "id", f"must be the file's name {path.stem!r}"
                    + (f" and not {GENERAL!r} (the general principles)" if gid == GENERAL else ""))
            continue
        before = len(out.problems)
        for name in ("name", "deal", "trump", "target"):
            str_field(data, name, rel, gid, out, required=True)
        for name, kind in (
            ("players", int),
            ("hand_size", int),
            ("partnerships", bool),
            ("pack", dict),
            ("codes", dict),
            ("stages", dict),
            ("ranks", list),
        ):
            if not isinstance(data.get(name), kind):
                out.add(rel, gid, name, f"missing or not a {kind.__name__}")
        _check_pack(data.get("pack"), rel, gid, out)
        for stage, spec in (data.get("stages") or {}).items():
            if not isinstance(spec, dict) or spec.get("rule") not in TRICK_RULES:
                out.add(rel, gid, f"stages.{stage}.rule", f"must be one of {list(TRICK_RULES)}")
            elif "cards" in spec and not isinstance(spec["cards"], int):
                out.add(rel, gid, f"stages.{stage}.cards", "must be a whole number")
        codes: dict[str, CodeInfo] = {}
        for code, info in (data.get("codes") or {}).items():
            if code not in CODES:
                out.add(rel, gid, f"codes.{code}", "unknown code")
            elif not isinstance(info, dict) or not all(
                isinstance(info.get(k), str) and info[k] for k in ("authority", "principle")
            ):
                out.add(rel, gid, f"codes.{code}", "needs 'authority' and 'principle' strings")
            else:
                codes[code] = CodeInfo(code, info["authority"], info["principle"])
        short_name = data.get("short_name", data.get("name"))
        if not isinstance(short_name, str) or not short_name.strip():
            out.add(rel, gid, "short_name", "must be a non-empty string")
        order = data.get("order", 1000)
        if not isinstance(order, int) or isinstance(order, bool):
            out.add(rel, gid, "order", "must be a whole number (the game's place in lists)")
        scores = data.get("scores", [])
        if not isinstance(scores, list) or not all(
            isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
            for s in scores
        ):
            out.add(rel, gid, "scores", "must be a list of [item, points] string pairs")
            scores = []
        notes = data.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            out.add(rel, gid, "notes", "must be a list of strings")
            notes = []
        family = data.get("family")
        if family is not None and not (isinstance(family, str) and _SLUG.fullmatch(family)):
            out.add(rel, gid, "family", "must be a lower-case name such as 'bezique'")
        of_record = data.get("readings_of_record", [])
        if not isinstance(of_record, list) or not all(isinstance(x, str) for x in of_record):
            out.add(rel, gid, "readings_of_record", "must be a list of law ids")
            of_record = []
        for unknown in sorted(set(data) - _KNOWN_KEYS):
            out.add(rel, gid, unknown, "unknown field")
        model = _model(data, rel, gid, out)
        play = None
        if "play" in data:
            play = parse_play_facts(data, tuple(data.get("ranks") or ()), rel, gid, out)
        if len(out.problems) > before or model is None:
            continue
        games[gid] = GameFacts(
            id=gid,
            name=data["name"],
            short_name=str(short_name),
            order=order,
            players=data["players"],
            partnerships=data["partnerships"],
            pack=data["pack"],
            hand_size=data["hand_size"],
            deal=data["deal"],
            ranks=tuple(data["ranks"]),
            trump=data["trump"],
            target=data["target"],
            codes=codes,
            stages=data["stages"],
            scores=tuple((a, b) for a, b in scores),
            notes=tuple(notes),
            model=model,
            play=play,
            family=family,
            of_record=tuple(of_record),
            raw=data,
        )
    return games


def _check_pack(pack: Any, rel: str, gid: str, out: Collector) -> None:
    """The pack's ranks, suits and copies, each present and of its kind (the engine builds the
    pack from them)."""
    if not isinstance(pack, dict):
        return  # reported as "missing or not a dict"
    ranks, suits, copies = pack.get("ranks"), pack.get("suits"), pack.get("copies")
    if not isinstance(ranks, list) or not ranks or not all(
        isinstance(r, str) and r for r in ranks
    ):
        out.add(rel, gid, "pack.ranks", "must be a non-empty list of rank names")
    if not isinstance(suits, str) or not suits:
        out.add(rel, gid, "pack.suits", "must be a non-empty string of suit letters")
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 8:
        out.add(rel, gid, "pack.copies", "must be a whole number from 1 to 8")
