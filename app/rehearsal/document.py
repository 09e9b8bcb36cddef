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
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from app.corpus.schema import Schema, convert
from app.input_files import InputFileError, load_json
from app.rehearsal.play import RehearsalError
from app.rehearsal.session import (
    MAX_TEXT,
    STEP_KINDS,
    Branch,
    Moment,
    Name,
    Rehearser,
    Start,
    Step,
)

FORMAT = "cardlaws-rehearsal"
VERSION = 1
MAX_BYTES = 2_000_000
MAX_STEPS = 5_000
MAX_BRANCHES = 50
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


class BranchFile(Schema, frozen=True):
    """A branch as the file holds it: its name and its steps, each a table with a `kind`."""

    name: Name | None = None
    steps: Annotated[list[dict[str, Any]], Meta(max_length=MAX_STEPS, description=(
        f"a list of at most {MAX_STEPS} steps"))] = msgspec.field(default_factory=list)


class RehearsalFile(Schema, frozen=True):
    """A rehearsal file (see to_json)."""

    format: Literal["cardlaws-rehearsal"]
    version: Literal[1]
    start: Start
    branches: Annotated[list[BranchFile], Meta(min_length=1, max_length=MAX_BRANCHES, description=(
        f"a list of 1 to {MAX_BRANCHES} branches"))]
    title: Annotated[str, Meta(max_length=MAX_TEXT, pattern=r"^[^\x00]*$", description=(
        f"at most {MAX_TEXT} characters of text"))] = ""


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def from_json(raw: Any, rehearser: Rehearser) -> tuple[Rehearsal, list[list[Moment]]]:
    """The rehearsal and every branch's moments, or RehearsalFileError naming the field (the
    first problem found)."""
    if _depth(raw) > MAX_DEPTH:
        raise RehearsalFileError("file", "is nested too deeply for a rehearsal")
    parsed, problems = convert(raw, RehearsalFile)
    if parsed is None:
        fld, message = problems[0]
        raise RehearsalFileError(fld or "file", message)
    if parsed.start.game not in rehearser.games:
        raise RehearsalFileError("start.game",
                                 f"unknown game; known: {', '.join(sorted(rehearser.games))}")
    start = msgspec.structs.replace(parsed.start, title=parsed.title)
    branches: list[Branch] = []
    timelines: list[list[Moment]] = []
    for b, braw in enumerate(parsed.branches):
        fld = f"branches[{b}]"
        steps = tuple(_step(s, f"{fld}.steps[{i}]") for i, s in enumerate(braw.steps))
        branch = Branch(braw.name or f"Branch {b + 1}", steps)
        try:
            timelines.append(rehearser.moments(start, steps))
        except RehearsalError as exc:
            raise RehearsalFileError(f"{fld}.steps", str(exc)) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise RehearsalFileError(f"{fld}.steps", f"a step does not fit its table ({exc})") \
                from None
        branches.append(branch)
    return Rehearsal(start, tuple(branches)), timelines


def _step(raw: dict[str, Any], fld: str) -> Step:
    kind = raw.get("kind")
    if kind not in STEP_KINDS:
        raise RehearsalFileError(f"{fld}.kind", f"must be one of {', '.join(STEP_KINDS)}")
    return Step(str(kind), {k: v for k, v in raw.items() if k != "kind"})


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
