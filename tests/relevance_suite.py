"""The search relevance suite: judged queries (tests/search_relevance.toml) and their metrics.

Used by tests/test_search_relevance.py (which fails below the recorded floors) and by
bench/search.py --relevance (which prints them). A result is a row as the search box shows it:
one situation (game and case) with every code's law; a row is relevant when it holds a law the
query's judgement lists. found: the query listed anything at all; first: a relevant row first;
hit@5: a relevant row among the first five; MRR: 1 / rank of the first relevant row; nDCG@10
with binary gains, ideal = every relevant row first.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

from app.search.store import LawsStore

SUITE = Path(__file__).with_name("search_relevance.toml")
KINDS = ("keyword", "french", "situation", "question", "misspelling", "form")


@dataclass(frozen=True)
class Judged:
    text: str
    kind: str
    relevant: frozenset[str]


@dataclass(frozen=True)
class Scores:
    queries: int
    hits: int  # queries with a relevant row in the top 5
    mrr: float
    ndcg: float
    found: int = 0  # queries that listed anything
    first: int = 0  # queries whose first row is relevant


def load_suite(path: Path = SUITE) -> list[Judged]:
    """The judged queries."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    return [Judged(q["text"], q["kind"], frozenset(q["relevant"])) for q in data["query"]]


def row_gains(store: LawsStore, query: Judged, depth: int = 10) -> list[int]:
    """1 or 0 for each of the first `depth` result rows (empty: nothing found)."""
    results = store.find(query.text)
    return [
        int(any(h.law_id in query.relevant for h in group.hits))
        for group in results.groups[:depth]
    ]


def score(store: LawsStore, queries: list[Judged]) -> tuple[dict[str, Scores], list[str]]:
    """Scores per kind (and "all"), and the texts of the queries missed at 5."""
    per: dict[str, list[tuple[int, float, float, int, int]]] = {}
    missed = []
    for query in queries:
        gains = row_gains(store, query)
        hit = int(any(gains[:5]))
        first = next((i for i, g in enumerate(gains) if g), None)
        rr = 0.0 if first is None else 1.0 / (first + 1)
        dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
        ideal_count = min(len(query.relevant), len(gains)) or 1
        idcg = sum(1 / math.log2(i + 2) for i in range(ideal_count))
        for kind in (query.kind, "all"):
            per.setdefault(kind, []).append((hit, rr, dcg / idcg, int(bool(gains)),
                                             int(first == 0)))
        if not hit:
            missed.append(f"{query.kind}: {query.text}")
    scores = {
        kind: Scores(len(v), sum(q[0] for q in v), sum(q[1] for q in v) / len(v),
                     sum(q[2] for q in v) / len(v), sum(q[3] for q in v), sum(q[4] for q in v))
        for kind, v in per.items()
    }
    return scores, missed


def table(scores: dict[str, Scores]) -> str:
    """The scores as a plain-text table, one line per kind."""
    lines = [f"{'kind':<12} {'found':>9} {'first':>9} {'hit@5':>9} {'MRR':>6} {'nDCG@10':>8}"]
    for kind in (*KINDS, "all"):
        s = scores.get(kind)
        if s:
            lines.append(f"{kind:<12} {s.found:>3}/{s.queries:<5} {s.first:>3}/{s.queries:<5} "
                         f"{s.hits:>3}/{s.queries:<5} {s.mrr:6.3f} {s.ndcg:8.3f}")
    return "\n".join(lines)
