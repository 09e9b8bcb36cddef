"""The survey is kept between runs: a second bank over the same content and code reads it
instead of ruling the sample again, and gets the very same survey; other content does not."""

from __future__ import annotations

import dataclasses

import pytest

from app.content import Content, load_content
from quizzes import survey_cache
from quizzes.bank import QuestionBank
from quizzes.survey import take_survey

CONTENT = load_content(cached=True)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_stored_survey_is_read_back_equal_without_ruling_again(cache, monkeypatch):
    first = QuestionBank(CONTENT)
    fresh = first.survey
    assert [p.name for p in cache.glob("survey-*.json")] == [
        f"survey-{survey_cache.survey_key(first)}.json"
    ]
    assert fresh == take_survey(first)

    def no_ruling(bank, samples=0):
        raise AssertionError("the stored survey should have been read")

    monkeypatch.setattr(survey_cache, "take_survey", no_ruling)
    again = QuestionBank(CONTENT).survey
    assert again == fresh and again.laws("differs") == fresh.laws("differs")


def test_other_content_makes_another_key_and_a_damaged_file_is_ignored(cache):
    bank = QuestionBank(CONTENT)
    key = survey_cache.survey_key(bank)
    law = next(iter(CONTENT.laws.values()))
    laws = dict(CONTENT.laws)
    topic = "scoring" if law.topic != "scoring" else "dealing-and-misdeals"
    laws[law.id] = dataclasses.replace(law, topic=topic)
    other = QuestionBank(Content(laws, CONTENT.terms, CONTENT.games, CONTENT.sources))
    assert survey_cache.survey_key(other) != key
    (cache / f"survey-{key}.json").write_text('{"format": "cardlaws-survey/1", "key": "', "utf-8")
    assert survey_cache.read(key) is None
    assert bank.survey.reach, "taken afresh"
    assert survey_cache.read(key) == bank.survey
