"""A stem that says a player declared a combination and holds the cards for it names which
cards, where his hand holds more than one combination the words could name (the blind audit
of round 5, #144: "South declared and scored a marriage ... He holds the cards for it" beside
the king and queen of hearts, trumps, a royal marriage of 40, and of clubs, a marriage of 20:
the 20 or the 40 taken off were both defensible)."""

from __future__ import annotations

from collections import Counter

from app.cards import Card
from quizzes.questions import QuestionError
from tests.bank_questions import BANK, built

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _marriages(codes) -> list[str]:
    held = Counter(Card.parse(c) for c in codes)
    return [s for s in "SHDC" if held[Card("K", s)] and held[Card("Q", s)]]


def _check(q) -> bool:
    """Whether `q` is a declaration the player holds, of a marriage, with two in his hand; if
    so, its stem names the suit, and the score taken off is that marriage's."""
    event = (q.table or {}).get("event") or {}
    if event.get("type") != "false-declaration" or "holds the cards for it" not in q.situation:
        return False
    declared = event.get("declared")
    hand = ((q.table or {}).get("hands") or {}).get(event.get("player")) or []
    suits = _marriages(hand)
    if declared not in ("marriage", "royal-marriage") or len(suits) < 2:
        return False
    trump = q.table.get("trump")
    named = [s for s in suits if f"king and queen of {SUITS[s]}" in q.situation]
    assert len(named) == 1, (q.id, q.situation)
    assert (named[0] == trump) == (declared == "royal-marriage"), (q.id, q.situation)
    return True


def test_the_audited_question_names_the_marriage_declared():
    # The audited law is asked by its points since round 7 (its ruling's choices varied only
    # the points taken off, round 6's #107 class): its tables with two marriages in hand name
    # the one declared, and the points are that marriage's.
    named = 0
    for seed in range(20):
        try:
            q = BANK.generate("penalty", "bezique.english.declare-after-winning-trick", seed)
        except QuestionError:
            continue
        if _check(q):
            named += 1
            assert q.answer in (20, 40), (q.id, q.answer)
    assert named


def test_every_declaration_held_twice_over_is_named():
    """Property over the bank: each such stem names one marriage, the one the ruling scores."""
    for q in built(range(4)):
        _check(q)
