"""Whether a ruling is the stem's points restated: after a hand, each player scores what the
stem says he made, with no option, no duty and nothing taken off. Asked as "what is the
ruling?", its answer repeats the stem's figures ("North made 2, East made 1" beside "East
adds 1 ... North adds 2"), and a learner copying them picks it without the law (the twelfth
blind round's #84 and #104: Auction Pitch's white counters, which such a table does not even
show). Such a ruling is offered as a wrong choice, never asked (quizzes/survey.py and the
ruling generator)."""

from __future__ import annotations

from collections.abc import Mapping

from app.engine import CodeRuling
from app.model.scenario import Scenario


def restates_points_made(scenario: Scenario, ruling: CodeRuling) -> bool:
    """Whether the ruling's terms are the points made in the hand as the event states them."""
    points = getattr(scenario.event, "points", None)
    if not isinstance(points, Mapping) or ruling.options or ruling.duties:
        return False
    made = {str(p): int(n) for p, n in points.items() if n}
    return bool(made) and dict(ruling.score) == made
