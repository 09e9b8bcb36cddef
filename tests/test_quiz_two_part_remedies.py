"""The eighth blind round's #157: a remedy of two parts is stated whole.

Enquire Within's forfeit for playing without drawing is that the offender must draw two
cards next time AND his adversary scores 10; the ruling said only "South adds 10 to his
score", the draw-two left to the why (and to the French ruling offered beside it). What a
side must do whatever anyone chooses is a duty of the ruling, said in its words.
"""

from __future__ import annotations

import re

from app.corpus.law_rulings import PLACEHOLDER
from tests.bank_questions import BANK, built_of, marked_words, question

AUDITED = ("ruling:bezique.english.forgot-to-draw", 413685)


def _answer(q) -> str:
    return marked_words(q)


def test_the_audits_ruling_states_both_halves_of_the_remedy():
    q = question(*AUDITED)
    assert not isinstance(q, Exception), q
    answer = _answer(q)
    assert "South must draw two cards at the next draw" in answer, answer
    assert "North adds 10 to his score" in answer, answer


def test_every_english_forgot_to_draw_ruling_states_the_draw_two():
    for q in built_of(["ruling:bezique.english.forgot-to-draw"], range(4)):
        assert re.search(r"\w+ must draw two cards at the next draw", _answer(q)), _answer(q)


# A seat told in a data ruling's why that he "must" do something, beside points or choices.
_MUST = re.compile(r"\b(?:he|\{offender\}) must (\w+)")


def test_a_data_ruling_whose_why_lays_a_duty_beside_its_terms_declares_it():
    checked = 0
    for law in BANK.content.laws.values():
        ruling = law.ruling
        if ruling is None or not (ruling.score or ruling.options):
            continue
        said = _MUST.findall(ruling.explanation)
        if said:
            checked += 1
            assert ruling.duties, (law.id, PLACEHOLDER.sub("X", ruling.explanation))
    assert checked
