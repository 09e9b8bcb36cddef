"""Authored items as questions: true/false and multiple choice from content/quiz/*.toml."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quizzes.authored import AuthoredItem
from quizzes.checkable import rests_on_unchecked
from quizzes.questions import Choice, Question, QuestionError

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "authored"


def askable(bank: QuestionBank, item: AuthoredItem) -> bool:
    """Whether an item's answer rests only on laws a learner can check in a named printed
    source (quizzes.checkable: not Cinch's failed bid of one modern website, the fourteenth
    round's #127)."""
    return not rests_on_unchecked(bank.content, item.laws)


def laws(bank: QuestionBank) -> list[str]:
    """The main law of every authored item that may be asked (askable)."""
    return sorted({item.laws[0] for item in bank.authored.values() if askable(bank, item)})


def from_item(bank: QuestionBank, item: AuthoredItem) -> Question:
    """The question for one authored item (QuestionError for one that may not be asked)."""
    if not askable(bank, item):
        raise QuestionError(f"authored item {item.id!r} rests on a law no printed source "
                            "a learner can hold gives")
    return as_question(bank, item)


def as_question(bank: QuestionBank, item: AuthoredItem) -> Question:
    """An authored item as a question, whether or not it may be asked (from_item asks)."""
    law = bank.content.laws[item.laws[0]]
    if item.kind == "true-false":
        choices: tuple[Choice, ...] = (Choice("true", "True"), Choice("false", "False"))
        answer = "true" if item.answer is True else "false"
    else:
        texts = item.ordered_choices
        choices = tuple(Choice("abcdef"[i], t) for i, t in enumerate(texts))
        answer = choices[texts.index(str(item.answer))].key
    return Question(
        id=f"authored:{item.id}",
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=item.laws,
        prompt=item.prompt,
        kind="single",
        choices=choices,
        answer=(answer,),
        explanation=item.explanation,
        links=bank.links(item.laws),
    )


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """One of the law's authored items, picked by the seed."""
    items = [i for i in bank.authored.values() if i.laws[0] == law_id and askable(bank, i)]
    if not items:
        raise LookupError(f"no authored item tests {law_id}")
    return from_item(bank, items[seed % len(items)])
