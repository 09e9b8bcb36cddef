"""What the quiz and statistics widget tests share: the real question bank, a hand-moved clock,
a trainer over a temporary folder, fake dialogs, and questions of every type."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import bank_questions

from quizzes import Question, QuestionBank, QuestionError, Scheduling, default_bank
from ui.quiz.trainer import Trainer

BANK: QuestionBank = default_bank()
BANK.warm()
T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class FakeDialogs:
    """Answers the file and print dialogs with paths set by the test; records what was asked."""

    def __init__(self, save: Path | None = None, open_: Path | None = None) -> None:
        self.save = save
        self.open = open_
        self.print_to: Path | None = None  # None: the print dialog is cancelled
        self.asked: list[str] = []

    def save_path(self, parent: Any, caption: str, suggested: str, filters: str) -> Path | None:
        self.asked.append(caption)
        return self.save

    def open_path(self, parent: Any, caption: str, filters: str) -> Path | None:
        self.asked.append(caption)
        return self.open

    def open_backup(self, parent: Any, folder: Path) -> Path | None:
        self.asked.append(f"backup in {folder}")
        return self.open

    def setup_printer(self, parent: Any, printer: Any) -> bool:
        from PySide6.QtPrintSupport import QPrinter

        self.asked.append("print")
        if self.print_to is None:
            return False
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.print_to))
        return True


def ready_trainer(qtbot: Any, folder: Path, clock: Clock) -> Trainer:
    """A trainer over `folder` with the real bank and the test's clock, prepared."""
    trainer = Trainer(BANK.content, data_dir=folder, bank=BANK,
                      scheduling=Scheduling(clock=clock))
    trainer.start()
    qtbot.waitUntil(lambda: trainer.is_ready)
    return trainer


def shown(qtbot: Any, quiz: Any) -> None:
    """Wait while the quiz screen prepares a question (built on the trainer's worker)."""
    qtbot.waitUntil(lambda: not quiz.waiting)


def find_question(accept: Callable[[Question], bool], types: Iterable[str],
                  game: str | None = None) -> Question:
    """The first question (items in bank order, seeds 1..30) that `accept` takes; `game`: of
    the items on that game's laws only (the same question when `accept` takes only questions
    on its laws, found without building those of every game before it)."""
    wanted = set(types)
    for item, info in BANK.items.items():
        if info.type not in wanted or (game and info.law.partition(".")[0] != game):
            continue
        for seed in range(1, 30):
            question = bank_questions.question(item, seed)  # built once for the session
            if isinstance(question, QuestionError):
                continue
            if accept(question):
                return question
    raise LookupError(f"no {sorted(wanted)} question accepted")


def authored_question(kind: str) -> Question:
    """An authored question of a kind: 'true-false' or 'choice'."""
    item = next(i for i in BANK.authored.values() if i.kind == kind)
    return BANK.question(f"authored:{item.id}")


def right(question: Question) -> Any:
    """The right answer, as the session takes it."""
    if question.kind == "single":
        assert isinstance(question.answer, tuple)
        return question.answer[0]
    return question.answer if question.kind == "number" else list(question.answer)


def wrong(question: Question) -> Any:
    """A wrong answer (another code's ruling where one is offered)."""
    if question.kind == "number":
        assert isinstance(question.answer, int)
        return question.answer + 1
    if question.kind == "multi":
        return [c.key for c in question.choices]
    others = [c for c in question.choices if c.key not in question.answer]
    confusing = [c for c in others if c.code and c.code != question.code]
    return (confusing or others)[0].key


def has_cards(question: Question) -> bool:
    """Whether the question's table shows at least one hand of real cards."""
    hands = (question.table or {}).get("hands") or {}
    return any(isinstance(h, list) and h for h in hands.values())


def rng() -> random.Random:
    """A fixed random source for sessions."""
    return random.Random(1)
