"""The sixty-second blind round's findings, as a learner reads them.

#114, #120, #132, #152, #153, #155, #190: "before play (bidding, proposing)" at Écarté, which
has no bidding: the stage before play is said in the game's words.
#47 (and round 53's #11): "North bid 1" of Auction Pitch's eldest hand, who sells the pitch
or keeps it for the best bid: said so.
#91: "in both games" and "in either game" beside a prompt that named no two games: it names
the English game and the French.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_the_stage_before_play_is_said_in_the_games_words():
    q = BANK.question("ruling:ecarte.english.abandon-before-trick:977111")
    assert q.situation.startswith("Écarté, before play (proposing); South dealt.")
    cinch = next(q for seed in range(20) if (q := generated(
        "ruling", "cinch.american.wrong-count-after-bid", seed)) is not None
        and "before play" in q.situation)
    assert "before play (bidding)" in cinch.situation
    assert "proposing" not in cinch.situation


def test_the_bystanders_prompt_names_the_two_games():  # #91
    q = BANK.question("authored:ecarte-bystanders")
    assert "the rules of the English game and of the French game" in q.prompt


def test_an_eldest_hand_who_keeps_the_pitch_is_not_said_to_bid():  # #47
    q = BANK.question("ruling:auction-pitch.american.two-count-out-bidder-wins:164308")
    assert "West dealt." in q.situation
    assert "North, the eldest hand, kept the pitch for 1." in q.situation
    assert "North bid 1" not in q.situation
