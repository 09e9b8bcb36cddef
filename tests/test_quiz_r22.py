"""The twenty-first blind round's #163, and the twenty-second round's findings, each as a
learner reads them.

#163: "He does not take it back before the trick is turned" beside a table that called the
trick his card completed "the trick in progress". Readers of several rounds: Cinch's cards
left after the dealer's fill and robbing of the pack shown as a "stock", which no one draws from.
Round 22: #187, a heart followed to a heart led asked as lawful at Auction Pitch (no law
tested); #146, the loser's draw after the winner drew two made and not said; #62, "the
English laws" credited with Enquire Within's forfeit, which Foster reports otherwise.
"""

from __future__ import annotations

from quizzes.stem import _trick_words, table_text
from tests.bank_questions import BANK, generated, marked_words


def test_a_trick_the_stood_play_completed_is_not_said_to_be_in_progress():  # round 21's #163
    # (The audit's question, Portland law 55's ruling, is asked no more: tests/test_quiz_r33.py.
    # The trick its stood play completed, as the table drew it.)
    trick = {"leader": "South", "cards": ["AC", "QS"], "players": ["South", "North"]}
    said = _trick_words(trick, seats=2)
    assert said == ("On the trick, now complete, in the order played: the ace of clubs by "
                    "South, then the queen of spades by North.")
    assert "trick in progress" not in said


def test_a_trick_still_open_is_in_progress():
    for seed in range(40):
        q = BANK.generate("ruling", "cinch.american.lead-in-partners-turn", seed)
        trick = (q.shown or {}).get("trick") or {}
        if trick.get("cards") and len(set(trick.get("players") or ())) < 4:
            assert "On the trick in progress, in the order played:" in table_text(q.shown)
            return
    raise AssertionError("no open trick drawn in 40 seeds")


def test_no_stock_is_shown_in_a_game_that_draws_from_none():  # readers' Cinch "stock"
    q = BANK.question("ruling:cinch.american.lead-in-partners-turn:930556")
    text = table_text(q.shown)
    assert "stock" not in text.lower()
    assert "Left over from the pack after the fill: 1 card. 27 cards discarded lie aside." in text
    pitch = BANK.generate("ruling", "auction-pitch.american.bidder-set-back", 0)
    assert "The rest of the pack, undealt, holds 28 cards." in table_text(pitch.shown)
    rubicon = next(q for seed in range(12) if (q := generated(
        "revoke", "rubicon-bezique.english.failure-to-follow-or-win", seed)) is not None)
    assert "The stock holds 0 cards." in table_text(rubicon.shown)


def _follows(q) -> bool:
    table = q.table or {}
    card, trick = table["event"]["card"], table["trick"]["cards"]
    return card[-1] == trick[0][-1]


def test_no_pitch_or_cinch_play_asked_as_lawful_only_follows_suit():  # round 22's #187
    q = BANK.question("ruling:auction-pitch.american.plain-suit-lead-trump-allowed:917434")
    assert "South plays the two of hearts" not in q.situation
    asked = 0
    for law in ("auction-pitch.american.plain-suit-lead-trump-allowed",
                "cinch.american.follow-or-trump"):
        if f"ruling:{law}" not in BANK.items:
            continue
        for seed in range(8):
            q = BANK.generate("ruling", law, seed)
            if marked_words(q) == "The play is lawful.":
                asked += 1
                assert not _follows(q), q.id
    assert asked


def test_the_loser_drawing_after_the_winners_two_is_said():  # round 22's #146
    q = BANK.question("ruling:bezique.english.drew-two-cards:957522")
    assert ("North won the third trick: the first draw after it was his, the second South's. "
            "South then drew the next card.") in q.situation
    shown = q.shown or {}
    assert len(shown["hands"]["South"]) == 8 and shown["stock"] == 40


def test_a_code_choice_names_the_account_its_ruling_rests_on():  # round 22's #62
    q = BANK.question("code:bezique.english.forgot-to-draw:354808")
    texts = {c.key: c.text for c in q.choices}
    assert texts["english"] == ("The English laws, as Victorian household rules (Enquire "
                                "Within) give them")
    # Foster's American Bézique, silent where his own laws of it were never read, is no
    # choice (round 27's #41).
    assert "american" not in texts
    rubicon = BANK.generate("code", "rubicon-bezique.english.forgot-to-draw", 1)
    assert "The English laws, as Foster reports them (1897)" in {c.text for c in rubicon.choices}
