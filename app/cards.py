"""Cards and packs: parsing `10H`/`TH`/`qs`, suits, ranks, and packs as multisets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import total_ordering
from typing import Annotated

import msgspec

SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


class CardError(ValueError):
    """A card code that does not name a card."""


@total_ordering
class Card:
    """A playing card, written rank then suit: `10H`, `QS`, `JD`.

    A plain class, not a dataclass: in a file a card is its code ("10H"), and the schema library
    (msgspec) reads a dataclass from an object, but hands any other class to the scenario's
    decode hook, which parses the code."""

    __slots__ = ("rank", "suit")
    rank: str
    suit: str

    def __init__(self, rank: str, suit: str) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code, case-insensitive, `T` accepted for ten."""
        if not isinstance(text, str):
            raise CardError(f"a card must be written as text like '10H', not {text!r}")
        code = text.strip().upper()
        if len(code) < 2:
            raise CardError(f"{text!r} is not a card (write rank then suit, e.g. '10H', 'QS')")
        rank, suit = code[:-1], code[-1]
        if rank == "T":
            rank = "10"
        if suit not in SUITS:
            raise CardError(f"{text!r} is not a card: suit must be one of S H D C")
        if rank not in RANKS:
            raise CardError(f"{text!r} is not a card: rank must be one of {' '.join(RANKS)}")
        return cls(rank, suit)

    @property
    def code(self) -> str:
        """The canonical code, e.g. `10H`."""
        return f"{self.rank}{self.suit}"

    @property
    def name(self) -> str:
        """Spoken name, e.g. 'queen of spades'."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def label(self) -> str:
        """Short printed label with the suit symbol, e.g. 'Q♠'."""
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.code


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Parse several card codes."""
    return [Card.parse(c) for c in codes]


class Pack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game's pack as a multiset: which ranks and suits, and how many copies of each card.

    Also the schema of the [pack] table of content/games/*.toml (app/corpus/game_facts.py)."""

    ranks: Annotated[tuple[Annotated[str, msgspec.Meta(min_length=1)], ...], msgspec.Meta(
        min_length=1, description="a non-empty list of rank names")]
    suits: Annotated[str, msgspec.Meta(
        min_length=1, description="a non-empty string of suit letters")]
    copies: Annotated[int, msgspec.Meta(ge=1, le=8, description="a whole number from 1 to 8")]

    @property
    def cards(self) -> list[Card]:
        """Every distinct card once, in suit then rank order."""
        return [Card(r, s) for s in self.suits for r in self.ranks]

    @property
    def size(self) -> int:
        """Number of cards in the whole pack."""
        return len(self.ranks) * len(self.suits) * self.copies

    def contains(self, card: Card) -> bool:
        """Whether this pack has the card at all."""
        return card.rank in self.ranks and card.suit in self.suits

    def full(self) -> Counter[Card]:
        """The whole pack as a multiset."""
        return Counter({c: self.copies for c in self.cards})
