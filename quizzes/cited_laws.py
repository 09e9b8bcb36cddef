"""Judging what a question cites against what it states (issue 25; quizzes/judge.py calls it).

- two accounts: the laws cited come from two accounts of one code that reckon the matter
  differently, or the stem names one account and cites a law of another (the eleventh blind
  round's #144: Foster's report named, Portland law 21 cited, another figure);
- a timing fact told unread: a question under one code states when the error came to light
  where its code's ruling sets no time, the fact deciding only under another code (#133);
- a trigger ruled out: a law cited whose condition the facts stated contradict (#60: law 25,
  "fail to declare his error before he has played a card", beside "South has not played a
  card this hand"), read from the law's `ruled_out_by` (content/laws).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from quizzes.accounts import other_accounts
from quizzes.asked_stem import timing_told_unread

if TYPE_CHECKING:
    from app.corpus.laws import Content
    from app.engine import CodeRuling, Ruling
    from app.model.scenario import Scenario
    from quizzes.judge import Finding
    from quizzes.questions import Question

# Question types asked under one code: their stems say only that code's deciding facts.
ONE_CODE = ("ruling", "penalty", "law")


def source_findings(q: Question, content: Content, scenario: Scenario,
                    ruling: Ruling) -> list[Finding]:
    """The problems of what a question cites, each in its class of the blind audit."""
    from quizzes.judge import Finding

    out = [Finding(q.id, "two-answers", why) for why in other_accounts(content, q.laws, q.prompt)]
    if q.type in ONE_CODE and q.code in scenario.codes:
        asked = ruling.for_code(q.code)
        out += [Finding(q.id, "two-answers", why)
                for why in timing_told_unread(q.situation, scenario, asked)]
        out += [Finding(q.id, "law-not-fitting", why)
                for why in ruled_out(content, q.laws, asked, scenario.event.get("player"))]
    return out


def ruled_out(content: Content, law_ids: Sequence[str], asked: CodeRuling,
              offender: object = None) -> list[str]:
    """Each law cited whose trigger a fact the ruling turned on rules out: the law's
    `ruled_out_by` names the fact and the value ("has-played=false"); a fact of one seat is
    the offender's (the event's player)."""
    grounds = {(g.fact, _said(g.value)) for g in asked.grounds
               if g.seat is None or g.seat == offender}
    out = []
    for law_id in law_ids:
        law = content.laws.get(law_id)
        for cond in law.ruled_out_by if law is not None else ():
            fact, _, value = cond.partition("=")
            if (fact, value) in grounds:
                out.append(f"{law_id} is cited, but {fact} is {value}, which rules its "
                           f"trigger out")
    return out


def _said(value: object) -> str:
    return str(value).lower()
