"""Round 6's giveaways (class f: the stem's own words rule out every wrong choice).

A wrong ruling built by moving the right ruling's rights to the player the stem says erred
("The innocent side chooses ... South may claim a misdeal" beside South's wrong deal, #111;
"North may claim a misdeal" beside North's own card turned in the deal, #131) is ruled out
without the law: it is never offered, and the judge calls it a giveaway.
"""

from __future__ import annotations

import dataclasses

import pytest

from quizzes.bank import default_bank
from quizzes.generators import ruling
from quizzes.generators.common import NoScenario
from quizzes.judge import judge
from quizzes.questions import Choice, QuestionError

BANK = default_bank()
AUDITED = (("ecarte.american.wrong-count-dealt", 911422),
           ("general.american.no-penalty-for-own-error", 628814))
# (#131's law is no item of its own now, its tables asked under the exposure law they rest on
# first: the old generator is shown #111's.)
JUDGED = AUDITED[:1]


def _giveaways(law: str, seed: int) -> list[str]:
    q = ruling.build(BANK, law, seed)
    return [str(f) for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]


@pytest.mark.parametrize(("law", "seed"), JUDGED)
def test_the_audits_offender_choices_are_judged_giveaways(law, seed):
    # The old generator offered them: the judge must see them. (Since round 15's #159 the
    # generator's near rivals of this table, one hand put right of two, fill the choices even
    # with the offender's filter off, so #111's choices are laid on its question as they were.)
    q = ruling.build(BANK, law, seed)
    right = next(c for c in q.choices if c.key in q.answer)
    assert "North may claim a misdeal" in right.text  # South dealt: North is the pone
    moved = [right.text.replace("North may", "South may"),
             "The innocent side chooses whether the cards are dealt again. South may claim a "
             "misdeal."]
    was = dataclasses.replace(q, choices=(right, *(Choice(k, t) for k, t in zip("yz", moved,
                                                                                strict=True))))
    found = [str(f) for f in judge(was, BANK.content, BANK.games) if f.cls == "giveaway"]
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
    # (nor "No trick of the hand remained to be played.": "after the hand, which ended
    # after 63 of its 64 tricks" says so, the 56th round's #165)
    assert "Tricks of the hand remained to be played" not in q.situation


def _law_question(law: str, seed: int):
    try:
        return BANK.generate("law", law, seed)
    except (QuestionError, LookupError):
        return None


@pytest.mark.parametrize(("law", "seed"), [
    ("rubicon-bezique.english.one-short-other-right", 620944),
    ("ecarte.english.pone-too-many-dealt", 746948),
    ("rubicon-bezique.english.dealer-deals-wrongly", 905880),
])
def test_a_which_law_question_offers_no_law_the_stated_counts_rule_out(law, seed):
    # #135: "North holds 7 (should hold 8) and South holds 9 (should hold 9)" beside "Both
    # players have too many cards" and "One hand too long, the other too short"; #118: the
    # non-dealer's 7 beside "fewer than five" laws, and the dealer's own 6 (law 17's half).
    q = _law_question(law, seed)
    if q is None:
        return  # not asked: no law of these counts at another moment stands beside it
    counted = [line for line in q.situation.split("\n") if "The hands are counted" in line]
    assert counted, q.situation
    wrong = [c.text for c in q.choices if c.key != law]
    says = counted[0]
    over = says.count("should hold") - sum(
        f"holds {n} (should hold {n})" in says for n in range(20))
    assert over == 1, (q.id, says)  # one hand wrong: one law's case
    short = any(f"holds {n} (should hold {m})" in says
                for n in range(20) for m in range(n + 1, 20))
    for text in wrong:
        assert not text.startswith("Both"), (q.id, says, text)
        if short:
            assert ("more than" not in text and "too many" not in text.lower()) or \
                "short" in text.lower(), (q.id, says, text)
        else:
            assert "fewer than" not in text and "short" not in text.lower(), (q.id, says, text)


# (#148's Cinch bid made is asked no more: no law held gives its score, the blind audit's
# #182, #183; tests/test_quiz_r7_scores.py.)
