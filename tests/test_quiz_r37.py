"""The thirty-seventh blind round's findings, as a learner reads them.

#3: "North plays the nine of hearts. He does not take it back before another card is led."
beside a table that still held the card in his hand: the table is the moment before his play,
and the stem now says so. #27, #191: a hand abandoned after one trick, the adversary already
holding three of the five: the point law 42 gives him was his already, so "No penalty." was
as defensible; such a table is not asked.
"""

from __future__ import annotations

from tests.bank_questions import generated


def test_a_play_told_after_the_table_says_the_table_is_before_it():  # #3
    asked = [q for seed in range(0, 400, 8) if (q := generated(
        "revoke", "ecarte.english.renounce-or-failure-to-win", seed)) is not None
        and q.prompt.endswith("is that lawful?")]
    assert asked
    for q in asked:
        assert q.situation.endswith("The table shows the cards as they lay before he played."), \
            q.situation


def test_a_hand_abandoned_with_the_point_already_lost_is_not_asked():  # #27, #191
    asked = [q for seed in range(24) if (q := generated(
        "ruling", "ecarte.english.abandon-after-tricks", seed)) is not None]
    assert len(asked) >= 12
    for q in asked:
        event = q.table["event"]
        theirs = q.table.get("tricks_played", 0) - event["tricks_won"]
        assert theirs < 3, (q.id, q.table.get("tricks_played"), event)
