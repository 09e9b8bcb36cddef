"""The search index on disk: an SQLite file holding the FTS5 table and the vocabulary.

Built once per content version and kept in the cache directory (data, not code); a start
with unchanged laws opens it and builds nothing. Nothing here imports sqlite-utils, whose
import scans plugin entry points.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from app.corpus.laws import Law
from app.corpus.vocabulary import CODES, GAMES, TOPICS
from app.search.results import words
from app.search.scoring import COLUMN_WEIGHTS  # beside the score's other weights

# Bump when the index's tables or what goes into them change: old files are then rebuilt.
SCHEMA = 3
# unicode61 folds case and (with remove_diacritics 2) every accent; porter stems what is left.
TOKENIZE = "porter unicode61 remove_diacritics 2"
# Title, then the case (the situation's name), then the body (text, situation, remedy, brief),
# then context (game, code, topic and section names) so that "ecarte king" finds Écarté laws
# about the king. Their bm25 weights are app/search/scoring.py's COLUMN_WEIGHTS.
COLUMNS = ("title", "kase", "body", "context")

# Control characters would let content forge snippet markers (see app.search.results.MARK_START).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean(text: str) -> str:
    """Text without control characters."""
    return _CONTROL.sub("", text)


def body(law: Law) -> str:
    """All of a law's prose in one column, so snippet() picks the best passage from any of it."""
    parts = (law.text, law.situation, law.remedy, law.brief)
    return " ".join(clean(p) for p in parts if p)


def context(law: Law, games: Mapping[str, str] | None = None) -> str:
    """The names around a law: game, code, topic, section (`games`: a snapshot of GAMES,
    which otherwise looks at the games folder on every lookup)."""
    names = (
        (GAMES if games is None else games).get(law.game, law.game),
        CODES.get(law.code, law.code),
        TOPICS.get(law.topic, law.topic),
        law.section,
    )
    return clean(" · ".join(n for n in names if n))


def case_words(law: Law) -> str:
    """The case slug as words: "forgot-to-draw" -> "forgot to draw"."""
    return law.case.replace("-", " ")


def fields(law: Law, games: Mapping[str, str] | None = None) -> tuple[str, str, str, str]:
    """What each indexed column holds for a law, in COLUMNS order."""
    return clean(law.title), case_words(law), body(law), context(law, games)


def porter_stems(conn: sqlite3.Connection, vocabulary: Iterable[str]) -> dict[str, str]:
    """Each word mapped to the term FTS5's porter tokenizer indexes it as."""
    unique = sorted(set(vocabulary))
    if not unique:
        return {}
    conn.execute(f"CREATE VIRTUAL TABLE temp.stem_words USING fts5(word, tokenize='{TOKENIZE}')")
    try:
        conn.executemany(
            "INSERT INTO temp.stem_words(rowid, word) VALUES (?, ?)",
            enumerate(unique, start=1),
        )
        conn.execute(
            "CREATE VIRTUAL TABLE temp.stem_terms USING fts5vocab(temp, stem_words, instance)"
        )
        rows = conn.execute("SELECT doc, term FROM temp.stem_terms").fetchall()
    finally:
        conn.execute("DROP TABLE IF EXISTS temp.stem_terms")
        conn.execute("DROP TABLE IF EXISTS temp.stem_words")
    per_doc = Counter(doc for doc, _ in rows)
    # A word the tokenizer splits in two has no single stem: leave it out.
    return {unique[doc - 1]: term for doc, term in rows if per_doc[doc] == 1}


class Stemmer:
    """Porter stems on demand, from SQLite's own tokenizer on a private in-memory database
    (so the index itself can stay read-only and shared)."""

    def __init__(self) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False)

    def __call__(self, vocabulary: Iterable[str]) -> dict[str, str]:
        return porter_stems(self._conn, vocabulary)


def digest(laws: Iterable[Law]) -> str:
    """A digest of everything the index holds of the laws, and of the index's own schema.

    It reads the laws' own fields (what the columns are made of) rather than the columns, and
    the vocabulary names once: a start at a thousand times today's corpus still checks its
    index in seconds, on the worker thread.
    """
    h = hashlib.sha256(f"schema {SCHEMA}\n".encode())
    for names in (GAMES, CODES, TOPICS):
        h.update(repr(sorted(dict(names).items())).encode())
    for law in laws:
        h.update("\x1f".join((
            law.id, law.game, law.code, law.topic, law.case, law.title, law.text,
            law.situation, law.remedy, law.brief, law.section,
        )).encode())
        h.update(b"\x1e")
    return h.hexdigest()[:32]


def content_key(version: str) -> str:
    """The index's key for content of this version (Content.version): the index schema, the
    vocabulary names and the content's own version. A content store names its version
    without reading a law, so a start at x100 checks its index without decoding 37,000 laws
    on the worker (two seconds of Python that the UI thread shares a GIL with)."""
    h = hashlib.sha256(f"schema {SCHEMA}\n".encode())
    for names in (GAMES, CODES, TOPICS):
        h.update(repr(sorted(dict(names).items())).encode())
    h.update(f"content {version}".encode())
    return h.hexdigest()[:32]


_BATCH = 1000  # rows written at a time while building

def build(conn: sqlite3.Connection, laws: Iterable[Law], key: str) -> None:
    """Write the index of `laws` (already in browse order) into an empty database."""
    conn.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
    # Built by hand: prefix indexes keep 2- and 3-letter prefixes (the first keystrokes) fast,
    # and UNINDEXED filter columns let FTS5 order by rank itself while SQLite drops other
    # games, so snippet() runs only on the page of hits.
    conn.execute(
        f"CREATE VIRTUAL TABLE laws_fts USING fts5({', '.join(COLUMNS)}, "
        "law_id UNINDEXED, game UNINDEXED, code UNINDEXED, topic UNINDEXED, "
        f"tokenize='{TOKENIZE}', prefix='1 2 3')"
    )
    conn.execute("CREATE TABLE vocab(word TEXT PRIMARY KEY, stem TEXT NOT NULL, docs INTEGER)")
    weights = ", ".join(str(w) for w in COLUMN_WEIGHTS)
    frequency: Counter[str] = Counter()
    seen_text: dict[tuple[str, str], frozenset[str]] = {}
    with conn:
        conn.execute(
            "INSERT INTO laws_fts(laws_fts, rank) VALUES ('rank', ?)", (f"bm25({weights})",)
        )
        insert = (f"INSERT INTO laws_fts(rowid, {', '.join(COLUMNS)}, law_id, game, code, "
                  "topic) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
        rows: list[tuple[object, ...]] = []
        games = dict(GAMES)
        for rowid, law in enumerate(laws, start=1):
            columns = fields(law, games)
            title, case, text, where = columns
            # A corpus copied many times repeats its long texts: fold each once. (Not keyed
            # by every column: a law's own case name would make each key unique, and freeing
            # that many sets at the end held the GIL for 70 ms at x100: so long a UI thread
            # waits when the window builds the index on a worker, where no process of its own
            # can, ui/prepare_process.py.)
            found = seen_text.get((text, where))
            if found is None:
                found = frozenset(words(f"{text} {where}"))
                if len(seen_text) < 100_000:
                    seen_text[(text, where)] = found
            frequency.update(found.union(words(f"{title} {case}")))
            rows.append((rowid, *columns, law.id, law.game, law.code, law.topic))
            if len(rows) == _BATCH:
                conn.executemany(insert, rows)
                # A fresh list, not a list of every row: freeing that many at once is a C
                # loop that held the GIL for 90 ms at x100 (from the UI thread, as above).
                rows = []
        conn.executemany(insert, rows)
        # One merged b-tree instead of many segments: fewer pages read per query.
        conn.execute("INSERT INTO laws_fts(laws_fts) VALUES ('optimize')")
        stems = porter_stems(conn, frequency)
        conn.executemany(
            "INSERT INTO vocab VALUES (?, ?, ?)",
            ((w, stems.get(w, w), n) for w, n in frequency.items()),
        )
        conn.executemany(
            "INSERT INTO meta VALUES (?, ?)", (("key", key), ("schema", str(SCHEMA)))
        )


def vocabulary(conn: sqlite3.Connection) -> tuple[dict[str, int], dict[str, str]]:
    """The indexed words with the number of laws using each, and their stems."""
    rows = conn.execute("SELECT word, stem, docs FROM vocab").fetchall()
    return {w: n for w, _, n in rows}, {w: s for w, s, _ in rows}


def _key_of(path: Path) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'key'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


# Indexes kept side by side in the cache folder: corpora opened in turn (a benchmark's beside the
# real one, another checkout's) do not rebuild each other's; older ones are removed.
KEPT = 3
# A temporary file of a build not written to for this long (seconds) was abandoned.
ABANDONED_AFTER = 3600


def find_cached(folder: Path, key: str, prepared: Path | None = None) -> Path | None:
    """The index of `key`, prepared with the package (in `prepared`) or built earlier into
    `folder`; None when there is none yet (marked used when found in `folder`)."""
    if prepared is not None:
        shipped = prepared / f"search-{key}.sqlite"
        if shipped.is_file() and _key_of(shipped) == key:
            return shipped
    path = folder / f"search-{key}.sqlite"
    if path.exists() and _key_of(path) == key:
        _touch(path)
        return path
    return None


def open_cached(
    folder: Path, laws: Iterable[Law], in_order: Callable[[], list[Law]] | None = None,
    *, key: str | None = None, prepared: Path | None = None,
) -> tuple[sqlite3.Connection, bool]:
    """The index of `laws` from `folder`, built there first if absent or stale.

    `key` names the laws' version when the caller knows it (content_key); without it the laws
    are read to digest them. `in_order` gives the laws in browse order when the index must be
    built (sorting them is skipped when it need not be). Returns the connection and whether it
    had to be built. A folder that cannot be written costs only speed: the index is then
    built in memory. An index of the same key in `prepared` (what the package build
    prepared: app/corpus/cache.py) is opened first, as it is.
    """
    if key is None:
        laws = list(laws)
        key = digest(laws)
    found = find_cached(folder, key, prepared)
    if found is not None:
        return connect(found), False
    path = folder / f"search-{key}.sqlite"
    chosen = in_order() if in_order is not None else list(laws)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="search-", suffix=".tmp", dir=folder)
        os.close(fd)
        conn = sqlite3.connect(tmp)
        try:
            build(conn, chosen, key)
        finally:
            conn.close()
        os.replace(tmp, path)
        _keep_newest(folder)
    except OSError:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        build(conn, chosen, key)
        return conn, True
    return connect(path), True


def _touch(path: Path) -> None:
    """Mark an index as used now (the newest KEPT are kept)."""
    with contextlib.suppress(OSError):  # a read-only cache: used still, only not marked
        os.utime(path)


def _keep_newest(folder: Path) -> None:
    """Remove all but the KEPT most recently used indexes, and builds left unfinished (a
    window closed while its worker was building: the temporary file stays behind)."""
    stale = time.time() - ABANDONED_AFTER
    for left in folder.glob("search-*.tmp*"):
        with contextlib.suppress(OSError):
            if left.stat().st_mtime < stale:  # a build under way writes to its file
                left.unlink()
    found = []
    for old in folder.glob("search-*.sqlite"):
        try:
            found.append((old.stat().st_mtime_ns, old))
        except OSError:
            continue
    for _, old in sorted(found, reverse=True)[KEPT:]:
        old.unlink(missing_ok=True)


def connect(path: Path) -> sqlite3.Connection:
    """A read-only connection to the index at `path`, usable from any thread."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    return conn

