"""A number typed as a learner would type it is read as he meant it.

"How many points are taken off South's score?" answered "-40" says what "40" says: it was
marked wrong. A score question keeps its sign: "-6" for "how many points does North score?"
is a different answer.
"""

from __future__ import annotations

import pytest

from quizzes.bank import default_bank
from quizzes.questions import QuestionError, check

BANK = default_bank()


def _penalties(deduction: bool):
    found = []
    for info in BANK.items.values():
        if info.type != "penalty":
            continue
        for seed in range(3):
            try:
                q = BANK.generate("penalty", info.law, seed)
            except QuestionError:
                continue
            if ("taken off" in q.prompt) == deduction:
                found.append(q)
    assert found
    return found


def test_points_taken_off_may_be_typed_with_a_minus_sign():
    for q in _penalties(deduction=True):
        assert q.deduction
        n = q.answer
        assert isinstance(n, int)
        for typed in (n, str(n), -n, f"-{n}", f"\u2212{n}", f" -{n:,} "):
            assert check(q, typed).correct, (q.id, typed)
        assert not check(q, n + 10).correct
        assert not check(q, -(n + 10)).correct


def test_a_score_keeps_its_sign():
    for q in _penalties(deduction=False):
        assert not q.deduction
        n = q.answer
        assert isinstance(n, int)
        assert check(q, f"{n:,}").correct and check(q, f"{n:,}".replace(",", "\u202f")).correct
        assert not check(q, -n).correct


def test_words_that_are_no_number_are_refused_not_marked():
    q = _penalties(deduction=True)[0]
    with pytest.raises(QuestionError):
        check(q, "forty")
