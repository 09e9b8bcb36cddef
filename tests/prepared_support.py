"""The quiz bank's prepared data (the survey, the item catalogue, the new-item order) derived
once per test process and handed to every test that needs "a prepared bank" but does not test
deriving it.

Deriving them takes some 30 s of one core (the survey 5 s, asking every generator about every
law 25 s), minutes on a busy machine. The default bank derives them once per test process (its
cache folder starts empty); a test that starts from a cache folder of its own writes them there
(`store_prepared`) instead of deriving them again, or stands in for the derivation
(`stand_in_for_deriving`) where what it asserts is what happens around it. They are the same
data whoever derives them: they depend only on the content and the code (quizzes.prepared).

A test asks for them through the session fixture `prepared_data` (tests/conftest.py): it is
set up before any fixture of the test's own points the cache folder elsewhere, so the default
bank never derives into, or reads from, a folder the test is looking at.
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

import pytest

from app.corpus.laws import Content, walked_version
from quizzes import prepared
from quizzes.bank import QuestionBank, default_bank

HANG_S = 600  # as the conftest's WAIT_MS: a guard against a hang, never a limit on speed


@cache
def derived() -> prepared.Prepared:
    """The app's own content's prepared data, derived (or read back) once in this process."""
    bank = default_bank()
    bank.warm()
    return prepared.Prepared(bank.survey, bank.items, bank.new_order)


def store_prepared(folder: Path, data: prepared.Prepared, content: Content | None = None) -> None:
    """Write the app's own content's prepared data (`prepared_data`) into a cache folder, as a
    run that derived them there would have: for the content as read from its files, or for
    `content`, the same laws served from a content store (another key, the same data)."""
    bank = default_bank() if content is None else QuestionBank(content)
    assert walked_version(bank.content) == walked_version(default_bank().content), (
        "not the app's own content: its prepared data would be another's")
    prepared.write(prepared.prepared_key(bank), data, folder)


def stand_in_for_deriving(monkeypatch: pytest.MonkeyPatch, data: prepared.Prepared,
                          held: threading.Event | None = None) -> list[QuestionBank]:
    """Deriving the prepared data of the app's own content gives `data` (`prepared_data`,
    derived once in this process), only once `held` is set when given (the test decides when
    preparing ends); returns the banks it was asked for. Other content derives as it would."""
    default = default_bank()
    real_derive = prepared.derive
    asked: list[QuestionBank] = []

    def derive(bank: QuestionBank) -> prepared.Prepared:
        # The same laws and authored items, whether read from the files or from a content
        # store (whose version names its manifest instead: another key, the same data).
        if (walked_version(bank.content) != walked_version(default.content)
                or bank.authored != default.authored):
            return real_derive(bank)
        asked.append(bank)
        if held is not None:
            assert held.wait(HANG_S), "the test never let the preparing end"
        # As the real derivation leaves it: the bank's survey is the one its catalogue used.
        bank.__dict__["survey"] = data.survey
        return data

    monkeypatch.setattr(prepared, "derive", derive)
    return asked
