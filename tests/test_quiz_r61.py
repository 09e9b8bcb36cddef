"""The sixty-first blind round's findings, as a learner reads them.

#134: round 60's fix asked the points of a hand thrown down "besides what he makes in the rest
of the hand", which it has not: not of an abandoned hand.
#165: Cinch partners at 42, the Chicago Cinch Club's game (cinch.american.game-42), beside a
question of something else: a running score stays below every reading's game.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_a_hand_thrown_down_has_no_rest_to_leave_aside():  # #134
    q = BANK.question("penalty:ecarte.english.abandon-after-tricks:687037")
    assert q.prompt == "Under the English laws, how many points does North score?"
    assert q.answer == 1


def test_cinch_scores_stay_below_the_chicago_clubs_game():  # #165
    laws = ("cinch.american.wrong-count-after-bid", "cinch.american.exposed-card-faced",
            "cinch.american.lead-in-partners-turn")
    built = [q for law in laws for seed in (685385, *range(8))
             if (q := generated("ruling", law, seed)) is not None]
    assert built
    for q in built:
        scores = q.table.get("scores", {})
        assert all(v < 42 for v in scores.values()), (q.id, scores)
