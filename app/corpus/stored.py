"""Content served from the content store (app/corpus/store.py), lazily, behind Content's API.

A law is decoded from its row the first time it is asked for and kept; the laws of a game
and code, of a case, of a variant group are indexed queries; games, glossary and sources
(small, whatever the number of laws) are decoded once, when first asked for. Decoding is the
parser that validated the content in the first place, so a row is either a law exactly as
the TOML gave it or damage: on damage the content falls back to the TOML files for the rest
of the session, and the store is removed so the next start rebuilds it.
"""

from __future__ import annotations

import _thread  # the low-level API: `threading` would add a millisecond to every start
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from app.corpus.checks import Collector, parsed_files
from app.corpus.game_facts import GameFacts, load_game_facts
from app.corpus.laws import (
    CaseSummary,
    Content,
    Law,
    Progress,
    Term,
    TopicSituations,
    VariantGroups,
    walked_version,
)
from app.corpus.reading import read_content
from app.corpus.sources import Source, load_sources
from app.corpus.store import (
    LAW_COLUMNS,
    SHIPPED_NAME,
    StoreDamaged,
    StoreReader,
    discard,
    manifest,
    open_store,
    open_store_file,
    row_crc,
    shipped_manifest,
    write_store,
)
from app.corpus.stored_views import StoredGameGroups, StoredLaws, StoredVariants
from app.corpus.vocabulary import CODES, CONTRASTS, GAMES, TOPICS

T = TypeVar("T")
# Rows fetched at a time for a caller that may stop early (a question reading a topic until it
# has a few neighbours): a 512-row batch would fetch far more than it reads.
STREAM_BATCH = 16

_COLUMNS = LAW_COLUMNS
# The glossary's stored file: decoded apart from the other small files, when first asked for.
GLOSSARY = "glossary.toml"
# A law's lists and ruling, kept as JSON in one column (app/corpus/store.py law_links).
_LINKS = frozenset({"related", "refers_to", "counterparts", "changes", "ruling", "unconfirmed"})
_FIELDS = ("authority", "title", "text", "situation", "remedy", "brief", "source", "book",
           "section")

def load_stored(root: Path, seeds_dir: Path | None, progress: Progress | None = None
                ) -> Content:
    """The content of `root` from its store, else loaded from the TOML (ContentError when
    invalid), stored, and served from the new store (so a first start answers as every
    later one, its version included); from memory when the store cannot be written."""
    stored = open_current(root, seeds_dir)
    if stored is not None:
        return stored
    content, _ = _build(root, seeds_dir, progress)
    return open_current(root, seeds_dir) or content


def open_current(root: Path, seeds_dir: Path | None) -> StoredContent | None:
    """The store of `root` when it is current and sound, else None (nothing is built)."""
    try:
        reader, meta = open_store(root, seeds_dir)
    except StoreDamaged:
        return None
    stored = StoredContent(root, seeds_dir, reader, int(meta["laws"]))
    return stored if stored.check_small_files() else None


def write_prepared(root: Path, folder: Path) -> StoredContent:
    """Validate the content of `root` and write its store into `folder` under the manifest
    of prepared data (what the package build ships: app/corpus/cache.py); the content as
    served from that store. ContentError when the content is invalid; OSError when the
    store cannot be written."""
    text = shipped_manifest(root)
    path = folder / SHIPPED_NAME
    if not _build(root, None, None, text, path)[1]:
        raise OSError(f"the content store could not be written to {path}")
    reader, meta = open_store_file(path, lambda: text)
    return StoredContent(root, None, reader, int(meta["laws"]))


def _build(root: Path, seeds_dir: Path | None, progress: Progress | None,
           text: str | None = None, final: Path | None = None) -> tuple[Content, bool]:
    if text is None:  # before reading: an edit while loading rebuilds next time
        text = manifest(root, seeds_dir)
    files: dict[str, Any] = {}
    with parsed_files(files):
        content = read_content(root, seeds_dir, progress=progress)
    laws_dir = root / "laws"
    blobs = {
        str(Path(path).relative_to(root)): data
        for path, data in files.items()
        if Path(path).parent != laws_dir and Path(path).is_relative_to(root)
    }
    return content, write_store(root, text, content.laws.values(), blobs, final)


def _links(text: str) -> dict[str, Any]:
    """A row's lists and ruling as its JSON holds them (StoreDamaged when not a table of
    them); the Law they go into checks their shape."""
    if not text:
        return {}
    try:
        links = msgspec.json.decode(text, type=dict[str, Any])
    except (msgspec.DecodeError, RecursionError) as exc:
        raise StoreDamaged("a law's links that are not a JSON table") from exc
    if not links.keys() <= _LINKS:
        raise StoreDamaged("a law's links that are not a table of them")
    return links


class StoredContent(Content):
    """Content over a store: the same answers as the in-memory Content, read on demand."""

    def __init__(self, root: Path, seeds_dir: Path | None, reader: StoreReader,
                 count: int) -> None:
        super().__init__(laws={}, terms={}, games={})
        self._root = root
        self._seeds_dir = seeds_dir
        self._reader = reader
        self._count = count
        self._lock = _thread.RLock()
        self._fallback: Content | None = None
        self._decoded: dict[str, Law] = {}
        self._pos: dict[str, int] = {}
        self._cases: dict[tuple[str, str, str], tuple[Law, ...]] = {}
        self._groups: dict[str, tuple[Law, ...]] = {}
        self._topics: list[tuple[str, str, str, int]] | None = None
        self._ordered: list[Law] | None = None
        self._small: tuple[dict[str, GameFacts], dict[str, Source]] | None = None
        self._glossary_terms: dict[str, Term] | None = None
        self._laws = StoredLaws(self)
        self._variants = StoredVariants(self)

    @property
    def root(self) -> Path:
        """The content directory this store was built from."""
        return self._root

    @cached_property
    def version(self) -> str:
        """A digest of the store's manifest (every content file's path, size and time, and
        the loader's code): it names the content without decoding a law."""
        manifest = self._reader.manifest
        if manifest is None:  # not opened through open_store: walk the laws
            return walked_version(self)
        import hashlib  # here: a command that keys no cache does not load OpenSSL

        return hashlib.sha256(f"stored|{manifest}".encode()).hexdigest()[:32]

    # Falling back ---------------------------------------------------------------------------

    def _memory(self) -> Content:
        """The content loaded from the TOML files, once the store was found damaged."""
        with self._lock:
            if self._fallback is None:
                discard(self._root)
                self._fallback = read_content(self._root, self._seeds_dir)
            return self._fallback

    def _ask(self, query: Callable[[], T], memory: Callable[[Content], T]) -> T:
        if self._fallback is None:
            try:
                return query()
            except StoreDamaged:
                pass
        return memory(self._memory())

    def _rows(self, where: str, params: Iterable[Any],
              memory: Callable[[Content], Iterable[Law]], size: int = 512) -> Iterator[Law]:
        """The laws matching `where`, in file order, decoded as they are read (the rows
        fetched `size` at a time)."""
        done = 0
        if self._fallback is None:
            try:
                sql = f"SELECT {_COLUMNS} FROM laws {where} ORDER BY pos"
                for row in self._reader.stream(sql, params, size):
                    law = self._decode(row)
                    done += 1
                    yield law
                return
            except StoreDamaged:
                pass
        yield from itertools.islice(memory(self._memory()), done, None)

    def _decode(self, row: tuple[Any, ...]) -> Law:
        """A row's law, every field checked (StoreDamaged if not exactly what the writer
        wrote: the checksum, the types, the vocabulary)."""
        law = self._decoded.get(row[1])
        if law is not None:
            return law
        if len(row) != 22 or row[-1] != row_crc(*row[:-1]) or row[2] != row_crc(*row[:2]):
            raise StoreDamaged("a law row that fails its checksum")
        pos, law_id, _, game, code, case, topic, group, default, changes, file = row[:11]
        texts, links = row[11:20], row[20]
        if default not in (0, 1) or changes not in (0, 1) or type(links) is not str:
            raise StoreDamaged(f"law row {pos} is not a law")
        try:  # the types and shapes as the schema declares them
            law = msgspec.convert({
                "id": law_id, "game": game, "code": code, "topic": topic, "case": case,
                **dict(zip(_FIELDS, texts, strict=True)), **_links(links), "variant_of": group,
                "variant_default": bool(default), "file": file,
            }, Law, strict=True)
        except msgspec.ValidationError as exc:
            raise StoreDamaged(f"law row {pos} is not a law") from exc
        if code not in CODES or topic not in TOPICS or bool(law.changes) != bool(changes) or (
                not game or any(cp.contrast not in CONTRASTS for cp in law.counterparts)):
            raise StoreDamaged(f"law row {pos} is not the law it indexes")
        self._pos[law_id] = pos
        return self._decoded.setdefault(law_id, law)

    # Games, sources and the glossary: small, each decoded once ------------------------------

    def _blobs(self, where: str) -> dict[str, Any]:
        """The stored files matching `where`, parsed, by absolute path (as read_toml asks)."""
        files: dict[str, Any] = {}
        for rel, data, crc in self._reader.rows(f"SELECT path, data, crc FROM blobs {where}",
                                                (GLOSSARY,)):
            if crc != row_crc(rel, data):
                raise StoreDamaged(f"stored file {rel!r} fails its checksum")
            try:
                parsed = json.loads(data)
            except (ValueError, TypeError, RecursionError) as exc:
                raise StoreDamaged("a file that is not JSON") from exc
            if not isinstance(rel, str) or not isinstance(parsed, dict):
                raise StoreDamaged("a file that is not a table")
            files[str(self._root / rel)] = parsed
        return files

    def _small_files(self) -> tuple[dict[str, GameFacts], dict[str, Source]]:
        with self._lock:
            if self._small is None:
                out = Collector()
                with parsed_files(self._blobs("WHERE path != ?")):
                    sources = load_sources(self._root, out)
                    games = load_game_facts(self._root, out)
                if out.problems:
                    raise StoreDamaged("the stored files do not validate")
                self._small = games, sources
                # The games list (app/corpus/game_index.py) from these games, not their files.
                listed = sorted((g.order, g.short_name, gid) for gid, g in games.items())
                GAMES.prime(self._root / "games", {gid: name for _, name, gid in listed})
            return self._small

    def _glossary(self) -> dict[str, Term]:
        """The glossary, decoded when first asked for (a ruling or a search never asks)."""
        with self._lock:
            if self._glossary_terms is None:
                from app.corpus.law_files import load_terms  # the TOML's loaders: not for a ruling

                sources = self._small_files()[1]
                out = Collector()
                with parsed_files(self._blobs("WHERE path = ?")):
                    terms = load_terms(self._root, sources, out)
                if out.problems:
                    raise StoreDamaged("the stored glossary does not validate")
                self._glossary_terms = terms
            return self._glossary_terms

    def check_small_files(self) -> bool:
        """Decode games and sources now; False (store discarded) when damaged."""
        try:
            self._small_files()
        except StoreDamaged:
            self._reader.close()
            discard(self._root)
            return False
        return True

    @property
    def games(self) -> Mapping[str, GameFacts]:
        """Each game's facts by id."""
        return self._ask(lambda: self._small_files()[0], lambda c: c.games)

    @property
    def terms(self) -> Mapping[str, Term]:
        """The glossary's terms by id, in file order."""
        return self._ask(self._glossary, lambda c: c.terms)

    @property
    def sources(self) -> Mapping[str, Source]:
        """The sources laws cite, by id."""
        return self._ask(lambda: self._small_files()[1], lambda c: c.sources)

    # Laws -------------------------------------------------------------------------------------

    @property
    def variants(self) -> Mapping[str, tuple[Law, ...]]:
        """Each variant group's laws in file order, the default first (each read when asked)."""
        return self._variants

    def variant_groups_of(self, game: str) -> VariantGroups:
        """One game's variant groups, read when asked."""
        found = self._game_groups.get(game)
        if found is None:
            found = self._game_groups.setdefault(game, StoredGameGroups(self, game))
        return found

    def file_order(self, law: Law) -> int:
        """Where a law stands in the files (a sort key that keeps file order)."""
        pos = self._pos.get(law.id)
        if pos is not None:
            return pos

        def query() -> int:
            rows = self._reader.rows("SELECT pos FROM laws WHERE id = ?", (law.id,))
            if not rows:
                raise KeyError(law.id)
            return int(rows[0][0])

        return self._ask(query, lambda c: c.file_order(law))

    def cases_of(self, game: str) -> tuple[CaseSummary, ...]:
        """One game's situations in file order (the store's table of situations, kept when it
        was written: no law is read)."""
        found = self._case_lists.get(game)
        if found is None:
            found = self._case_lists.setdefault(game, self._ask(
                lambda: tuple(_summary(*row) for row in self._reader.rows(
                    'SELECT "case", topic, codes FROM cases WHERE game = ? ORDER BY first',
                    (game,))),
                lambda c: c.cases_of(game)))
        return found

    def situations_by_topic(self, game: str) -> tuple[TopicSituations, ...]:
        """One game's situations per topic: two indexed queries, whatever their number."""
        def query() -> tuple[TopicSituations, ...]:
            shared: dict[str, list[CaseSummary]] = {}
            starts: dict[str, int] = {}  # where each topic first appears
            for first, case, topic, codes in self._reader.rows(
                    'SELECT first, "case", topic, codes FROM cases WHERE game = ? AND n > 1 '
                    "ORDER BY first", (game,)):
                shared.setdefault(topic, []).append(_summary(case, topic, codes))
                starts.setdefault(topic, first)
            alone: dict[str, tuple[int, str]] = {}
            for topic, first, n, low, high in self._reader.rows(
                    "SELECT topic, min(first), count(*), min(codes), max(codes) FROM cases "
                    "WHERE game = ? AND n = 1 GROUP BY topic", (game,)):
                alone[topic] = (n, low if low == high else "")
                starts[topic] = min(first, starts.get(topic, first))
            return tuple(
                TopicSituations(topic, tuple(shared.get(topic, ())), *alone.get(topic, (0, "")))
                for topic in sorted(starts, key=starts.__getitem__))

        return self._ask(query, lambda c: c.situations_by_topic(game))

    def lone_situations(self, game: str, topic: str) -> tuple[CaseSummary, ...]:
        """The situations of one game and topic that a single code rules on (indexed)."""
        return self._ask(
            lambda: tuple(_summary(*row) for row in self._reader.rows(
                'SELECT "case", topic, codes FROM cases WHERE game = ? AND n = 1 AND topic = ? '
                "ORDER BY first", (game, topic))),
            lambda c: c.lone_situations(game, topic))

    def cases_matching(self, game: str, words: str) -> set[str]:
        """What Compare's filter keeps: one query over three columns, no law decoded."""
        needle = words.casefold()
        return self._ask(
            lambda: {case for case, *texts in self._reader.rows(
                'SELECT "case", title, situation, brief FROM laws WHERE game = ?', (game,))
                if any(needle in text.casefold() for text in texts)},
            lambda c: c.cases_matching(game, words))

    def laws_of_case(self, game: str, code: str, case: str) -> tuple[Law, ...]:
        """The laws of one game and code for one case, in file order (indexed)."""
        key = (game, code, case)
        found = self._cases.get(key)
        if found is None:
            found = tuple(self._rows('WHERE game = ? AND code = ? AND "case" = ?', key,
                                     lambda c: c.laws_of_case(*key)))
            self._cases[key] = found
        return found

    def topic_counts(
        self, game: str | None = None, code: str | None = None
    ) -> dict[tuple[str, str], int]:
        """How many laws each (game, topic) holds, of one game and/or code (None: all); read
        from a table of counts the store keeps (one row per game, code and topic)."""
        if self._topics is None:
            self._topics = self._ask(
                lambda: [(str(g), str(c), str(t), int(n)) for g, c, t, n in self._reader.rows(
                    "SELECT game, code, topic, n FROM topics ORDER BY first")],
                lambda m: [(*key, n) for key, n in m._counts.items()])
        found: dict[tuple[str, str], int] = {}
        for g, c, topic, n in self._topics:
            if (game is None or g == game) and (code is None or c == code):
                found[(g, topic)] = found.get((g, topic), 0) + n
        return found

    def laws_of_topic(self, game: str, topic: str, code: str | None = None) -> tuple[Law, ...]:
        """The laws of one game under one topic (of one code when given), in file order."""
        where, params = _topic_query(game, topic, code)
        return tuple(self._rows(where, params, lambda c: c.laws_of_topic(game, topic, code)))

    def iter_laws_of_topic(self, game: str, topic: str, code: str | None = None
                           ) -> Iterator[Law]:
        """The laws of `laws_of_topic`, each decoded as the caller asks for it, the rows
        fetched a few at a time: a caller that stops early reads and decodes no more."""
        where, params = _topic_query(game, topic, code)
        return self._rows(where, params, lambda c: c.iter_laws_of_topic(game, topic, code),
                          STREAM_BATCH)

    def rulings_of(self, game: str) -> tuple[Law, ...]:
        """The laws of one game that declare their ruling, in file order: only the rows whose
        links hold a ruling are decoded (found once per game)."""
        found = self._rulings.get(game)
        if found is None:
            rows = self._rows("WHERE game = ? AND instr(links, '\"ruling\":') > 0", (game,),
                              lambda c: c.rulings_of(game))
            found = self._rulings.setdefault(
                game, tuple(law for law in rows if law.ruling is not None))
        return found

    def laws_for(self, game: str | None = None, code: str | None = None) -> list[Law]:
        """Laws of one game and/or code, in file order (indexed)."""
        terms = [(n, v) for n, v in (("game", game), ("code", code)) if v is not None]
        where = " AND ".join(f"{n} = ?" for n, _ in terms)
        return list(self._rows(f"WHERE {where}" if where else "", [v for _, v in terms],
                               lambda c: c.laws_for(game, code)))

    def group(self, name: str) -> tuple[Law, ...]:
        """One variant group's readings, the default first; () when there is no such group."""
        found = self._groups.get(name)
        if found is None:
            # `!= ''` lets SQLite use the partial index laws_by_group (else a full scan).
            members = self._rows("WHERE variant_of = ? AND variant_of != ''", (name,),
                                 lambda c: c.variants.get(name, ()))
            found = tuple(sorted(members, key=lambda law: not law.variant_default))
            self._groups[name] = found
        return found


def _topic_query(game: str, topic: str, code: str | None) -> tuple[str, tuple[str, ...]]:
    """The WHERE clause and parameters of one game's topic (of one code when given)."""
    where = "WHERE game = ? AND topic = ?" + (" AND code = ?" if code is not None else "")
    return where, (game, topic) + ((code,) if code is not None else ())


def _summary(case: str, topic: str, codes: str) -> CaseSummary:
    """A situation from the store's table: its codes in the vocabulary's order."""
    found = set(codes.split(","))
    return CaseSummary(case, topic, tuple(c for c in CODES if c in found))
