"""The whole bank's questions for a few seeds, built once per test session.

Several audits walk every item of the bank for the same seeds (one answer, the stems, the
situations' words, well-formed questions); one seed of the whole bank takes some 12 s to
build, so each is built once and read by all of them. A question is the same whoever builds
it (its id rebuilds it), so sharing them changes no result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from quizzes.bank import ItemInfo, default_bank
from quizzes.generators.common import public_table, rule_dealt
from quizzes.moments import Dealt, deal_moment
from quizzes.questions import Question, QuestionError
from quizzes.stem import with_deciding_facts
from quizzes.table_header import table_words
from quizzes.words import event_words

BANK = default_bank()


@cache
def question(item: str, seed: int) -> Question | QuestionError:
    """An item's question from `seed`, or why that seed builds none."""
    info = BANK.items[item]
    try:
        return BANK.generate(info.type, info.law, seed)
    except QuestionError as exc:
        return exc


@cache
def generated(kind: str, law_id: str, seed: int) -> Question | None:
    """The question of a type and law from `seed`, or None where that seed (or the law) builds
    none: the helper the round tests of single laws share."""
    try:
        return BANK.generate(kind, law_id, seed)
    except (QuestionError, LookupError):
        return None


def marked_words(q: Question) -> str:
    """The words of the choice (or choices) a question marks right."""
    return " ".join(c.text for c in q.choices if c.key in q.answer)


def of_seed(seed: int) -> tuple[tuple[ItemInfo, Question | QuestionError], ...]:
    """Each item of the bank, in bank order, with its question from `seed` (or why that seed
    builds none)."""
    return tuple((info, question(item, seed)) for item, info in BANK.items.items())


def built(seeds: Iterable[int], types: Iterable[str] | None = None) -> Iterator[Question]:
    """Every item (of `types`) built from each seed, item by item as quizzes.audit.questions
    gives them; the items a seed cannot build are skipped."""
    wanted = None if types is None else set(types)
    per_seed = [of_seed(seed) for seed in seeds]
    for n, (info, _) in enumerate(per_seed[0] if per_seed else ()):
        if wanted is not None and info.type not in wanted:
            continue
        for items in per_seed:
            question = items[n][1]
            if isinstance(question, Question):
                yield question


def dealt_moments(event: str, n: int, salt: str, *, game: str | None = None,
                  stage: str | None = None) -> Iterator[Dealt]:
    """Up to `n` moments dealt for each (game, stage, event) the survey rules for `event` (of
    `game`, at `stage`), each from its own seed named by `salt`; fails when none is ruled."""
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled
                     if c[2] == event and (game is None or c[0] == game)
                     and (stage is None or c[1] == stage)})
    assert combos, event
    for combo in combos:
        for k in range(n):
            made = deal_moment(BANK, combo, random.Random(f"{salt}:{combo}:{k}"))
            if made is not None:
                yield made


@dataclass(frozen=True)
class Told:
    """A dealt moment as a ruling question on it tells it, where the bank asks no question of
    it (an error in the cut, whose laws give two rulings only: quizzes.generators.rivals): the
    stem, the table the engine rules and the table the learner would be shown."""

    id: str
    situation: str
    table: Mapping[str, Any]
    shown: Mapping[str, Any]
    prompt: str = "What is the ruling?"


def told_moments(event: str, n: int, salt: str, *, game: str | None = None,
                 stage: str | None = None) -> Iterator[Told]:
    """The moments dealt_moments gives, each told as quizzes.generators.ruling words a table
    (every code's ruling's deciding facts stated); a moment no ruling can be fair on is
    skipped."""
    for k, made in enumerate(dealt_moments(event, n, salt, game=game, stage=stage)):
        found = rule_dealt(BANK, made)
        if found is None:
            continue
        played = BANK.games[found.scenario.game]
        seen = public_table(found.seen)
        situation = with_deciding_facts(
            f"{table_words(found.scenario, played)}\n{event_words(found.scenario, played)}",
            found.ruling.rulings, found.scenario, seen)
        yield Told(f"{salt}:{found.scenario.game}:{k}", situation, public_table(found.table),
                   seen)


def asked(items: Iterable[str], seeds: Iterable[int]) -> Iterator[Question]:
    """The questions the items build from the seeds. An item the bank no longer asks (its
    ruling says nothing a learner could be asked, or its codes agree) is left out; `built_of`
    still fails when none of the items is asked."""
    seeds = tuple(seeds)
    for item in items:
        if item not in BANK.items:
            continue
        for seed in seeds:
            q = question(item, seed)
            if isinstance(q, Question):
                yield q


def built_of(items: Iterable[str], seeds: Iterable[int]) -> list[Question]:
    """`asked`, failing when no item builds a question."""
    items = tuple(items)
    found = list(asked(items, seeds))
    assert found, f"no question built of {items}"
    return found
