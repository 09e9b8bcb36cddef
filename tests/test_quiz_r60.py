"""The sixtieth blind round's findings, as a learner reads them.

#147: "Which cards may North lawfully play under the English laws?" beside the Portland
Club's law 55, which a reader set against Hoffmann's own description ("at liberty to trump"):
the question names the account, as ruling and penalty questions do.
#131: a forfeit of 10 asked "how many points does South score?" in the middle of a hand: the
figure is said to leave aside what he makes in the rest of it.
#72: round 57's fix marked a king turned up in the dealer's score after a deal of a wrong
number of cards, whose king "cannot be marked" (Club Code law 19): not after such a deal.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_a_revoke_question_names_the_account_its_law_is_given_in():  # #147
    q = BANK.question("revoke:rubicon-bezique.english.failure-to-follow-or-win:413500")
    assert q.prompt == ("Which cards may North lawfully play under the English laws as the "
                        "Portland Club gives them (Hoffmann 1909)? Pick every one.")


def test_points_given_in_play_leave_aside_the_rest_of_the_hand():  # #131
    q = BANK.question("penalty:bezique.english.forgot-to-draw:118754")
    assert "besides what he makes in the rest of the hand, how many points does South score?" \
        in q.prompt
    assert q.answer == 10


def test_a_king_turned_after_a_wrong_deal_is_not_said_to_be_marked():  # #72
    q = BANK.question("ruling:ecarte.english.dealer-wrong-count-found-in-play:276375")
    assert q.table["turn_up"] == "KC"
    assert "Scores so far: North 3 and South 1." in q.situation
    assert "for the king turned up included" not in q.situation
