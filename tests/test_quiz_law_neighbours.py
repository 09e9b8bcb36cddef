"""The laws asked 'which law applies?' are those whose search for wrong choices finds one:
the quick test (stopping at the first neighbour) agrees with searching in full."""

from __future__ import annotations

from app.corpus.loading import load_content
from quizzes.bank import QuestionBank
from quizzes.generators import law as law_questions


def test_the_quick_neighbour_test_agrees_with_the_pools():
    bank = QuestionBank(load_content(cached=True))

    def has_pool(law):
        search = law_questions._Search(bank, law, ())
        return bool(search.topic(law.topic, law_questions.NEAR) or search.wider(1))

    # A reading kept for the record (games/<id>.toml readings_of_record) is never asked, nor
    # a law whose name would give it away in its own words.
    by_pool = [law.id for law in bank.content.laws.values()
               if has_pool(law) and not law_questions.of_record(bank, law)
               and not law_questions._named_as_asked(bank, law)]
    assert law_questions.laws(bank) == by_pool
    assert 0 < len(by_pool) < len(bank.content.laws) + 1
