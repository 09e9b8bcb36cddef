"""Per-keystroke search latency: LawsStore.search against a bare FTS5 query on the same index.

Run: `python bench/search.py [--rounds N] [--synthetic]`. Each query is typed letter by letter;
every keystroke is timed through LawsStore.search (glossary expansion, snippets, hits) and
through `SELECT rowid FROM laws_fts WHERE laws_fts MATCH ? ORDER BY rank LIMIT 50` with the same
words (quoted, last one a prefix), interleaved so both see the same caches. Done on the real
corpus and on it replicated x100. Goals: p95 <= 16 ms at x100 and a ratio <= 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.content import SEEDS_DIR, Content, ContentError, Law, Term, load_content
from app.search import words
from app.store import RANK_LIMIT, LawsStore

QUERIES = (
    "talon", "revoke after", "too many cards", "ecarte king", "renonce", "exposed card lead",
    "misdeal pone", "1300", "forgot to draw", "last trick",
)
RAW_SQL = "SELECT rowid FROM laws_fts WHERE laws_fts MATCH ? ORDER BY rank LIMIT 50"


def replicate(content: Content, times: int) -> Content:
    """The content with every law copied `times` times under suffixed ids."""
    if times == 1:
        return content
    laws = {
        f"{law.id}-x{n}": dataclasses.replace(law, id=f"{law.id}-x{n}", related=(), counterparts=())
        for n in range(times)
        for law in content.laws.values()
    }
    return Content(laws=laws, terms=content.terms, games=content.games)


def synthetic_content() -> Content:
    """A stand-in corpus from the seed paragraphs, for when the real content does not load."""
    laws: dict[str, Law] = {}
    for path in sorted(SEEDS_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        sentences = [s.strip() for s in re.split(r"(?<=[.;])\s+", text) if len(s.split()) > 4]
        for n in range(0, len(sentences), 2):
            body = " ".join(sentences[n:n + 2])
            law_id = f"general.english.{path.stem[:3]}-{n}"
            laws[law_id] = Law(
                id=law_id, game="general", code="english", authority="Foster",
                topic="general-principles", case=f"c{n}", title=" ".join(body.split()[:6]),
                text=body, situation="", remedy="", brief="", source="", book="", section="",
            )
    terms = {
        "talon": Term("talon", "talon", "the stock", french=("talon",), synonyms=("stock",)),
        "revoke": Term("revoke", "revoke", "fail to follow", french=("renonce",)),
        "pone": Term("pone", "pone", "non-dealer", synonyms=("non-dealer",)),
    }
    return Content(laws=laws, terms=terms, games={})


def keystrokes(query: str) -> list[str]:
    """What the search box holds after each key press while typing `query`."""
    return [query[:n] for n in range(1, len(query) + 1)]


def plain_expression(typed: str) -> str:
    """The same words as LawsStore sees, quoted and ANDed, the last a prefix; no glossary."""
    found = words(typed)
    return " AND ".join([*(f'"{w}"' for w in found[:-1]), f'"{found[-1]}"*'])


def percentile(samples: list[float], fraction: float) -> float:
    """The value below which `fraction` of the samples fall (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


Samples = dict[str, list[float]]


def measure(store: LawsStore, rounds: int) -> tuple[Samples, Samples, list[tuple[float, str]]]:
    """Milliseconds per keystroke for store.search and for the bare FTS5 query, by keystroke."""
    conn = store.db.conn
    typed = [k for q in QUERIES for k in keystrokes(q)]
    plain = {k: plain_expression(k) for k in typed}
    ours: Samples = {k: [] for k in typed}
    raw: Samples = {k: [] for k in typed}
    for k in typed:  # warm-up: statement cache, page cache
        store.search(k)
        conn.execute(RAW_SQL, (plain[k],)).fetchall()
    for _ in range(rounds):
        for k in typed:
            start = time.perf_counter()
            store.search(k)
            mid = time.perf_counter()
            conn.execute(RAW_SQL, (plain[k],)).fetchall()
            end = time.perf_counter()
            ours[k].append((mid - start) * 1000)
            raw[k].append((end - mid) * 1000)
    slowest = sorted(((max(v), k) for k, v in ours.items()), reverse=True)[:5]
    return ours, raw, slowest


def ranked_keystrokes(store: LawsStore) -> set[str]:
    """The keystrokes whose query LawsStore ranks (no more than RANK_LIMIT matches)."""
    count = "SELECT count(*) FROM laws_fts WHERE laws_fts MATCH ?"
    ranked = set()
    for k in (k for q in QUERIES for k in keystrokes(q)):
        expression = store.match_expression(k)
        if expression and store.db.conn.execute(count, (expression,)).fetchone()[0] <= RANK_LIMIT:
            ranked.add(k)
    return ranked


def report(label: str, ours: list[float], raw: list[float]) -> None:
    """Print median and p95 of both, and their ratios."""
    med_o, med_r = statistics.median(ours), statistics.median(raw)
    p95_o, p95_r = percentile(ours, 0.95), percentile(raw, 0.95)
    print(f"  {label} ({len(ours)} samples)")
    print(f"    LawsStore.search  median {med_o:7.3f} ms   p95 {p95_o:7.3f} ms")
    print(f"    raw FTS5 MATCH    median {med_r:7.3f} ms   p95 {p95_r:7.3f} ms")
    print(f"    ratio             median {med_o / med_r:7.2f}      p95 {p95_o / p95_r:7.2f}")


def main(argv: list[str] | None = None) -> int:
    """Build the stores, time every keystroke, print medians, p95 and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over all keystrokes")
    parser.add_argument("--synthetic", action="store_true",
                        help="use a stand-in corpus from the seeds even if content is valid")
    args = parser.parse_args(argv)
    if args.synthetic:
        content, label = synthetic_content(), "synthetic corpus from the seeds"
    else:
        try:
            content, label = load_content(), "real corpus"
        except ContentError as exc:
            print(f"content does not load ({len(exc.problems)} problems); "
                  "run with --synthetic for a stand-in corpus", file=sys.stderr)
            return 1
    n_keys = sum(len(q) for q in QUERIES)
    print(f"{label}: {len(content.laws)} laws, {len(content.terms)} terms; "
          f"{len(QUERIES)} queries, {n_keys} keystrokes x {args.rounds} rounds")
    for times in (1, 100):
        started = time.perf_counter()
        store = LawsStore(replicate(content, times))
        built = time.perf_counter() - started
        ours, raw, slowest = measure(store, args.rounds)
        ranked = ranked_keystrokes(store)
        print(f"\nx{times}: {len(content.laws) * times} laws, store built in {built:.2f} s")
        report("every keystroke", [x for v in ours.values() for x in v],
               [x for v in raw.values() for x in v])
        if len(ranked) < len(ours):
            print(f"    ({len(ours) - len(ranked)} keystrokes match over {RANK_LIMIT} laws: "
                  "listed unranked by LawsStore, ranked in full by the raw query)")
            report("keystrokes ranked by both",
                   [x for k in ranked for x in ours[k]], [x for k in ranked for x in raw[k]])
        print("  slowest keystrokes (LawsStore, worst round): "
              + ", ".join(f"{k!r} {ms:.1f} ms" for ms, k in slowest))
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
