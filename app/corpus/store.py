"""The content store: validated content kept as SQLite in the cache directory, one per content.

Loading content from the TOML files parses and validates every law, which grows with the
laws. The store is built once per content version (its manifest: every content file's name,
size and change time, the loader's code and the version) and then opened read-only,
so a start reads what it asks for and nothing more: a law is decoded the first time it is
asked for, and the questions the engine and the screens ask (the laws of a game and code, of
a case, of a variant group) are indexed queries.

The store is data only, never code: each row holds a law's own TOML table as JSON, decoded by
the same parser that validated it (app/corpus/law_files.py), and the small files (games, glossary,
sources) as their parsed tables. A store that is absent, stale, damaged or foreign is ignored
and rebuilt from the TOML; a row found damaged after opening makes the content fall back to
the TOML files for the rest of the session (app/corpus/stored.py), and removes the store
so the next start rebuilds it. Writing is atomic (a temporary file renamed into place), so
two processes starting at once each see a whole store, theirs or the other's.
"""

from __future__ import annotations

import _thread  # the low-level API: `threading` would add a millisecond to every start
import contextlib
import json
import os
import sqlite3
import zlib
from array import array
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from app import __version__
from app.corpus.cache import cache_dir

if TYPE_CHECKING:
    from app.corpus.laws import Law

FORMAT = "cardlaws-content-store/5"
# A law's row: its fields as columns (text is read without parsing), the lists as JSON.
LAW_COLUMNS = (
    'pos, id, id_crc, game, code, "case", topic, variant_of, variant_default, changes, file, '
    "authority, title, text, situation, remedy, brief, source, book, section, links, crc"
)
_HERE = os.path.dirname(os.path.abspath(__file__))


def _loaders() -> tuple[str, ...]:
    """The modules whose code decides what loading returns (the corpus package's, and the
    cards they are read into): an edit to any of them rebuilds. None in a frozen build,
    whose modules are in an archive."""
    try:
        names = sorted(os.listdir(_HERE))
    except OSError:
        return ()
    return (*(os.path.join(_HERE, name) for name in names if name.endswith(".py")),
            os.path.join(_HERE, "..", "cards.py"))


_LOADERS = _loaders()
# The store the package build prepared for the app's own content (app/corpus/cache.py).
SHIPPED_NAME = "content.sqlite"
# The folders of a content directory whose TOML files load_content reads (and the root's own).
_FOLDERS = ("", "games", "laws")
_SUFFIXES = (".toml", ".txt")

_SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE blobs (path TEXT PRIMARY KEY, data TEXT NOT NULL, crc INTEGER NOT NULL);
CREATE TABLE laws (
    pos INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    id_crc INTEGER NOT NULL,
    game TEXT NOT NULL,
    code TEXT NOT NULL,
    "case" TEXT NOT NULL,
    topic TEXT NOT NULL,
    variant_of TEXT NOT NULL,
    variant_default INTEGER NOT NULL,
    changes INTEGER NOT NULL,
    file TEXT NOT NULL,
    authority TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    situation TEXT NOT NULL,
    remedy TEXT NOT NULL,
    brief TEXT NOT NULL,
    source TEXT NOT NULL,
    book TEXT NOT NULL,
    section TEXT NOT NULL,
    links TEXT NOT NULL,
    crc INTEGER NOT NULL
);
"""
_INDEXES = """
CREATE INDEX laws_by_game_code ON laws (game, code, pos);
CREATE INDEX laws_by_case ON laws (game, code, "case", pos);
CREATE INDEX laws_by_group ON laws (variant_of, pos) WHERE variant_of != '';
CREATE INDEX laws_by_game_group ON laws (game, variant_of, pos) WHERE variant_of != '';
CREATE INDEX laws_by_topic ON laws (game, topic, pos);
CREATE INDEX laws_changing ON laws (game, pos) WHERE variant_default = 1 AND changes = 1;
CREATE TABLE cases (first INTEGER PRIMARY KEY, game TEXT, "case" TEXT, topic TEXT,
    codes TEXT, n INTEGER);
INSERT INTO cases SELECT min(pos), game, "case", topic, group_concat(DISTINCT code),
    count(DISTINCT code) FROM laws GROUP BY game, "case";
CREATE INDEX cases_by_game ON cases (game, n, topic, first, "case", codes);
CREATE TABLE topics (first INTEGER PRIMARY KEY, game TEXT, code TEXT, topic TEXT, n INTEGER);
INSERT INTO topics SELECT min(pos), game, code, topic, count(*) FROM laws
    GROUP BY game, code, topic;
"""


class StoreDamaged(Exception):
    """The store could not be read, or held something its writer never wrote."""


def row_crc(*values: object) -> int:
    """The checksum a row is written with: SQLite checks its pages' structure, not their
    bytes, so a flipped bit in a law's text is found by this (checked at each decode)."""
    return zlib.crc32("\x1f".join(map(str, values)).encode())


def manifest(root: Path, seeds_dir: Path | None = None) -> str:
    """Everything that decides what load_content(root, seeds_dir) returns, as text: the
    format, version and loader code, and each content file's name, size and change time.

    A file's change time (st_ctime: its status changed) moves with every write, truncation,
    rename or `touch` of it, even one that puts its modification time back, and no program
    can set it; with its size it tells any edit of a file in place. Only directories are
    listed and files stat'ed: cheap even when the laws are spread over thousands of files."""
    lines = [FORMAT, __version__, os.path.abspath(root)]
    for loader in _LOADERS:
        try:
            st = os.stat(loader)
            lines.append(f"{loader}|{st.st_size}|{st.st_mtime_ns}")
        except OSError:  # a frozen build ships bytecode only: its version stands for the code
            lines.append(loader)
    folders = [os.path.join(root, f) for f in _FOLDERS]
    if seeds_dir is not None and os.path.isdir(seeds_dir):
        folders.append(os.path.abspath(seeds_dir))
    for folder in folders:
        try:
            listed = _listed(folder)
        except OSError:
            lines.append(f"{folder}|missing")
            continue
        lines.append(f"{folder}/")
        lines.append(listed)
    return "\n".join(lines)


def shipped_manifest(root: Path) -> str:
    """What decides the content of a store prepared when the package was built, without
    anything of the machine it is installed on (its path, the files' times): the format and
    version, the loader code, and each content file's name, size and checksum. Reading the
    app's own content for it takes under a millisecond; a club's content, however large, is
    never read for it (its store is in the user cache, checked by `manifest`)."""
    lines = [FORMAT, __version__, "prepared"]
    for loader in _LOADERS:
        try:
            with open(loader, "rb") as fh:
                lines.append(f"{os.path.basename(loader)}|{zlib.crc32(fh.read()):08x}")
        except OSError:  # a frozen build ships bytecode only: its version stands for the code
            lines.append(os.path.basename(loader))
    for folder in _FOLDERS:
        where = os.path.join(root, folder)
        try:
            names = sorted(n for n in os.listdir(where) if n.endswith(_SUFFIXES))
            for name in names:
                with open(os.path.join(where, name), "rb") as fh:
                    data = fh.read()
                lines.append(f"{folder}/{name}|{len(data)}|{zlib.crc32(data):08x}")
        except OSError:
            lines.append(f"{folder}|missing")
    return "\n".join(lines)


# Windows' st_ctime is a file's creation time, which an edit leaves alone: there the
# modification time stands in for it (Windows is also the one platform without dir_fd).
_CHANGED = "st_mtime_ns" if os.name == "nt" else "st_ctime_ns"
_BY_FD = os.stat in os.supports_dir_fd and os.listdir in os.supports_fd


def _listed(folder: str) -> str:
    """The content files of one folder, in the directory's own order, with each one's size
    and change time, as two lines: the names joined by "/" (which no file name holds), and
    the sizes and times as 64-bit integers in hex.

    One stat per file is the whole cost (a directory's own times miss an edit in place), so
    nothing else is done per file: the folder is opened once and each file stat'ed by name
    relative to it (no path built, the kernel walks one name), and its two numbers go into
    an array, no Python object kept per file (a tuple per file, and its repr, cost a start
    at x1000 3 ms more). The directory's order is not sorted: an unchanged directory lists
    the same; one listing otherwise had files added, removed or renamed, a change the
    manifest shows anyway (at worst, one extra build)."""
    stamps = array("q")
    add = stamps.append
    try:
        if _BY_FD:
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            try:
                names = [name for name in os.listdir(fd) if name.endswith(_SUFFIXES)]
                stat = os.stat
                for name in names:
                    st = stat(name, dir_fd=fd)
                    add(st.st_size)
                    add(st.st_ctime_ns)
            finally:
                os.close(fd)
        else:  # Windows: the listing itself carries each file's times, no stat needed
            with os.scandir(folder) as found:
                entries = [e for e in found if e.name.endswith(_SUFFIXES)]
            names = [e.name for e in entries]
            for entry in entries:
                st = entry.stat()
                add(st.st_size)
                add(getattr(st, _CHANGED))
        numbers = stamps.tobytes().hex()
    except OverflowError:  # a time past 2262 or before 1677: said in full, as exactly
        full = [os.stat(os.path.join(folder, name)) for name in names]
        numbers = repr([(st.st_size, getattr(st, _CHANGED)) for st in full])
    return "/".join(names) + "\n" + numbers


def store_path(root: Path) -> Path:
    """The store of one content directory (one per directory: a club's laws and the app's own
    do not evict each other; the manifest inside tells whether it is current)."""
    name = f"content-{zlib.crc32(os.path.abspath(root).encode()):08x}.sqlite"
    return cache_dir() / name


class StoreReader:
    """Read-only queries on one store file, one connection per thread (the UI thread reads
    while workers build the search index or survey the quizzes)."""

    def __init__(self, path: Path) -> None:
        self._uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
        # A thread's connection closes with the thread (nothing else holds it).
        self._local = _thread._local()
        # Set once opened: a thread's own connection must find the same store (another
        # process may have replaced the file since, with a store of other content).
        self.manifest: str | None = None

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
            except sqlite3.Error as exc:
                raise StoreDamaged(str(exc)) from exc
            if self.manifest is not None:
                try:
                    found = conn.execute("SELECT value FROM meta WHERE name = 'manifest'")
                    same = found.fetchall() == [(self.manifest,)]
                except sqlite3.Error:
                    same = False
                if not same:
                    conn.close()
                    raise StoreDamaged("the store was replaced by one of other content")
            self._local.conn = conn
        return conn

    def rows(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of a query (StoreDamaged if SQLite cannot read it)."""
        try:
            return self._conn().execute(sql, tuple(params)).fetchall()
        except (sqlite3.Error, ValueError, OverflowError, MemoryError) as exc:
            raise StoreDamaged(str(exc)) from exc

    def stream(self, sql: str, params: Iterable[Any] = (), size: int = 512
               ) -> Iterator[tuple[Any, ...]]:
        """The rows of a query, fetched a few hundred at a time."""
        try:
            cursor = self._conn().execute(sql, tuple(params))
            while batch := cursor.fetchmany(size):
                yield from batch
        except (sqlite3.Error, ValueError, OverflowError, MemoryError) as exc:
            raise StoreDamaged(str(exc)) from exc

    def close(self) -> None:
        """Close this thread's connection (a store found unusable as it was opened)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


def shipped_store(root: Path, seeds_dir: Path | None = None) -> Path | None:
    """The store prepared with the package for `root`, when `root` is the app's own content
    and the build left one (no seed texts asked for: they are checked at run time)."""
    from app.corpus import cache
    from app.corpus.location import CONTENT_DIR

    path = cache.shipped_dir() / SHIPPED_NAME
    if seeds_dir is not None or not path.is_file():
        return None
    try:
        return path if os.path.samefile(root, CONTENT_DIR) else None
    except OSError:
        return None


def open_store(root: Path, seeds_dir: Path | None = None) -> tuple[StoreReader, dict[str, str]]:
    """The store of `root`, current and well formed, with its meta table: the one prepared
    with the package when it is current, else the user cache's; StoreDamaged when it is
    absent, stale, damaged or not ours."""
    shipped = shipped_store(root, seeds_dir)
    if shipped is not None:
        try:
            return open_store_file(shipped, lambda: shipped_manifest(root))
        except StoreDamaged:
            pass  # content edited in a source checkout, or other code: the user cache's
    return open_store_file(store_path(root), lambda: manifest(root, seeds_dir))


def open_store_file(path: Path, expected: Callable[[], str]
                    ) -> tuple[StoreReader, dict[str, str]]:
    """The store at `path` when its manifest is `expected()`; StoreDamaged otherwise."""
    if not path.is_file():
        raise StoreDamaged("no store")
    reader = StoreReader(path)
    try:
        meta = dict(reader.rows("SELECT name, value FROM meta"))
        if meta.get("format") != FORMAT or meta.get("manifest") != expected():
            raise StoreDamaged("a store of other content")
        count = int(meta.get("laws", "-1"))
        # The last row is where a truncated file ends: reading it proves the table whole
        # (max of the primary key is one b-tree descent; count(*) would read every row).
        last = reader.rows("SELECT max(pos) FROM laws")
        if last != [(count - 1 if count else None,)]:
            raise StoreDamaged("the laws table is not as written")
        reader.manifest = meta["manifest"]
    except (StoreDamaged, ValueError, TypeError):
        reader.close()
        raise
    return reader, meta


def discard(root: Path) -> None:
    """Remove the store of `root` (found damaged): the next start rebuilds it."""
    with contextlib.suppress(OSError):
        store_path(root).unlink(missing_ok=True)


# A law's fields kept as JSON in its row's links column (read back by app/corpus/stored.py).
LAW_LINKS = (
    "related", "excepted_by", "refers_to", "read_beside", "counterparts", "changes", "ruling",
    "unconfirmed", "account", "reckoning", "inference", "ruled_out_by",
)


def law_links(law: Law) -> str:
    """A law's lists (related laws, its exceptions, the laws it refers to, counterparts, a
    reading's changes), its ruling and whether it is unconfirmed as JSON, as the schema encodes
    them (app/corpus/laws.py); "" if none."""
    links = {name: getattr(law, name) for name in LAW_LINKS if getattr(law, name)}
    return msgspec.json.encode(links).decode() if links else ""


def write_store(
    root: Path,
    manifest_text: str,
    laws: Iterable[Law],
    blobs: dict[str, Any],
    final: Path | None = None,
) -> bool:
    """Write the store of `root` atomically (to `final`, by default its place in the user
    cache); False (and nothing written) when it cannot be.

    `laws` in file order; `blobs` the small files' parsed tables by path relative to the
    root. A failure to write only costs speed: the next start loads from the TOML again."""
    final = store_path(root) if final is None else final
    folder = final.parent
    temp = folder / f".{final.stem}-{os.getpid()}-{_thread.get_ident()}.sqlite"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp.unlink(missing_ok=True)
        conn = sqlite3.connect(temp)
        try:
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
            count = 0

            def rows() -> Iterator[tuple[Any, ...]]:
                nonlocal count
                for law in laws:
                    row = (count, law.id, row_crc(count, law.id), law.game, law.code,
                           law.case, law.topic, law.variant_of, int(law.variant_default),
                           int(bool(law.changes)),
                           law.file, law.authority, law.title, law.text, law.situation,
                           law.remedy, law.brief, law.source, law.book, law.section,
                           law_links(law))
                    yield (*row, row_crc(*row))
                    count += 1

            marks = ",".join("?" * (LAW_COLUMNS.count(",") + 1))
            conn.executemany(f"INSERT INTO laws VALUES ({marks})", rows())
            for path, data in blobs.items():
                text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                conn.execute("INSERT INTO blobs VALUES (?, ?, ?)",
                             (path, text, row_crc(path, text)))
            conn.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [("format", FORMAT), ("manifest", manifest_text), ("laws", str(count))],
            )
            conn.executescript(_INDEXES)
            conn.execute("ANALYZE")  # the planner's statistics: each question its own index
            conn.commit()
        finally:
            conn.close()
        os.replace(temp, final)
        for legacy in folder.glob("content-*.json"):  # the JSON cache this store replaced
            legacy.unlink(missing_ok=True)
    except (OSError, sqlite3.Error, TypeError, ValueError):
        # TypeError/ValueError: a TOML date or time has no JSON form; not worth storing.
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        return False
    return True

