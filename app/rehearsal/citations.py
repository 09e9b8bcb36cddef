"""Which example tables and rehearsals cite a law: the engine's ruling of each, made once.

An example scenario (content/scenarios/*.json) is ruled as the builder rules it and a shipped
rehearsal (content/rehearsals/*.json) replayed as the Rehearse screen replays it: the laws its
rulings cite are the laws the file cites. The files carry no list of their own (a scenario's
"expected" names laws for some codes only, a rehearsal none), so the engine is asked. A game's
files are ruled the first time one of its laws asks, and kept; the general principles, which
any game's ruling may cite, ask every game's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.corpus.laws import Content
from app.engine import Ruling, rule
from app.model.games import Game
from app.model.scenario import ScenarioError, parse_scenario
from app.rehearsal import document
from app.rehearsal.play import RehearsalError
from app.rehearsal.session import Rehearser

EXAMPLE, REHEARSAL = "example", "rehearsal"
MAX_FILE_BYTES = 1_000_000  # an example or a rehearsal is a few kilobytes
# A file that cannot be ruled is left out, never fatal to the page asking: a bad file, or
# content other than the app's own (a club's laws, a test's) that lacks a law the engine names
# for the app's examples (KeyError).
_UNRULED = (ScenarioError, RehearsalError, document.RehearsalFileError, KeyError, ValueError)


@dataclass(frozen=True)
class Citation:
    """A file that cites a law: an example scenario or a rehearsal, and its title."""

    kind: str  # EXAMPLE or REHEARSAL
    path: Path
    title: str


class Citations:
    """The examples and rehearsals of a content directory, by the laws their rulings cite."""

    def __init__(self, content: Content, games: Mapping[str, Game], directory: Path) -> None:
        self._content = content
        self._games = games
        self._directory = Path(directory)
        self._rehearser = Rehearser(games, content)
        self._by_game: dict[str, dict[str, list[Citation]]] = {}

    def citing(self, law_id: str) -> list[Citation]:
        """The examples, then the rehearsals, whose rulings cite the law (by title)."""
        law = self._content.laws.get(law_id)
        if law is None:
            return []
        games = [law.game] if law.game in self._games else sorted(self._games)
        found: list[Citation] = []
        for game in games:
            found.extend(self._of_game(game).get(law_id, ()))
        return sorted(set(found), key=lambda c: (c.kind != EXAMPLE, c.title.casefold()))

    def _of_game(self, game: str) -> dict[str, list[Citation]]:
        known = self._by_game.get(game)
        if known is None:
            known = self._by_game[game] = {}
            for citation, laws in self._read(game):
                for law in laws:
                    known.setdefault(law, []).append(citation)
        return known

    def _read(self, game: str) -> Iterable[tuple[Citation, set[str]]]:
        for path in sorted((self._directory / "scenarios").glob("*.json")):
            raw = _json(path)
            if raw is None or raw.get("game") != game:
                continue
            try:
                ruling = rule(parse_scenario(raw, self._games), self._games, self._content)
            except _UNRULED:
                continue
            yield Citation(EXAMPLE, path, _title(raw, path)), _laws([ruling])
        for path in sorted((self._directory / "rehearsals").glob("*.json")):
            raw = _json(path)
            start = raw.get("start") if raw is not None else None
            if not isinstance(start, dict) or start.get("game") != game:
                continue
            try:
                rehearsal, timelines = document.read_file(path, self._rehearser)
            except _UNRULED:
                continue
            rulings = [m.mistake.ruling for line in timelines for m in line
                       if m.mistake is not None]
            title = rehearsal.start.title or path.stem
            yield Citation(REHEARSAL, path, title), _laws(rulings)


def _json(path: Path) -> dict[str, Any] | None:
    """A file's JSON object, or None (unreadable, too big, not an object): never raises."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return raw if isinstance(raw, dict) else None


def _title(raw: Mapping[str, Any], path: Path) -> str:
    title = raw.get("title")
    return title if isinstance(title, str) and title.strip() else path.stem


def _laws(rulings: Iterable[Ruling]) -> set[str]:
    """Every law a ruling cites, under every code (its analogues are not citations)."""
    return {law for ruling in rulings for r in ruling.rulings for law in r.laws}
