"""Every Cinch table agrees with its stage (the blind audit of round 6, #31: "a discard has been
made" and 4 cards aside beside a stock of 12, in the bidding, every hand holding nine). In Cinch
the discard follows the naming of trumps, and the dealer then fills each hand to six
(cinch.american.discard-and-draw): before trumps are named no card lies aside and the stock is
the 16 the deal left; after the fill each hand holds six at most, the discards lie aside."""

from __future__ import annotations

import random
import re

from quizzes.moments import deal_moment
from quizzes.possible import COUNT_CHANGING, table_problems
from quizzes.stem import table_text
from quizzes.table_header import table_words
from tests.bank_questions import BANK

GAME = BANK.games["cinch"]


def _count(hand) -> int:
    return hand if isinstance(hand, int) else len(hand)


def test_every_cinch_table_agrees_with_its_stage():
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled
                     if c[0] == "cinch"})
    early = late = 0
    for combo in combos:
        for k in range(4):
            made = deal_moment(BANK, combo, random.Random(f"stages:{combo}:{k}"))
            if made is None or made.table["event"]["type"] in COUNT_CHANGING:
                continue
            s, seen = made.scenario, made.seen
            assert table_problems(made.table, BANK.games) == [], (combo, made.table)
            told = " ".join(table_words(s, GAME)) + " " + table_text(seen)
            if s.trump is None:
                early += 1
                assert not s.discards_made, (combo, made.table)
                assert "discard" not in told.replace("No discard", ""), (combo, told)
                if any(_count(h) for h in s.hands.values()):
                    assert seen["stock"] == 16, (combo, seen)
                    assert all(_count(h) == 9 for h in s.hands.values()), (combo, seen)
            else:
                late += 1
                assert s.discards_made, (combo, made.table)
                assert all(_count(h) <= 6 for h in s.hands.values()), (combo, seen)
                assert "cards discarded lie aside" in told, (combo, told)
    assert early >= 10 and late >= 20, (early, late)


def test_the_audit_table_in_the_bidding_is_named_impossible():
    """#31 as printed: nine cards each in the bidding, a discard made, a stock of 12."""
    players = ["North", "East", "South", "West"]
    pack = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7",
                                                  "6", "5", "4", "3", "2")]
    hands = {p: pack[9 * i:9 * i + 9] for i, p in enumerate(players)}
    raw = {"game": "cinch", "players": players, "dealer": "North", "hands": hands,
           "stock": 12, "stage": "bidding", "discards_made": True,
           "bid": {"player": "South", "amount": 12},
           "event": {"type": "abandoned-hand", "player": "South"}}
    problems = table_problems(raw, BANK.games)
    assert any("before trumps are named" in p for p in problems), problems
    assert any("a stock of 12" in p for p in problems), problems


def test_every_trump_exposed_after_naming_may_be_forbidden():
    """Round 6, #14: a trump led in the adversaries' turn, hearts trumps, was marked "may call
    it" only, while a trump exposed by being faced was "call it or forbid its play". Over dealt
    Cinch moments, every marked answer on a trump exposed after trumps were named (faced, named,
    two played, led in the adversaries' turn) offers the adversaries the forbid remedy."""
    from app.cards import Card
    from quizzes.generators.common import rule_dealt
    from tests.bank_questions import dealt_moments

    checked = 0
    for event in ("exposed-card", "lead-out-of-turn"):
        # (20: a card exposed by the player about to lead is no longer asked, round 50)
        for made in dealt_moments(event, 20, "forbid", game="cinch"):
            s = made.scenario
            card = made.table["event"].get("card")
            if s.trump is None or card is None:
                continue
            if GAME.effective_suit(Card.parse(card), s.trump) != s.trump:
                continue
            found = rule_dealt(BANK, made)
            if found is None:
                continue
            answer = found.ruling.rulings[0].decision
            if answer.outcome != "penalty" or not any(
                    o.id == "call-card" for o in answer.options):
                continue
            checked += 1
            assert any(o.id == "forbid-trump" for o in answer.options), (made.table, answer)
    assert checked >= 4, checked


def test_no_cinch_question_rules_two_wrong_hands_after_a_bid_and_bidders_have_looked():
    """Round 6, #91: "two hands short after the bid: misdeal", where the law covers one faulty
    hand only, and "West bid 5" beside "North, East and South have looked at their cards".
    Over Cinch's wrong-count questions no table after a bid has two wrong hands, and in every
    Cinch question with a bid the bidder is among those who have looked."""
    from tests.bank_questions import question

    items = [i for i in BANK.items if i.startswith(("ruling:cinch.", "penalty:cinch."))]
    asked = 0
    for item in items:
        for seed in range(6):
            q = question(item, seed)
            table = getattr(q, "table", None)
            if not table:
                continue
            bid = table.get("bid")
            if bid:
                asked += 1
                looked = re.search(r"([A-Z][a-z]+(?:, [A-Z][a-z]+)*(?: and [A-Z][a-z]+)?) "
                                   r"ha(?:s|ve) looked at", q.situation)
                assert "Nobody has looked" not in q.situation, (q.id, q.situation)
                if looked:
                    assert bid["player"] in looked.group(1), (q.id, q.situation)
            if table["event"]["type"] == "wrong-count" and bid:
                counts = re.findall(r"holds (\d+) \(should hold (\d+)\)", q.situation)
                wrong = sum(a != b for a, b in counts)
                assert wrong <= 1, (q.id, q.situation)
    assert asked >= 10, asked
