"""`python -m app ask`: a guided ruling, asking only the facts that decide.

    ask --game G --json                                  the game's events
    ask --game G --event E [--answer FACT=VALUE]... --json  the next question, or the ruling
    ask --game G [--event E]                             an interview on the terminal

FACT is spelled as the question names it (`has-looked[North]`, `event.player`); `unknown` is
always an accepted value. Exit 0, or 2 with a message for a bad game, event, fact or value.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.ask.answers import UNKNOWN_ANSWER, AnswerError, fact_key, spell
from app.ask.interview import Interview
from app.ask.questions import Question, offered_events
from app.corpus.laws import Content
from app.engine.report import format_ruling
from app.model.games import Game
from cli.games import load_game


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `ask` sub-command."""
    parser = subparsers.add_parser(
        "ask", help="a guided ruling: only the facts that decide, one question at a time")
    parser.add_argument("--game", required=True, help="the game (its id or its name)")
    parser.add_argument("--event", help="what happened (an event type; see the list)")
    parser.add_argument("--answer", action="append", default=[], metavar="FACT=VALUE",
                        help="a fact already answered (repeat); VALUE may be 'unknown'")
    parser.add_argument("--json", action="store_true", help="print JSON, ask nothing")
    parser.set_defaults(func=run)


def _question_json(q: Question) -> dict[str, Any]:
    out = q.to_json()
    out["fact"] = spell(q.key)  # as --answer takes it back
    out["choices"].append({"value": UNKNOWN_ANSWER, "words": "I don't know"})
    return out


def run(args: argparse.Namespace) -> int:
    """Exit 0 with events, a question or a ruling; 2 on a bad game, event, fact or value."""
    loaded = load_game(args.game)
    if isinstance(loaded, int):
        return loaded
    content, games, game = loaded
    events = offered_events(game)
    if args.event is None:
        if args.json:
            print(json.dumps({"events": [{"type": t, "words": w} for t, w in events]},
                             indent=2, ensure_ascii=False))
            return 0
        return _interactive(game, games, content, None, [])
    if args.event not in dict(events):
        print(f"{game.name} has no event {args.event!r}; events: "
              f"{', '.join(t for t, _ in events)}", file=sys.stderr)
        return 2
    interview = Interview(game, games, content, args.event)
    try:
        _replay(interview, args.answer)
    except AnswerError as exc:
        print(f"invalid answer: {exc}", file=sys.stderr)
        return 2
    if not args.json:
        return _interactive(game, games, content, interview, [])
    asked = [a.to_json() for a in interview.asked()]
    question = interview.next_question()
    if question is not None:
        print(json.dumps({"question": _question_json(question), "asked": asked}, indent=2,
                         ensure_ascii=False))
    else:
        print(json.dumps({"ruling": interview.ruling().to_json(), "asked": asked}, indent=2,
                         ensure_ascii=False))
    return 0


def _replay(interview: Interview, answers: list[str]) -> None:
    """The answers given on the line, each checked against the fact it names."""
    for given in answers:
        spelled, sep, value = given.partition("=")
        if not sep:
            raise AnswerError(f"{given!r} is not FACT=VALUE")
        key = fact_key(spelled.strip())
        question = interview.question(key) if _is_fact(interview, key) else None
        if question is None:
            raise AnswerError(f"unknown fact {spelled.strip()!r}")
        interview.answer(key, value)


def _is_fact(interview: Interview, key: tuple[str, str | None]) -> bool:
    from app.model.events import EVENTS
    from app.model.facts import EVENT_PREFIX, FACTS

    fact, seat = key
    if key == ("count-error", None):  # every hand's count, in one answer
        return True
    if fact.startswith(EVENT_PREFIX):
        return EVENTS[interview.event].field(fact[len(EVENT_PREFIX):]) is not None
    declared = FACTS.get(fact)
    if declared is None:
        return False
    return (seat in interview.players) if declared.of_seat else seat is None


def _interactive(game: Game, games: dict[str, Game], content: Content,
                 interview: Interview | None, _: list[str]) -> int:
    """The interview on the terminal: numbers or typed values; Enter on nothing goes back."""
    if interview is None:
        events = offered_events(game)
        print(f"{game.name}: what happened?")
        for n, (_etype, words) in enumerate(events, start=1):
            print(f"  {n}. {words}")
        chosen = _read(f"1-{len(events)}: ")
        if chosen is None or not chosen.isdigit() or not 1 <= int(chosen) <= len(events):
            print("no event chosen", file=sys.stderr)
            return 2
        interview = Interview(game, games, content, events[int(chosen) - 1][0])
    while (question := interview.next_question()) is not None:
        print(f"\n{question.words}")
        for n, choice in enumerate(question.choices, start=1):
            print(f"  {n}. {choice.words}")
        print("  ?. I don't know" + (f"   (or type {question.free})" if question.free else ""))
        typed = _read("> ")
        if typed is None:
            return 0
        if typed == "" and interview.order:
            interview.back_to(interview.order[-1])
            continue
        if typed.isdigit() and 1 <= int(typed) <= len(question.choices):
            typed = question.choices[int(typed) - 1].value
        elif typed == "?":
            typed = UNKNOWN_ANSWER
        try:
            interview.answer(question.key, typed)
        except AnswerError as exc:
            print(f"  {exc}")
    print()
    print(format_ruling(interview.ruling(), content), end="")
    return 0


def _read(prompt: str) -> str | None:
    try:
        return input(prompt).strip()
    except EOFError:
        return None
