"""A made-up learner's fortnight of answers, for the screenshot run (never the learner's own file).

The answers go through Session.answer with a clock moved by hand, like a learner studying a
few minutes a day; about one answer in four is wrong, preferring another code's ruling so the
English/French confusion figures have something to count.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import weakref
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from app.corpus.laws import Content
from ui.quiz.trainer import Trainer

if TYPE_CHECKING:
    from quizzes import Question, QuestionBank

SAMPLE_PROFILE = "Sample learner"
MODULES = ("rubicon-bezique", "ecarte", "bezique", "pinochle", "cinch")


class _Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def right_answer(question: Question) -> Any:
    """The answer the question takes as right, in the form Session.answer accepts."""
    if question.kind == "single":
        assert isinstance(question.answer, tuple)
        return question.answer[0]
    return question.answer if question.kind == "number" else list(question.answer)


def wrong_answer(question: Question) -> Any:
    """A wrong answer: another code's ruling where one is offered, else any other choice."""
    if question.kind == "number":
        assert isinstance(question.answer, int)
        return question.answer + 10
    keys = [c.key for c in question.choices]
    if question.kind == "multi":
        return keys
    others = [c for c in question.choices if c.key not in question.answer]
    confusing = [c for c in others if c.code and c.code != question.code]
    return (confusing or others)[0].key


def write_sample_history(
    directory: Path, bank: QuestionBank, now: datetime, days: int = 14, per_day: int = 9
) -> int:
    """Write a profile's `days` days of study ending yesterday; its id."""
    from app.progress import ProgressStore
    from quizzes import Scheduling, Session

    start = (now - timedelta(days=days)).replace(hour=18, minute=0, second=0, microsecond=0)
    clock = _Clock(start)
    rng = random.Random(7)
    store = ProgressStore.open(directory, keep_backups=0)
    try:
        profile = store.create_profile(SAMPLE_PROFILE, start, new_per_day=6)
        scheduling = Scheduling(clock=clock)
        for day in range(days):
            clock.now = start + timedelta(days=day)
            session = Session(store, profile.id, bank, module_id=MODULES[day % len(MODULES)],
                              scheduling=scheduling, rng=rng)
            for _ in range(per_day - (day % 3) * 2):
                question = session.next_question()
                if question is None:
                    break
                wrong = rng.random() < 0.27
                answer = wrong_answer(question) if wrong else right_answer(question)
                session.answer(question, answer, rng.randrange(4_000, 30_000))
                clock.now += timedelta(minutes=2)
                if day == days - 2 and wrong and not store.flags(profile.id):
                    session.flag(question, "The answer marked right is wrong. I read the law "
                                 "as giving the adversary the choice.")
        return profile.id
    finally:
        store.close()


def sample_trainer(content: Content, parent: QObject | None = None) -> Trainer:
    """A trainer over a throw-away folder holding the sample learner's history.

    The questions come from `content`, or from the app's own content when that cannot make
    questions (a cut-down content set, as the tests use).
    """
    from app.corpus.checks import ContentError
    from quizzes import QuestionBank

    try:
        bank = QuestionBank(content)
        bank.warm()
    except (ContentError, LookupError):
        bank = QuestionBank()
        bank.warm()
    folder = tempfile.mkdtemp(prefix="cardlaws-sample-")
    write_sample_history(Path(folder), bank, datetime.now(UTC))
    trainer = Trainer(bank.content, data_dir=folder, bank=bank, parent=parent)
    trainer.sample_folder = folder  # type: ignore[attr-defined]
    weakref.finalize(trainer, shutil.rmtree, folder, True)  # removed with the trainer
    return trainer


def showcase_question(bank: QuestionBank, game: str = "bezique") -> Question:
    """A ruling question on a table with cards in hand, offering another code's ruling: of
    `game` where it has one, else of the first game that does (which rulings offer another
    code's ruling follows from the laws: a rival is offered only where it is false)."""
    from quizzes import QuestionError

    rulings = [i for i in bank.items.values() if i.type == "ruling"]
    candidates = sorted(rulings, key=lambda i: i.game != game)  # `game` first, stable
    for info in candidates:
        for seed in range(1, 40):
            try:
                question = bank.generate("ruling", info.law, seed)
            except QuestionError:
                continue
            table = question.table or {}
            hands = [h for h in (table.get("hands") or {}).values() if isinstance(h, list)]
            if hands and any(c.code for c in question.choices) and table.get("event"):
                return question
    raise LookupError(f"no ruling question with cards for {game}")
