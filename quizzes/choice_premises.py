"""Wrong choices of a "what is the ruling?" question that a learner rules out from the table
alone, without knowing the law (the audit's giveaway class, the eleventh blind round):

- a remedy whose premise is false of the table: it acts on an exposed card where the table's
  happening exposes none (#51: "refuse the exposed cards" beside a surplus taken in the
  exchange);
- a remedy's figures taken from another table: the option's points ("add the points wrongly
  marked") are not what the same option gives here, under any code, whatever the timing
  (#163: +40, +80, +150 beside a plain marriage of 20);
- figures no misreading of the points made gives: beside a bidder set back or a bid made,
  a player credited with points he did not make, a bidder set back by a figure neither his
  bid, what he made nor what he fell short (#99: the others' points doubled);
- a template's words where a learner reads a named player ("one's own score"), or points a
  chooser adds "to his own score" that go to another ("If North chooses ...: South +20").

Judged from the engine's rulings of the table shown, never through the generators.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from app.corpus.laws import Content
from app.engine import CodeRuling, Ruling
from app.engine.ruling import OPTIONS
from app.model.games import Game
from app.model.scenario import Scenario
from quizzes.questions import Question
from quizzes.table_premises import (
    Points,
    acts_on_no_card,
    option_points_here,
    points_words,
    scored_options,
)

_TEMPLATE = re.compile(r"\bone's own\b|\bone's score\b", re.IGNORECASE)


def _made(scenario: Scenario) -> dict[str, int] | None:
    points = scenario.event.get("points")
    if scenario.event.type != "points-made" or not isinstance(points, dict):
        return None
    return {str(p): int(n) for p, n in points.items()}


def _misread_points(said: CodeRuling, right: CodeRuling, scenario: Scenario) -> str:
    """Why a wrong ruling's points are no misreading of the points made, or ""."""
    made = _made(scenario)
    if made is None or scenario.bid is None or not right.score:
        return ""
    bidder, bid = scenario.bid.player, int(scenario.bid.amount)
    if any(right.score.get(p, 0) != n for p, n in made.items() if p != bidder):
        return ""  # the ruling is not the points made, each to its maker
    mine = made.get(bidder, 0)
    for p, n in said.score.items():
        if p != bidder and n != made.get(p):
            return f"credits {p} with {n}, who made {made.get(p, 0)}"
        if p == bidder and abs(n) not in {bid, mine, abs(bid - mine)}:
            return f"sets {p} at {n}: neither his bid ({bid}), what he made ({mine}) " \
                   f"nor what he fell short"
    return ""


def choice_premise_problems(q: Question, content: Content, games: Mapping[str, Game],
                            scenario: Scenario, ruling: Ruling,
                            read: Mapping[str, CodeRuling | None]) -> list[tuple[str, str]]:
    """(class, detail) for each wrong choice a learner rules out from the table alone, and
    each choice in a template's words. `read` holds each wrong choice read back, by key."""
    out: list[tuple[str, str]] = []
    for c in q.choices:
        if _TEMPLATE.search(c.text):
            out.append(("giveaway", f"[{c.key}] is worded from a template (“one's own”), "
                                    f"not for the player named"))
    right = ruling.for_code(q.code)
    figures: dict[str, set[Points]] | None = None
    for key, said in read.items():
        if said is None:
            continue
        if (gone := acts_on_no_card({o.id for o in said.options}, scenario)):
            out.append(("giveaway", f"[{key}] acts on an exposed card ({', '.join(sorted(gone))})"
                                    f" where the table exposes none"))
        for o in said.options:
            if o.score and "own score" in OPTIONS.get(o.id, "") and set(o.score) != {o.by}:
                out.append(("giveaway", f"[{key}] {o.by} adds points to his own score, "
                                        f"yet {dict(o.score)} go to another"))
        if scored_options(said):
            if figures is None:
                figures = option_points_here(scenario, ruling, games, content)
            for oid, points in scored_options(said).items():
                if oid in figures and points not in figures[oid]:
                    shown = " or ".join(points_words(p) for p in sorted(figures[oid]))
                    out.append(("giveaway", f"[{key}] gives {points_words(points)} for {oid}: "
                                            f"on this table it gives {shown}"))
        if (why := _misread_points(said, right, scenario)):
            out.append(("giveaway", f"[{key}] {why}: no misreading of the points made"))
    return out
