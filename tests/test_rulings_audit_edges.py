"""Rulings at timing and variant edges found by an audit against the sources: a wrong count
found once the bidding is over (Cinch, seed 003:1), a short hand where suit need not be
followed (Foster's General Laws, F-662), a lead out of turn under the Bézique household rules
(BD-B, EB9-B), and a scoring error that comes to light only after the next deal (Portland law
51; Écarté Club Code laws 50-51).

Each case is read from the law, with the numbers the law gives, not from the engine's output.
"""

from __future__ import annotations

import rulings_support

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

GA = "general.american."


# ------------------------------------------------------------------ Cinch: the bid is made


def cinch(hands, **extra):
    raw = {
        "game": "cinch",
        "dealer": "West",
        "stage": "play",
        "trump": "H",
        "hands": hands,
        "event": {"type": "wrong-count"},
    }
    raw.update(extra)
    return raw


def test_cinch_wrong_count_found_in_play_is_after_the_bid_even_when_the_bid_is_not_named(ruled):
    """Seed 003:1: "it is a misdeal if no bid has been made. If a bid has been made, the deal
    stands good if three players have their right number." In the play the bidding is over,
    so a bid has been made whether or not the scenario names the bidder."""
    r = ruled(cinch({"North": 7, "East": 6, "South": 6, "West": 6}), "american")
    assert r.outcome == "deal-stands"
    assert r.laws == ("cinch.american.wrong-count-after-bid",)


def test_cinch_too_many_after_playing_to_trick_one_without_a_named_bid(ruled):
    """Seed 003:1: North played to the first trick holding too many cards (6 after the trick,
    where 5 are due): neither he nor his partner South scores anything this hand."""
    hands = {"North": 6, "East": 5, "South": 5, "West": 5}
    r = ruled(cinch(hands, tricks_played=1), "american")
    assert r.outcome == "penalty"
    assert "cinch.american.too-many-after-first-trick" in r.laws
    assert "North and South can score nothing" in r.explanation


def test_cinch_wrong_count_in_the_bidding_before_any_bid_is_still_a_misdeal(ruled):
    """Seed 003:1: found in the bidding, before anyone has bid: a misdeal."""
    hands = {"North": 10, "East": 9, "South": 9, "West": 9}
    r = ruled(cinch(hands, stage="bidding", trump=None), "american")
    assert r.outcome == "misdeal"
    assert r.laws == ("cinch.american.wrong-count-before-bid",)


# ------------------------------------------------------------------ General Laws: short hand

N8 = ["AS", "10S", "KH", "QH", "JD", "9C", "8C", "7S"]
S8 = ["AH", "10H", "KD", "QD", "JS", "9H", "8D", "7C"]


def bezique(north, south, **extra):
    raw = {
        "game": "bezique",
        "dealer": "South",
        "stage": "play",
        "turn_up": "7D",
        "tricks_played": 3,
        "hands": {"North": north, "South": south},
        "event": {"type": "wrong-count"},
    }
    raw.update(extra)
    return raw


def test_bezique_short_hand_while_the_stock_lasts_carries_no_penalty_under_foster(ruled):
    """F-662 (domain G-8): in games where following suit is optional a short hand carries no
    penalty. While the Bézique stock lasts the second player may play any card."""
    r = ruled(bezique(N8[:7], S8), "american")
    assert r.outcome == "no-penalty"
    assert r.laws == (GA + "short-hand-no-penalty",)
    assert dict(r.score) == {}


def test_bezique_short_hand_in_the_last_eight_is_not_covered_by_foster(ruled):
    """F-662 speaks only of games where suit need not be followed; in the last eight tricks it
    must be, so the American code says nothing (and the household rules speak only of surplus
    hands)."""
    raw = bezique(N8[:5], S8[:6], stage="stock-exhausted", tricks_played=26)
    assert ruled(raw, "american").outcome == "not-covered"
    assert ruled(raw, "english").outcome == "not-covered"


def test_bezique_surplus_hand_is_left_to_the_household_rules(ruled):
    """Enquire Within: a surplus hand against a right one gives the adversary 100; Foster's
    General Laws as retrieved say nothing of a surplus hand."""
    raw = bezique([*N8, "QS"], S8)
    assert ruled(raw, "american").outcome == "not-covered"
    english = ruled(raw, "english")
    assert english.outcome == "penalty" and dict(english.score) == {"South": 100}


def test_pinochle_short_hand_while_the_stock_lasts_carries_no_penalty(ruled):
    """F-662: Pinochle's own laws (seed 002) are silent on hands of the wrong size, so the
    General Laws rule: no duty to follow while the stock lasts, so no penalty."""
    raw = {
        "game": "pinochle",
        "dealer": "South",
        "stage": "play",
        "turn_up": "9C",
        "hands": {"North": 11, "South": 12},
        "event": {"type": "wrong-count"},
    }
    r = ruled(raw, "american")
    assert r.outcome == "no-penalty"
    assert r.laws == (GA + "short-hand-no-penalty",)


# ------------------------------------------------------------------ Bézique: lead out of turn


def lead(followed_by=None):
    event = {"type": "lead-out-of-turn", "player": "South", "card": "AH"}
    if followed_by:
        event["followed_by"] = followed_by
    return bezique(N8, S8, trick={"leader": "North", "cards": []}, event=event)


def test_bezique_lead_out_of_turn_costs_the_household_forfeit_of_ten(ruled):
    """BD-B (domain B1 law 8): playing out of turn pays a forfeit of 10 to the adversary; in a
    two-handed game a lead in the adversary's turn is such a play."""
    r = ruled(lead(), "english")
    assert r.outcome == "penalty"
    assert r.laws == ("bezique.english.play-out-of-turn",)
    assert dict(r.score) == {"North": 10}


def test_bezique_lead_out_of_turn_played_to_stands_and_still_costs_ten(ruled):
    """EB9-B (domain B1 law 9): once played to, the lead out of turn stands; the forfeit of 10
    (BD-B) is due all the same."""
    r = ruled(lead(["North"]), "english")
    assert r.outcome == "play-on"
    assert set(r.laws) == {
        "bezique.english.lead-out-of-turn-played-to",
        "bezique.english.play-out-of-turn",
    }
    assert dict(r.score) == {"North": 10}
    assert "trick stands" in r.explanation


# ------------------------------------------------------------------ scores found a deal late


def wrong_score(game, marked, correct, earlier, **extra):
    event = {"type": "wrong-score", "player": "North", "marked": marked, "correct": correct}
    if earlier:
        event["earlier_deal"] = True
    raw = {"game": game, "dealer": "North", "scores": {"North": 2, "South": 3}, "event": event}
    raw.update(extra)
    return raw


def test_ecarte_point_forgotten_cannot_be_marked_once_the_next_trump_is_turned(ruled):
    """Club Code law 50 (domain EC-50): an omitted score may be marked until the trump of the
    next deal is turned. Found in the proposing of the next deal, its trump turned: too late."""
    raw = wrong_score("ecarte", 0, 1, True, stage="bidding", turn_up="9D")
    r = ruled(raw, "english")
    assert r.outcome == "score-stands"  # too late: the score stands as marked (round 10 #40)
    assert r.laws == ("ecarte.english.omitted-score",)
    assert r.options == () and dict(r.score) == {}
    assert "too late" in r.explanation


def test_ecarte_point_forgotten_found_as_the_hand_ends_may_still_be_marked(ruled):
    """Club Code law 50: at the end of the same hand the trump of the next deal is not yet
    turned, so the forgotten point may be added."""
    r = ruled(wrong_score("ecarte", 0, 1, False, stage="hand-over", turn_up="9D"), "english")
    assert [(o.id, dict(o.score)) for o in r.options] == [("mark-omitted", {"North": 1})]


def test_ecarte_overscore_is_struck_off_even_in_a_later_deal(ruled):
    """Club Code law 51 (domain EC-51): an admitted overscore may be struck off whenever it comes
    to light before the game ends, so a deal later too."""
    r = ruled(wrong_score("ecarte", 3, 1, True, stage="play", turn_up="9D"), "english")
    assert r.outcome == "no-penalty"
    assert dict(r.score) == {"North": -2}


def test_rubicon_scoring_error_is_corrected_within_the_deal_but_not_after_it(ruled):
    """Portland law 51: a scoring error, once proved, may be corrected at any time during the
    game; at Rubicon each deal is a game (law 57 computes it when the deal ends). Found at the
    end of the deal: 20 come off. Found once the next deal is dealt: that game is over."""
    same = ruled(wrong_score("rubicon-bezique", 60, 40, False, stage="hand-over"), "english")
    assert dict(same.score) == {"North": -20}
    later = ruled(wrong_score("rubicon-bezique", 60, 40, True, stage="play"), "english")
    assert later.outcome == "score-stands"
    assert dict(later.score) == {}
    assert "rubicon-bezique.english.erroneous-score" in later.laws


# ------------------------------------------------------------------ Pinochle: melding late


def test_pinochle_meld_scored_after_the_stock_is_gone_comes_off_whatever_the_cards(ruled):
    """PIN-EB (domain B4, stage 2): melding is done by the winner of a trick before he draws;
    once the stock is exhausted the melds go back into the hands. Four kings held and scored in
    the last twelve tricks: the 80 come off, and this is no amendable false declaration (seed
    002:6 speaks of melds made while drawing)."""
    raw = {
        "game": "pinochle",
        "dealer": "South",
        "stage": "stock-exhausted",
        "trump": "C",
        "tricks_played": 14,
        "hands": {"North": ["KS", "KH", "KD", "KC", "AS", "10S", "QH", "JD", "9C", "9H"]},
        "event": {"type": "false-declaration", "player": "North", "declared": "four-kings",
                  "drawn_since": False},
    }
    r = ruled(raw, "american")
    # (A score marked in error: the adversary may add the 80 to his own, seed 002:7, #151.)
    assert r.outcome == "penalty"
    assert r.laws == ("pinochle.american.no-melding-after-stock",
                      "pinochle.american.erroneous-score")
    assert dict(r.score) == {"North": -80}
    assert [(o.id, o.by, dict(o.score)) for o in r.options] == [
        ("add-points", "South", {"South": 80})]


# ------------------------------------------------------------------ errors in cutting


def cut(game, error, cards=None, dealt=None, **extra):
    event = {"type": "cut-error", "player": "North", "error": error}
    if cards is not None:
        event["cards"] = cards
    if dealt is not None:
        event["dealt"] = dealt
    raw = {"game": game, "stage": "deal", "event": event}
    raw.update(extra)
    return raw


def test_rubicon_cut_of_four_is_made_again_and_one_of_five_is_good(ruled):
    """Portland law 4 (H-PC): a cut must lift at least five cards and leave at least five."""
    short = ruled(cut("rubicon-bezique", "packet-too-small", 4), "english")
    assert short.outcome == "cut-again"
    assert short.laws == ("rubicon-bezique.english.cutting",)
    assert ruled(cut("rubicon-bezique", "packet-too-small", 5), "english").outcome == "no-penalty"


def test_several_cards_shown_cutting_for_deal_means_cutting_again(ruled):
    """Portland law 7 and Écarté Club Code law 4: more than one card shown, cut again."""
    assert ruled(cut("rubicon-bezique", "several-shown-for-deal"), "english").outcome == (
        "cut-again"
    )
    r = ruled(cut("ecarte", "several-shown-for-deal"), "english")
    assert r.outcome == "cut-again"
    assert r.laws == ("ecarte.english.several-exposed-cutting-for-deal",)


def test_card_exposed_cutting_to_the_dealer_is_a_fresh_cut_but_not_once_dealt(ruled):
    """Portland law 9 and Club Code law 7 speak of the cut before the deal; found only after
    the cards are dealt, they say nothing, and the app says so."""
    before = ruled(cut("ecarte", "card-exposed-in-cut"), "english")
    assert before.outcome == "cut-again"
    assert before.laws == ("ecarte.english.card-exposed-cutting-to-dealer",)
    after = ruled(cut("ecarte", "card-exposed-in-cut", dealt=True), "english")
    assert after.outcome == "not-covered"


def test_general_laws_packet_holds_a_tricks_worth_or_a_hands_worth(ruled):
    """F-GEN (domain G-1): each packet holds at least a trick's worth (the number of players)
    or, in a game without tricks, a hand's worth. Auction Pitch for five: 4 cards is short;
    Conquian (ten a hand): 9 is short, 10 is good."""
    five = ["North", "East", "South", "West", "Fifth"]
    pitch = ruled(cut("auction-pitch", "packet-too-small", 4, players=five), "american")
    assert pitch.outcome == "cut-again"
    assert pitch.laws == (GA + "cut-by-pone",)
    assert ruled(cut("auction-pitch", "packet-too-small", 5, players=five), "american").outcome == (
        "no-penalty"
    )
    assert ruled(cut("conquian", "packet-too-small", 9), "american").outcome == "cut-again"
    assert ruled(cut("conquian", "packet-too-small", 10), "american").outcome == "no-penalty"


def test_cinch_short_cut_cites_the_general_law_and_the_cinch_code(ruled):
    """Chicago Cinch Club code (CCC): the pone must cut, leaving at least 4 cards in each
    packet; Foster's General Laws ask a trick's worth, also 4 at four-handed Cinch."""
    r = ruled(cut("cinch", "packet-too-small", 3), "american")
    assert r.outcome == "cut-again"
    assert set(r.laws) == {GA + "cut-by-pone", "cinch.american.pone-must-cut"}


# ------------------------------------------------------------------ Auction Pitch: revoke


def test_pitch_revoke_sets_the_revoker_back_the_amount_bid(ruled):
    """ENC-AP (domain AP-2), the revoke law held under the code: the revoker is set back the
    amount bid. North bid 3 and pitched spades; East, holding a spade, discards a heart on
    the spade lead: East is set back 3."""
    raw = {
        "game": "auction-pitch",
        "dealer": "West",
        "stage": "play",
        "trump": "S",
        "bid": {"player": "North", "amount": 3},
        "hands": {"East": ["2S", "5H", "9C"]},
        "tricks_played": 3,
        "trick": {"leader": "North", "cards": ["KS"]},
        "event": {"type": "play", "player": "East", "card": "5H"},
    }
    r = ruled(raw, "american")
    assert r.outcome == "revoke"
    assert "auction-pitch.american.revoke-penalty" in r.laws
    assert dict(r.score) == {"East": -3}
    assert "North, the pitcher, is not set back" in r.explanation


# ------------------------------------------------------------------ Écarté: a later refusal


def ecarte_result(tricks, proposal, **extra):
    raw = {
        "game": "ecarte",
        "dealer": "South",
        "stage": "hand-over",
        "turn_up": "9D",
        "event": {"type": "hand-result", "tricks": tricks, "proposal": proposal},
    }
    raw.update(extra)
    return raw


def test_ecarte_refusal_after_an_exchange_scores_only_the_point_under_the_club_code(ruled):
    """Club Code laws 48-49 (domain EC-47 to EC-49): the 2 for beating a player who refused
    count only on the hand's first proposal. North proposed, South gave cards, North proposed
    again and South refused, then won only 2 tricks: North scores the point, 1, not 2.
    Foster (seed 004:9) states no such limit: 2."""
    raw = ecarte_result({"North": 3, "South": 2}, "refused", discards_made=True)
    english = ruled(raw, "english")
    assert english.outcome == "no-penalty"
    assert dict(english.score) == {"North": 1}
    assert "ecarte.english.refuser-fails-point" in english.laws
    assert dict(ruled(raw, "american").score) == {"North": 2}


def test_ecarte_first_refusal_failed_still_gives_two(ruled):
    """Club Code law 48 and seed 004:9: the dealer refused the first proposal and won 2
    tricks: the non-dealer scores 2."""
    raw = ecarte_result({"North": 3, "South": 2}, "refused")
    assert dict(ruled(raw, "english").score) == {"North": 2}
    assert dict(ruled(raw, "american").score) == {"North": 2}


# ------------------------------------------------------------------ Rubicon: play before the lead


def test_rubicon_card_played_before_the_adversary_leads_is_a_lead_out_of_turn(ruled):
    """Portland law 24 (domain R-8): a card led out of turn is taken up unless it has been
    played to. With two players, playing a card when the adversary should lead is leading out
    of turn; nobody has played to it, so it is taken back, without penalty."""
    raw = {
        "game": "rubicon-bezique",
        "dealer": "South",
        "stage": "play",
        "tricks_played": 2,
        "trick": {"leader": "North", "cards": []},
        "event": {"type": "play-out-of-turn", "player": "South", "card": "AS"},
    }
    r = ruled(raw, "english")
    assert r.outcome == "no-penalty"
    assert r.laws == ("rubicon-bezique.english.lead-out-of-turn",)
    # Law 24 says "must be taken up": no choice of South's, a duty (the eighth round's #15).
    assert [(d.id, d.by) for d in r.duties] == [("take-back", "South")] and not r.options
    assert "ace of spades" in r.explanation


def test_ecarte_wrong_count_before_the_turn_up_once_the_non_dealer_has_looked_is_not_covered(
    ruled,
):
    """Club Code law 9: before the trump is turned the non-dealer may have a wrong count put
    right or claim a fresh deal, provided he has not looked at his hand. Once he has looked,
    law 9 gives him nothing, and laws 15-18 begin after the turn-up: the code is silent."""
    raw = {
        "game": "ecarte",
        "dealer": "South",
        "stage": "deal",
        "hands": {"North": 6, "South": 5},
        "event": {"type": "wrong-count"},
    }
    unseen = ruled(raw, "english")
    # Law 9: put right or a fresh deal, as the non-dealer chooses (the headline says so).
    assert unseen.outcome == "innocent-chooses"
    assert unseen.laws == ("ecarte.english.wrong-count-dealt",)
    raw["hands_seen"] = ["North"]
    assert ruled(raw, "english").outcome == "not-covered"


def test_ecarte_failed_stand_counts_its_tricks_in_words(ruled):
    """The why a learner reads counts the tricks as a sentence would: "won only 1 trick",
    "won only 2 tricks", never "trick(s)"."""
    one = ecarte_result({"North": 4, "South": 1}, "refused")
    assert "won only 1 trick:" in ruled(one, "english").explanation
    assert "won only 1 trick, fewer than three" in ruled(one, "american").explanation
    two = ecarte_result({"North": 3, "South": 2}, "refused")
    assert "won only 2 tricks, fewer than three" in ruled(two, "american").explanation
    for raw, code in ((one, "english"), (one, "american"), (two, "american")):
        assert "(s)" not in ruled(raw, code).explanation
