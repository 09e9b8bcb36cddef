"""`quiz audit` finds round 11's giveaways by wrong choices a learner strikes out from the
table alone (tests/test_quiz_r12_choices.py shows the generators no longer make them): a remedy
acting on an exposed card where none is exposed (#51), a declaration's points marked from
another combination (#163), set-back figures no misreading gives (#99), and a choice worded
from a template ("one's own score")."""

from __future__ import annotations

import dataclasses

from test_quiz_r12_choices import _BID, BANK, _built, _declared_value, _wrong

from quizzes.judge import judge
from quizzes.questions import Choice, Question


def _spoiled(q: Question, text: str) -> Question:
    wrong = _wrong(q)[0]
    choices = tuple(Choice(c.key, text if c.key == wrong.key else c.text, c.code)
                    for c in q.choices)
    return dataclasses.replace(q, choices=choices)


def _giveaways(q: Question) -> list[str]:
    return [f.detail for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]


def test_the_audit_finds_an_exposed_card_remedy_where_none_is_exposed() -> None:
    q = _built("ruling:ecarte.english.pone-took-too-many", (0,))[0]
    assert not _giveaways(q)
    spoiled = _spoiled(q, "A penalty. North may take the exposed card in the next exchange.")
    assert any("exposed card" in d for d in _giveaways(spoiled))


def test_the_audit_finds_points_marked_from_another_combination() -> None:
    q = _built("ruling:pinochle.american.amending-a-declaration", (537513,))[0]
    assert not _giveaways(q)
    value = _declared_value(q)
    other = value * 2
    spoiled = _spoiled(q, f"A penalty. North may call the exposed card to be led or played, "
                          f"and may also add the points wrongly marked to his own score. If "
                          f"North chooses to add the points wrongly marked to his own score: "
                          f"North +{other}. South has {other} taken off his score.")
    assert any(f"on this table it gives North +{value}, South -{value}" in d
               for d in _giveaways(spoiled))
    templated = _spoiled(q, f"A penalty. North may add the points wrongly marked to one's own "
                            f"score. If North chooses to add the points wrongly marked to one's "
                            f"own score: North +{value}. South has {value} taken off his score.")
    assert any("template" in d for d in _giveaways(templated))


def test_the_audit_finds_set_back_figures_no_misreading_gives() -> None:
    q = _built("ruling:auction-pitch.american.bidder-set-back", (251652,))[0]
    assert not _giveaways(q)
    (bidder, bid), = _BID.findall(q.situation)
    spoiled = _spoiled(q, f"A penalty. {bidder} has {2 * int(bid) + 1} taken off his score.")
    assert any("no misreading of the points made" in d for d in _giveaways(spoiled))


def test_the_audit_finds_own_score_points_going_to_another() -> None:
    q = _built("ruling:pinochle.american.amending-a-declaration", (537513,))[0]
    value = _declared_value(q)
    spoiled = _spoiled(q, f"A penalty. South may add the points wrongly marked to his own "
                          f"score. If South chooses to add the points wrongly marked to his own "
                          f"score: North +{value}. South has {value} taken off his score.")
    assert any("to his own score, yet" in d for d in _giveaways(spoiled))
