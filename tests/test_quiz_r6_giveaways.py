"""Round 6's giveaways (class f: the stem's own words rule out every wrong choice).

A wrong ruling built by moving the right ruling's rights to the player the stem says erred
("The innocent side chooses ... South may claim a misdeal" beside South's wrong deal, #111;
"North may claim a misdeal" beside North's own card turned in the deal, #131) is ruled out
without the law: it is never offered, and the judge calls it a giveaway.
"""

from __future__ import annotations

import pytest

from quizzes.bank import default_bank
from quizzes.generators import ruling
from quizzes.generators.common import NoScenario
from quizzes.judge import judge
from quizzes.questions import QuestionError

BANK = default_bank()
AUDITED = (("ecarte.american.wrong-count-dealt", 911422),
           ("general.american.no-penalty-for-own-error", 628814))


def _giveaways(law: str, seed: int) -> list[str]:
    q = ruling.build(BANK, law, seed)
    return [str(f) for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]


@pytest.mark.parametrize(("law", "seed"), AUDITED)
def test_the_audits_offender_choices_are_judged_giveaways(monkeypatch, law, seed):
    # The old generator offered them: the judge must see them.
    monkeypatch.setattr(ruling, "innocent_is_offender", lambda *a: False)
    found = _giveaways(law, seed)
    assert any("who erred" in f for f in found), found


@pytest.mark.parametrize(("law", "seed"), AUDITED)
def test_no_choice_gives_the_offender_the_innocent_sides_right(law, seed):
    try:
        q = ruling.build(BANK, law, seed)
    except (QuestionError, NoScenario):
        return  # no table of the law has two real rivals: it is not asked
    assert _giveaways(law, seed) == [], [c.text for c in q.choices]


def test_no_ruling_question_moves_the_right_to_the_offender():
    checked = 0
    for info in BANK.items.values():
        if info.type != "ruling":
            continue
        try:
            q = BANK.generate("ruling", info.law, 0)
        except QuestionError:
            continue
        checked += 1
        found = [str(f) for f in judge(q, BANK.content, BANK.games)
                 if f.cls == "giveaway" and "who erred" in f.detail]
        assert found == [], (q.id, [c.text for c in q.choices])
    assert checked >= 80


def test_a_hand_that_ended_early_is_not_said_to_have_played_every_trick():
    # #108 (and #119, #120): "after the hand, which ended after 63 of its 64 tricks" beside
    # "Every trick of the hand had been played."
    q = BANK.generate("penalty", "rubicon-bezique.english.played-with-surplus-rubiconed", 260830)
    assert "ended after 63 of its 64 tricks" in q.situation
    assert "Every trick of the hand had been played" not in q.situation
    assert "No trick of the hand remained to be played." in q.situation

