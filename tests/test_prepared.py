"""What preparing the quizzes derives is kept between runs: a second bank over the same content
and code reads the survey, the catalogue and the new-item order instead of deriving them, and
gets the very same; other content does not, and a damaged file is ignored."""

from __future__ import annotations

import msgspec
import pytest
from prepared_support import stand_in_for_deriving

from app.corpus.laws import Content
from app.corpus.loading import load_content
from quizzes import prepared
from quizzes.bank import QuestionBank
from quizzes.survey import take_survey

CONTENT = load_content(cached=True)


@pytest.fixture
def cache(tmp_path, monkeypatch, no_prepared_data):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_what_was_derived_is_read_back_equal_without_ruling_or_generating(prepared_data, cache,
                                                                          monkeypatch):
    # Deriving gives what this test process derived once, when its default bank was first
    # warmed over an empty cache folder (30 s of one core: asking every generator about every
    # law); the survey is still taken afresh here, and must be the one the bank holds.
    derived_for = stand_in_for_deriving(monkeypatch, prepared_data)
    first = QuestionBank(CONTENT)
    first.warm()
    assert derived_for == [first]
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


def test_other_content_makes_another_key_and_a_damaged_file_is_ignored(prepared_data, cache,
                                                                       monkeypatch):
    # Deriving itself is the test above's: here it gives what this process derived once.
    derived_for = stand_in_for_deriving(monkeypatch, prepared_data)
    bank = QuestionBank(CONTENT)
    key = prepared.prepared_key(bank)
    law = next(iter(CONTENT.laws.values()))
    laws = dict(CONTENT.laws)
    topic = "scoring" if law.topic != "scoring" else "dealing-and-misdeals"
    laws[law.id] = msgspec.structs.replace(law, topic=topic)
    other = QuestionBank(Content(laws, CONTENT.terms, CONTENT.games, CONTENT.sources))
    assert prepared.prepared_key(other) != key
    retitled = dict(CONTENT.laws)
    retitled[law.id] = msgspec.structs.replace(law, title=law.title + " (again)")
    retitled_content = Content(retitled, CONTENT.terms, CONTENT.games, CONTENT.sources)
    assert prepared.prepared_key(QuestionBank(retitled_content)) != key
    (cache / f"quiz-prepared-{key}.jsonl").write_text(
        '{"format": "cardlaws-quiz-prepared/2", "key": "', "utf-8")
    assert prepared.read(key) is None
    bank.warm()
    assert derived_for == [bank] and bank.items, "derived afresh"
    stored = prepared.read(key)
    assert stored is not None and stored.survey == bank.survey
    assert list(stored.items) == list(bank.items) and stored.new_order == bank.new_order


def test_another_versions_file_is_kept_and_only_the_least_recently_used_go(prepared_data, cache):
    """Two installs (or content folders) taking turns each keep their prepared file: storing
    one version never deletes another's; beyond KEEP_VERSIONS the least recently used go."""
    import os
    import time

    bank = QuestionBank(CONTENT)
    data = prepared_data  # what deriving gives (the first test's)
    now = time.time()
    others = [f"{n:032x}" for n in range(prepared.KEEP_VERSIONS + 1)]
    for age, key in enumerate(others):  # others[0] the most recently used
        prepared.write(key, data)
        os.utime(cache / f"quiz-prepared-{key}.jsonl", (now - 100 - age, now - 100 - age))
    # The oldest is read (used) again: it is kept before the ones not used since.
    assert prepared.read(others[-1]) is not None
    key = prepared.prepared_key(bank)
    prepared.write(key, data)
    kept = {p.name for p in cache.glob("quiz-prepared-*")}
    assert f"quiz-prepared-{key}.jsonl" in kept
    assert f"quiz-prepared-{others[0]}.jsonl" in kept  # another version's file, still there
    assert f"quiz-prepared-{others[-1]}.jsonl" in kept  # used a moment ago
    assert len(kept) == prepared.KEEP_VERSIONS
    gone = {f"quiz-prepared-{k}.jsonl" for k in others} - kept
    assert gone == {f"quiz-prepared-{k}.jsonl" for k in others[-3:-1]}
    assert prepared.read(others[0]) is not None  # still read back whole


def test_the_key_is_the_code_started_with_even_when_a_file_changes_under_a_run(tmp_path,
                                                                               monkeypatch):
    # Two suites ran at once while a module was added to the checkout: the key taken before
    # warming and the one warming wrote under differed, and what was written was not found.
    code = tmp_path / "quizzes"
    code.mkdir()
    (code / "a.py").write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr(prepared, "_CODE_ROOTS", (code,))
    prepared._code_digest.cache_clear()
    try:
        first = prepared._code_digest()
        (code / "a.py").write_text("A = 2\n", encoding="utf-8")
        (code / "b.py").write_text("B = 1\n", encoding="utf-8")
        assert prepared._code_digest() == first
        prepared._code_digest.cache_clear()
        assert prepared._code_digest() != first, "a new process reads the new code"
    finally:
        prepared._code_digest.cache_clear()
