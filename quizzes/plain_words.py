"""Lists and cards in plain words: the pieces every stem and choice is written with."""

from __future__ import annotations

from collections.abc import Iterable

from app.cards import Card


def join_words(items: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def cards_words(cards: Iterable[Card]) -> str:
    """Every card of a hand by name, a card held more than once (a two-pack game) said with
    its number: 'queen of clubs, two jacks of hearts and seven of spades'."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    names = []
    for card, n in counts.items():
        if n == 1:
            names.append(card.name)
            continue
        rank, _, suit = card.name.partition(" of ")
        plural = rank + ("es" if rank.endswith("x") else "s")
        names.append(f"{_COUNT_WORDS.get(n, str(n))} {plural} of {suit}")
    return join_words(names)


def trick_words(leader: str, players: list[str], cards: list[Card]) -> str:
    """The trick in progress, each card said with its player in the order played (play going
    to the left from the leader): 'North led to the trick in progress: jack of hearts.', or,
    with more cards, 'North led the jack of hearts to the trick in progress, then East played
    the three of hearts and South the ace of diamonds.' A list after 'North led' alone reads
    as North leading every card of it (the ninth blind round's #133)."""
    if len(cards) <= 1:
        return f"{leader} led to the trick in progress: {join_words([c.name for c in cards])}."
    seats = list(players)
    start = seats.index(leader)
    after = [f"{seats[(start + i) % len(seats)]} the {card.name}"
             for i, card in enumerate(cards) if i]
    after[0] = after[0].replace(" the ", " played the ", 1)
    return (f"{leader} led the {cards[0].name} to the trick in progress, then "
            f"{join_words(after)}.")
