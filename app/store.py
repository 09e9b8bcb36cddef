"""The laws store: every law in SQLite (through sqlite-utils) with an FTS5 index for search."""

from __future__ import annotations

import functools
import itertools
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from sqlite_utils import Database

from app.content import Content, Law, Term
from app.search import (
    MARK_END,
    MARK_START,
    Lexicon,
    SearchHit,
    snippet_html,
    snippet_text,
    words,
)
from app.vocabulary import CODES, GAMES, TOPICS

__all__ = ["LawsStore", "SearchHit", "snippet_html", "snippet_text"]

# unicode61 folds case and (with remove_diacritics 2) every accent; porter stems what is left.
TOKENIZE = "porter unicode61 remove_diacritics 2"
# Title first, then the body (text, situation, remedy, brief), then context (game, code,
# topic and section names) so that "ecarte king" finds Écarté laws about the king.
COLUMN_WEIGHTS = (10.0, 1.0, 0.5)
SNIPPET_TOKENS = 20
# Ranking costs FTS5 about a microsecond per matching law, all of them, before LIMIT applies.
# Past this many matches (a first letter typed into a corpus of thousands of laws) a rank
# says little anyway: such queries list title matches, then the rest, in browse order.
RANK_LIMIT = 4000

# Control characters would let content forge snippet markers (see app.search.MARK_START).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

# The markers are spelled with char() so the SQL text itself holds no control characters.
_SNIPPET = (
    f"snippet(laws_fts, 1, char({ord(MARK_START)}), char({ord(MARK_END)}), '…', {SNIPPET_TOKENS})"
)
_RANKED_SQL = (
    f"SELECT rowid, rank, {_SNIPPET} FROM laws_fts "
    "WHERE laws_fts MATCH ?{filters} ORDER BY rank LIMIT ?"
)
# Without ORDER BY, FTS5 yields rows in rowid order (browse order) and stops at LIMIT.
_UNRANKED_SQL = (
    f"SELECT rowid, bm25(laws_fts, {', '.join(map(str, COLUMN_WEIGHTS))}), {_SNIPPET} "
    "FROM laws_fts WHERE laws_fts MATCH ?{filters} LIMIT ?"
)
_BROAD_SQL = "SELECT count(*) FROM (SELECT 1 FROM laws_fts WHERE laws_fts MATCH ? LIMIT ?)"


def _clean(text: str) -> str:
    return _CONTROL.sub("", text)


def _body(law: Law) -> str:
    # One column for all the prose, so snippet() picks the best passage from any of it.
    parts = (law.text, law.situation, law.remedy, law.brief)
    return " ".join(_clean(p) for p in parts if p)


def _context(law: Law) -> str:
    names = (
        GAMES.get(law.game, law.game),
        CODES.get(law.code, law.code),
        TOPICS.get(law.topic, law.topic),
        law.section,
    )
    return _clean(" · ".join(n for n in names if n))


def _filters(on: tuple[bool, ...]) -> str:
    names = ("game", "code", "topic")
    return "".join(f" AND {name} = ?" for name, used in zip(names, on, strict=True) if used)


def _order(vocabulary: Iterable[str]) -> dict[str, int]:
    return {key: i for i, key in enumerate(vocabulary)}


_GAME_ORDER = _order(GAMES)
_CODE_ORDER = _order(CODES)
_TOPIC_ORDER = _order(TOPICS)


def _browse_key(law: Law) -> tuple[int, str, int, str, int, str, str, str]:
    # Vocabulary order (the order a game unfolds), unknown values after, by name.
    return (
        _GAME_ORDER.get(law.game, len(_GAME_ORDER)),
        law.game,
        _TOPIC_ORDER.get(law.topic, len(_TOPIC_ORDER)),
        law.topic,
        _CODE_ORDER.get(law.code, len(_CODE_ORDER)),
        law.code,
        law.title.casefold(),
        law.id,
    )


def porter_stems(conn: sqlite3.Connection, vocabulary: Iterable[str]) -> dict[str, str]:
    """Each word mapped to the term FTS5's porter tokenizer indexes it as."""
    unique = sorted(set(vocabulary))
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


class LawsStore:
    """Every law of a Content in SQLite, browsable and searchable as you type.

    The database is rebuilt from the content on every start (content is the one source of
    each law's wording), in memory unless `path` names a file.
    """

    def __init__(self, content: Content, path: str | Path | None = None) -> None:
        self._db = Database(memory=True) if path is None else Database(path)
        self._conn = self._db.conn
        self._laws: dict[str, Law] = dict(content.laws)
        self._terms: dict[str, Term] = dict(content.terms)
        self._browse_order = sorted(self._laws.values(), key=_browse_key)
        self._hit_fields: dict[int, tuple[str, str, str, str, str]] = {}
        vocabulary = self._load(content.laws.values())
        self._lexicon = Lexicon(
            content.terms.values(), vocabulary, functools.partial(porter_stems, self._conn)
        )
        # One SQL text per combination of filters, built once: sqlite3 then reuses its
        # prepared statement on every keystroke.
        combinations = list(itertools.product((False, True), repeat=3))
        self._ranked_sql = {k: _RANKED_SQL.format(filters=_filters(k)) for k in combinations}
        self._unranked_sql = {k: _UNRANKED_SQL.format(filters=_filters(k)) for k in combinations}
        self._rank_limit = RANK_LIMIT
        # No query can be too broad to rank in a corpus smaller than the limit: skip the count.
        self._may_be_broad = len(self._laws) > self._rank_limit

    def _load(self, laws: Iterable[Law]) -> set[str]:
        """Write the laws and their FTS5 index; return the folded words of everything indexed."""
        with self._conn:
            for name in ("laws_fts", "laws"):
                self._conn.execute(f"DROP TABLE IF EXISTS [{name}]")
        # Rows go in browse order, so rowid order is browse order for unranked searches.
        rows = [
            {
                "id": law.id,
                "game": law.game,
                "code": law.code,
                "topic": law.topic,
                "case": law.case,
                "title": law.title,
                "text": law.text,
                "situation": law.situation,
                "remedy": law.remedy,
                "brief": law.brief,
                "authority": law.authority,
                "source": law.source,
                "book": law.book,
                "section": law.section,
                "variant_of": law.variant_of,
            }
            for law in sorted(laws, key=_browse_key)
        ]
        table = self._db.table("laws")
        table.create(
            {name: str for name in rows[0]} if rows else {"id": str}, pk="id", not_null={"id"}
        )
        table.insert_all(rows)
        # Built by hand rather than with enable_fts(): prefix indexes keep 2- and 3-letter
        # prefixes (the first keystrokes) fast, and UNINDEXED filter columns let FTS5 order
        # by rank itself while SQLite drops other games, so snippet() runs only on the page
        # of hits. Content never changes under a running store, so no triggers are needed.
        self._conn.execute(
            "CREATE VIRTUAL TABLE laws_fts USING fts5(title, body, context, "
            "game UNINDEXED, code UNINDEXED, topic UNINDEXED, "
            f"tokenize='{TOKENIZE}', prefix='1 2 3')"
        )
        weights = ", ".join(str(w) for w in COLUMN_WEIGHTS)
        vocabulary: set[str] = set()
        with self._conn:
            self._conn.execute(
                "INSERT INTO laws_fts(laws_fts, rank) VALUES ('rank', ?)", (f"bm25({weights})",)
            )
            fts_rows = []
            for rowid, law_id in self._conn.execute("SELECT rowid, id FROM laws ORDER BY rowid"):
                law = self._laws[law_id]
                title, body, context = _clean(law.title), _body(law), _context(law)
                fts_rows.append((rowid, title, body, context, law.game, law.code, law.topic))
                self._hit_fields[rowid] = (law.id, law.title, law.game, law.code, law.topic)
                vocabulary.update(words(title), words(body), words(context))
            self._conn.executemany(
                "INSERT INTO laws_fts(rowid, title, body, context, game, code, topic) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                fts_rows,
            )
            # One merged b-tree instead of many segments: fewer pages read per query.
            self._conn.execute("INSERT INTO laws_fts(laws_fts) VALUES ('optimize')")
        return vocabulary

    @property
    def db(self) -> Database:
        """The sqlite-utils database (for benchmarks and inspection; treat as read-only)."""
        return self._db

    def close(self) -> None:
        """Close the database connection."""
        self._conn.close()

    def law(self, law_id: str) -> Law:
        """The law with this id; KeyError if there is none."""
        return self._laws[law_id]

    def browse(
        self, game: str | None = None, code: str | None = None, topic: str | None = None
    ) -> list[Law]:
        """Laws filtered by game, code and topic (None or "": all), by game, topic, code, title."""
        return [
            law
            for law in self._browse_order
            if (not game or law.game == game)
            and (not code or law.code == code)
            and (not topic or law.topic == topic)
        ]

    def match_expression(self, query: str) -> str | None:
        """The FTS5 MATCH expression `search` would run for `query` (None: no words)."""
        return self._lexicon.match_expression(query)

    def search(
        self,
        query: str,
        *,
        game: str | None = None,
        code: str | None = None,
        topic: str | None = None,
        limit: int = 50,
    ) -> list[SearchHit]:
        """Laws matching every word of `query` (the last as a prefix), best first; [] if none."""
        expression = self._lexicon.match_expression(query)
        if expression is None or limit <= 0:
            return []
        filters = tuple(value for value in (game, code, topic) if value)
        key = (bool(game), bool(code), bool(topic))
        try:
            if self._may_be_broad and self._is_broad(expression):
                rows = self._unranked(expression, key, filters, limit)
            else:
                rows = self._conn.execute(
                    self._ranked_sql[key], (expression, *filters, limit)
                ).fetchall()
        except sqlite3.OperationalError:
            # The expression is built from quoted words only, so this is not expected; but a
            # search box must never crash the screen, so a failure reads as "no laws match".
            return []
        fields = self._hit_fields
        return [SearchHit(*fields[rowid], snippet, rank) for rowid, rank, snippet in rows]

    def _is_broad(self, expression: str) -> bool:
        """Whether more laws match than are worth ranking (see RANK_LIMIT)."""
        # Counting stops at the limit, so a first letter costs no more than a narrow query.
        limit = self._rank_limit
        (count,) = self._conn.execute(_BROAD_SQL, (expression, limit + 1)).fetchone()
        return bool(count > limit)

    def _unranked(
        self, expression: str, key: tuple[bool, ...], filters: tuple[str, ...], limit: int
    ) -> list[tuple[int, float, str]]:
        """Laws matching in the title, then the others, each in browse order."""
        sql = self._unranked_sql[key]
        in_title = f"{{title}} : ({expression})"
        rows = self._conn.execute(sql, (in_title, *filters, limit)).fetchall()
        if len(rows) < limit:
            rest = f"({expression}) NOT {in_title}"
            rows += self._conn.execute(sql, (rest, *filters, limit - len(rows))).fetchall()
        return rows

    def term_for(self, word: str) -> Term | None:
        """The glossary term named by `word` in any of its forms, ignoring case and accents."""
        return self._lexicon.term_for(word)

    def terms_search(self, query: str) -> list[Term]:
        """Glossary terms for the glossary screen: all of them for an empty query, best first."""
        return self._lexicon.find_terms(query)
