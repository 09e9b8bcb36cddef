"""A new learner's first question comes at once, before the whole bank is prepared, and is the
one the whole new-item order puts first; a new learner's items alternate across games and
question types from the first question."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from app.__main__ import main as cli
from app.corpus.vocabulary import GAMES
from app.progress import ProgressStore
from quizzes import prepared
from quizzes.bank import QuestionBank, default_bank
from quizzes.first import FirstItems, first_question
from quizzes.questions import Question
from quizzes.scheduling import Scheduling
from quizzes.session import Session

BANK = default_bank()
ORDER = BANK.new_order  # (prepared here, under the session's own cache folder)


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    return tmp_path


def _right(q: Question):
    return q.answer if q.kind != "single" else q.answer[0]


def test_quiz_next_prints_a_new_learners_first_question_without_preparing_the_bank(
        empty_cache, capsys, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("the whole bank was prepared for one question")

    monkeypatch.setattr(prepared, "derive", never)
    assert cli(["quiz", "next", "--json", "--seed", "4"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert f"{shown['type']}:{shown['laws'][0]}" == ORDER[0]
    assert shown["prompt"] and shown["choices"] and shown["answer"]
    assert not list(empty_cache.glob("quiz-prepared-*"))


def test_quiz_next_in_a_game_is_that_games_modules_first_question(empty_cache, capsys):
    assert cli(["quiz", "next", "--game", "cinch", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    first = next(m for m in BANK.modules if m.id == "cinch").new_items[0]
    assert shown["game"] == "cinch" and f"{shown['type']}:{shown['laws'][0]}" == first
    assert cli(["quiz", "next", "--game", "whist"]) == 2
    assert "no such game" in capsys.readouterr().err


def test_quiz_next_text_gives_the_answer_source_and_id_only_after_the_choices(
        empty_cache, capsys):
    assert cli(["quiz", "next"]) == 0
    lines = capsys.readouterr().out.splitlines()
    answer = next(n for n, line in enumerate(lines) if line.startswith("answer: "))
    assert all(line.startswith("  [") for line in lines[answer - 2:answer])  # the choices
    source = next(n for n, line in enumerate(lines) if line.startswith("source: "))
    ident = next(n for n, line in enumerate(lines) if line.startswith("id: "))
    assert answer < source < ident


def test_the_first_items_worked_out_per_game_are_the_whole_orders(empty_cache):
    """Every game's first item, and everything's, as the whole order has them: worked out
    from that game alone (a fresh bank: nothing prepared, nothing stored)."""
    fresh = QuestionBank(BANK.content)
    first = FirstItems(fresh)
    assert not fresh.has_prepared
    assert first.first() == ORDER[0]
    for game in GAMES:
        module = next(m for m in BANK.modules if m.id == game)
        assert first.first(game) == module.new_items[0], game
    assert not fresh.has_prepared and "survey" not in vars(fresh)
    question = first_question(fresh, rng=random.Random(2))
    assert question is not None and question.item == ORDER[0]
    assert BANK.question(question.id) == question  # rebuilt the same from its id


def test_a_new_learners_first_sixteen_questions_alternate_games_and_types():
    store = ProgressStore.in_memory()
    profile = store.create_profile("New", new_per_day=20)
    session = Session(store, profile.id, BANK, scheduling=Scheduling(), rng=random.Random(5))
    asked: list[Question] = []
    for _ in range(16):
        question = session.next_question()
        assert question is not None
        asked.append(question)
        session.answer(question, _right(question), 4000)
    games = [q.game for q in asked]
    types = [q.type for q in asked]
    assert all(a != b for a, b in itertools.pairwise(games)), games
    assert len(set(games)) == 8
    assert len(set(types)) >= 5, types
    assert not any(a == b == c for a, b, c in zip(types, types[1:], types[2:], strict=False))
    store.close()


def test_every_name_quizzes_offers_is_the_one_its_module_holds():
    """The package imports its names when asked (so `quiz next` does not load the progress
    store); each is still the very object of its module, even once every submodule is loaded
    (a submodule's import binds its own name on the package)."""
    import importlib

    import quizzes

    for where in set(quizzes._WHERE.values()):
        importlib.import_module(where)
    for name in quizzes.__all__:
        assert getattr(quizzes, name) is getattr(
            importlib.import_module(quizzes._WHERE[name]), name), name
