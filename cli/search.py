"""`python -m app search "QUERY" [--game G] [--code C] [--topic T] [--limit N]`: ranked laws."""

from __future__ import annotations

import argparse
import sys

from app.content import ContentError, load_content
from app.search import snippet_text
from app.store import LawsStore
from app.vocabulary import CODES, GAMES, TOPICS


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `search` sub-command."""
    parser = subparsers.add_parser("search", help="search the laws as the browser does")
    parser.add_argument("query", help="words to find (the last one may be unfinished)")
    parser.add_argument("--game", choices=sorted(GAMES), help="only laws of this game")
    parser.add_argument("--code", choices=sorted(CODES), help="only laws of this code")
    parser.add_argument("--topic", choices=sorted(TOPICS), help="only laws on this topic")
    parser.add_argument("--limit", type=_positive, default=20, help="most results (default 20)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Load the content, search, and print one block per law: id, title, snippet."""
    try:
        content = load_content()
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    store = LawsStore(content)
    try:
        hits = store.search(
            args.query, game=args.game, code=args.code, topic=args.topic, limit=args.limit
        )
    finally:
        store.close()
    if not hits:
        print("no laws match")
        return 0
    for n, hit in enumerate(hits):
        if n:
            print()
        print(f"{hit.law_id}\n  {hit.title}\n  {snippet_text(hit)}")
    return 0
