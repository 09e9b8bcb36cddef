"""Cinch after the discard: every plain card thrown out face up, the dealer filling the others'
hands to six from the pack and robbing the rest for his own trumps (cinch.american.
discard-and-draw, domain B5). The stock the fill left follows from the trumps kept, the
discards are counted beside it, and the cards add up to the pack."""

from __future__ import annotations

import random
from collections import Counter

from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.moments import deal_moment
from quizzes.possible import table_problems
from quizzes.stem import table_text

BANK = default_bank()
GAME = BANK.games["cinch"]


def _count(hand) -> int:
    return hand if isinstance(hand, int) else len(hand)


def test_every_cinch_table_after_the_fill_adds_up_to_the_pack():
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled if c[0] == "cinch"
                     and c[1] in ("play", "stock-exhausted", "hand-over")})
    checked = 0
    for combo in combos:
        for k in range(6):
            made = deal_moment(BANK, combo, random.Random(f"fill:{combo}:{k}"))
            if made is None or made.table["event"]["type"] in ("wrong-count",):
                continue
            seen, s = made.seen, made.scenario
            assert s.discards_made, made.table
            assert table_problems(made.table, BANK.games) == [], made.table
            trick = len((seen.get("trick") or {}).get("cards") or ())
            apart = len((seen.get("apart") or {}).get("cards") or ())
            on_table = sum(_count(h) for h in seen["hands"].values()) + trick + apart \
                + 4 * s.tricks_played + seen["stock"] + seen["discards"]
            assert on_table == 52, (combo, seen)
            # What the fill left is the trumps kept less 8 (16 left, 24 to fill): they are
            # in the hands, the trick or the tricks gathered, never more than the 14 there are.
            kept = seen["stock"] + 8
            assert kept <= 14, seen
            in_play = made.state.placed() - Counter(made.state.stock)
            trumps = sum(n for c, n in in_play.items()
                         if GAME.effective_suit(c, s.trump) == s.trump)
            assert trumps >= kept, seen
            assert f"{seen['discards']} cards discarded lie aside." in table_text(seen)
            checked += 1
    assert checked >= 25


def _audit_table(**changes):
    # Audit r1 #29, as printed: a stock of 6 after the fill, with 2 trumps to be seen.
    raw = {
        "game": "cinch", "players": ["North", "East", "South", "West"], "dealer": "South",
        "hands": {"North": ["JS", "4H", "4S", "JC"], "East": ["8H", "JH", "2D", "AH", "QS"],
                  "South": ["3D", "KD", "2H", "8D", "5C"], "West": ["QD", "10H", "7D", "KS"]},
        "trump": "C", "stock": 6, "stage": "play", "tricks_played": 1,
        "trick": {"leader": "West", "cards": ["5D", "9S"]}, "discards_made": True,
        "bid": {"player": "South", "amount": 14}, "event": {"type": "imperfect-pack"},
    }
    raw.update(changes)
    parse_scenario(raw, BANK.games)
    return raw


def test_the_audit_tables_after_the_fill_are_named_impossible():
    assert any("trumps were kept" in p for p in table_problems(_audit_table(), BANK.games))
    # #23: a stock of 15 after the hand means 23 trumps kept, of 14.
    over = _audit_table(hands={p: [] for p in ("North", "East", "South", "West")}, stock=15,
                        stage="hand-over", tricks_played=6, trick=None)
    assert any("the pack holds 14" in p for p in table_problems(over, BANK.games))
