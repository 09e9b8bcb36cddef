"""The eighth blind round's #2: a surplus or a shortage is said by the count.

Enquire Within's "more than eight cards" is a hand's count at the deal; the why said "North
holds more than eight cards" beside "North holds 8 (should hold 7)". A hand found wrong in
play is said to hold so many cards more (or fewer) than he should; a "more than N" said of a
hand names the number he should hold.
"""

from __future__ import annotations

import re

from app.engine import rule
from tests.bank_questions import BANK, built_of, dealt_moments

NUMBERS = {w: n for n, w in enumerate(
    ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve"))}
_MORE_THAN = re.compile(r"(\w+) holds? (?:more|fewer|less) than (\w+) cards")
_COUNTED = re.compile(r"(\w+) holds (\d+) \(should hold (\d+)\)")
_BY = re.compile(r"(\w+) holds (\w+) cards? (more|fewer) than he should hold")


def _check(explanation: str) -> int:
    proper = {p: int(b) for p, _, b in _COUNTED.findall(explanation)}
    held = {p: int(a) for p, a, _ in _COUNTED.findall(explanation)}
    checked = 0
    for player, n in _MORE_THAN.findall(explanation):
        if player in proper:
            assert NUMBERS.get(n, n) == proper[player], explanation
            checked += 1
    for player, n, way in _BY.findall(explanation):
        if player in proper:
            diff = held[player] - proper[player]
            assert NUMBERS[n] == abs(diff) and (way == "more") == (diff > 0), explanation
            checked += 1
    return checked


def test_the_surplus_fine_is_explained_by_the_count():
    checked = 0
    for q in built_of(["penalty:bezique.english.one-surplus-other-right",
                       "ruling:bezique.english.one-surplus-other-right"], range(6)):
        checked += _check(q.explanation)
    assert checked


def test_every_wrong_count_ruled_says_a_surplus_by_the_count():
    checked = 0
    for made in dealt_moments("wrong-count", 6, "r8-surplus-words"):
        for cr in rule(made.scenario, BANK.games, BANK.content).rulings:
            checked += _check(cr.explanation)
    assert checked
