"""The example scenario files offered by the builder's Examples menu, grouped by game."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.corpus.vocabulary import GAMES
from app.input_files import InputFileError, load_json
from app.model.scenario import MAX_FILE_BYTES, MAX_TEXT
from app.table_builder.reading import mapping_in, text_at


@dataclass(frozen=True)
class Example:
    """An example scenario file: its game, title and description."""

    path: Path
    game: str
    title: str
    description: str


def examples_by_game(directory: Path) -> dict[str, list[Example]]:
    """The example scenarios of a directory, grouped by game in the usual order, by title.

    A file that cannot be read is left out: the Examples menu never fails to open. Read again
    only when a file was added, removed or changed (the builder's empty table and the menu
    both ask; reading every file cost more than building the rest of the builder's table).
    """
    paths = sorted(Path(directory).glob("*.json"))
    stamp: list[tuple[str, int]] = []
    for path in paths:
        try:
            stamp.append((path.name, path.stat().st_mtime_ns))
        except OSError:
            stamp.append((path.name, -1))
    known = _read.get(str(directory))
    if known is None or known[0] != tuple(stamp):
        known = _read[str(directory)] = (tuple(stamp), _read_examples(paths))
    return {game: list(examples) for game, examples in known[1].items()}


# Each directory read: its files' names and modification times, and what they held.
_read: dict[str, tuple[tuple[tuple[str, int], ...], dict[str, list[Example]]]] = {}


def _read_examples(paths: list[Path]) -> dict[str, list[Example]]:
    found: dict[str, list[Example]] = {}
    for path in paths:
        try:  # a pipe among the examples must not hang the menu, nor a huge file fill memory
            raw = load_json(path, MAX_FILE_BYTES, longest=MAX_TEXT)
        except InputFileError:
            continue
        head = mapping_in(raw) or {}
        game = text_at(head, "game")
        if game is None:
            continue
        title = text_at(head, "title")
        found.setdefault(game, []).append(Example(
            path, game, path.stem if title is None else title, text_at(head, "description") or ""
        ))
    order = [g for g in GAMES if g in found] + sorted(g for g in found if g not in GAMES)
    return {g: sorted(found[g], key=lambda e: e.title.casefold()) for g in order}
