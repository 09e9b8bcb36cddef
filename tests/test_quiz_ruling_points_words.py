"""A ruling choice says what its points are and who holds a choice (blind audit, round 6):
#44, #16, #36: "South scores 1500" meant the game's worth (Portland law 58) in one question and
"scores 1400" the points added in another: a won game now reads "wins it, worth 1500", other
points "adds 1400 to his score". #2: a fresh deal either player may insist on (Portland laws 11
and 12) was headlined "The innocent side chooses"."""

from __future__ import annotations

from app.engine.ruling import CodeRuling, Decision, Option
from quizzes.questions import Question
from quizzes.read_back import read_ruling
from quizzes.words import ruling_words
from tests.bank_questions import question, told_moments

SIDES = {"North": "North", "South": "South"}


def _choices(item: str, seed: int) -> list[str]:
    q = question(item, seed)
    assert isinstance(q, Question), q
    return [c.text for c in q.choices]


def test_a_won_game_says_its_worth_and_other_points_say_they_are_added():
    won = CodeRuling("english", Decision("game-won", (), "", (), {"North": 1500}))
    added = CodeRuling("english", Decision("play-on", (), "", (), {"South": 1400}))
    assert ruling_words(won, SIDES) == "The game is won. North wins it, worth 1500."
    assert ruling_words(added, SIDES) == "Play goes on. South adds 1400 to his score."
    for ruling in (won, added):
        back = read_ruling(ruling_words(ruling, SIDES), "english", SIDES)
        assert back is not None and back.score == ruling.score


def test_rubicon_choices_never_say_a_bare_scores():
    # (The last-trick law of #44 is now asked under the law its ruling cites first, law 21's
    # surplus-and-short: the same tables.)
    asked = 0
    for item in ("ruling:rubicon-bezique.english.surplus-and-short",
                 "ruling:rubicon-bezique.english.short-before-play"):
        for seed in range(4):
            q = question(item, seed)
            if not isinstance(q, Question):
                continue
            asked += 1
            for choice in q.choices:
                assert " scores " not in choice.text, choice.text
    assert asked >= 4


def test_a_fresh_deal_either_player_may_insist_on_is_not_the_innocent_sides_choice():
    # (Law 12's short hand: law 11 is no item of its own since round 7's #14 and #139.)
    texts = [c.text for c in _short_hands()[0].choices]
    for text in texts:
        assert not text.startswith("The innocent side"), text
    assert any(t.startswith("Either player may insist on a fresh deal.") for t in texts)
    one = CodeRuling("english", Decision("innocent-chooses", (), "", (Option("new-deal", "North"),),
                                         {}))
    assert ruling_words(one, SIDES).startswith("The innocent side chooses")
    both = CodeRuling("english", Decision("innocent-chooses", (), "", (
        Option("new-deal", "North"), Option("new-deal", "South")), {}))
    back = read_ruling(ruling_words(both, SIDES), "english", SIDES)
    assert back is not None and back.outcome == "innocent-chooses"


def test_a_score_corrected_after_the_hand_is_before_the_game_is_reckoned():
    """#83: Portland law 51 corrects a score "at any time during the game"; at Rubicon the one
    deal is the game, so after its last trick the stem says the game is not yet reckoned."""
    # (The count is no longer asked, the stem's own subtraction: round 11's #37. The stems of
    # its tables after the hand, as a ruling words them, are checked.)
    told = [t for t in told_moments("wrong-score", 12, "reckoned", game="rubicon-bezique",
                                    stage="hand-over")
            if not t.table["event"].get("earlier_deal")]
    assert told
    for t in told:
        assert "after the hand" in t.situation
        assert "The game has not yet been reckoned." in t.situation, t.situation


def test_law_11_is_asked_in_its_own_words_taken_up_not_looked_at():
    """#2: law 11's test is that neither player has "taken up any of his cards" (cited beside
    law 12's short hand)."""
    asked = [q for q in _short_hands() if "rubicon-bezique.english.dealer-deals-wrongly" in q.laws]
    assert asked
    for q in asked:
        assert "Nobody has taken up any of his cards." in q.situation, q.situation
        assert "looked at" not in q.situation, q.situation


def _short_hands() -> list[Question]:
    found = [question("ruling:rubicon-bezique.english.short-before-play", seed)
             for seed in (887428, *range(8))]
    asked = [q for q in found if isinstance(q, Question)]
    assert asked
    return asked
