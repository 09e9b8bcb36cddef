"""A question on a table's ruling ("what is the ruling?", "how many points?", "which code rules
so?") is asked under the law the ruling rests on first, never under a law it only also cites:
`ruling:general.american.no-penalty-for-own-error` built and asked the very table and case of
`ruling:general.american.own-card-exposed-in-deal` (one source line, F-662), a second item of
the same question (quizzes/survey.py records those situations under the first law)."""

from __future__ import annotations

import bank_questions
import pytest

from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.generators.common import figure_law
from quizzes.questions import Question, QuestionError

BANK = bank_questions.BANK
ASKED_OF_THE_TABLE = ("ruling", "penalty", "code")


def test_the_principle_beside_own_card_exposed_is_no_item_of_its_own() -> None:
    # (The exposure's own item is not asked either since round 6: with no choice giving the
    # right to the side that erred, it has no two real rivals. Its tables, were it asked, rest
    # first on the exposure law.)
    assert "ruling:general.american.no-penalty-for-own-error" not in BANK.items
    try:
        q = BANK.generate("ruling", "general.american.own-card-exposed-in-deal", 0)
    except QuestionError:
        return
    assert q.laws[0] == "general.american.own-card-exposed-in-deal"


def test_no_law_the_rulings_only_also_cite_is_asked_of_their_tables() -> None:
    # Laws found cited only beside another (Écarté's law 22 beside law 24's king, the rubicon
    # beside a surplus, Foster's trump card unchanged beside the misdeal): their tables are
    # asked under the law each ruling rests on first.
    for item in ("ruling:ecarte.english.turned-king-marking-time",
                 "penalty:ecarte.english.turned-king-marking-time",
                 "ruling:rubicon-bezique.english.rubicon",
                 "ruling:ecarte.american.trump-unchanged-after-correction",
                 "ruling:general.american.follow-to-wrong-lead"):
        assert item not in BANK.items, item
    for item in ("ruling:ecarte.english.king-scores-one",
                 "ruling:general.american.lead-out-of-turn-no-partner"):
        assert item in BANK.items, item


@pytest.mark.parametrize("qtype", ASKED_OF_THE_TABLE)
def test_every_table_question_rests_first_on_its_items_law(qtype: str) -> None:
    asked = 0
    for item, info in BANK.items.items():
        if info.type != qtype:
            continue
        for seed in (0, 1):
            q = bank_questions.question(item, seed)
            if not isinstance(q, Question) or q.table is None:
                continue
            asked += 1
            scenario = parse_scenario(dict(q.table), BANK.games)
            ruled = rule(scenario, BANK.games, BANK.content).for_code(q.code)
            # A count is asked of the law that gives its figure (the eighth round's #72).
            first = figure_law(BANK, ruled) if qtype == "penalty" else ruled.laws[0]
            assert first == info.law, (q.id, ruled.laws)
    assert asked
