"""The laws asked 'which law applies?' are those whose pool of wrong choices is not empty:
the quick test (stopping at the first neighbour) agrees with building every pool."""

from __future__ import annotations

from app.content import load_content
from quizzes.bank import QuestionBank
from quizzes.generators import law as law_questions


def test_the_quick_neighbour_test_agrees_with_the_pools():
    bank = QuestionBank(load_content(cached=True))

    def has_pool(law):
        near, _, titles, exclude = law_questions._pool(bank, law, ())
        return bool(near or law_questions._wider(bank, law, titles, exclude, []))

    by_pool = [law.id for law in bank.content.laws.values() if has_pool(law)]
    assert law_questions.laws(bank) == by_pool
    assert 0 < len(by_pool) < len(bank.content.laws) + 1
