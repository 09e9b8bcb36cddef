"""Judging a count ("how many points ...?") as a strict learner would, from the question's own
words and the engine's ruling of its table (issue 25): never by asking the penalty generator
which figure it picked. A count is a giveaway when the stem alone answers it:

- the figure is one the stem already states, or the difference of two it states in one
  sentence ("South marked 60 points where 40 were due": 20 taken off, the eleventh blind
  round's #37; "marked one point for it": 1 taken off, #35), or what the players the prompt
  names made in the hand ("East made 2", how many does East score? 2: the blind audit's #68);
- the points are scored with a later trick whose winner the law decides, and the prompt names
  him ("how many points will North score for the last trick?": #28): the law's ruling is in
  the question, only the game's value of the trick is left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import combinations

from app.engine import CodeRuling
from app.model.scenario import Scenario
from app.table_builder.problem_words import number

# A figure of points in words: "60 points", "one point", "where 40 were due".
_NUMBER = {number(n): n for n in range(0, 21)}
_FIGURE = (r"(\d+|" + "|".join(sorted((w for w in _NUMBER if not w.isdigit()), key=len,
                                      reverse=True)) + r")")
_POINTS = re.compile(rf"\b{_FIGURE} points?\b|\bwhere {_FIGURE} (?:was|were) due\b",
                     re.IGNORECASE)


def _value(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER[word.casefold()]


def stated_points(situation: str) -> set[int]:
    """The figures of points the stem's account of what happened states (its lines between
    the opening line of the game's state and the table), each sentence's figures and the
    differences of any two of them."""
    told = situation.split("\nThe table:")[0].split("\n")[1:]
    out: set[int] = set()
    for sentence in re.split(r"(?<=[.!?])\s+", " ".join(told)):
        said = [_value(next(g for g in m.groups() if g)) for m in _POINTS.finditer(sentence)]
        out |= {abs(n) for n in said}
        out |= {abs(a - b) for a, b in combinations(said, 2)}
    return out - {0}


def count_giveaways(answer: object, situation: str, scenario: Scenario,
                    right: CodeRuling, named: list[str]) -> list[str]:
    """Why a count the stem alone answers is a giveaway (none when it is not): `named` are the
    players the prompt names, `right` the engine's ruling of the table."""
    out: list[str] = []
    if right.score_when and any(p in right.score for p in named):
        out.append(f"the prompt names {' and '.join(named)}, who the law says scores "
                   f"with the {right.score_when.replace('-', ' ')}: only the game's value "
                   f"of it is left to answer")
    points = getattr(scenario.event, "points", None)
    if isinstance(points, Mapping) and answer == sum(int(points.get(p, 0)) for p in named):
        out.append(f"the count asked, {answer}, is what the stem says "
                   f"{' and '.join(named)} made")
    if isinstance(answer, int) and answer in stated_points(situation):
        out.append(f"the count asked, {answer}, is a figure of points the stem states, or "
                   f"the difference of two it states")
    return out
