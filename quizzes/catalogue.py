"""The item catalogue: every item the quizzes can ask, and the order new items come in.

Both are derived from the content, the authored items and the survey, once per content
version (quizzes.prepared keeps them between runs, so a start reads them instead of asking
every generator about every law). Every function here is linear in the number of items.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from app.corpus.vocabulary import GAMES, TOPICS
from quizzes.checkable import checkable
from quizzes.questions import QUESTION_TYPES, item_key

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

T = TypeVar("T")


class ItemInfo(NamedTuple):
    """A scheduled item: a question type on a law, filed under the law's game, topic and code."""

    key: str
    type: str
    law: str
    game: str
    topic: str
    code: str


def catalogue(bank: QuestionBank) -> dict[str, ItemInfo]:
    """Every item, ordered by game and topic (vocabulary order), law (content order), type;
    none on a law a learner cannot check in a named printed source (quizzes.checkable), which
    the rules browser shows all the same."""
    from quizzes.generators import GENERATORS

    laws = bank.content.laws
    order = {law_id: n for n, law_id in enumerate(laws)}
    types = {t: n for n, t in enumerate(QUESTION_TYPES)}
    games = {g: n for n, g in enumerate(GAMES)}
    topics = {t: n for n, t in enumerate(TOPICS)}
    found: list[ItemInfo] = []
    for qtype, module in GENERATORS.items():
        for law_id in module.laws(bank):
            if not checkable(bank.content, law_id):
                continue
            law = laws[law_id]
            found.append(
                ItemInfo(item_key(qtype, law_id), qtype, law_id, law.game, law.topic, law.code)
            )
    found.sort(key=lambda i: (games[i.game], topics[i.topic], order[i.law], types[i.type]))
    return {i.key: i for i in found}


def round_robin(groups: Iterable[Sequence[T]]) -> list[T]:
    """One from each group in turn, until every group is spent."""
    queues = list(groups)
    out: list[T] = []
    for k in range(max((len(q) for q in queues), default=0)):
        out.extend(q[k] for q in queues if k < len(q))
    return out


def _grouped(items: Iterable[T], key: Callable[[T], Hashable]) -> list[list[T]]:
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return list(groups.values())


# The turn in which a game's question types come: each game starts one further along it, so
# that consecutive new items differ in game and, from the first, in type ("Laws in brief", a
# question in words that needs nothing dealt, starts the first game's). Penalties come before
# rulings: half the games ask no "which law?" item, and a game lacking one moves to its next
# type, which beside the next game's own must not make three rulings running.
TYPE_TURN = ("authored", "law", "penalty", "ruling", "code", "revoke")


def type_turn(game: str) -> tuple[str, ...]:
    """The order a game's new items take the question types in (TYPE_TURN, started further
    along by the game's place in the vocabulary)."""
    start = list(GAMES).index(game) % len(TYPE_TURN) if game in GAMES else 0
    return TYPE_TURN[start:] + TYPE_TURN[:start]


def spread(items: Iterable[ItemInfo], case_of: Mapping[str, str],
           start: float = 0.0) -> list[ItemInfo]:
    """Items of one game and type (in catalogue order) across topics in turn, and within a
    topic across its cases in turn, so that no run of them asks about one situation. Each
    topic's cases start `start` of the way along (a fraction): the types taking turns in a
    game start at different situations of a topic, so one law is not asked twice running."""
    out = []
    for group in _grouped(items, lambda i: i.topic):
        cases = _grouped(group, lambda i: case_of.get(i.law) or i.law)
        at = int(start * len(cases))
        out.append(round_robin(cases[at:] + cases[:at]))
    return round_robin(out)


def game_sequence(items: Iterable[ItemInfo], case_of: Mapping[str, str]) -> list[ItemInfo]:
    """One game's items (in catalogue order) in the order they are introduced: its question
    types in turn (type_turn), each type's items spread over topics and cases."""
    by_type = {g[0].type: g for g in _grouped(items, lambda i: i.type)}
    if not by_type:
        return []
    game = next(iter(by_type.values()))[0].game
    turn = [t for t in type_turn(game) if t in by_type]
    return round_robin([spread(by_type[t], case_of, k / len(turn)) for k, t in enumerate(turn)])


def new_order(items: Mapping[str, ItemInfo], case_of: Mapping[str, str]) -> tuple[str, ...]:
    """The order new items are introduced in: across games in turn, each game's items across
    its question types in turn, and within a type across topics and cases (`case_of`: a law's
    case, by law id) in turn, so that no run of questions asks about one situation, one game
    or one kind of question.

    Taken over every item once; a module (whole topics of one game, or whole games) keeps
    this order restricted to its items. A game's own sequence depends on its items alone, so
    the first items of a game can be worked out from that game (quizzes.first)."""
    games = _grouped(items.values(), lambda i: i.game)
    return tuple(i.key for i in round_robin([game_sequence(g, case_of) for g in games]))
