"""The thesaurus of the laws' language (content/thesaurus.toml): loading and validation.

Search reads it at query time, so a new row takes effect without re-indexing. Validation is
all-or-nothing like the rest of the content: every problem names file, entry and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta, field

from app.corpus.checks import Collector, ContentError, read_toml
from app.corpus.schema import Schema, Text, checked, entries, wrong
from app.corpus.vocabulary import GAMES

FILE = "thesaurus.toml"
Words = Annotated[tuple[Text, ...], Meta(description="a list of non-empty strings")]
Tables = list[dict[str, Any]]


class SynonymGroup(Schema, frozen=True):
    """Words and phrases the laws use for one thing; a query with any of them finds all
    ([[group]])."""

    id: Text
    forms: Words

    def __post_init__(self) -> None:
        if len(self.forms) < 2:
            raise wrong("forms", "a group needs at least two forms")


class GameNames(Schema, frozen=True):
    """Other names a reader may give a game ([[game]])."""

    game: Text
    names: Words


class ThesaurusFile(Schema, frozen=True):
    """content/thesaurus.toml: the words a query can do without, the groups, the names."""

    stop_words: Words = ()
    group: Tables = field(default_factory=list)
    game: Tables = field(default_factory=list)


@dataclass(frozen=True)
class Thesaurus:
    """Synonym groups, other names of the games, and the words a query can do without."""

    groups: tuple[SynonymGroup, ...] = ()
    game_names: tuple[tuple[str, str], ...] = ()  # (name as typed, game id)
    stop_words: frozenset[str] = frozenset()


def parse_thesaurus(data: dict[str, Any], out: Collector) -> Thesaurus:
    """The thesaurus in `data` (a parsed TOML table); problems go to `out`."""
    from app.search.results import (
        words,  # the same folding as queries; app.search.results imports no content
    )

    parsed = checked(data, ThesaurusFile, out, FILE, "-")
    if parsed is None:
        return Thesaurus()
    groups: list[SynonymGroup] = []
    owner: dict[str, str] = {}
    for entry, raw in entries(parsed.group, "group"):
        group = checked(raw, SynonymGroup, out, FILE, entry)
        if group is None:
            continue
        before = len(out.problems)
        for form in group.forms:
            key = " ".join(words(form))
            if not key:
                out.add(FILE, entry, "forms", f"{form!r} holds no word")
            elif key in owner and owner[key] != group.id:
                out.add(FILE, entry, "forms", f"{form!r} is already in group {owner[key]!r}")
            else:
                owner[key] = group.id
        if group.id in {g.id for g in groups}:
            out.add(FILE, entry, "id", "duplicate id")
        elif len(out.problems) == before:
            groups.append(group)
    names: list[tuple[str, str]] = []
    for entry, raw in entries(parsed.game, "game", key="game"):
        named = checked(raw, GameNames, out, FILE, entry)
        if named is None:
            continue
        if named.game not in GAMES:
            out.add(FILE, entry, "game",
                    f"unknown game {named.game!r}; expected one of {sorted(GAMES)}")
        for name in named.names:
            if not words(name):
                out.add(FILE, entry, "names", f"{name!r} holds no word")
            elif named.game in GAMES:
                names.append((name, named.game))
    stops = frozenset(w for s in parsed.stop_words for w in words(s))
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
