"""How a law found for a query is scored: one weighted sum, every weight in one table.

FTS5 finds the candidates (every clause, or any clause when none has every one) and ranks
them by bm25 with COLUMN_WEIGHTS; each candidate is then scored here from what it holds of
each clause (`Evidence`, gathered by app/search/store.py), and the page is the best scores.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

# bm25 per indexed column (app/search/index.py COLUMNS): title, case (the situation's name),
# body (text, situation, remedy, brief), context (game, code, topic and section names), so
# that the law defining a situation outranks one that mentions it.
COLUMN_WEIGHTS: Final = (10.0, 6.0, 1.0, 0.5)

WEIGHTS: Final[Mapping[str, float]] = {
    # Each clause found, by how it was found. A clause is worth more than anything below, so
    # a law holding every clause comes before one holding fewer.
    "word": 10.0,  # as read: the words typed, corrected, or a number's other spelling
    "head": 10.0,  # as its thesaurus group's head, the laws' usual word ("wrong": erroneous)
    "glossary": 7.0,  # as its glossary headword ("maldonne": misdeal; "stock": talon)
    "synonym": 6.0,  # as any other synonym: bm25 scores a rare synonym above the common
    # word typed ("stock" listed the laws saying "talon" first)
    "prefix": 5.5,  # as the start of a word while it is typed: below every other way once
    # the word is whole ("carre", carré, is the glossary's four of a kind before "carried")
    # Where the clauses are found. "name" and "often" count each clause by its weight above
    # over a word's: a synonym in the title counts for less than the word typed.
    "name": 2.0,  # a clause in the law's title or case: the law that names the situation
    "order": 2.5,  # two clauses typed one after the other, in the law's name in that order
    # ("sequence then marriage": "Sequence first, marriage afterwards"); the reverse order,
    # the opposite ruling, loses as much
    "near": 3.0,  # two clauses typed one after the other, close together in the law
    # ("his score stands": "the score stands")
    "negated": -4.0,  # a clause the law's name denies ("neither partner had the lead")
    # when the query does not deny anything
    "rare": 2.0,  # each clause found, by how few laws use its words as read (1: one law,
    # 0: every law): in a long description the rare words of the complaint ("his score
    # stands") say more than the common noun ("sequence")
    "own_game": 4.0,  # a law of the game named, over the general laws searched with it
    "often": 1.0,  # each clause said more than once in the law (n / (n + 1) of its uses)
    "bm25": 1.5,  # FTS5's bm25 with COLUMN_WEIGHTS, as a fraction of the best candidate's:
    # low, as it weighs every synonym by its rarity
}


@dataclass(frozen=True)
class Evidence:
    """What one law holds of a query."""

    found: tuple[str, ...]  # for each clause found, how (a WEIGHTS key: "word", "head", ...)
    named: float = 0.0  # clauses found in the law's title or case (see WEIGHTS)
    in_order: int = 0  # consecutive clauses in the name in the typed order, minus reversed
    near: int = 0  # consecutive clauses close together in the law, in the typed order
    negated: int = 0  # clauses the law's name denies
    own_game: bool = False
    bm25: float = 0.0  # the law's bm25 over the best candidate's (0 to 1)
    often: float = 0.0  # for each clause, n / (n + 1) of its n uses in the law
    rare: float = 0.0  # for each clause found, 1 - log(laws using it) / log(all laws)


def score(evidence: Evidence, weights: Mapping[str, float] = WEIGHTS) -> float:
    """The weighted sum: higher is better."""
    return (
        sum(weights[how] for how in evidence.found)
        + weights["name"] * evidence.named
        + weights["order"] * evidence.in_order
        + weights["near"] * evidence.near
        + weights["negated"] * evidence.negated
        + weights["own_game"] * evidence.own_game
        + weights["bm25"] * evidence.bm25
        + weights["often"] * evidence.often
        + weights["rare"] * evidence.rare
    )
