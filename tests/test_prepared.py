"""What preparing the quizzes derives is kept between runs: a second bank over the same content
and code reads the survey, the catalogue and the new-item order instead of deriving them, and
gets the very same; other content does not, and a damaged file is ignored."""

from __future__ import annotations

import dataclasses

import pytest

from app.corpus.laws import Content
from app.corpus.loading import load_content
from quizzes import prepared
from quizzes.bank import QuestionBank
from quizzes.survey import take_survey

CONTENT = load_content(cached=True)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_what_was_derived_is_read_back_equal_without_ruling_or_generating(cache, monkeypatch):
    first = QuestionBank(CONTENT)
    first.warm()
    assert [p.name for p in cache.glob("quiz-prepared-*")] == [
        f"quiz-prepared-{prepared.prepared_key(first)}.jsonl"
    ]
    assert first.survey == take_survey(first)

    def never(*args, **kwargs):
        raise AssertionError("the stored data should have been read")

    monkeypatch.setattr(prepared, "catalogue", never)
    monkeypatch.setattr("quizzes.bank.take_survey", never)
    again = QuestionBank(CONTENT)
    again.warm()
    assert list(again.items.items()) == list(first.items.items())
    assert again.new_order == first.new_order
    assert again.survey == first.survey and again.survey.laws("differs") == first.survey.laws(
        "differs")
    law = first.survey.laws("ruled")[0]
    assert again.survey.combos(law, "ruled") == first.survey.combos(law, "ruled")
    # The same questions come from either bank.
    item = next(k for k, i in first.items.items() if i.type == "ruling")
    qid = first.for_item(item, __import__("random").Random(3)).id
    assert again.question(qid) == first.question(qid)


def test_other_content_makes_another_key_and_a_damaged_file_is_ignored(cache):
    bank = QuestionBank(CONTENT)
    key = prepared.prepared_key(bank)
    law = next(iter(CONTENT.laws.values()))
    laws = dict(CONTENT.laws)
    topic = "scoring" if law.topic != "scoring" else "dealing-and-misdeals"
    laws[law.id] = dataclasses.replace(law, topic=topic)
    other = QuestionBank(Content(laws, CONTENT.terms, CONTENT.games, CONTENT.sources))
    assert prepared.prepared_key(other) != key
    retitled = dict(CONTENT.laws)
    retitled[law.id] = dataclasses.replace(law, title=law.title + " (again)")
    retitled_content = Content(retitled, CONTENT.terms, CONTENT.games, CONTENT.sources)
    assert prepared.prepared_key(QuestionBank(retitled_content)) != key
    (cache / f"quiz-prepared-{key}.jsonl").write_text(
        '{"format": "cardlaws-quiz-prepared/2", "key": "', "utf-8")
    assert prepared.read(key) is None
    bank.warm()
    assert bank.items, "derived afresh"
    stored = prepared.read(key)
    assert stored is not None and stored.survey == bank.survey
    assert list(stored.items) == list(bank.items) and stored.new_order == bank.new_order
