"""The forty-seventh blind round's findings, as a learner reads them.

#68: Conquian's card drawn out of turn, which the adversary "simply claims" with "no further
penalty", marked "A penalty." beside a wrong "No penalty.". #91 (against #87): whether the
scores shown hold a turned king's point marked at once. #102: a king turned up told as
happening after a player had looked. #177: a bidder set back said to have taken points enough
to count out. #10: two wrong cards laid down for four aces, asked under Enquire Within's law of
"a wrong card". #12: law 29's look at the surplus, which needs the cards taken up.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated, marked_words

DRAWN = "ruling:conquian.american.draw-out-of-turn"


def test_a_card_drawn_out_of_turn_is_claimed_and_play_goes_on():  # #68
    for seed in (424242, 1, 2):
        q = BANK.question(f"{DRAWN}:{seed}")
        drawer = "South" if "South turned up" in q.situation else "North"
        other = "North" if drawer == "South" else "South"
        assert marked_words(q) == f"Play goes on. {other} may claim the card drawn out of turn."
        # "no further penalty": nothing done is what the law says too, never a wrong answer
        assert "No penalty." not in [c.text for c in q.choices]
        assert len(q.choices) >= 3


def test_the_scores_shown_beside_a_turned_king_are_before_it_is_marked():  # #91
    q = BANK.question("ruling:ecarte.english.king-scores-one:52036")
    assert "Scores before the king is marked: North 4 and South 2." in q.situation
    assert "He marks it at once." in q.situation
    assert marked_words(q) == "The game is won by North. North adds 1 to his score."


def test_a_king_turned_up_is_told_before_anybody_looks():  # #102
    for seed in (150992, *range(1, 12)):
        q = generated("penalty", "ecarte.english.king-scores-one", seed)
        if q is None:
            continue
        assert "Nobody has looked at his cards." in q.situation, q.id
        assert "before play (" not in q.situation or "has looked" not in q.situation


def test_a_bidder_set_back_is_not_said_to_have_counted_out():  # #177
    q = BANK.question("penalty:auction-pitch.american.two-count-out-bidder-wins:585779")
    assert ("The points East and South each took on this deal, added to his score, would "
            "reach the game, and nobody else's would; the bidder did not make his bid."
            ) in q.situation
    assert "points enough to count out" not in q.situation
    assert q.answer == 3


def test_a_household_false_declaration_lays_down_one_wrong_card():  # #10
    asked = 0
    for seed in range(1, 25):
        q = generated("ruling", "bezique.english.wrong-card-in-declaration", seed)
        if q is None:
            continue
        asked += 1
        assert " and the " not in q.situation.split("He laid down ")[1].split(":")[0] \
            or "three" in q.situation.split("He laid down ")[1].split(":")[0] \
            or "he does not hold the king and queen" in q.situation, q.situation
        assert "holds only two" not in q.situation and "holds only one" not in q.situation
    assert asked >= 10


def test_the_surplus_taken_up_is_said_where_the_dealer_may_look_at_it():  # #12
    q = BANK.question("ruling:ecarte.english.pone-took-too-many:107825")
    assert ("South took more cards than he discarded and took them up into his hand."
            in q.situation)
    assert "since he had taken them up" in q.explanation
