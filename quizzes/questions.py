"""Questions, answers and results: what every question type produces and how it is checked.

A question's id names how to rebuild it: `TYPE:LAW:SEED` for generated questions
(`ruling:rubicon-bezique.english.surplus-after-first-trick:1234`) and `authored:ENTRY` for
authored items. The item a question exercises (what the scheduler tracks) is `TYPE:LAW`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

# Question types, in the order a new item's types are introduced.
QUESTION_TYPES: dict[str, str] = {
    "law": "Which law applies?",
    "ruling": "What is the ruling?",
    "code": "English or French?",
    "revoke": "Spot the revoke",
    "penalty": "Count the penalty",
    "authored": "Laws in brief",
}
# How an answer is given.
KINDS = ("single", "multi", "number")

Answer = str | int | Collection[str]


class QuestionError(ValueError):
    """A question id that cannot be rebuilt, or an answer of the wrong form."""


@dataclass(frozen=True)
class Choice:
    """One answer the learner may pick; `code` marks a remedy that belongs to another code."""

    key: str
    text: str
    code: str = ""


@dataclass(frozen=True)
class Question:
    """A question with its correct answer, computed by the engine or written by an author."""

    id: str
    type: str
    game: str
    topic: str
    code: str
    laws: tuple[str, ...]
    prompt: str
    kind: str
    answer: tuple[str, ...] | int
    explanation: str
    links: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    table: Mapping[str, Any] | None = field(default=None, compare=False)
    situation: str = ""
    # The table as the learner sees it once the event has happened (quizzes/seen.py): a card
    # led or played lies on the trick, out of its hand. None: as `table`, which is what the
    # engine rules (the table as it stood, the event naming the card).
    seen: Mapping[str, Any] | None = field(default=None, compare=False)
    # A number asked as points taken off a score: "-40" typed for "how many points are taken
    # off?" says the same as "40", and is read so.
    deduction: bool = False

    @property
    def shown(self) -> Mapping[str, Any] | None:
        """The table drawn beside the question (and said in words on the command line)."""
        return self.seen if self.seen is not None else self.table

    @property
    def law(self) -> str:
        """The law the question mainly tests (the one its item is scheduled on)."""
        return self.laws[0]

    @property
    def item(self) -> str:
        """The scheduled item: question type and main law."""
        return item_key(self.type, self.law)

    @property
    def seed(self) -> int | None:
        """The seed a generated question was built from (None for authored items)."""
        parts = self.id.rsplit(":", 1)
        return int(parts[1]) if self.type != "authored" and parts[1].isdigit() else None

    def choice(self, key: str) -> Choice:
        """A choice by key."""
        for c in self.choices:
            if c.key == key:
                return c
        raise QuestionError(f"{self.id}: no choice {key!r}")

    def correct_words(self) -> str:
        """The correct answer in words."""
        if self.kind == "number":
            return str(self.answer)
        assert isinstance(self.answer, tuple)
        return "; ".join(self.choice(k).text for k in self.answer) or "none of them"


@dataclass(frozen=True)
class Result:
    """What the screen shows after an answer: right or wrong, the correct ruling and why."""

    question: Question
    given: tuple[str, ...] | int | None
    correct: bool
    correct_answer: str
    given_words: str
    explanation: str
    links: tuple[str, ...]
    confused_code: str | None = None
    notice: str = ""  # something the learner should know, e.g. a jammed card was reset

    def answer_json(self) -> Any:
        """The answer given, as stored in the progress database."""
        return list(self.given) if isinstance(self.given, tuple) else self.given


def source_words(question: Question, laws: Mapping[str, Any]) -> str:
    """Every source the answer rests on, the question's own law's first: each law it cites by
    its book and section, once ('' when none is known). A count whose points come from a
    second book of the same code (Bézique's forfeits list beside the Britannica's trick that
    stands) names that book too (the blind audit of round 5, #5)."""
    cited = list(dict.fromkeys(law.citation for law_id in question.laws
                               if (law := laws.get(law_id)) is not None))
    # A section named whole beside one of its paragraphs says it twice ("Auction Pitch:
    # Scoring, ¶3; … Auction Pitch: Scoring", the twenty-seventh blind round's #4).
    return "; ".join(c for c in cited if not any(d.startswith(f"{c}, ") for d in cited))


def item_key(qtype: str, law: str) -> str:
    """The scheduled item for a question type and a law."""
    return f"{qtype}:{law}"


def split_item(item: str) -> tuple[str, str]:
    """(question type, law id) of an item key."""
    qtype, _, law = item.partition(":")
    if qtype not in QUESTION_TYPES or not law:
        raise QuestionError(f"not an item: {item!r}")
    return qtype, law


def question_id(qtype: str, law: str, seed: int) -> str:
    """The id of a generated question."""
    return f"{qtype}:{law}:{seed}"


def parse_question_id(qid: str) -> tuple[str, str, int | None]:
    """(type, law or authored entry id, seed or None) of a question id."""
    parts = qid.split(":")
    if len(parts) == 2 and parts[0] == "authored" and parts[1]:
        return "authored", parts[1], None
    if len(parts) != 3 or parts[0] not in QUESTION_TYPES or parts[0] == "authored":
        raise QuestionError(f"not a question id: {qid!r}")
    if not parts[2].isdigit():
        raise QuestionError(f"{qid!r}: the seed must be a whole number")
    return parts[0], parts[1], int(parts[2])


def _normalise(question: Question, answer: Answer | None) -> tuple[str, ...] | int | None:
    if answer is None:
        return None
    if question.kind == "number":
        if isinstance(answer, bool):
            raise QuestionError("a number is expected")
        if isinstance(answer, str):
            # Thousands separated by commas or (thin) spaces; a typographic minus sign.
            text = answer.strip().replace(",", "").replace(" ", "").replace("\u202f", "")
            text = text.replace("\u00a0", "").replace("\u2212", "-")
            try:
                answer = int(text)
            except ValueError:
                raise QuestionError(f"{answer!r} is not a whole number") from None
        if isinstance(answer, int):
            return -answer if question.deduction and answer < 0 else answer
        raise QuestionError("a number is expected")
    keys = (answer,) if isinstance(answer, str) else tuple(answer)  # type: ignore[arg-type]
    known = {c.key for c in question.choices}
    for key in keys:
        if key not in known:
            raise QuestionError(f"{question.id}: no choice {key!r}")
    if question.kind == "single" and len(keys) != 1:
        raise QuestionError("exactly one choice is expected")
    order = [c.key for c in question.choices]
    return tuple(sorted(set(keys), key=order.index))


def check(question: Question, answer: Answer | None) -> Result:
    """Mark an answer (None: not answered) and gather what the screen shows after it."""
    given = _normalise(question, answer)
    if question.kind == "number":
        correct = given == question.answer
        given_words = "" if given is None else str(given)
    else:
        assert isinstance(question.answer, tuple)
        correct = given is not None and set(given) == set(question.answer)  # type: ignore[arg-type]
        given_words = (
            "; ".join(question.choice(k).text for k in given) if isinstance(given, tuple) else ""
        )
    confused = None
    if not correct and isinstance(given, tuple) and question.kind == "single":
        chosen = question.choice(given[0])
        if chosen.code and chosen.code != question.code:
            confused = chosen.code
    return Result(
        question=question,
        given=given,
        correct=correct,
        correct_answer=question.correct_words(),
        given_words=given_words,
        explanation=question.explanation,
        links=question.links,
        confused_code=confused,
    )
