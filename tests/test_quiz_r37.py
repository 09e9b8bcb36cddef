"""The thirty-seventh blind round's findings, as a learner reads them.

#3 (a play told after the table shows the moment before it) is tested beside round 34's #111,
in tests/test_quiz_r34.py. #27, #191: a hand abandoned after one trick, the adversary already
holding three of the five: the point law 42 gives him was his already, so "No penalty." was
as defensible; such a table is not asked.
"""

from __future__ import annotations

from tests.bank_questions import generated


def test_a_hand_abandoned_with_the_point_already_lost_is_not_asked():  # #27, #191
    asked = [q for seed in range(24) if (q := generated(
        "ruling", "ecarte.english.abandon-after-tricks", seed)) is not None]
    assert len(asked) >= 12
    for q in asked:
        event = q.table["event"]
        theirs = q.table.get("tricks_played", 0) - event["tricks_won"]
        assert theirs < 3, (q.id, q.table.get("tricks_played"), event)
