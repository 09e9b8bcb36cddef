"""What a declared combination needs in the hand, and what it scores, for the Bézique family."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.cards import Card

# Points per declaration and game; Pinochle's "bezique" is its pinochle (same two cards).
VALUES: dict[str, dict[str, int]] = {
    "bezique": {
        "four-aces": 100,
        "four-kings": 80,
        "four-queens": 60,
        "four-jacks": 40,
        "marriage": 20,
        "royal-marriage": 40,
        "bezique": 40,
        "double-bezique": 500,
        "sequence": 250,
    },
    "rubicon-bezique": {
        "four-aces": 100,
        "four-kings": 80,
        "four-queens": 60,
        "four-jacks": 40,
        "marriage": 20,
        "royal-marriage": 40,
        "bezique": 40,
        "double-bezique": 500,
        "sequence": 250,
    },
    "pinochle": {
        "four-aces": 100,
        "four-kings": 80,
        "four-queens": 60,
        "four-jacks": 40,
        "marriage": 20,
        "royal-marriage": 40,
        "bezique": 40,
        "pinochle": 40,
        "sequence": 150,
    },
}
_FOUR = {"four-aces": "A", "four-kings": "K", "four-queens": "Q", "four-jacks": "J"}
NAMES = {
    "four-aces": "four aces",
    "four-kings": "four kings",
    "four-queens": "four queens",
    "four-jacks": "four jacks",
    "marriage": "a marriage",
    "royal-marriage": "a royal marriage",
    "bezique": "bézique",
    "double-bezique": "double bézique",
    "sequence": "a sequence in trumps",
    "pinochle": "pinochle",
}


def missing_cards(declared: str, hand: Sequence[Card], trump: str | None) -> list[Card] | None:
    """Cards the hand lacks for the declaration ([] when it holds them); None if undecidable."""
    held = Counter(hand)
    if declared in _FOUR:
        rank = _FOUR[declared]
        return [Card(rank, s) for s in "SHDC" if not held[Card(rank, s)]]
    if declared in ("bezique", "pinochle", "double-bezique"):
        need = Counter({Card("Q", "S"): 1, Card("J", "D"): 1})
        if declared == "double-bezique":
            need = Counter({c: 2 for c in need})
        return sorted((need - held).elements())
    if declared == "marriage":
        suits = [s for s in "SHDC" if held[Card("K", s)] and held[Card("Q", s)]]
        if suits:
            return []
        best = max("SHDC", key=lambda s: held[Card("K", s)] + held[Card("Q", s)])
        return [c for c in (Card("K", best), Card("Q", best)) if not held[c]]
    if trump is None:
        return None
    if declared == "royal-marriage":
        return [c for c in (Card("K", trump), Card("Q", trump)) if not held[c]]
    if declared == "sequence":
        return [c for c in (Card(r, trump) for r in ("A", "10", "K", "Q", "J")) if not held[c]]
    return None
