"""Quizzes on the laws: question generators, authored items, sessions, scheduling, statistics.

Pure Python over app/ (never Qt). The screens use:

    bank = QuestionBank(); bank.warm()              # once, off the UI thread
    store = ProgressStore.open()                     # app.progress; show store.notice if set
    session = Session(store, profile.id, bank, module_id="rubicon-bezique")
    question = session.next_question()               # None: nothing due, no new item today
    result = session.answer(question, "b", elapsed_ms=5200)
    figures = quizzes.statistics.statistics(store, profile.id, now, bank.items)  # SQL
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from quizzes.bank import ItemInfo, QuestionBank, default_bank, question_from_id
    from quizzes.exam import Exam, ExamReport, Score
    from quizzes.modules import EVERYTHING, Module, ModuleStatus, module, overview
    from quizzes.progress_io import export_progress, import_progress
    from quizzes.questions import (
        QUESTION_TYPES,
        Choice,
        Question,
        QuestionError,
        Result,
        check,
    )
    from quizzes.scheduling import QUICK_MS, Scheduling
    from quizzes.session import Session
    from quizzes.statistics import Statistics

# Each name is imported when first asked for: `python -m app quiz next` needs the bank, not
# the progress store (sqlite-utils: a quarter of a second) the sessions bring in. The functions
# `statistics` and `modules` are not among them: once their modules (quizzes.statistics,
# quizzes.modules) are imported, those names here are the modules. Import them from there.
_WHERE = {
    "ItemInfo": "quizzes.bank",
    "QuestionBank": "quizzes.bank",
    "default_bank": "quizzes.bank",
    "question_from_id": "quizzes.bank",
    "EVERYTHING": "quizzes.modules",
    "Module": "quizzes.modules",
    "ModuleStatus": "quizzes.modules",
    "module": "quizzes.modules",
    "overview": "quizzes.modules",
    "export_progress": "quizzes.progress_io",
    "import_progress": "quizzes.progress_io",
    "QUESTION_TYPES": "quizzes.questions",
    "Choice": "quizzes.questions",
    "Question": "quizzes.questions",
    "QuestionError": "quizzes.questions",
    "Result": "quizzes.questions",
    "check": "quizzes.questions",
    "QUICK_MS": "quizzes.scheduling",
    "Scheduling": "quizzes.scheduling",
    "Exam": "quizzes.exam",
    "ExamReport": "quizzes.exam",
    "Score": "quizzes.exam",
    "Session": "quizzes.session",
    "Statistics": "quizzes.statistics",
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'quizzes' has no attribute {name!r}")
    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


__all__ = [
    "EVERYTHING",
    "QUESTION_TYPES",
    "QUICK_MS",
    "Choice",
    "Exam",
    "ExamReport",
    "ItemInfo",
    "Module",
    "ModuleStatus",
    "Question",
    "QuestionBank",
    "QuestionError",
    "Result",
    "Scheduling",
    "Score",
    "Session",
    "Statistics",
    "check",
    "default_bank",
    "export_progress",
    "import_progress",
    "module",
    "overview",
    "question_from_id",
]
