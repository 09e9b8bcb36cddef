"""The twenty-first blind round's #163, and the twenty-second round's findings, each as a
learner reads them.

#163: "He does not take it back before the trick is turned" beside a table that called the
trick his card completed "the trick in progress".
"""

from __future__ import annotations

from quizzes.stem import table_text
from tests.bank_questions import BANK


def test_a_trick_the_stood_play_completed_is_not_said_to_be_in_progress():  # round 21's #163
    q = BANK.question("ruling:rubicon-bezique.english.failure-to-follow-or-win:877872")
    assert "He does not take it back before the trick is turned." in q.situation
    text = table_text(q.shown)
    assert ("On the trick, now complete, in the order played: the ace of clubs by South, then "
            "the queen of spades by North.") in text
    assert "trick in progress" not in text


def test_a_trick_still_open_is_in_progress():
    for seed in range(40):
        q = BANK.generate("ruling", "cinch.american.lead-in-partners-turn", seed)
        trick = (q.shown or {}).get("trick") or {}
        if trick.get("cards") and len(set(trick.get("players") or ())) < 4:
            assert "On the trick in progress, in the order played:" in table_text(q.shown)
            return
    raise AssertionError("no open trick drawn in 40 seeds")
