"""Round 11's counts the stem answers (issue 25): "how many points" asked where the stem alone
gives the answer.

#28: "how many points will North score for the last trick?": naming North is the law's ruling
(the player with the right number of cards scores the last trick); only the game's 50 is left.
#35: South "marked one point" for the king announced too late; "how many points are taken off
South's score?" 1, the stem restated. #37: "marked 60 where 40 were due", how many taken off?
20, the stem's subtraction. A count is asked only where the law decides its figure; these are
asked as rulings (who scores the last trick, too late or in time, who may add), or not at all.
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from bank_questions import BANK

from quizzes.audit import audit_questions
from quizzes.generators import penalty
from quizzes.judge import judge
from quizzes.questions import Question, QuestionError

SEEDS = range(4)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _told(q: Question) -> str:
    """What the stem says happened: its lines after the game's state, before the table."""
    return " ".join(q.situation.split("\nThe table:")[0].split("\n")[1:])


def _figures(sentence: str) -> list[int]:
    found = re.findall(r"\b(\d+|one|two|three|four|five|six) points?\b|"
                       r"\bwhere (\d+) (?:was|were) due\b", sentence)
    return [int(n) if n.isdigit() else _WORDS[n] for pair in found for n in pair if n]


def _stem_answers(q: Question) -> set[int]:
    """Every figure of points the stem states, and each difference of two in one sentence."""
    out: set[int] = set()
    for sentence in re.split(r"(?<=\.)\s+", _told(q)):
        said = _figures(sentence)
        out |= set(said) | {abs(a - b) for a, b in combinations(said, 2)}
    return out


def _penalties() -> list[Question]:
    out = []
    for law_id in penalty.laws(BANK):
        for seed in SEEDS:
            try:
                out.append(BANK.generate("penalty", law_id, seed))
            except QuestionError:
                continue
    return out


QUESTIONS = _penalties()


def test_every_penalty_item_builds_across_the_seeds():
    assert {q.law for q in QUESTIONS} == set(penalty.laws(BANK))
    assert len(QUESTIONS) >= 3 * len(penalty.laws(BANK))


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_no_count_is_a_figure_the_stem_states_or_their_difference(q):
    assert q.answer not in _stem_answers(q), (q.situation, q.prompt, q.answer)


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_no_count_names_who_wins_the_last_trick(q):
    assert "last trick" not in q.prompt, q.prompt


def test_the_rounds_items_are_asked_as_rulings_not_counts():
    for law_id in ("rubicon-bezique.english.one-short-other-right",
                   "ecarte.english.king-in-hand-announced", "pinochle.american.erroneous-score"):
        assert f"penalty:{law_id}" not in BANK.items
        assert f"ruling:{law_id}" in BANK.items
    for law_id in ("rubicon-bezique.english.erroneous-score",
                   "ecarte.english.overscore-taken-down", "ecarte.english.false-king",
                   "ecarte.american.king-in-hand-announced"):
        assert f"penalty:{law_id}" not in BANK.items


def test_the_rounds_questions_are_not_built_again():
    for qid in ("penalty:rubicon-bezique.english.one-short-other-right:798065",
                "penalty:ecarte.english.king-in-hand-announced:194231",
                "penalty:pinochle.american.erroneous-score:552717"):
        _, law_id, seed = qid.split(":")
        with pytest.raises(QuestionError):
            BANK.generate("penalty", law_id, int(seed))


def _old_pick(found, code, game):
    """The old generator's pick: the largest figure, whatever the stem states, whenever it is
    scored."""
    return max(sorted(found.for_code(code).score.items()),
               key=lambda kv: (abs(kv[1]), kv[1] > 0))


@pytest.mark.parametrize(("qid", "said"), [
    ("penalty:rubicon-bezique.english.one-short-other-right:798065", "scores with the last"),
    ("penalty:ecarte.english.king-in-hand-announced:194231", "a figure of points the stem"),
    ("penalty:pinochle.american.erroneous-score:552717", "a figure of points the stem"),
])
def test_the_audit_calls_the_rounds_questions_giveaways(monkeypatch, qid, said):
    monkeypatch.setattr(penalty, "asked_figure", _old_pick)
    _, law_id, seed = qid.split(":")
    q = penalty.build(BANK, law_id, int(seed))
    # The old questions, as the audit read them.
    assert {"798065": "South", "194231": "South", "552717": "South"}[seed] in q.prompt
    if seed == "552717":
        assert "marked 60 points where 40 were due" in q.situation and q.answer == 20
    if seed == "194231":
        assert "marked one point for it" in q.situation and q.answer == 1
    found = [str(f) for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]
    assert any(said in f for f in found), found
    # `python -m app quiz audit` counts it in the giveaway class.
    assert q.id in audit_questions(BANK, [q]).by_class()["giveaway"]
