"""Shared by the seed-law rulings tests (tests/test_rulings_*.py): fixtures and helpers.

Each test file makes the fixtures its own by naming them as module attributes
(`ruled = rulings_support.ruled`), so pytest finds them there; `ids` and `choosers` are
plain helpers, imported as they are.
"""

from __future__ import annotations

import pytest

from app.corpus.loading import load_content
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import parse_scenario


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def games(content):
    return build_games(content)


@pytest.fixture
def ruled(games, content):
    """Rule an inline scenario and return the ruling under one code."""

    def run(raw: dict, code: str):
        ruling = rule(parse_scenario(raw, games), games, content)
        for r in ruling.rulings:
            for law_id in r.laws:
                assert law_id in content.laws
        return ruling.for_code(code)

    return run


def ids(ruling) -> list[str]:
    return sorted(o.id for o in ruling.options)


def choosers(ruling, option_id: str) -> list[str]:
    return sorted(o.by for o in ruling.options if o.id == option_id)
