"""The twelfth blind round's #56: a Portland correction called "a penalty".

Under Portland laws 50 and 51 a declaration scored falsely and challenged before a card of the
next trick is played is struck off, and no more: a score marked in error put right. The quiz
marked "A penalty. South has 40 taken off his score." while "No penalty" was literally true of
the code, and the engine held "No penalty" with points taken off to say what "A penalty" with
the same points says, so a plain correction could never be a rival to a penalty. A correction
is not a penalty: the two are told apart (app.engine.ruling.CORRECTED).
"""

from __future__ import annotations

from app.engine.ruling import CodeRuling, Decision, also_true_of
from quizzes.words import ruling_words
from tests.bank_questions import BANK

FALSE_DECLARATION = "ruling:rubicon-bezique.english.false-declaration:418917"
CORRECTION = ("No penalty. South has the 100 he marked in error taken off his score "
              "(a correction).")


def _ruling(outcome: str, **score: int) -> CodeRuling:
    return CodeRuling("english", Decision(outcome, ("rubicon-bezique.english.erroneous-score",),
                                          "", score=score))


def test_a_false_score_challenged_in_time_is_corrected_not_penalised():
    q = BANK.question(FALSE_DECLARATION)
    assert q.choice(q.answer[0]).text == CORRECTION
    assert "A penalty. South has 100 taken off his score." not in [c.text for c in q.choices]
    assert "without penalty" in q.explanation


def test_a_correction_and_a_penalty_of_the_same_points_are_two_rulings():
    corrected, fined = _ruling("no-penalty", South=-100), _ruling("penalty", South=-100)
    assert ruling_words(corrected) == CORRECTION
    assert corrected.key() != fined.key()
    assert not also_true_of(corrected, fined) and not also_true_of(fined, corrected)
    # A bare "No penalty." is true of the correction; a bare "A penalty." is not.
    assert also_true_of(_ruling("no-penalty"), corrected)
    assert not also_true_of(_ruling("penalty"), corrected)
    # A correction with another figure is still another ruling.
    assert not also_true_of(_ruling("no-penalty", South=-40), corrected)


def test_no_penalty_with_points_added_still_says_what_a_penalty_of_them_says():
    # Only points taken off are a score put right: "No penalty. North adds 2" beside "A
    # penalty. North adds 2" is one ruling in two wordings, never two choices.
    assert also_true_of(_ruling("no-penalty", North=2), _ruling("penalty", North=2))


def test_points_struck_off_while_play_goes_on_are_a_correction_too():
    # A declaration scored after the stock ran out (Portland law 52): its points come off and
    # play goes on, the same ruling as the correction, and another than a penalty of them.
    struck = _ruling("play-on", South=-20)
    assert struck.key() == _ruling("no-penalty", South=-20).key()
    assert struck.key() != _ruling("penalty", South=-20).key()
