"""The twenty-fifth blind round's findings, each as a learner reads them.

#127: Auction Pitch's bidder set back after making nothing, asked beside wrong choices that
all denied the others the points the stem says they made: the one choice that credited them
was the answer, found without the law. A rival now keeps them: the bid scored outright.
#65: Cinch's abandoned hand, every card of it exposed, offered as "the exposed card". #134:
Portland law 50's false score "found before a card of the next trick", told only as "no card of
the next trick has been played yet": now "the score was challenged before any card of the
next trick was played".
"""

from __future__ import annotations

from quizzes.questions import QuestionError
from tests.bank_questions import BANK, marked_words


def test_a_set_back_of_a_bidder_who_made_nothing_has_a_rival_crediting_the_others():
    asked = 0
    for seed in range(40):
        try:
            q = BANK.generate("ruling", "auction-pitch.american.bidder-set-back", seed)
        except QuestionError:
            # (a seed finding no table with two rivals goes to the next, as a session does:
            # round 28's #99 left fewer rivals beside a bidder who made nothing)
            continue
        table = q.table or {}
        bidder = table["bid"]["player"]
        points = table["event"]["points"]
        others = {p: n for p, n in points.items() if p != bidder and n}
        if points[bidder] or not others:
            continue
        asked += 1
        credits = [c.text for c in q.choices
                   if all(f"{p} adds {n} to his score" in c.text for p, n in others.items())]
        assert marked_words(q) in credits, q.id
        assert len(credits) >= 2, (q.id, [c.text for c in q.choices])
    assert asked


def test_an_abandoned_cinch_hand_offers_any_of_its_cards():  # #65
    q = BANK.question("ruling:cinch.american.abandoned-hand:922866")
    # (the seed's table moved when the fortieth round's #26 took Cinch's hands thrown down
    # before the trump is named out of the questions; any table of the law says it)
    assert marked_words(q).startswith("A penalty. East or West may call any card of the hand "
                                      "he threw down to be led or played")


def test_a_false_score_is_said_to_be_challenged_before_the_next_trick():  # #134
    # (the seed's table moved when round 31's #81 took the first marriage out of these
    # questions; any table of the law says it)
    q = BANK.question("penalty:rubicon-bezique.english.false-declaration:699334")
    # (and again when the 47th round's #10 took two wrong cards laid down out of them)
    assert ("declared and scored a royal marriage. The score was challenged before any card "
            "of the next trick was played.") in q.situation
    assert q.answer == 40
