"""'Which law applies?' over a large corpus: a question reads a bounded number of laws
(READ_AT_MOST per search, whatever the size of its topic or code), and is still the question the
real corpus gives.

The corpus is the real content with every law copied many times, each copy with its own ids,
cases and variant groups (as bench/scale.py makes it), served from a content store: reading a
whole topic there is what kept the learner waiting 15-70 ms for the first question of a study
session at a hundred times the real corpus. Here the store counts the laws it decodes, so a
generator that starts reading whole topics again fails whatever the machine's speed.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.corpus import cache as content_cache
from app.corpus.laws import Law
from app.corpus.loading import CONTENT_DIR, load_content
from app.corpus.stored import StoredContent
from quizzes.audit import question_problems
from quizzes.bank import QuestionBank
from quizzes.generators import law as law_questions
from quizzes.stem_echoes import title_weights

COPIES = 20
_QUOTED = re.compile(r'"([a-z0-9.-]+)"')
_GROUP = re.compile(r'^((?:case|variant_of) = ")([a-z0-9-]+)(")', re.MULTILINE)
# A law's declared ruling (its table's lines up to the next blank line or table): a copy is
# another law of its own case, and one law alone rules an event under a game and code.
_RULING = re.compile(r"^\[law\.ruling\]\n(?:(?!\[)[^\n]+\n)*", re.MULTILINE)


def copied(root: Path, into: Path, times: int) -> Path:
    """`root` with its laws `times` times: copy k of a law has the id `<id>-xk`, and its case,
    variant group and links are copy k's own (and no declared ruling: the original rules).
    The copies' files sort after the real ones: the real laws keep their places, as when a
    corpus grows."""
    shutil.copytree(root, into, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    files = sorted((into / "laws").glob("*.toml"))
    ids = {m for p in files for m in re.findall(r'^id = "([^"]+)"', p.read_text(), re.M)}
    for path in files:
        text = path.read_text(encoding="utf-8")
        for k in range(2, times + 1):
            copy = _QUOTED.sub(lambda m, k=k: f'"{m[1]}-x{k}"' if m[1] in ids else m[0], text)
            copy = _GROUP.sub(lambda m, k=k: f"{m[1]}{m[2]}-x{k}{m[3]}", copy)
            copy = _RULING.sub("", copy)
            (path.parent / f"zz-copy-{k:03}-{path.stem}.toml").write_text(copy, encoding="utf-8")
    return into


@pytest.fixture(scope="module")
def banks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[QuestionBank, QuestionBank]]:
    """(the bank over the real content, the bank over COPIES copies of it, from its store)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(content_cache.ENV_DIR, str(tmp_path_factory.mktemp("cache")))
        root = copied(CONTENT_DIR, tmp_path_factory.mktemp("large") / "content", COPIES)
        large = load_content(root, cached=True)
        real = load_content()
        assert isinstance(large, StoredContent) and len(large.laws) == COPIES * len(real.laws)
        banks = QuestionBank(real), QuestionBank(large)
        for bank in banks:
            _ = bank.survey  # taken now, not counted as a question's reading
            # (so are the weights of the words of the laws' names: read once per content, as
            # the survey is, for judging which name echoes a stem)
            _ = title_weights(bank.content)
        yield banks


def _topic_size(bank: QuestionBank, law: Law) -> int:
    return bank.content.topic_counts(law.game, law.code)[(law.game, law.topic)]


def test_a_question_on_a_law_of_a_large_topic_reads_a_few_of_its_laws(banks, monkeypatch):
    real, large = banks
    content = large.content
    assert isinstance(content, StoredContent)
    decoded: list[str] = []
    decode = StoredContent._decode
    monkeypatch.setattr(StoredContent, "_decode",
                        lambda self, row: decoded.append(row[1]) or decode(self, row))
    # The laws of the largest topics asked (7 laws or more of one code at the real size: the
    # "which law?" items are few, each needing two near neighbours, and sit in topics of 7-13).
    # (Only laws the quizzes ask: not one whose name would give it away in its own words.)
    listed = set(law_questions.laws(real))
    asked = [law for law in real.content.laws.values()
             if _topic_size(real, law) >= 7 and law.id in listed]
    # (asked on tables with near neighbours: few laws of these are, and the count laws only
    # beside laws of the same counts, round 6's #135)
    assert len(asked) >= 1
    most = 0
    for n, law in enumerate(asked):
        seed = n % 4
        content._decoded.clear()  # as at a first question: nothing read yet
        decoded.clear()
        question = large.generate("law", law.id, seed)
        read = len(decoded)
        most = max(most, read)
        # Each search reads at most READ_AT_MOST; a question whose law's name would give the
        # table's answer away is searched again in the law's words (and, at most, once more).
        # (The wrong laws must be of the table's own subject (the same cut error, the same
        # combination): few are, so a search may read past its topic, but never past the bound.)
        assert read <= 3 * law_questions.READ_AT_MOST, law.id
        # One defensible answer, two or three wrong choices, every title different ...
        assert question_problems(content, large.games, question) == [], law.id
        assert question.answer == (law.id,) and len(question.choices) >= 3
        assert len({c.text.casefold() for c in question.choices}) == len(question.choices)
        # ... and, the real laws read first, the very question the real corpus asks.
        same = real.generate("law", law.id, seed)
        assert [c.text for c in question.choices] == [c.text for c in same.choices], law.id
        assert (question.prompt, question.situation) == (same.prompt, same.situation)
    assert most < len(content.laws) // 8, most  # never the whole code or corpus
