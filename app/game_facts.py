"""Game facts from content/games/*.toml: what a reader needs, and what the engine uses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.content_checks import Collector, read_toml, str_field
from app.vocabulary import CODES, GAMES, TRICK_RULES


@dataclass(frozen=True)
class CodeInfo:
    """What a code of laws is for one game: its authority and guiding principle."""

    code: str
    authority: str
    principle: str


@dataclass(frozen=True)
class GameFacts:
    """The facts a reader needs to understand a game's laws, and that the engine uses."""

    id: str
    name: str
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
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)


def load_game_facts(root: Path, out: Collector) -> dict[str, GameFacts]:
    """Every game's facts, validated; problems go to `out`."""
    games: dict[str, GameFacts] = {}
    for path in sorted((root / "games").glob("*.toml")):
        rel = str(path.relative_to(root))
        data = read_toml(path, root, out)
        if data is None:
            continue
        gid = data.get("id")
        if gid not in GAMES or gid == "general":
            out.add(rel, str(gid), "id", f"unknown game {gid!r}")
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
        if len(out.problems) > before:
            continue
        games[gid] = GameFacts(
            id=gid,
            name=data["name"],
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
            raw=data,
        )
    missing = sorted(set(GAMES) - {"general"} - set(games))
    for gid in missing:
        out.add(f"games/{gid}.toml", gid, "-", "missing game facts file")
    return games
