"""The thesaurus of the laws' language (content/thesaurus.toml): loading and validation.

Search reads it at query time, so a new row takes effect without re-indexing. Validation is
all-or-nothing like the rest of the content: every problem names file, entry and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.corpus.checks import Collector, ContentError, read_toml, str_field, str_list
from app.corpus.vocabulary import GAMES

FILE = "thesaurus.toml"
_TOP_LEVEL = ("stop_words", "group", "game")
_GROUP_FIELDS = ("id", "forms")
_GAME_FIELDS = ("game", "names")


@dataclass(frozen=True)
class SynonymGroup:
    """Words and phrases the laws use for one thing; a query with any of them finds all."""

    id: str
    forms: tuple[str, ...]


@dataclass(frozen=True)
class Thesaurus:
    """Synonym groups, other names of the games, and the words a query can do without."""

    groups: tuple[SynonymGroup, ...] = ()
    game_names: tuple[tuple[str, str], ...] = ()  # (name as typed, game id)
    stop_words: frozenset[str] = frozenset()


def _entries(data: dict[str, Any], key: str, out: Collector) -> list[tuple[str, dict[str, Any]]]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        out.add(FILE, "-", key, f"must be a list of [[{key}]] tables")
        return []
    found = []
    for index, entry in enumerate(raw):
        label = f"{key} #{index + 1}"
        if not isinstance(entry, dict):
            out.add(FILE, label, "-", f"each [[{key}]] must be a table")
            continue
        name = entry.get("id", entry.get("game"))
        found.append((name if isinstance(name, str) and name else label, entry))
    return found


def parse_thesaurus(data: dict[str, Any], out: Collector) -> Thesaurus:
    """The thesaurus in `data` (a parsed TOML table); problems go to `out`."""
    from app.search.results import (
        words,  # the same folding as queries; app.search.results imports no content
    )

    for unknown in sorted(set(data) - set(_TOP_LEVEL)):
        out.add(FILE, "-", unknown, "unknown field")
    stop_words = str_list(data, "stop_words", FILE, "-", out)
    groups: list[SynonymGroup] = []
    owner: dict[str, str] = {}
    for entry, raw in _entries(data, "group", out):
        for unknown in sorted(set(raw) - set(_GROUP_FIELDS)):
            out.add(FILE, entry, unknown, "unknown field")
        group_id = str_field(raw, "id", FILE, entry, out, required=True)
        forms = str_list(raw, "forms", FILE, entry, out)
        if "forms" in raw and len(forms) < 2 and isinstance(raw["forms"], list):
            out.add(FILE, entry, "forms", "a group needs at least two forms")
        if "forms" not in raw:
            out.add(FILE, entry, "forms", "missing required field")
        for form in forms:
            key = " ".join(words(form))
            if not key:
                out.add(FILE, entry, "forms", f"{form!r} holds no word")
            elif key in owner and owner[key] != group_id:
                out.add(FILE, entry, "forms", f"{form!r} is already in group {owner[key]!r}")
            else:
                owner[key] = group_id
        if group_id in {g.id for g in groups}:
            out.add(FILE, entry, "id", "duplicate id")
        elif group_id and forms:
            groups.append(SynonymGroup(group_id, forms))
    names: list[tuple[str, str]] = []
    for entry, raw in _entries(data, "game", out):
        for unknown in sorted(set(raw) - set(_GAME_FIELDS)):
            out.add(FILE, entry, unknown, "unknown field")
        game = str_field(raw, "game", FILE, entry, out, required=True)
        if game and game not in GAMES:
            out.add(FILE, entry, "game", f"unknown game {game!r}; expected one of {sorted(GAMES)}")
        if "names" not in raw:
            out.add(FILE, entry, "names", "missing required field")
        for name in str_list(raw, "names", FILE, entry, out):
            if not words(name):
                out.add(FILE, entry, "names", f"{name!r} holds no word")
            elif game in GAMES:
                names.append((name, game))
    stops = frozenset(w for s in stop_words for w in words(s))
    return Thesaurus(tuple(groups), tuple(names), stops)


def load_thesaurus(root: Path | None = None) -> Thesaurus:
    """The thesaurus beside the glossary; ContentError listing every problem if it is invalid.

    A content folder without the file (an older club's own laws) has an empty thesaurus.
    """
    from app.corpus.loading import content_dir

    root = Path(root) if root is not None else content_dir()
    path = root / FILE
    if not path.exists():
        return Thesaurus()
    out = Collector()
    data = read_toml(path, root, out)
    thesaurus = parse_thesaurus(data, out) if data is not None else Thesaurus()
    if out.problems:
        raise ContentError(out.problems)
    return thesaurus
