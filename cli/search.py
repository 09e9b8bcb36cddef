"""`python -m app search "QUERY" [--game G] [--code C] [--topic T] [--limit N] [--literal]
[--json]`: the laws the browser's search box shows, one block per situation, or as JSON with
each law's rank and why it matched (which words, which correction, which synonym)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.corpus.checks import ContentError
from app.corpus.loading import load_content
from app.corpus.vocabulary import CODES, GAMES, TOPICS
from app.search.results import SearchHit, SearchResults, snippet_text

MAX_LIMIT = 1_000_000  # the store's own bound (app.search.store.MAX_LIMIT), checked before loading
PAGE = 30  # the search box's page (app.search.store.PAGE), without importing the store to parse
BADGES = {"english": "EN", "french": "FR", "american": "US"}


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_LIMIT:,}, not {text}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `search` sub-command."""
    parser = subparsers.add_parser("search", help="search the laws as the browser does")
    parser.add_argument("query", help="words to find (the last one may be unfinished)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only laws of this game")
    parser.add_argument("--code", choices=sorted(CODES), help="only laws of this code")
    parser.add_argument("--topic", choices=sorted(TOPICS), help="only laws on this topic")
    parser.add_argument("--limit", type=_limit, default=PAGE,
                        help=f"most laws (default {PAGE}, as the search box)")
    parser.add_argument("--literal", action="store_true",
                        help="search the words as typed, without spelling correction")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Load the content, search, and print the results."""
    from app.search.store import LawsStore  # after argument checks: the index costs time to build

    try:
        content = load_content(cached=True)
        store = LawsStore.cached(content)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        results = store.find(
            args.query, game=args.game, code=args.code, topic=args.topic, limit=args.limit,
            literal=args.literal,
        )
    finally:
        store.close()
    if args.json:
        print(json.dumps(as_json(results), ensure_ascii=False, indent=2))
    else:
        print_text(results)
    return 0


def _hit_json(hit: SearchHit) -> dict[str, Any]:
    return {
        "id": hit.law_id,
        "title": hit.title,
        "code": hit.code,
        "badge": BADGES.get(hit.code, hit.code),
        "topic": hit.topic,
        "score": None if hit.rank == float("inf") else hit.rank,
        "snippet": snippet_text(hit),
        "matched": [
            {"typed": m.typed, "found": m.found, "how": m.how, **({"source": m.source}
                                                                  if m.source else {})}
            for m in hit.matched
        ],
        "missed": list(hit.missed),
        "same_situation_only": not hit.matched and not hit.missed,
    }


def as_json(results: SearchResults) -> dict[str, Any]:
    """The results as the JSON the command prints."""
    return {
        "query": results.query,
        "searched": results.corrected_text,
        "corrections": [{"typed": t, "used": u} for t, u in results.corrections],
        "games_named": list(results.games),
        "dropped": list(results.dropped),
        "mode": results.mode,
        "situations": [
            {
                "rank": n,
                "game": group.game,
                "case": group.case,
                "codes": [BADGES.get(c, c) for c in group.codes],
                "laws": [_hit_json(h) for h in group.hits],
            }
            for n, group in enumerate(results.groups, start=1)
        ],
    }


def print_text(results: SearchResults) -> None:
    """One block per situation: the best law's id, title and snippet, then its other codes."""
    if results.corrected:
        print(f"showing results for: {results.corrected_text}  "
              "(--literal searches the words as typed)\n")
    if not results.groups:
        print("no laws match")
        return
    if results.mode == "any":
        print("no law has every word; laws with some of them:\n")
    for n, group in enumerate(results.groups):
        if n:
            print()
        best = group.best
        print(f"{best.law_id}\n  {best.title}\n  {snippet_text(best)}")
        others = [h for h in group.hits[1:]]
        if others:
            print("  also: " + "; ".join(f"[{BADGES.get(h.code, h.code)}] {h.law_id}"
                                         for h in others))
    laws = sum(len(g.hits) for g in results.groups)
    print(f"\n{len(results.groups)} situations, {laws} laws")
