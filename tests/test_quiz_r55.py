"""The fifty-fifth blind round's findings, and two left from the fifty-fourth, as a learner
reads them.

Round 54's #48: the dealer's own card exposed was told as "one of North's cards" where North
dealt; it is "one of his own cards".
Round 54's #159: a table in the first trick gave no trick count; it says none is gathered.
#50: Portland law 12's short hand made up "by mutual agreement" was said as a right of
"North or South"; it is said of both together.
#69: a wrong count in the last tricks left South with no card, two tricks to come, beside a
ruling that plays the hand out.
#134: "North named diamonds" beside the one choice that said "the suit named".
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated, marked_words


def test_the_dealers_own_card_exposed_is_said_to_be_his_own():  # round 54's #48
    q = BANK.question("ruling:ecarte.english.dealer-exposes-own-card:81299")
    assert "South dealt." in q.situation
    assert "In dealing, the dealer exposed one of his own cards." in q.situation
    assert "South's cards" not in q.situation


def test_a_table_in_the_first_trick_says_no_trick_is_gathered():  # round 54's #159
    q = BANK.question("revoke:cinch.american.revoke-holding-suit:335880")
    first = q.situation.split("\n")[0]
    assert "No trick has been gathered yet. East led the nine of clubs" in first
    assert "Tricks played" not in first


def test_a_short_hand_made_up_by_agreement_is_said_of_both_players_together():  # #50
    q = BANK.question("ruling:rubicon-bezique.english.short-before-play:894273")
    right = marked_words(q)
    assert "North or South may have the cards dealt again." in right
    assert ("Together, North and South may complete the short hand from the top of the stock "
            "by mutual agreement.") in right
    assert "or complete the short hand" not in right


def test_no_wrong_count_in_play_leaves_a_hand_without_a_card():  # #69
    # Where one hand is empty and another holds two or more, tricks remain that the empty
    # hand cannot play (at the natural end of a hand every hand holds one card or none).
    built = [q for seed in (743778, *range(12))
             if (q := generated("penalty", "rubicon-bezique.english.surplus-and-short", seed))]
    assert built
    for q in built:
        held = [len(h) for h in q.table["hands"].values()]
        assert not (0 in held and max(held) >= 2), (q.id, held)


def test_the_suit_announced_is_not_said_in_the_words_of_the_right_choice():  # #134
    q = BANK.question("ruling:ecarte.french.named-suit-not-played:878386")
    assert "North announced that he would lead diamonds, then led the eight of clubs." \
        in q.situation
    assert "named" not in q.situation
    assert "the suit named be played" in marked_words(q)

