"""An exam: a fixed number of questions across chosen games, a balanced draw of their topics,
no feedback until it is finished, then the score overall, per topic and per game."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.progress import ProgressError, ProgressStore
from quizzes.bank import QuestionBank, default_bank
from quizzes.modules import games_module
from quizzes.questions import Answer, Question, QuestionError, Result, check
from quizzes.scheduling import Scheduling
from quizzes.session import mark_and_record


@dataclass(frozen=True)
class Score:
    """Correct answers out of a number of questions."""

    correct: int
    total: int

    @property
    def rate(self) -> float:
        """Share correct (0 when there were no questions)."""
        return self.correct / self.total if self.total else 0.0


@dataclass(frozen=True)
class ExamReport:
    """An exam's results: every question with its Result, overall and per topic and game."""

    results: tuple[Result, ...]
    score: Score
    by_topic: dict[str, Score] = field(default_factory=dict)
    by_game: dict[str, Score] = field(default_factory=dict)


class Exam:
    """A fixed number of questions across chosen games; no feedback until `finish()`."""

    def __init__(
        self,
        store: ProgressStore,
        profile_id: int,
        games: Sequence[str],
        count: int = 20,
        bank: QuestionBank | None = None,
        *,
        seed: int | None = None,
        scheduling: Scheduling | None = None,
    ) -> None:
        self.store = store
        self.profile_id = profile_id
        self.bank = bank or default_bank()
        self.scheduling = scheduling or Scheduling()
        rng = random.Random(seed)
        self.module = games_module(self.bank, games)
        if not self.module.items:
            raise QuestionError("no questions for these games")
        self.questions: tuple[Question, ...] = tuple(self._pick(rng, count))
        self._results: dict[str, Result] = {}
        self.finished = False

    def _pick(self, rng: random.Random, count: int) -> list[Question]:
        """Items spread across the games' topics in turn, shuffled within each topic."""
        by_topic: dict[tuple[str, str], list[str]] = defaultdict(list)
        for key in self.module.items:
            info = self.bank.items[key]
            by_topic[(info.game, info.topic)].append(key)
        queues = [rng.sample(keys, len(keys)) for _, keys in sorted(by_topic.items())]
        rng.shuffle(queues)
        picked: list[Question] = []
        while len(picked) < count and any(queues):
            for queue in queues:
                if queue and len(picked) < count:
                    try:
                        picked.append(self.bank.for_item(queue.pop(), rng))
                    except QuestionError:
                        continue
        return picked

    @property
    def answered(self) -> int:
        """How many questions have been answered."""
        return len(self._results)

    def answer(self, question: Question, answer: Answer | None, elapsed_ms: int) -> None:
        """Record an answer (committed at once); its result is shown only in the report."""
        if self.finished:
            raise ProgressError("the exam is finished")
        if question.id in self._results:
            raise ProgressError("this question has already been answered")
        if question not in self.questions:
            raise QuestionError(f"{question.id} is not part of this exam")
        self._results[question.id] = mark_and_record(
            self.store, self.profile_id, question, answer, elapsed_ms, self.scheduling, "exam"
        )

    def finish(self) -> ExamReport:
        """End the exam: every result (unanswered questions count as wrong), per topic."""
        self.finished = True
        results = tuple(self._results.get(q.id) or check(q, None) for q in self.questions)
        topics: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        games: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in results:
            for bucket in (topics[r.question.topic], games[r.question.game]):
                bucket[0] += int(r.correct)
                bucket[1] += 1
        return ExamReport(
            results=results,
            score=Score(sum(r.correct for r in results), len(results)),
            by_topic={t: Score(*v) for t, v in topics.items()},
            by_game={g: Score(*v) for g, v in games.items()},
        )
