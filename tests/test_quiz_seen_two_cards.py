"""A drawer who "saw two cards" at Rubicon keeps his count (the blind audit's #160, issue 25).

The Portland Club's laws 28 and 30 speak of a player who *sees* two cards in drawing: he takes
the top card, his one, and the second is only seen, so his hand holds the count it should (a
hand over its count is the surplus laws' case). Foster's Pinochle law of a player who drew two
cards has him hold both, a card over. Each game declares which it is ([play] two_drawn in its
games file); the questions read the table and the stem a learner sees.
"""

from __future__ import annotations

import random

from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.moments import deal_moment
from quizzes.words import event_words

BANK = default_bank()


def _tables(game: str, n: int) -> list[dict]:
    out = []
    for k in range(n):
        made = deal_moment(BANK, (game, "play", "drew-two"), random.Random(f"seen-two:{k}"))
        if made is not None:
            out.append(made.table)
    assert out, game
    return out


def test_a_rubicon_drawer_who_saw_two_cards_holds_nine() -> None:
    for table in _tables("rubicon-bezique", 12):
        assert table["event"]["saw_second"] is True
        assert {p: len(h) for p, h in table["hands"].items()} == dict.fromkeys(
            table["players"], 9), table


def test_a_pinochle_player_who_drew_two_holds_a_card_over() -> None:
    for table in _tables("pinochle", 12):
        player = table["event"]["player"]
        counts = {p: len(h) for p, h in table["hands"].items()}
        other = next(p for p in table["players"] if p != player)
        assert counts[player] == counts[other] + 1, table


def test_the_rubicon_stem_says_he_saw_two_and_took_the_top_one() -> None:
    for table in _tables("rubicon-bezique", 6):
        scenario = parse_scenario(table, BANK.games)
        words = event_words(scenario, BANK.games["rubicon-bezique"])
        assert "saw two cards: he took the top card" in words, words
        assert "drew two cards" not in words, words
