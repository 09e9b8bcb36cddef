"""The laws asked 'which law applies?' are those with a fair question: the quick neighbour
test that lists them (stopping at the first neighbour) leaves out no law whose question builds."""

from __future__ import annotations

from app.corpus.loading import load_content
from quizzes.bank import QuestionBank
from quizzes.generators import law as law_questions


def test_the_quick_neighbour_test_leaves_out_no_law_that_has_a_question():
    bank = QuestionBank(load_content(cached=True))
    # A reading kept for the record (games/<id>.toml readings_of_record) is never asked, nor
    # a law the engine never rules with (no table: told from nothing).
    built = [law.id for law in bank.content.laws.values()
             if not law_questions.of_record(bank, law) and bank.survey.combos(law.id, "ruled")
             and law_questions._askable(bank, law)]
    assert law_questions.laws(bank) == built
    assert 0 < len(built) < len(bank.content.laws) + 1
