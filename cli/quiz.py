"""`python -m app quiz {show,next,validate,audit,items,sample}`: look at quiz questions from the
command line."""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from app.corpus.checks import ContentError
from app.corpus.loading import load_content

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank
    from quizzes.questions import Question


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `quiz` sub-command and its own sub-commands."""
    parser = subparsers.add_parser("quiz", help="show and validate quiz questions")
    sub = parser.add_subparsers(dest="quiz_command", required=True)
    show = sub.add_parser("show", help="print the question an id names (or a new one for an item)")
    show.add_argument("id", help="question id (TYPE:LAW:SEED, authored:ENTRY) or item (TYPE:LAW)")
    show.add_argument("--json", action="store_true", help="print the question as JSON")
    show.add_argument("--seed", type=int, default=None, help="seed when an item is given")
    show.set_defaults(func=run_show)
    first = sub.add_parser("next", help="print the question a new learner is asked first")
    first.add_argument("--game", default=None, help="in this game's module (default: everything)")
    first.add_argument("--json", action="store_true", help="print the question as JSON")
    first.add_argument("--seed", type=int, default=None, help="seed of the question built")
    first.set_defaults(func=run_next)
    validate = sub.add_parser("validate", help="validate content/quiz/*.toml")
    validate.add_argument("directory", nargs="?", type=Path, default=None)
    validate.set_defaults(func=run_validate)
    audit = sub.add_parser(
        "audit", help="build every item for several seeds; judge each from the laws and the "
        "engine's rulings, and list the problems per class"
    )
    audit.add_argument("--seeds", type=int, default=3, help="seeds 0..N-1 per item (3)")
    audit.set_defaults(func=run_audit)
    items = sub.add_parser("items", help="list every item the quizzes can ask")
    items.add_argument("--type", help="only this question type")
    items.add_argument("--game", help="only this game")
    items.set_defaults(func=run_items)
    sample = sub.add_parser(
        "sample", help="print a sample of questions of every type, game and code, numbered, "
        "for judging by hand"
    )
    sample.add_argument("--count", type=int, default=200, help="how many questions (200)")
    sample.add_argument("--seed", type=int, default=0, help="seed of the draw (0)")
    sample.set_defaults(func=run_sample)


def run_show(args: argparse.Namespace) -> int:
    """Print a question: exit 0, 2 when the id names no question, 1 on invalid content."""
    from quizzes.bank import QuestionBank
    from quizzes.questions import QuestionError

    try:
        bank = QuestionBank()
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        if args.id.count(":") == 1 and args.id.partition(":")[2] not in bank.authored:
            # An item key as `quiz items` lists it (authored items by their law).
            question = bank.for_item(args.id, random.Random(args.seed))
        else:
            question = bank.question(args.id)
    except QuestionError as exc:
        print(f"no such question: {exc}", file=sys.stderr)
        return 2
    _print_question(bank, question, as_json=args.json)
    return 0


def run_next(args: argparse.Namespace) -> int:
    """Print the question a new learner is asked first, without preparing every question:
    exit 0, 2 when there is none (an unknown game, nothing to ask), 1 on invalid content."""
    from app.corpus.vocabulary import GAMES
    from quizzes.bank import QuestionBank
    from quizzes.first import first_question

    if args.game is not None and args.game not in GAMES:
        print(f"no such game: {args.game!r} (one of {', '.join(GAMES)})", file=sys.stderr)
        return 2
    try:
        bank = QuestionBank()
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    question = first_question(bank, args.game, random.Random(args.seed))
    if question is None:
        print("no question to ask", file=sys.stderr)
        return 2
    _print_question(bank, question, as_json=args.json)
    return 0


def _print_question(bank: QuestionBank, question: Question, *, as_json: bool) -> None:
    """The question as JSON, or in words: what the learner sees, then (as on the screen once
    it is answered) the answer, why, the source of the law and the question's id. The id names
    the law and the source its section: printed first, they would give the answer away."""
    if as_json:
        print(json.dumps(asdict(question), indent=2, ensure_ascii=False))
        return
    if question.situation:
        print(question.situation)
    if question.shown:
        # The table the screen draws beside the question, in words (quizzes.stem).
        from quizzes.stem import table_text

        print(f"The table: {table_text(question.shown)}")
    print(question.prompt)
    for choice in question.choices:
        print(f"  [{choice.key}] {choice.text}")
    print(f"answer: {question.correct_words()}")
    print(f"why: {question.explanation}")
    from quizzes.questions import source_words

    sources = source_words(question, bank.content.laws)
    if sources:
        print(f"source: {sources}")
    # The laws the question asks, apart from their counterparts under other codes (linked for
    # comparison): a French law on an English question's laws line reads as part of its answer
    # (the seventh blind round's #155).
    print("laws: " + ", ".join(question.laws))
    compared = [law for law in question.links if law not in question.laws]
    if compared:
        print("compare (other codes' counterparts): " + ", ".join(compared))
    print(f"id: {question.id}")


def run_validate(args: argparse.Namespace) -> int:
    """Validate the authored items: exit 0 when sound, 1 listing every problem."""
    from quizzes.authored import load_authored

    if args.directory is not None and not args.directory.is_dir():
        print(f"cardlaws: {args.directory} is not a folder of quiz items", file=sys.stderr)
        return 2
    try:
        items = load_authored(load_content(), args.directory)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"quiz OK: {len(items)} authored items")
    return 0


def run_audit(args: argparse.Namespace) -> int:
    """Audit the whole bank: exit 0 when every question has one defensible answer, else 1."""
    from quizzes.audit import audit_bank
    from quizzes.bank import QuestionBank

    result = audit_bank(QuestionBank(), range(max(1, args.seeds)))
    for problem in (*result.problems, *result.findings):
        print(problem)
    # Per class of the blind audit (quizzes/judge.py), then per question type.
    for cls, failing in result.by_class().items():
        print(f"{cls}: {len(failing)} questions")
    for qtype, built in result.built.items():
        print(f"{qtype}: {result.failing(qtype)} of {built} questions without one answer")
    return 1 if result.problems or result.findings else 0


def run_items(args: argparse.Namespace) -> int:
    """List item keys, one a line."""
    from quizzes.bank import QuestionBank

    bank = QuestionBank()
    for info in bank.items.values():
        if (args.type is None or info.type == args.type) and (
            args.game is None or info.game == args.game
        ):
            print(info.key)
    return 0


def run_sample(args: argparse.Namespace) -> int:
    """Print a numbered sample (quizzes.sample): exit 0, 1 when an item could not be built."""
    from quizzes.bank import QuestionBank
    from quizzes.sample import sample_questions

    if args.count < 1:
        print("cardlaws: --count must be at least 1", file=sys.stderr)
        return 2
    bank = QuestionBank()
    failed = 0
    for number, (info, question) in enumerate(sample_questions(bank, args.count, args.seed), 1):
        print(f"## #{number} ({info.type}, {info.game}, {info.code})")
        if isinstance(question, Exception):
            failed += 1
            print(f"not built: {question}")
        else:
            _print_question(bank, question, as_json=False)
        print()
    return 1 if failed else 0
