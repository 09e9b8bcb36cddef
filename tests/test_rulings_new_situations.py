"""Rulings for the situations the laws cover that could not be asked before: errors in the
Écarté exchange (Club Code 29-38), naming one suit and leading another (law 41; French usage,
EAM-E), Conquian's turned and touched cards (Foster 1913), bidding out of turn and a player's
own card exposed in the deal (General Laws, F-662), Rubicon carte blanche (Portland laws 15-16)
and laws 11 and 46-48, and a play out of turn named by its card."""

from __future__ import annotations

import pytest
import rulings_support
from rulings_support import choosers, ids

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

CC = "ecarte.english."
RE = "rubicon-bezique.english."
GA = "general.american."


def ecarte(event, **extra):
    raw = {
        "game": "ecarte",
        "dealer": "South",
        "stage": "bidding",
        "turn_up": "7C",
        "discards_made": True,
        "event": event,
    }
    raw.update(extra)
    return raw


def exchange(player, error, **extra):
    return ecarte({"type": "exchange-error", "player": player, "error": error}, **extra)


# ------------------------------------------------------------------ Écarté exchange errors


def test_non_dealer_took_too_many_the_dealer_chooses(ruled):
    r = ruled(exchange("North", "took-too-many"), "english")
    # Club Code law 29: the dealer may claim a fresh deal or draw the extras: the deal's fate
    # is his choice, and the headline says so (it read "the deal stands").
    assert r.outcome == "innocent-chooses"
    assert r.laws == (CC + "pone-took-too-many",)
    assert choosers(r, "new-deal") == ["South"] and choosers(r, "draw-from-pone") == ["South"]


def test_dealer_took_too_many_the_non_dealer_chooses(ruled):
    r = ruled(exchange("South", "took-too-many"), "english")
    assert r.laws == (CC + "dealer-takes-too-many",)
    assert choosers(r, "new-deal") == ["North"] and choosers(r, "draw-from-dealer") == ["North"]


def test_non_dealer_asked_too_few_plays_short_and_the_dealer_scores_unanswered_cards(ruled):
    r = ruled(exchange("North", "took-too-few"), "english")
    assert r.outcome == "play-on"
    assert r.laws == (CC + "pone-asked-too-few",)
    assert r.options == ()
    assert "counts as a trick for South" in r.explanation


def test_dealer_took_too_few_fills_up_before_playing_or_plays_short(ruled):
    before = ruled(exchange("South", "took-too-few"), "english")
    assert choosers(before, "supply-from-stock") == ["South"]
    played = exchange(
        "South", "took-too-few", stage="play", trick={"leader": "North", "cards": ["AS", "7S"]}
    )
    after = ruled(played, "english")
    assert CC + "dealer-plays-short" in after.laws
    assert after.options == ()


@pytest.mark.parametrize(
    ("error", "law", "options"),
    [
        ("gave-too-many", "dealer-gives-pone-too-many", ["discard-surplus", "new-deal"]),
        ("gave-too-few", "dealer-gives-pone-too-few", ["new-deal", "supply-from-stock"]),
    ],
)
def test_the_dealer_gave_the_wrong_number_the_non_dealer_chooses(ruled, error, law, options):
    r = ruled(exchange("South", error), "english")
    assert r.laws == (CC + law,)
    assert ids(r) == options
    assert {o.by for o in r.options} == {"North"}


def test_faced_card_in_the_stock_is_set_aside(ruled):
    r = ruled(exchange("North", "faced-card-in-stock"), "english")
    assert (r.outcome, r.laws) == ("play-on", (CC + "faced-card-in-stock",))


def test_cards_exposed_in_giving_the_non_dealer_may_refuse_the_dealer_must_take(ruled):
    pone = ruled(exchange("North", "cards-exposed-in-giving"), "english")
    assert choosers(pone, "refuse-cards") == ["North"]
    dealer = ruled(exchange("South", "cards-exposed-in-giving"), "english")
    assert dealer.laws == (CC + "dealer-own-cards-exposed-in-giving",)
    assert dealer.options == ()


def test_card_turned_in_error_the_dealer_cannot_refuse_another_discard(ruled):
    r = ruled(exchange("South", "card-turned-in-error"), "english")
    assert r.outcome == "penalty"
    assert choosers(r, "take-exposed-card") == ["North"]


def test_stock_too_small_the_non_dealer_is_served_first(ruled):
    r = ruled(exchange("North", "stock-too-small"), "english")
    assert r.outcome == "play-on"
    assert CC + "stock-too-small" in r.laws


def test_foster_and_french_usage_are_silent_on_the_exchange(ruled):
    for code in ("american", "french"):
        assert ruled(exchange("North", "took-too-many"), code).outcome == "not-covered"


# ------------------------------------------------------------ naming one suit, leading another


def named(hand, card="QS", suit="H"):
    return ecarte(
        {"type": "named-suit-not-led", "player": "North", "named": suit, "card": card},
        stage="play",
        discards_made=False,
        hands={"North": hand},
    )


def test_club_code_the_adversary_may_insist_on_the_suit_named(ruled):
    r = ruled(named(["QS", "KH", "9D", "8D", "7D"]), "english")
    assert r.outcome == "penalty"
    assert choosers(r, "insist-named-suit") == ["South"]


def test_club_code_the_card_led_stands_when_the_leader_has_none_of_the_suit_named(ruled):
    r = ruled(named(["QS", "KS", "9D", "8D", "7D"]), "english")
    assert r.outcome == "play-on"
    assert r.options == ()


def test_french_usage_lacking_the_suit_he_plays_as_the_adversary_directs(ruled):
    # Holding the suit named he must play it: the adversary directs his card only if he has
    # none (the eleventh blind round's #5 offered South both).
    holds = ruled(named(["QS", "KH", "9D", "8D", "7D"]), "french")
    assert ids(holds) == ["insist-named-suit"]
    assert holds.explanation == ("North announced hearts but led the queen of spades; he holds "
                                 "the king of hearts, so South may make him play hearts.")
    assert ("cards", "North") in {(g.fact, g.seat) for g in holds.grounds}
    lacks = ruled(named(["QS", "KS", "9D", "8D", "7D"]), "french")
    assert ids(lacks) == ["direct-play"]
    assert {o.by for o in lacks.options} == {"South"}


def test_french_usage_his_hand_not_told_gives_the_remedy_with_its_condition(ruled):
    event = {"type": "named-suit-not-led", "player": "North", "named": "H", "card": "QS"}
    r = ruled(ecarte(event, stage="play", discards_made=False), "french")
    assert ids(r) == ["direct-play", "insist-named-suit"]
    assert "if he has none, he plays as South directs" in r.explanation


def test_club_code_holding_the_suit_named_is_said(ruled):
    r = ruled(named(["QS", "KH", "9D", "8D", "7D"]), "english")
    assert r.explanation == ("North named hearts but led the queen of spades; he holds the king "
                             "of hearts, so South may play to the card led, or require North to "
                             "lead hearts.")


def test_french_usage_a_last_card_led_leaves_nothing_to_direct(ruled):
    # His only card is the one led: "play as the adversary directs" has nothing to act on, so
    # the card led stands (the fourth blind round's B27 offered South the direction).
    r = ruled(named(["QS"]), "french")
    assert (r.outcome, r.options) == ("play-on", ())
    assert "his last card" in r.explanation


def test_the_suit_named_led_is_no_irregularity(ruled):
    r = ruled(named(["QH", "KS", "9D", "8D", "7D"], card="QH"), "english")
    assert r.outcome == "legal"


# ------------------------------------------------------------------ Conquian


def conquian(event):
    return {"game": "conquian", "dealer": "South", "stage": "play", "event": event}


def test_conquian_more_than_one_card_turned_the_adversary_chooses_the_card_in_play(ruled):
    r = ruled(conquian({"type": "drew-two", "player": "North", "saw_second": True}), "american")
    assert r.outcome == "penalty"
    assert "conquian.american.more-than-one-card-turned" in r.laws
    assert choosers(r, "choose-card-in-play") == ["South"]


def test_conquian_touching_the_top_card_gives_up_the_card_face_up(ruled):
    r = ruled(conquian({"type": "touched-top-card", "player": "North"}), "american")
    assert (r.outcome, r.laws) == ("play-on", ("conquian.american.top-card-touched",))


# ------------------------------------------------------------------ General Laws


def test_bid_out_of_turn_in_a_partnership_loses_the_sides_bid(ruled):
    raw = {
        "game": "cinch",
        "dealer": "South",
        "stage": "bidding",
        "event": {"type": "bid-out-of-turn", "player": "East"},
    }
    r = ruled(raw, "american")
    assert r.outcome == "penalty"
    assert GA + "bid-out-of-turn-partnership" in r.laws
    assert "West" in r.explanation  # East's partner


def test_bid_out_of_turn_in_a_round_game_carries_no_penalty(ruled):
    raw = {
        "game": "auction-pitch",
        "players": ["North", "East", "South", "West"],
        "dealer": "West",
        "stage": "bidding",
        "event": {"type": "bid-out-of-turn", "player": "South"},
    }
    r = ruled(raw, "american")
    assert r.outcome == "no-penalty"
    assert GA + "bid-out-of-turn-round-game" in r.laws


def test_own_card_exposed_in_the_deal_only_the_dealers_side_may_claim_a_misdeal(ruled):
    raw = {
        "game": "cinch",
        "dealer": "South",
        "stage": "deal",
        "event": {"type": "own-card-exposed-in-deal", "player": "West"},
    }
    r = ruled(raw, "american")
    # Foster's General Laws (F-662): the dealer's side may claim a misdeal, so whether the
    # cards are dealt again is that side's choice.
    assert r.outcome == "innocent-chooses"
    assert choosers(r, "claim-misdeal") == ["North", "South"]
    assert GA + "no-penalty-for-own-error" in r.laws


# ------------------------------------------------------------------ Rubicon declaring

NO_COURT = ["AS", "10S", "AH", "9C", "8C", "7S", "10D", "9H", "8D"]


def rubicon(event, **extra):
    raw = {"game": "rubicon-bezique", "dealer": "South", "stage": "play", "event": event}
    raw.update(extra)
    return raw


def test_carte_blanche_before_the_first_card_scores_50(ruled):
    r = ruled(
        rubicon({"type": "carte-blanche", "player": "North"}, hands={"North": NO_COURT}),
        "english",
    )
    assert (r.outcome, dict(r.score)) == ("legal", {"North": 50})


def test_carte_blanche_with_a_court_card_or_after_playing_scores_nothing(ruled):
    court = ruled(
        rubicon(
            {"type": "carte-blanche", "player": "North"},
            hands={"North": [*NO_COURT[:8], "KD"]},
        ),
        "english",
    )
    assert dict(court.score) == {}
    late = ruled(
        rubicon(
            {"type": "carte-blanche", "player": "North"},
            hands={"North": NO_COURT[1:]},
            trick={"leader": "North", "cards": ["AS"]},
        ),
        "english",
    )
    assert dict(late.score) == {}
    assert "too late" in late.explanation


def test_carte_blanche_repeated_after_a_plain_card_but_not_after_a_court_card(ruled):
    def again(drawn):
        event = {"type": "carte-blanche", "player": "North", "repeated": True, "drawn": drawn}
        return ruled(rubicon(event, tricks_played=3, hands={"North": NO_COURT}), "english")

    assert dict(again("7D").score) == {"North": 50}
    assert dict(again("QD").score) == {}
    assert RE + "carte-blanche-repeated" in again("QD").laws


@pytest.mark.parametrize(
    ("declared", "how", "law"),
    [
        ("four-aces", "card-played", "playing-card-of-unscored-combination"),
        ("marriage", "higher-scored", "marriage-lost-in-sequence"),
        ("bezique", "higher-scored", "lower-bezique-lost"),
    ],
)
def test_an_unscored_combination_broken_loses_its_score(ruled, declared, how, law):
    event = {
        "type": "unscored-combination-broken",
        "player": "North",
        "declared": declared,
        "how": how,
    }
    r = ruled(rubicon(event, tricks_played=5), "english")
    assert r.laws == (RE + law,)
    assert "lost" in r.explanation or "loses" in r.explanation


def test_laws_11_and_12_both_fit_ten_cards_found_before_anyone_takes_up_his_hand(ruled):
    raw = rubicon({"type": "wrong-count"}, stage="deal", hands={"North": 10, "South": 9})
    r = ruled(raw, "english")
    assert (r.outcome, r.options, r.contested) == ("new-deal", (), True)
    assert r.laws == (RE + "surplus-before-play", RE + "dealer-deals-wrongly")
    raw["hands_seen"] = ["North"]
    taken_up = ruled(raw, "english")
    assert taken_up.laws == (RE + "surplus-before-play",)


# ------------------------------------------------------------------ play out of turn names its card


def test_a_play_out_of_turn_is_named_by_its_card(ruled):
    raw = {
        "game": "cinch",
        "dealer": "South",
        "stage": "play",
        "trump": "H",
        "trick": {"leader": "West", "cards": ["AS"]},
        "event": {"type": "play-out-of-turn", "player": "East", "card": "KS"},
    }
    r = ruled(raw, "american")
    assert "played the king of spades" in r.explanation
    del raw["event"]["card"]
    assert "played a card" in ruled(raw, "american").explanation
