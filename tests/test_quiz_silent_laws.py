"""Where a code's laws are silent, no question asks what that code rules (issue 25, section 3;
the blind audit of 2026-12-02, class c #93 and #190): Foster's Écarté law on an imperfect pack
says only that earlier scores stand, so "No penalty" for the deal in progress was a ruling no
law gives, and "The deal is void" could not be ruled out from the laws.
"""

from __future__ import annotations

from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()


def test_foster_is_silent_on_the_deal_in_progress_with_an_imperfect_pack():
    table = {"game": "ecarte", "players": ["North", "South"], "dealer": "North",
             "stage": "deal", "scores": {"North": 2, "South": 0},
             "event": {"type": "imperfect-pack"}}
    ruled = rule(parse_scenario(table, BANK.games), BANK.games, BANK.content)
    american = ruled.for_code("american")
    assert american.outcome == "not-covered"
    assert "ecarte.american.imperfect-pack" in american.laws  # earlier scores stand
    assert "silent on the deal in progress" in american.explanation


def test_no_question_asks_foster_s_ruling_of_an_imperfect_pack():
    for qtype in ("ruling", "code", "penalty"):
        assert f"{qtype}:ecarte.american.imperfect-pack" not in BANK.items
    for seed in (555343, 791920, 0, 1):
        for qtype in ("ruling", "code"):
            try:
                q = BANK.generate(qtype, "ecarte.american.imperfect-pack", seed)
            except QuestionError:
                continue
            raise AssertionError(f"{q.id} asks what a silent law rules")
    # Asked under the English laws, the American choice is never "No penalty".
    for seed in range(4):
        try:
            q = BANK.generate("ruling", "ecarte.english.imperfect-pack", seed)
        except QuestionError:
            continue
        assert not [c for c in q.choices if c.code == "american" and c.text == "No penalty."]
