"""The thirty-fourth blind round's findings, as a learner reads them.

#59: a Cinch hand abandoned in the bidding "before winning a trick" read as a hand abandoned
in play. #111: a revoke question said who plays and the card played three times over. #43:
"North, West can all count out". #170: Portland law 23's "take back all but one of the cards
he played together", the stem's own words, which no wrong choice shared.
"""

from __future__ import annotations

from tests.bank_questions import generated, marked_words


def test_a_hand_abandoned_before_play_is_not_asked():  # #59
    # Said first with no trick in it; since the fortieth round's #26 a Cinch hand thrown down
    # before the trump is named is not asked at all: its plain cards go out with the discard.
    asked = [q for seed in range(16) if (q := generated(
        "ruling", "cinch.american.abandoned-hand", seed)) is not None]
    assert len(asked) >= 8
    for q in asked:
        assert (q.table or {}).get("stage") != "bidding", q.situation


def test_an_ecarte_hand_abandoned_before_a_trick_still_says_so():
    # Law 42 turns on it: with no trick played the stem says none was gathered.
    q = next(q for seed in range(8) if (q := generated(
        "ruling", "ecarte.english.abandon-before-trick", seed)) is not None)
    assert "No trick had been gathered yet." in q.situation or "before winning a trick" \
        in q.situation, q.situation
    assert "adds 2" in marked_words(q)


def test_a_play_asked_as_lawful_is_said_once():  # #111
    asked = [q for seed in range(0, 400, 8) if (q := generated(
        "revoke", "ecarte.english.renounce-or-failure-to-win", seed)) is not None
        and q.prompt.endswith("is that lawful?")]
    assert asked
    for q in asked:
        assert " plays the " not in q.prompt, q.prompt
        assert q.situation.count(" plays the ") == 1, q.situation
        assert "is the player to play" not in q.situation, q.situation
        # Round 37's #3: the table is the moment he is to play; the stem tells what followed.
        assert q.situation.endswith("The table shows the cards as they lay before he played."), \
            q.situation


def test_two_players_out_are_named_in_good_english():  # #43
    whys = [q.explanation for seed in range(8) if (q := generated(
        "ruling", "auction-pitch.american.two-count-out-bidder-wins", seed)) is not None]
    made = [w for w in whys if "made his bid, so he wins the pool" in w]
    assert made
    for why in made:
        assert "can both count out on this deal" in why and ", " not in why.split(" can ")[0]


def test_cards_played_together_are_taken_back_in_other_words():  # #170
    q = generated("ruling", "rubicon-bezique.english.several-cards-played-together", 0)
    assert q is not None
    assert "together" in q.situation
    assert "all but one of the cards he put down" in marked_words(q)
    assert "together" not in marked_words(q)
