"""Rival rulings from the other side of a law's condition that no single fact of the ruling's
grounds reaches (quizzes.generators.rivals.neighbours changes one fact the ruling read): the
same score marked wrongly the other way, too little where too much was marked.

The Club Code's laws 50 and 51 turn on which way the error lies: an overscore admitted comes
off at any time while the game lasts, an omission may be marked only until the next trump is
turned. Asked of an overscore found in a later deal, the rival a learner must rule out is law
50's "too late: the score stands" (the twelfth round: `ecarte.english.overscore-taken-down`
had no item once its count left the penalty bank, every wrong choice of its ruling being the
same correction on another player). Each rival is the engine's ruling of the table with the
error turned round, never looked up, and only one that leaves the score as marked: the other
side's time limit. Its own remedy (points added beside an overscore, taken off beside an
omission) is ruled out by the stem's figures alone, without knowing either law.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from app.engine import CodeRuling, rule
from app.engine.ruling import changes_score
from app.model.scenario import Scenario

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank


def turned_round(s: Scenario) -> Scenario | None:
    """The table with the score marked wrongly the other way (the points marked and the points
    due exchanged), or None where the event marks no score or marks it right."""
    marked, correct = s.event.get("marked"), s.event.get("correct")
    if not isinstance(marked, int) or not isinstance(correct, int) or marked == correct:
        return None
    event = msgspec.structs.replace(s.event, marked=correct, correct=marked)
    return msgspec.structs.replace(s, event=event)


def other_side(bank: QuestionBank, s: Scenario, cr: CodeRuling) -> list[CodeRuling]:
    """The rulings the same code gives for the same happening on the other side of its law's
    condition (turned_round), where another law of the code rules it and leaves the score as
    marked (law 50's "too late" beside law 51's overscore)."""
    out: list[CodeRuling] = []
    turned = turned_round(s)
    if turned is None:
        return out
    alone = msgspec.structs.replace(turned, codes=(cr.code,))
    try:
        ruled = rule(alone, bank.games, bank.content).for_code(cr.code)
    except (KeyError, ValueError):
        return out
    if (ruled.needs is None and ruled.outcome not in ("not-covered", "depends")
            and not changes_score(ruled) and not set(ruled.laws) & set(cr.laws)):
        out.append(ruled)  # another law's time limit, not this law's own remedy turned round
    return out


def against_the_marks(cr: CodeRuling, s: Scenario) -> bool:
    """Whether a ruling moves the points of a score marked wrongly the way the stem's figures
    rule out: points taken off a player who marked less than was due ("South has the 2 he
    marked in error taken off" beside "South marked 0 points where 1 was due"), or added to
    one who marked more. Offered as wrong, it is struck out on the figures, not the law."""
    player, marked, correct = s.event.get("player"), s.event.get("marked"), s.event.get("correct")
    if not isinstance(marked, int) or not isinstance(correct, int) or marked == correct:
        return False
    moved = [v for p, v in cr.score.items() if p == player]
    moved += [v for o in cr.options for p, v in o.score.items() if p == player]
    return any((v < 0) != (marked > correct) for v in moved if v)
