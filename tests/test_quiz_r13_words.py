"""Words of the thirteenth blind round's findings, read as a learner reads them."""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_last_nine_tricks_still_score_though_nothing_is_declared() -> None:
    # #10: "once the stock is exhausted nothing more can be declared or scored" is false of
    # Portland laws 53-56: the last trick's 50 and the brisques still count; law 52 stops
    # only declarations.
    law = "rubicon-bezique.english.declaring-after-stock-exhausted"
    q = next(q for q in (BANK.generate("authored", law, seed) for seed in range(40))
             if q.id == "authored:rubicon-no-declaring-after-stock")
    assert "declared or scored" not in q.explanation
    assert "50 for the last trick" in q.explanation and "law 52" in q.explanation


def test_a_king_that_makes_the_fifth_point_is_asked_against_play_going_on() -> None:
    # #146: every wrong choice gave the point to the non-dealer; "Play goes on. North adds 1"
    # (the hand played, the game not yet won) was held true of "The game is won. North adds
    # 1" and never offered, though it is the rival a learner who forgets law 46 gives.
    q = BANK.generate("ruling", "ecarte.american.turned-king-scores", 465269)
    texts = [c.text for c in q.choices]
    assert "The game is won by North. North adds 1 to his score." in texts
    assert "Play goes on. North adds 1 to his score." in texts


def test_who_has_not_looked_is_said_beside_who_has() -> None:
    # #39: "South has looked at his cards" left North's not having looked (the Club Code's
    # law 11 turns on the non-dealer's look) to be inferred.
    q = BANK.generate("ruling", "ecarte.english.several-turned-before-looking", 192196)
    assert "South has looked at his cards; North has not." in q.situation


def test_both_hands_short_are_each_completed_by_agreement() -> None:
    # #80: both hands held 8 and the ruling read "fill the short hand from the stock", as if
    # one were short; Portland law 12 completes either (each) hand short, by mutual agreement.
    q = BANK.generate("ruling", "rubicon-bezique.english.short-before-play", 59995)
    marked = next(c.text for c in q.choices if (c.key,) == q.answer)
    assert "complete each short hand from the top of the stock by mutual agreement" in marked
    assert "the short hand from the stock" not in marked


def test_the_innocent_side_has_the_dealers_shortage_made_up() -> None:
    # #192: "North may have the cards dealt again or make up the shortage" when South, the
    # dealer, is short: the Club Code's law 18 lets the non-dealer PERMIT the dealer to
    # complete his hand. The right is said as having it made up, not making it up himself.
    q = BANK.generate("ruling", "ecarte.english.dealer-too-few-dealt", 640751)
    marked = next(c.text for c in q.choices if (c.key,) == q.answer)
    # (and whose shortage: the dealer's, round 30's #8)
    assert ("North may have the cards dealt again or let the dealer make up his shortage from "
            "the stock") in marked
