"""The fifty-seventh blind round's findings, as a learner reads them.

#1: an Écarté dealer at 0 beside the king he turned up, which Foster's dealer marks at once:
the table marks it and the stem says the scores include it.
#37: "The card turned up for trumps is the jack of diamonds" as what keeps a case outside a
code, where the turn-up made is what counts.
#75: "If North chooses to add the points ...: North +5. South has 5 taken off his score."
read the taking down as part of North's choice: the ruling's own points come first.
#111: "and the hand is not played", which no law cited says.
#183: the law of a card other than the eleventh found face up, cited of the eleventh: the
law names both.
"""

from __future__ import annotations

from tests.bank_questions import BANK, marked_words


def test_a_king_turned_up_is_in_the_dealers_score_and_said_so():  # #1
    q = BANK.question("revoke:ecarte.american.follow-suit-and-win:744049")
    assert q.table["turn_up"] == "KC"
    assert ("Scores as marked, South's 1 for the king turned up included: North 2 and "
            "South 1.") in q.situation


def test_the_turn_up_made_is_the_fact_not_the_card_alone():  # #37
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:405688")
    assert "A card has been turned up for trumps: the jack of diamonds." in q.explanation
    assert "outside them: The card turned up for trumps is" not in q.explanation


def test_points_taken_down_are_said_before_the_choice_to_add_them():  # #75
    q = BANK.question("ruling:pinochle.american.erroneous-score:358258")
    right = marked_words(q)
    assert right.index("South has 5 taken off his score.") \
        < right.index("If North chooses to add the points wrongly marked")
    assert right.endswith("North +5.")


def test_a_king_that_makes_the_fifth_point_is_said_to_win_by_the_law_of_five():  # #111
    q = BANK.question("ruling:ecarte.american.turned-king-scores:513524")
    assert "and 5 points make the game: he has won it." in q.explanation
    assert "the hand is not played" not in q.explanation


def test_the_faced_card_law_names_the_eleventh_too():  # #183
    law = BANK.content.laws["ecarte.american.faced-card-in-pack"]
    assert "the eleventh excepted" in law.title
    assert "the eleventh (the trump card) or another" in law.situation
