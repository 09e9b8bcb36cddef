"""The item catalogue: every item the quizzes can ask, and the order new items come in.

Both are derived from the content, the authored items and the survey, once per content
version (quizzes.prepared keeps them between runs, so a start reads them instead of asking
every generator about every law). Every function here is linear in the number of items.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from app.corpus.vocabulary import GAMES, TOPICS
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
    """Every item, ordered by game and topic (vocabulary order), law (content order), type."""
    from quizzes.generators import GENERATORS

    laws = bank.content.laws
    order = {law_id: n for n, law_id in enumerate(laws)}
    types = {t: n for n, t in enumerate(QUESTION_TYPES)}
    games = {g: n for n, g in enumerate(GAMES)}
    topics = {t: n for n, t in enumerate(TOPICS)}
    found: list[ItemInfo] = []
    for qtype, module in GENERATORS.items():
        for law_id in module.laws(bank):
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


def new_order(items: Mapping[str, ItemInfo], case_of: Mapping[str, str]) -> tuple[str, ...]:
    """The order new items are introduced in: across games and topics in turn, and within a
    topic across its cases (`case_of`: a law's case, by law id) in turn, so that no run of
    questions asks about one situation.

    Taken over every item once; a module (whole topics of one game, or whole games) keeps
    this order restricted to its items, which is the same round robin over its own groups."""
    topics = _grouped(items.values(), lambda i: (i.game, i.topic))
    spread = [round_robin(_grouped(g, lambda i: case_of.get(i.law) or i.law)) for g in topics]
    by_game = _grouped(round_robin(spread), lambda i: i.game)
    return tuple(i.key for i in round_robin(by_game))
