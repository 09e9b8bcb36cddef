"""The fifty-sixth blind round's findings, as a learner reads them.

#66, #81: a player who forgot to draw had won the trick and led the next, so his adversary,
drawing after him, could only have taken the top card that was his: a second error of
drawing (Portland law 29) the stem never told. The one who forgets is now the loser of the
trick, who draws second: the winner drew and led, and he played to the lead.
#165: "North has played a card this hand. No card has been led to the trick in progress. No
trick of the hand remained to be played." after a hand of 63 tricks, all said already.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_the_player_who_forgot_to_draw_drew_second_and_followed_the_winners_lead():
    built = [q for law in ("rubicon-bezique.english.forgot-to-draw",
                           "bezique.english.forgot-to-draw", "pinochle.american.forgot-to-draw")
             for seed in (912558, *range(6))
             if (q := generated("ruling", law, seed)) is not None]
    assert built
    for q in built:
        forgot = q.situation.split(" forgot to draw")[0].split("\n")[-1]
        trick = q.table["trick"]
        assert trick["leader"] != forgot, q.id
        assert len(trick["cards"]) == 2, q.id
        assert f", then {forgot} played the " in q.situation, q.id


def test_a_hand_played_out_is_not_said_again_to_have_been_played():  # #165
    q = BANK.question("penalty:rubicon-bezique.english.played-with-surplus-rubiconed:477711")
    assert "after the hand, which ended after 63 of its 64 tricks" in q.situation
    for filler in ("North has played a card this hand.",
                   "No card has been led to the trick in progress.",
                   "No trick of the hand remained to be played."):
        assert filler not in q.situation
