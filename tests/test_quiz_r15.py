"""The fifteenth blind round's findings, each as a learner reads the question.

#65, #100: "is this play lawful?" asked of a card every rule allows (a diamond followed to a
diamond it cannot beat; a discard holding neither the suit led nor a trump). #164: "in play"
beside "nobody has proposed yet" at Écarté, where a stand is playing. #159: both hands dealt
too many, the corrections said as alternatives. #33: the game of 1000 "unless the players
agree", which Foster does not say. #66: a "which law?" why saying the law's remedy twice.
"""

from __future__ import annotations

import pytest

from tests.bank_questions import BANK, marked_words


def _tells_the_law(table: dict) -> bool:
    """Read from the table alone: a lawful Auction Pitch play a learner needs Foster's law for,
    a trump played to a plain suit by a player holding that suit, or a discard by a void
    player holding a trump; any other lawful card is lawful under every rule (a card of the
    suit led, winning or not: no reading of Pitch asks a player to win, round 22's #187)."""
    player, card = table["event"]["player"], table["event"]["card"]
    hand, trump = table["hands"][player], table["trump"]
    led = table["trick"]["cards"][0]
    suit = led[-1]
    holds_suit = any(c[-1] == suit for c in hand)
    if card[-1] == trump and suit != trump and holds_suit:
        return True
    return not holds_suit and card[-1] != trump and any(c[-1] == trump for c in hand)


@pytest.mark.parametrize("law", ["plain-suit-lead-trump-allowed", "void-trump-or-discard"])
def test_a_lawful_pitch_play_asked_is_one_only_fosters_law_allows(law):  # #65, #100
    asked = 0
    for seed in (367234, 971802, *range(8)):
        q = BANK.generate("ruling", f"auction-pitch.american.{law}", seed)
        if marked_words(q) != "The play is lawful.":
            continue
        asked += 1
        assert q.table is not None
        assert _tells_the_law(q.table), (q.id, q.table)
    assert asked


def test_an_ecarte_count_before_proposing_is_not_said_to_be_in_play():  # #164
    for seed in (476238, *range(6)):
        q = BANK.generate("ruling", "ecarte.english.dealer-too-many-dealt", seed)
        first = q.situation.splitlines()[0]
        assert "in play" not in first or "Nobody has proposed yet" not in q.situation, q.id
        assert "in play, before any card is played" not in q.situation


def test_both_hands_over_are_both_put_right_or_dealt_again():  # #159
    q = BANK.question("ruling:ecarte.english.pone-too-many-dealt:386281")
    assert "North holds 7 (should hold 5) and South holds 7 (should hold 5)" in q.situation
    assert marked_words(q) == (
        "The innocent side chooses whether the cards are dealt again. South may have the cards "
        "dealt again or discard the surplus cards and draw the surplus from the dealer's hand.")
    # (one sentence for both hands since the 52nd round's #140)
    assert ("Both hands being wrong, South, the non-dealer, either claims a fresh deal or has "
            "both put right: he may discard the surplus without the dealer seeing it, and draw "
            "the surplus from the dealer's hand") in q.explanation


def test_the_game_of_a_thousand_adds_nothing_foster_does_not_say():  # #33
    law = BANK.content.laws["pinochle.american.game-of-1000"]
    assert "agree" not in law.text and "agree" not in law.remedy
    q = BANK.question("authored:pinochle-game-of-a-thousand")
    assert "agree" not in q.prompt and "agree" not in q.explanation
    assert marked_words(q) == "1000"


def test_a_which_law_why_names_the_law_then_rules_the_table_once():  # #66
    q = BANK.question("law:cinch.american.fourth-hand-before-second:403964")
    assert q.explanation.startswith("Fourth hand plays before second, third not having "
                                    "played. ")
    assert q.explanation.count("may claim the trick") == 1, q.explanation
