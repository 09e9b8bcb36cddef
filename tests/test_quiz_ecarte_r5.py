"""Écarté as a learner reads it, the fifth blind round's classes (docs/audits/
quiz-sample-2026-12-02-round-5.md).

- A ruling never grants a right the stem says was not used: a card played in error and not
  taken back before the next lead is ruled under law 43 alone, law 39's retake spent (#25,
  #48, #61).
"""

from __future__ import annotations

from collections.abc import Iterator

import bank_questions
import pytest

from app.engine.core import rule
from app.model.scenario import parse_scenario
from quizzes.questions import Question

SEEDS = range(4)
BANK = bank_questions.BANK


def _questions(*items: str) -> Iterator[Question]:
    for item in items:
        if item not in BANK.items:
            continue
        for seed in SEEDS:
            q = bank_questions.question(item, seed)
            if isinstance(q, Question):
                yield q


def _built(*items: str) -> list[Question]:
    found = list(_questions(*items))
    assert found, f"no question built of {items}"
    return found


def _texts(q: Question) -> list[str]:
    return [c.text for c in q.choices]


# --- #25, #48, #61: a card not taken back -----------------------------------------------------

_RENOUNCE = tuple(item for item in BANK.items if ":ecarte.english." in item
                  and (item.endswith(".renounce-or-failure-to-win")
                       or item.endswith(".played-card-retaken")))


def test_a_card_not_taken_back_is_ruled_as_not_taken_back() -> None:
    for q in _built(*_RENOUNCE):
        if "does not take it back" not in q.prompt:
            continue
        marked = [c.text for c in q.choices if c.key in q.answer] if q.kind != "number" else []
        for text in [*marked, q.explanation.split("Under the")[0]]:
            assert "may take back" not in text and "may take the card back" not in text, (
                q.id, text)
        # The retake law does not decide a table where the card was not retaken.
        assert "ecarte.english.played-card-retaken" not in q.laws, q.id


_TABLE = {
    "game": "ecarte", "dealer": "North", "codes": ["english"], "trump": "C", "turn_up": "8C",
    "scores": {"North": 0, "South": 0},
    "hands": {"North": ["KC", "7C", "10C", "9H", "QS"], "South": ["KH", "KD", "7H", "10H"]},
    "trick": {"leader": "South", "cards": ["QH"]},
}


@pytest.mark.parametrize(("taken_back", "outcome", "laws", "options"), [
    (None, "revoke", ["ecarte.english.renounce-or-failure-to-win",
                      "ecarte.english.played-card-retaken"],
     [("take-back", "North"), ("replay-hand", "South")]),
    (False, "revoke", ["ecarte.english.renounce-or-failure-to-win"],
     [("replay-hand", "South")]),
    (True, "no-penalty", ["ecarte.english.played-card-retaken",
                          "ecarte.english.renounce-or-failure-to-win"], []),
])
def test_club_code_law_39_is_ruled_from_whether_the_card_was_taken_back(
        taken_back: bool | None, outcome: str, laws: list[str],
        options: list[tuple[str, str]]) -> None:
    event: dict[str, object] = {"type": "play", "player": "North", "card": "QS"}
    if taken_back is not None:
        event["taken_back"] = taken_back
    s = parse_scenario({**_TABLE, "event": event}, BANK.games)
    (ruled,) = rule(s, BANK.games, BANK.content).rulings
    assert ruled.outcome == outcome
    assert list(ruled.laws) == laws
    assert [(o.id, o.by) for o in ruled.options] == options
