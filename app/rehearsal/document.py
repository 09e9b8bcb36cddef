"""A rehearsal as a file: how it starts and every branch's steps, read by a total parser.

The file holds no table and no ruling, only what was done; opening it replays every branch
through the engine, so a file written by an older version is ruled by today's laws, and a
step that no longer fits its table is reported by branch and step, never half-loaded.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from app.input_files import InputFileError, load_json
from app.rehearsal.play import RehearsalError
from app.rehearsal.session import STEP_KINDS, Branch, Moment, Rehearser, Start, Step

FORMAT = "cardlaws-rehearsal"
VERSION = 1
MAX_BYTES = 2_000_000
MAX_STEPS = 5_000
MAX_BRANCHES = 50
MAX_TEXT = 200
MAX_DEPTH = 12


class RehearsalFileError(ValueError):
    """A rehearsal file that cannot be opened; `field` names where, `message` says why."""

    def __init__(self, fld: str, message: str) -> None:
        self.field = fld
        self.message = message
        super().__init__(f"{fld}: {message}")


@dataclass(frozen=True)
class Rehearsal:
    """How the deal starts and every branch taken from it (the first is the main line)."""

    start: Start
    branches: tuple[Branch, ...] = (Branch("Main line"),)

    def with_steps(self, index: int, steps: Sequence[Step]) -> Rehearsal:
        """The rehearsal with one branch's steps replaced."""
        branches = list(self.branches)
        branches[index] = replace(branches[index], steps=tuple(steps))
        return replace(self, branches=tuple(branches))

    def branch_from(self, index: int, keep: int, name: str = "") -> tuple[Rehearsal, int]:
        """A new branch that shares the first `keep` steps of branch `index`; its index."""
        source = self.branches[index]
        name = name or f"Branch {len(self.branches) + 1}"
        branch = Branch(name, source.steps[:keep])
        return replace(self, branches=(*self.branches, branch)), len(self.branches)


def to_json(rehearsal: Rehearsal) -> dict[str, Any]:
    """The file's JSON form."""
    s = rehearsal.start
    start: dict[str, Any] = {
        "game": s.game,
        "players": list(s.players),
        "dealer": s.dealer,
        "seed": s.seed,
    }
    if s.codes:
        start["codes"] = list(s.codes)
    if s.variants:
        start["variants"] = dict(s.variants)
    if s.scores:
        start["scores"] = dict(s.scores)
    if s.bid is not None:
        start["bid"] = dict(s.bid)
    if s.trump is not None:
        start["trump"] = s.trump
    if s.table is not None:
        start["table"] = dict(s.table)
    return {
        "format": FORMAT,
        "version": VERSION,
        "title": s.title,
        "start": start,
        "branches": [
            {"name": b.name, "steps": [{"kind": st.kind, **st.data} for st in b.steps]}
            for b in rehearsal.branches
        ],
    }


def _need(cond: bool, fld: str, message: str) -> None:
    if not cond:
        raise RehearsalFileError(fld, message)


def _text(value: Any, fld: str, *, empty: bool = False) -> str:
    _need(isinstance(value, str) and (empty or value.strip() != ""), fld, "must be some text")
    _need(len(value) <= MAX_TEXT and "\x00" not in value, fld,
          f"must be at most {MAX_TEXT} characters of text")
    return str(value)


def _int(value: Any, fld: str, low: int, high: int) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high, fld,
          f"must be a whole number from {low} to {high}")
    return int(value)


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def _start(raw: Any) -> Start:
    _need(isinstance(raw, dict), "start", "must be an object")
    players = raw.get("players")
    _need(isinstance(players, list) and 2 <= len(players) <= 8, "start.players",
          "must list 2 to 8 seats")
    seats = tuple(_text(p, f"start.players[{i}]") for i, p in enumerate(players))
    _need(len(set(seats)) == len(seats), "start.players", "seat names must be different")
    dealer = _text(raw.get("dealer"), "start.dealer")
    _need(dealer in seats, "start.dealer", "must be one of the players")
    codes = raw.get("codes", [])
    _need(isinstance(codes, list) and len(codes) <= 3, "start.codes", "must list codes")
    variants = raw.get("variants", {})
    _need(isinstance(variants, dict) and len(variants) <= 50, "start.variants",
          "must map a variant group to a law id")
    scores = raw.get("scores", {})
    _need(isinstance(scores, dict) and set(scores) <= set(seats), "start.scores",
          "must map players to points")
    bid = raw.get("bid")
    if bid is not None:
        _need(isinstance(bid, dict) and bid.get("player") in seats, "start.bid",
              'must be {"player", "amount"}')
        bid = {"player": bid["player"], "amount": _int(bid.get("amount"), "start.bid.amount",
                                                         0, 100)}
    trump = raw.get("trump")
    _need(trump is None or trump in ("S", "H", "D", "C"), "start.trump",
          "must be a suit letter S, H, D or C")
    table = raw.get("table")
    _need(table is None or isinstance(table, dict), "start.table",
          "must be a scenario's table (an object)")
    return Start(
        table=table,
        game=_text(raw.get("game"), "start.game"),
        players=seats,
        dealer=dealer,
        seed=_int(raw.get("seed"), "start.seed", 0, 2**31 - 1),
        codes=tuple(_text(c, f"start.codes[{i}]") for i, c in enumerate(codes)),
        variants={_text(k, "start.variants"): _text(v, f"start.variants.{k}")
                  for k, v in variants.items()},
        scores={p: _int(v, f"start.scores.{p}", -100_000, 100_000) for p, v in scores.items()},
        bid=bid,
        trump=trump,
    )


def _step(raw: Any, fld: str) -> Step:
    _need(isinstance(raw, dict), fld, "must be an object with a 'kind'")
    kind = raw.get("kind")
    _need(kind in STEP_KINDS, f"{fld}.kind", f"must be one of {', '.join(STEP_KINDS)}")
    return Step(str(kind), {k: v for k, v in raw.items() if k != "kind"})


def from_json(raw: Any, rehearser: Rehearser) -> tuple[Rehearsal, list[list[Moment]]]:
    """The rehearsal and every branch's moments, or RehearsalFileError naming the field."""
    _need(isinstance(raw, dict), "file", "must be a JSON object")
    _need(_depth(raw) <= MAX_DEPTH, "file", "is nested too deeply for a rehearsal")
    _need(raw.get("format") == FORMAT, "format", f"must be {FORMAT!r}")
    _need(raw.get("version") == VERSION, "version", f"must be {VERSION}")
    start = _start(raw.get("start"))
    _need(start.game in rehearser.games, "start.game",
          f"unknown game; known: {', '.join(sorted(rehearser.games))}")
    title = raw.get("title", "")
    start = replace(start, title=_text(title, "title", empty=True))
    branches_raw = raw.get("branches")
    _need(isinstance(branches_raw, list) and 1 <= len(branches_raw) <= MAX_BRANCHES, "branches",
          f"must list 1 to {MAX_BRANCHES} branches")
    branches: list[Branch] = []
    timelines: list[list[Moment]] = []
    for b, braw in enumerate(branches_raw):
        fld = f"branches[{b}]"
        _need(isinstance(braw, dict), fld, "must be an object")
        steps_raw = braw.get("steps", [])
        _need(isinstance(steps_raw, list) and len(steps_raw) <= MAX_STEPS, f"{fld}.steps",
              f"must list at most {MAX_STEPS} steps")
        steps = tuple(_step(s, f"{fld}.steps[{i}]") for i, s in enumerate(steps_raw))
        branch = Branch(_text(braw.get("name", f"Branch {b + 1}"), f"{fld}.name"), steps)
        try:
            timelines.append(rehearser.moments(start, steps))
        except RehearsalError as exc:
            raise RehearsalFileError(f"{fld}.steps", str(exc)) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise RehearsalFileError(f"{fld}.steps", f"a step does not fit its table ({exc})") \
                from None
        branches.append(branch)
    return Rehearsal(start, tuple(branches)), timelines


def read_file(path: Path, rehearser: Rehearser) -> tuple[Rehearsal, list[list[Moment]]]:
    """Open a rehearsal file (RehearsalFileError for anything wrong with it): a regular file
    of at most MAX_BYTES, read by bytes; a key twice or a number of thousands of digits is
    refused as the JSON is parsed."""
    try:
        raw = load_json(path, MAX_BYTES, longest=MAX_TEXT)
    except InputFileError as exc:
        raise RehearsalFileError("file", str(exc)) from None
    return from_json(raw, rehearser)


def read_title(path: Path) -> str | None:
    """A rehearsal file's title for a menu, read as read_file reads (None when there is none
    or the file cannot be read: opening it then says why)."""
    try:
        raw = load_json(path, MAX_BYTES, longest=MAX_TEXT)
    except InputFileError:
        return None
    title = raw.get("title") if isinstance(raw, dict) else None
    return title if isinstance(title, str) and title.strip() else None


def write_file(path: Path, rehearsal: Rehearsal) -> None:
    """Save atomically; an existing file keeps its permissions."""
    path = Path(path)
    text = json.dumps(to_json(rehearsal), ensure_ascii=False, indent=1) + "\n"
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def starts_of(rehearsal: Rehearsal) -> Mapping[str, Any]:
    """The start as JSON (for display and tests)."""
    start: Mapping[str, Any] = to_json(rehearsal)["start"]
    return start
