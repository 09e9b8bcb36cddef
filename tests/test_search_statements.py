"""One search runs a bounded number of SQL statements (app/search/store.py MAX_STATEMENTS):
every query of the relevance suite is counted, statement by statement, through SQLite's trace
callback, on the real laws and on a store whose rank limit makes every query take the
unranked path. FTS5's own reads of its shadow tables (reported with a leading "--") are the
engine's, not statements the store runs."""

from __future__ import annotations

import pytest
from relevance_suite import load_suite

import app.search.store
from app.corpus.loading import load_content
from app.search.store import MAX_STATEMENTS, LawsStore


def statements_per_query(store: LawsStore) -> dict[str, int]:
    counted: list[str] = []
    store.conn.set_trace_callback(counted.append)
    found = {}
    try:
        for query in load_suite():
            counted.clear()
            store.find(query.text)
            found[query.text] = sum(not s.startswith("--") for s in counted)
    finally:
        store.conn.set_trace_callback(None)
    return found


def test_every_query_of_the_suite_runs_at_most_the_bounded_number_of_statements() -> None:
    store = LawsStore(load_content())
    try:
        counts = statements_per_query(store)
    finally:
        store.close()
    worst = max(counts, key=counts.__getitem__)
    assert counts[worst] <= MAX_STATEMENTS, (worst, counts[worst])
    # A query of one word with no synonym is one ranked statement and its snippets.
    assert counts["conquian forcing"] <= 3


def test_the_unranked_path_keeps_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.search.store, "RANK_LIMIT", 10)
    store = LawsStore(load_content())
    try:
        counts = statements_per_query(store)
    finally:
        store.close()
    worst = max(counts, key=counts.__getitem__)
    assert counts[worst] <= MAX_STATEMENTS, (worst, counts[worst])
    assert max(counts.values()) > 3  # the title-first reads did run
