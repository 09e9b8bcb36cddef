"""`python -m app prepare [--into FOLDER]`: build ahead of use what the app derives from the
content: the content store, the search index and the quiz bank's survey and catalogue.

With `--into`, for the app's own content, as the package build does (setup.py): the folder
is the content package's `prepared` folder, which ships in the wheel and is read before
the user cache (app/corpus/cache.py). Without it, into the user cache, as a first start
would: a club's own content ($CARDLAWS_CONTENT_DIR) prepared before the window opens."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.corpus.checks import ContentError
from app.corpus.laws import Content
from app.corpus.loading import content_dir, load_content

EXIT_INVALID = 1
EXIT_USAGE = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `prepare` sub-command."""
    parser = subparsers.add_parser(
        "prepare", help="build the content store, search index and quiz bank ahead of use")
    parser.add_argument(
        "--into", type=Path, default=None, metavar="FOLDER",
        help="write them into FOLDER as the package build ships them (default: the cache)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--index-only", action="store_true",
        help="only the search index, into the cache (what the window asks for when it "
             "opens content whose index is not built yet)")
    only.add_argument(
        "--quiz-only", action="store_true",
        help="only the quiz bank's survey and catalogue, into the cache (what the window asks "
             "for when the quizzes first open over content whose survey is not taken yet)")
    parser.set_defaults(func=run)


def prepare(root: Path, into: Path | None, index_only: bool = False,
            quiz_only: bool = False) -> Content:
    """Build the three for the content of `root` (or its search index alone, or its quiz
    survey alone), into `into` (emptied of older ones first) or the user cache; the content
    as served from its store."""
    from app.search.store import LawsStore
    from quizzes import prepared
    from quizzes.bank import QuestionBank

    if into is None:
        content = load_content(root, None, cached=True)
        if not quiz_only:
            LawsStore.cached(content).close()
        if not index_only:
            prepared.stored_or_derived(QuestionBank(content))
        return content
    from app.corpus.store import SHIPPED_NAME
    from app.corpus.stored import write_prepared

    into.mkdir(parents=True, exist_ok=True)
    for old in (*into.glob("search-*.sqlite"), *into.glob("quiz-prepared-*.jsonl"),
                into / SHIPPED_NAME):
        old.unlink(missing_ok=True)
    content = write_prepared(root, into)
    LawsStore.cached(content, into).close()
    bank = QuestionBank(content)
    key = prepared.prepared_key(bank)
    prepared.write(key, prepared.derive(bank), into)
    if prepared.read_from(key, into) is None:
        raise OSError(f"the quiz bank's survey could not be written into {into}")
    return content


def run(args: argparse.Namespace) -> int:
    """Prepare, and say where."""
    root = content_dir()
    if (args.index_only or args.quiz_only) and args.into is not None:
        only = "--index-only" if args.index_only else "--quiz-only"
        print(f"cardlaws: {only} prepares into the cache, not --into", file=sys.stderr)
        return EXIT_USAGE
    try:
        content = prepare(root, args.into, args.index_only, args.quiz_only)
    except ContentError as exc:
        print(f"cardlaws: the content cannot be prepared:\n{exc}", file=sys.stderr)
        return EXIT_INVALID
    where = args.into if args.into is not None else "the cache"
    print(f"prepared {len(content.laws)} laws of {root} into {where}")
    return 0
