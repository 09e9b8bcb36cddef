"""The laws store: every law by id and in browse order, with the FTS5 search index.

`LawsStore(content)` builds the index in memory (tests, one-off commands);
`LawsStore.cached(content)` opens the one kept in the cache directory, building it only when
the laws changed. Searching: app/search/query.py reads the query, this module runs it and explains
each hit (which words, which correction, which synonym).
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path

from app.corpus.laws import Content, Law, Term
from app.corpus.vocabulary import CODES, GENERAL
from app.search import index, numbers
from app.search.browse import browse_content, browse_laws, browse_order
from app.search.english import common_words
from app.search.evidence import NEGATORS, Vocabulary
from app.search.lexicon import Lexicon
from app.search.matching import LawMatcher
from app.search.query import QueryReader, Understanding, expand_contractions
from app.search.results import (
    MARK_END,
    MARK_START,
    SearchHit,
    SearchResults,
    situations,
    snippet_html,
    snippet_text,
    words,
)
from app.search.scoring import COLUMN_WEIGHTS, score
from app.search.spelling import Speller
from app.search.thesaurus import Thesaurus, load_thesaurus

__all__ = [
    "LawsStore", "SearchHit", "browse_content", "browse_laws", "browse_order", "snippet_html",
    "snippet_text",
]

SNIPPET_TOKENS = 20
# Ranking costs FTS5 about a microsecond per matching law, all of them, before LIMIT applies.
# Past this many matches (a first letter typed into a corpus of thousands of laws) a rank
# says little anyway: such queries list title matches, then the rest, in browse order.
RANK_LIMIT = 4000
# The candidates FTS5 ranks (by bm25) for the score to order: the laws holding every clause,
# and the laws holding any clause when fewer than a page hold them all.
CANDIDATES = 40
# The most SQL statements one search runs: per scope (a game named, then every game) the
# every-clause and any-clause candidates, each as read then with synonyms (or, past
# RANK_LIMIT, with synonyms only but in two statements), and the page's snippets.
# tests/test_search_statements.py counts them.
MAX_STATEMENTS = 2 * 4 + 1
# A situation lists at most this many laws (its codes' versions and their variants); only a
# corpus with many copies of one case (a benchmark's) would hold more.
MAX_PER_SITUATION = 8
# The laws one page of results holds: the search box and `python -m app search` alike.
PAGE = 30
# The most laws one search may return (a bound for the command line and the API alike).
MAX_LIMIT = 1_000_000

_SNIPPET = (
    f"snippet(laws_fts, 2, char({ord(MARK_START)}), char({ord(MARK_END)}), '…', {SNIPPET_TOKENS})"
)
_WEIGHTS = ", ".join(map(str, COLUMN_WEIGHTS))


def _filter_sql(games: int, code: bool, topic: bool) -> str:
    parts = []
    if games == 1:
        parts.append(" AND game = ?")
    elif games > 1:
        parts.append(f" AND game IN ({', '.join('?' * games)})")
    if code:
        parts.append(" AND code = ?")
    if topic:
        parts.append(" AND topic = ?")
    return "".join(parts)


def _folders(folder: Path | None) -> tuple[Path, Path | None]:
    """Where an index is kept (`folder`, else the user cache) and, with the default, the
    folder of what the package build prepared."""
    if folder is not None:
        return folder, None
    from app.corpus import cache

    return cache.cache_dir(), cache.shipped_dir()


class LawsStore:
    """Every law of a Content, browsable, and searchable as you type."""

    def __init__(
        self,
        content: Content,
        path: str | Path | None = None,
        *,
        thesaurus: Thesaurus | None = None,
        conn: sqlite3.Connection | None = None,
    ) -> None:
        # The content's own mapping, not a copy: copying walks every law (and a content
        # served from its store would read them all).
        self._content = content
        self._laws: Mapping[str, Law] = content.laws
        # The content's indexes (cases, topics, counts, variant groups, declared rulings) are
        # built on first use; the store is opened on a worker thread (ui/deferred_store.py), so
        # build them here, not on the UI thread at the first search or page (a quarter of a
        # second at x100 for the cases).
        content.laws_of_case("", "", "")
        content.laws_of_topic("", "")
        content.topic_counts("")
        content.variants.get("")
        content.rulings_of("")
        self._terms: dict[str, Term] = dict(content.terms)
        if conn is None:
            if path is not None:
                Path(path).unlink(missing_ok=True)
            conn = sqlite3.connect(":memory:" if path is None else str(path),
                                   check_same_thread=False)
            index.build(conn, self._browse_order, index.digest([]))
        self._conn = conn
        frequencies, stems = index.vocabulary(conn)
        stemmer = index.Stemmer()
        self._thesaurus = thesaurus if thesaurus is not None else load_thesaurus()
        self._lexicon = Lexicon(content.terms.values(), self._thesaurus, frequencies, stemmer)
        self._lexicon._stems.update(stems)  # the index knows these already
        known = {
            w
            for text in (
                *(f for t in self._terms.values() for f in t.forms),
                *(f for g in self._thesaurus.groups for f in g.forms),
                *(n for n, _ in self._thesaurus.game_names),
                *self._thesaurus.stop_words,
                *numbers.WORDS,
            )
            for w in words(text)
        }
        self._speller = Speller(frequencies, known, stem=self._lexicon.stem,
                                stems=frozenset(stems.values()), common=common_words())
        self._reader = QueryReader(self._lexicon, self._speller)
        self._may_be_broad = len(self._laws) > RANK_LIMIT
        self._vocabulary = Vocabulary(frequencies, stems, self._lexicon)
        self._matcher = LawMatcher(self._laws, self._lexicon, self._vocabulary,
                                   ranked=not self._may_be_broad)

    @classmethod
    def cached(
        cls, content: Content, folder: Path | None = None, *, thesaurus: Thesaurus | None = None,
    ) -> LawsStore:
        """The store over the index kept in `folder` (default: the user's cache directory),
        built there only when the laws changed since it was last built. With the default
        folder, the index prepared with the package is opened when it is this content's
        (app/corpus/cache.py)."""
        folder, prepared = _folders(folder)
        conn, _ = index.open_cached(
            folder, content.laws.values(), lambda: browse_order(content.laws.values()),
            key=index.content_key(content.version), prepared=prepared,
        )
        return cls(content, thesaurus=thesaurus, conn=conn)

    @classmethod
    def opened(cls, content: Content, folder: Path | None = None) -> LawsStore | None:
        """The store over the index of `content` when one is prepared or kept already (as
        `cached` finds it); None, and nothing built, when there is none yet."""
        folder, prepared = _folders(folder)
        found = index.find_cached(folder, index.content_key(content.version), prepared)
        if found is None:
            return None
        return cls(content, conn=index.connect(found))

    @cached_property
    def _browse_order(self) -> list[Law]:
        return browse_order(self._laws.values())

    def _case(self, game: str, case: str, code: str | None) -> list[Law]:
        """The laws of one case of a game (of one code, if given), in browse order: asked of
        the content's index per code, so a search never walks every law."""
        codes = (code,) if code else CODES
        return browse_order(
            law for c in codes for law in self._content.laws_of_case(game, c, case)
        )

    @property
    def conn(self) -> sqlite3.Connection:
        """The index's SQLite connection (benchmarks and inspection; treat as read-only)."""
        return self._conn

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
        one_topic = browse_content(self._content, game, code, topic)
        if one_topic is not None:
            return one_topic
        return browse_laws(self._browse_order, game, code, topic)

    # -- searching -------------------------------------------------------------------------------

    def understand(self, query: str, *, literal: bool = False) -> Understanding:
        """How `query` is read: clauses, corrections, games named, words dropped."""
        return self._reader.read(query, literal=literal)

    def match_expression(self, query: str, *, literal: bool = False) -> str | None:
        """The FTS5 MATCH expression (every clause) `search` runs first for `query`."""
        return self._reader.expression(self._reader.read(query, literal=literal))

    def search(
        self,
        query: str,
        *,
        game: str | None = None,
        code: str | None = None,
        topic: str | None = None,
        limit: int = 50,
        literal: bool = False,
    ) -> list[SearchHit]:
        """Laws for `query`, best first (see find); [] when it holds no words."""
        return list(
            self.find(query, game=game, code=code, topic=topic, limit=limit, literal=literal).hits
        )

    def find(
        self,
        query: str,
        *,
        game: str | None = None,
        code: str | None = None,
        topic: str | None = None,
        limit: int = PAGE,
        literal: bool = False,
    ) -> SearchResults:
        """Search, and say how: the hits, grouped by situation, with why each matched.

        FTS5 finds the candidates: the laws holding every clause, and when fewer than a page
        do, those holding any; each is scored once (app/search/scoring.py) and the best come
        first. A game named in the query narrows to that game and the general laws when any
        of them holds a word typed. `literal` searches the words as typed, uncorrected.
        """
        if not isinstance(limit, int) or limit > MAX_LIMIT:
            raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}")
        seen = self._reader.read(query, literal=literal)
        if seen.empty or limit <= 0:
            return SearchResults(query)
        ranked, mode = self._ranked(seen, game, code, topic, limit)
        hits = tuple(self._hit(law_id, rank, snippet, seen) for law_id, rank, snippet in ranked)
        return SearchResults(
            query,
            hits,
            mode,
            seen.corrections,
            seen.corrected_text,
            seen.games,
            seen.dropped,
            tuple(situations(self._with_siblings(hits, code, topic))),
        )

    def _ranked(
        self, seen: Understanding, game: str | None, code: str | None, topic: str | None,
        limit: int,
    ) -> tuple[list[tuple[str, float, str]], str]:
        """The best `limit` laws for a query read, as (law id, bm25, snippet), and the mode:
        "all" when some law holds every clause, else "any". At most MAX_STATEMENTS SQL
        statements: per scope, the every-clause and the any-clause candidates (each one
        statement, or two past RANK_LIMIT), then one for the page's snippets."""
        read = self._reader.expression
        every = (read(seen, synonyms=False), read(seen))
        anyway = (read(seen, every=False, synonyms=False), read(seen, every=False))
        named = tuple(g for g in seen.games if not game or g == game)
        # A game named narrows the search to it, with the general laws, which hold for every
        # game ("pitch bid out of turn" is ruled by the general law on bids out of turn).
        # Only when none of them has any word typed are all games searched: a law of another
        # game rules nothing in this one.
        scopes: list[tuple[str, ...]] = [()]
        if named:
            scopes.insert(0, (*named, GENERAL) if not game and GENERAL not in named else named)
        wanted = max(limit, CANDIDATES)
        rows: list[tuple[int, str, float]] = []
        mode = "all"
        # From the laws holding every clause as read to those holding any with a synonym,
        # until a page is full: a law found only further on scores below a page of laws
        # found before it. Past RANK_LIMIT only the widest of each is read, in browse order.
        reads = [(every, True), (anyway, False)] if len(seen.clauses) > 1 else [(every, True)]
        for scope in scopes:
            rows = []
            from_synonyms: set[int] = set()
            for (as_read, synonyms), all_clauses in reads:
                broad = self._may_be_broad and self._breadth(seen, every=all_clauses) > RANK_LIMIT
                for expression in (synonyms,) if broad else dict.fromkeys((as_read, synonyms)):
                    if len(rows) >= limit:
                        break
                    assert expression is not None
                    taken = {r[0] for r in rows}
                    more = [r for r in self._run(expression, scope, game, code, topic, wanted,
                                                 broad=broad) if r[0] not in taken]
                    if expression != as_read:
                        from_synonyms.update(r[0] for r in more)
                    if not all_clauses and not rows and more:
                        mode = "any"
                    rows += more
            if rows:
                break
        if not rows:
            return [], mode
        best = min(r[2] for r in rows) or -1.0
        negating = bool(NEGATORS.intersection(words(expand_contractions(seen.text))))
        rarities = {clause: self._matcher.rarity(clause) for clause in seen.clauses}
        scored = sorted(
            (-score(self._matcher.evidence(self._laws[law_id], seen, named, rank / best, negating,
                                   rarities)), n)
            for n, (_, law_id, rank) in enumerate(rows)
        )
        page = [rows[n] for _, n in scored[:limit]]
        # The snippets of the words as read, unless a law of the page has only synonyms: the
        # fewer phrases, the cheaper FTS5 reads them.
        highlight = anyway[1] if from_synonyms.intersection(r[0] for r in page) else anyway[0]
        assert highlight is not None
        snippets = self._snippets(highlight, [r[0] for r in page])
        return [(law_id, rank, snippets.get(rowid, "")) for rowid, law_id, rank in page], mode

    def _run(
        self,
        expression: str,
        games: tuple[str, ...],
        game: str | None,
        code: str | None,
        topic: str | None,
        limit: int,
        *,
        broad: bool,
    ) -> list[tuple[int, str, float]]:
        """The candidates, (rowid, law id, bm25): the best by bm25, or (`broad`: more laws
        may match than are worth ranking) title matches first, in browse order."""
        chosen = games or ((game,) if game else ())
        filters = (*chosen, *(v for v in (code, topic) if v))
        where = _filter_sql(len(chosen), bool(code), bool(topic))
        try:
            if broad:
                return self._unranked(expression, where, filters, limit)
            sql = (
                "SELECT rowid, law_id, rank FROM laws_fts "
                f"WHERE laws_fts MATCH ?{where} ORDER BY rank LIMIT ?"
            )
            return self._conn.execute(sql, (expression, *filters, limit)).fetchall()
        except sqlite3.OperationalError:
            # The expression is built from quoted words only, so this is not expected; but a
            # search box must never crash the screen, so a failure reads as "no laws match".
            return []

    def _breadth(self, seen: Understanding, *, every: bool) -> int:
        """At least as many laws as the query's expression matches, from the vocabulary's
        counts (no SQL): ranking costs FTS5 about a microsecond per matching law, all of
        them, so past RANK_LIMIT the candidates are taken unranked (see _unranked)."""
        per_clause = [self._vocabulary.clause_docs(c) for c in seen.clauses]
        return min(per_clause) if every else sum(per_clause)

    def _unranked(
        self, expression: str, where: str, filters: tuple[str, ...], limit: int
    ) -> list[tuple[int, str, float]]:
        """Laws matching in the title, then the others, each in browse order."""
        sql = (
            f"SELECT rowid, law_id, bm25(laws_fts, {_WEIGHTS}) "
            f"FROM laws_fts WHERE laws_fts MATCH ?{where} LIMIT ?"
        )
        in_title = f"{{title}} : ({expression})"
        rows = self._conn.execute(sql, (in_title, *filters, limit)).fetchall()
        if len(rows) < limit:
            rest = f"({expression}) NOT {in_title}"
            rows += self._conn.execute(sql, (rest, *filters, limit - len(rows))).fetchall()
        return rows

    def _snippets(self, expression: str, rowids: list[int]) -> dict[int, str]:
        """The snippet of each law of the page (one statement: snippet() is the costly part
        of a query, so it runs on the page only)."""
        if not rowids:
            return {}
        sql = (
            f"SELECT rowid, {_SNIPPET} FROM laws_fts WHERE laws_fts MATCH ? "
            "AND rowid IN (SELECT value FROM json_each(?))"
        )
        try:
            rows = self._conn.execute(sql, (expression, json.dumps(rowids))).fetchall()
        except sqlite3.OperationalError:
            return {}
        return dict(rows)

    def _hit(self, law_id: str, rank: float, snippet: str, seen: Understanding) -> SearchHit:
        law = self._laws[law_id]
        matched = []
        missed = []
        for clause in seen.clauses:
            why = self._matcher.explain(law, clause)
            if why is None:
                missed.append(clause.typed)
            else:
                matched.append(why)
        return SearchHit(law.id, law.title, law.game, law.code, law.topic, snippet, rank,
                         law.case, tuple(matched), tuple(missed))

    def _with_siblings(
        self, hits: tuple[SearchHit, ...], code: str | None, topic: str | None
    ) -> list[SearchHit]:
        """The hits, each followed later by the other codes' laws of its case (the situation
        arrives whole: English, French and American together)."""
        listed = {h.law_id for h in hits}
        result = list(hits)
        per_case = Counter((h.game, h.case) for h in hits)
        for hit in hits:
            key = (hit.game, hit.case)
            if per_case[key] >= MAX_PER_SITUATION:
                continue
            for law in self._case(hit.game, hit.case, code):
                if per_case[key] >= MAX_PER_SITUATION:
                    break
                if law.id in listed:
                    continue
                if topic and law.topic != topic:
                    continue
                listed.add(law.id)
                per_case[key] += 1
                result.append(SearchHit(law.id, law.title, law.game, law.code, law.topic,
                                        law.brief, float("inf"), law.case))
        return result

    # -- the glossary ----------------------------------------------------------------------------

    def laws_using(self, term: str, *, limit: int = 50) -> list[SearchHit]:
        """The laws a glossary term's page lists: those a search for `term` finds first, as
        plain hits (no explanation of the match, no other codes' laws of their situations:
        the page lists titles, and a term's page is opened at every click)."""
        seen = self._reader.read(term)
        if seen.empty or limit <= 0:
            return []
        hits = []
        for law_id, rank, snippet in self._ranked(seen, None, None, None, limit)[0]:
            law = self._laws[law_id]
            hits.append(SearchHit(law.id, law.title, law.game, law.code, law.topic, snippet,
                                  rank, law.case))
        return hits

    def term_for(self, word: str) -> Term | None:
        """The glossary term named by `word` in any of its forms, ignoring case and accents."""
        return self._lexicon.term_for(word)

    def terms_search(self, query: str) -> list[Term]:
        """Glossary terms for the glossary screen: all of them for an empty query, best first."""
        return self._lexicon.find_terms(query)
