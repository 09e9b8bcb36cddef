"""Whether a table's ruling, asked as "what is the ruling?", tells the learner nothing of the
law: the stem's points restated (quizzes.restated_points), a play every rule allows
(quizzes.telling_plays), or rights on an exposed card whose holder has no other card
(quizzes.table_premises). The ruling generator draws no such table; each test is kept in the
module of its own reason, and read here together so the generator asks one question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quizzes.restated_points import restates_points_made
from quizzes.table_premises import abandoned_point_won, exposed_card_moot, take_back_moot
from quizzes.telling_plays import lawful_by_any_law

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank
    from quizzes.generators.common import Found


def tells_nothing(bank: QuestionBank, found: Found, code: str) -> bool:
    """Whether the ruling of `code` at the found table is one no learner needs the law for."""
    ruled = found.for_code(code)
    return (restates_points_made(found.scenario, ruled)
            or lawful_by_any_law(bank, found, code)
            or exposed_card_moot(found.scenario, ruled.options, bank.games[found.scenario.game])
            or take_back_moot(found.scenario, ruled.acts)
            or abandoned_point_won(found.scenario, bank.games[found.scenario.game], ruled))
