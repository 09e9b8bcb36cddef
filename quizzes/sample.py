"""A sample of the bank for judging by hand: questions of every type, game and code.

A blind audit judges a few hundred questions a reader can check against the laws. The sample
must reach every corner a learner can reach, so it is drawn in three passes: one item for each
(type, game) the bank holds, one for each code not yet drawn, then the rest at random; each
item is then asked once with a seed of its own. The same seed draws the same sample, so a
finding's number can be looked up again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from quizzes.generators.authored import TYPE as AUTHORED
from quizzes.questions import QuestionError

if TYPE_CHECKING:
    from collections.abc import Callable

    from quizzes.bank import QuestionBank
    from quizzes.catalogue import ItemInfo
    from quizzes.questions import Question


def sample_items(items: list[ItemInfo], count: int, rng: random.Random) -> list[ItemInfo]:
    """`count` items covering every (type, game) pair first, then every code, then drawn at
    random: distinct while the bank holds enough, else every item and then generated items
    again (each asked with a seed of its own, so a second question of an item is another
    table; an authored item is never asked twice). Fewer than `count` when the bank holds
    only authored items."""
    chosen: dict[str, ItemInfo] = {}
    pool = sorted(items, key=lambda info: info.key)

    def draw_one_of_each(group_of: Callable[[ItemInfo], object]) -> None:
        groups: dict[object, list[ItemInfo]] = {}
        for info in pool:
            groups.setdefault(group_of(info), []).append(info)
        for group in sorted(groups, key=str):
            if len(chosen) >= count:
                return
            if any(group_of(info) == group for info in chosen.values()):
                continue
            # A law not drawn yet where the group has one: one law asked as two types is one
            # case asked twice (the eleventh round's near-duplicates).
            laws = {info.law for info in chosen.values()}
            pick = rng.choice([i for i in groups[group] if i.law not in laws] or groups[group])
            chosen[pick.key] = pick

    draw_one_of_each(lambda info: (info.type, info.game))
    draw_one_of_each(lambda info: (info.game, info.code))
    rest = [info for info in pool if info.key not in chosen]
    rng.shuffle(rest)
    # The rest at random, the laws not yet drawn first: a law's second item only once every
    # law has one.
    drawn_laws = {info.law for info in chosen.values()}
    fresh = []
    for info in rest:
        if info.law not in drawn_laws:
            drawn_laws.add(info.law)
            fresh.append(info)
    again = [info for info in rest if info not in fresh]
    for info in (fresh + again)[: max(0, count - len(chosen))]:
        chosen[info.key] = info
    drawn = list(chosen.values())
    # Asked again, an authored item is the same question word for word (it has no seed): only
    # generated items, each of whose seeds is another table, are drawn a second time (the
    # ninth blind round's #75 and #100 were one authored item twice).
    varied = [info for info in pool if info.type != AUTHORED]
    while len(drawn) < count and varied:
        again = list(varied)
        rng.shuffle(again)
        drawn += again[: count - len(drawn)]
    rng.shuffle(drawn)
    return spread_by_law(drawn)


def spread_by_law(items: list[ItemInfo]) -> list[ItemInfo]:
    """The items reordered so that no two of one law come one after the other, where the
    rest allow it: each next item is the first left of a law other than the last one's."""
    left = list(items)
    out: list[ItemInfo] = []
    while left:
        at = next((n for n, info in enumerate(left) if not out or info.law != out[-1].law), 0)
        out.append(left.pop(at))
    return out


def sample_questions(
    bank: QuestionBank, count: int, seed: int
) -> list[tuple[ItemInfo, Question | QuestionError]]:
    """The sample's items, each asked once (or the reason it could not be built)."""
    rng = random.Random(seed)
    asked: list[tuple[ItemInfo, Question | QuestionError]] = []
    said: set[tuple[object, ...]] = set()
    for info in sample_items(list(bank.items.values()), count, rng):
        question_rng = random.Random(rng.randrange(2**32))
        try:
            question = bank.for_item(info.key, question_rng)
            # Two seeds of an item may find one table (a deal played out leaves few cards):
            # the sample asks each question once (the twenty-ninth round's #1 and #30).
            for _ in range(REDRAWS):
                if _words(question) not in said:
                    break
                question = bank.for_item(info.key, question_rng)
            said.add(_words(question))
            asked.append((info, question))
        except QuestionError as exc:
            asked.append((info, exc))
    return asked


REDRAWS = 5  # seeds tried for a question not already in the sample


def _words(q: Question) -> tuple[object, ...]:
    """What a reader sees of a question: its stem, prompt and choices."""
    return (q.situation, q.prompt, tuple(c.text for c in q.choices))
