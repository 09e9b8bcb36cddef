"""A generated table shows the event's consequence, for every event type the generators use.

The cards tell the story where the event changes them: a forgotten draw leaves the player one
card short, a card drawn too many one card over, a wrong count a hand off its proper number, an
even stock an even count. A card led or played (out of turn, or after naming another suit), or
exposed, lies on the table shown (quizzes/seen.py, tested in tests/test_quiz_laid_cards.py).
The other events change no card: what happened is in the words of the situation.
"""

from __future__ import annotations

import random

from app.engine.table import Table
from quizzes.bank import default_bank
from quizzes.moments import deal_moment

BANK = default_bank()
USED = sorted({combo[2] for reach in BANK.survey.reach.values() for combo in reach.ruled})

ONE_SHORT = {"failed-to-draw"}
ONE_OVER = {"drew-two", "drew-out-of-turn"}
COUNTS_OFF = {"wrong-count"}
STOCK = {"even-stock", "stock-exhausted"}
PLAYED_OUT = {"hand-result", "counted-out", "points-made"}
ON_THE_TABLE = {"lead-out-of-turn", "play-out-of-turn", "exposed-card", "named-suit-not-led"}
KING_TURNED = {"king-turned"}
IN_WORDS_ONLY = {  # nothing on the cards changes: the situation's words say what happened
    "abandoned-hand", "bid-out-of-turn", "both-drew-wrong", "carte-blanche", "cut-error",
    "dealer-exposed-card", "dealt-out-of-turn", "exchange-error", "faced-card-in-pack",
    "false-declaration", "imperfect-pack", "loser-saw-two",
    "own-card-exposed-in-deal", "peeked-at-stock", "play", "proposal-withdrawn",
    "several-trumps-turned", "touched-top-card", "unscored-combination-broken", "wrong-score",
}
KINDS = (ONE_SHORT, ONE_OVER, COUNTS_OFF, STOCK, PLAYED_OUT, ON_THE_TABLE, KING_TURNED,
         IN_WORDS_ONLY)


def test_every_event_type_the_generators_use_has_its_consequence_decided():
    decided = [e for kind in KINDS for e in kind]
    assert len(decided) == len(set(decided))
    assert set(USED) <= set(decided), sorted(set(USED) - set(decided))


def _tables(event: str, n: int = 6):
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled if c[2] == event})
    for combo in combos:
        for k in range(n):
            made = deal_moment(BANK, combo, random.Random(f"{combo}:{k}"))
            if made is not None:
                raw, scenario = made.table, made.scenario
                yield raw, scenario, Table(scenario, BANK.games[scenario.game])


def _count(hand) -> int:
    return hand if isinstance(hand, int) else len(hand)


def test_the_cards_show_what_the_event_did():
    checked = 0
    for event in sorted(ONE_SHORT | ONE_OVER | COUNTS_OFF | STOCK | PLAYED_OUT | KING_TURNED):
        for raw, _scenario, table in _tables(event):
            player = raw["event"].get("player")
            hands = raw.get("hands") or {}
            if event in ONE_SHORT | ONE_OVER:
                if not isinstance(hands.get(player), list) or not raw.get("stock"):
                    continue  # no stock left to draw from: nothing to show
                if not BANK.games[raw["game"]].has_tricks:
                    # A game of melds: a card drawn is faced at once, never taken into the
                    # hand (Foster 1913), so every hand keeps its count.
                    assert all(_count(h) == table.proper_count(p) for p, h in hands.items()), raw
                    checked += 1
                    continue
                if raw["event"].get("card_was_adversarys"):
                    # The loser drew first, the winner's card: found before the winner drew,
                    # the winner is a card short.
                    winner = next(p for p in hands if p != player)
                    assert _count(hands[winner]) == table.proper_count(winner) - 1, raw
                    checked += 1
                    continue
                off = _count(hands[player]) - table.proper_count(player)
                assert off == (-1 if event in ONE_SHORT else 1), (event, raw)
            elif event in COUNTS_OFF:
                assert any(_count(h) != table.proper_count(p) for p, h in hands.items()), raw
            elif event == "even-stock":
                assert raw["stock"] % 2 == 0
            elif event == "stock-exhausted":
                assert raw["stock"] == 0
            elif event in PLAYED_OUT:
                assert not any(hands.values()) and not raw.get("trick")
            elif event in KING_TURNED and raw.get("turn_up"):
                assert raw["turn_up"].startswith("K")
            checked += 1
    assert checked >= 50
