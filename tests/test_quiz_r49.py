"""The forty-ninth blind round's findings, as a learner reads them.

#31: two short Écarté hands, each made up from the stock, said as "have the shortage made up
... or let the dealer make up his shortage", read as one or the other. #68, #71: Auction
Pitch's scoring asked "under the American laws", which hold a modern account of Commercial
Pitch in which the seller scores the bid; Foster's laws are now named. #162: a hand abandoned
once the adversary held the point, asked as a count of the law's point.
"""

from __future__ import annotations

import rulings_support

from app.engine.ruling import Option
from app.engine.terms import BOTH_CORRECTED, both_hands_corrected, corrections_of, said_as
from tests.bank_questions import BANK, generated, marked_words

ruled = rulings_support.ruled


def test_two_short_hands_are_both_made_up():  # #31
    q = BANK.question("ruling:ecarte.english.pone-too-few-dealt:12531")
    assert marked_words(q) == (
        "The innocent side chooses whether the cards are dealt again. South may have the cards "
        "dealt again or have both shortages made up from the stock (remainder of the pack).")
    assert ("Both hands being wrong, South, the non-dealer, either claims a fresh deal or has "
            "both put right: he may fill his hand from the stock, and let the dealer fill up "
            "from the stock.") in q.explanation
    joined = both_hands_corrected([Option("new-deal", "South"),
                                   Option("supply-from-stock", "South"),
                                   said_as("supply-from-stock", "South")])
    assert [o.id for o in joined] == ["new-deal", BOTH_CORRECTED]
    assert corrections_of(joined[1]) == ("supply-from-stock", "supply-from-stock")


def test_auction_pitch_scoring_names_fosters_laws():  # #68, #71
    for qid in ("ruling:auction-pitch.american.bidder-set-back:529460",
                "ruling:auction-pitch.american.two-count-out-bidder-wins:300603"):
        q = BANK.question(qid)
        assert q.prompt.startswith("Under the American laws as Foster gives them (1897),"), qid
        assert "commercial-pitch-seller-scores" not in q.laws


def test_no_count_is_asked_of_a_hand_abandoned_after_the_point_was_won():  # #162
    for seed in (735738, *range(1, 15)):
        q = generated("penalty", "ecarte.english.abandon-after-tricks", seed)
        if q is None:
            continue
        won = int(q.situation.split("after winning ")[1].split(" trick")[0])
        played = int(q.situation.split("Tricks played: ")[1].split(".")[0])
        assert played - won < 3, q.id  # the adversary held no majority of the five


def test_a_follower_who_cannot_win_is_told_so():  # (noted beside #22)
    q = BANK.question("revoke:rubicon-bezique.english.failure-to-follow-or-win:118675")
    assert ("None of his cards of the suit led can win it (of two like cards, the one played "
            "first wins). So South may play") in q.explanation
