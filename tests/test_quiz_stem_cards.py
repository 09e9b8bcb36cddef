"""What the stem says of the cards agrees with the table beside it: a hand listed in the stem
names every card the table gives it, a card held twice (two-pack games) included."""

from __future__ import annotations

import re
from collections import Counter

from app.cards import Card
from quizzes.bank import default_bank
from quizzes.plain_words import cards_words
from quizzes.questions import QuestionError

BANK = default_bank()
# "Spot the revoke" items of the two-pack games, where a hand may hold a card twice.
TWO_PACKS = ("bezique", "pinochle", "rubicon-bezique")
NUMBERS = {"two": 2, "three": 3, "four": 4}


def _said_count(listing: str) -> int:
    """How many cards a stem's list names ('queen of clubs, two jacks of hearts and ...')."""
    items = re.split(r", | and (?=(?:two |three |four )?\w+ of )", listing)
    return sum(NUMBERS.get(item.split(" ", 1)[0], 1) for item in items)


def test_a_card_held_twice_is_said_twice():
    cards = [Card.parse(c) for c in ("QC", "JH", "KS", "JH", "6D", "6D")]
    assert cards_words(cards) == "queen of clubs, two jacks of hearts, king of spades and " \
        "two sixes of diamonds"


def test_the_audit_hands_list_every_card():
    # Audit r1 #28: North holds the jack of hearts twice; the stem listed seven of his eight.
    q = BANK.question("revoke:bezique.english.must-follow-and-win-last-eight:70699")
    assert "His hand: queen of clubs, queen of diamonds, jack of diamonds, two jacks of " \
        "hearts, king of spades, queen of spades and seven of spades." in q.situation
    assert len(q.table["hands"]["North"]) == 8


def test_every_revoke_stem_lists_the_whole_hand_of_the_player():
    checked = twice = 0
    for info in BANK.items.values():
        if info.type != "revoke" or not info.law.startswith(TWO_PACKS):
            continue
        for seed in range(4):
            try:
                q = BANK.generate(info.type, info.law, seed)
            except QuestionError:  # a seed that builds no question
                continue
            match = re.search(r"\n(\w+) is to play\. His hand: (.*)\.", q.situation)
            assert match, q.situation
            player, listing = match.groups()
            hand = q.table["hands"][player]
            assert _said_count(listing) == len(hand), (q.id, listing, hand)
            checked += 1
            twice += any(n > 1 for n in Counter(hand).values())
    assert checked >= 12 and twice >= 1  # (9 revoke items are asked)
