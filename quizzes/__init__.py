"""Quizzes on the laws: question generators, authored items, sessions, scheduling, statistics.

Pure Python over app/ (never Qt). The screens use:

    bank = QuestionBank(); bank.warm()              # once, off the UI thread
    store = ProgressStore.open()                     # app.progress; show store.notice if set
    session = Session(store, profile.id, bank, module_id="rubicon-bezique")
    question = session.next_question()               # None: nothing due, no new item today
    result = session.answer(question, "b", elapsed_ms=5200)
    figures = statistics(store, profile.id, now, bank.items)  # SQL aggregates
"""

from quizzes.bank import ItemInfo, QuestionBank, default_bank, question_from_id
from quizzes.modules import EVERYTHING, Module, ModuleStatus, module, modules, overview
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
from quizzes.session import Exam, ExamReport, Score, Session
from quizzes.statistics import Statistics, statistics

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
    "modules",
    "overview",
    "question_from_id",
    "statistics",
]
