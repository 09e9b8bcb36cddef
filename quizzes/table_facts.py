"""What a question's table shows beside the hands and the trick (trumps, the stock, the discards
lying aside, the tricks gathered, the bid), each fact once, as a sentence for the stem
(quizzes/stem.py) and as a short line for the table drawn on screen (ui/quiz/table_sketch.py),
so the two never say it apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, CardError
from app.model.event_words import counted


@dataclass(frozen=True)
class SideFact:
    """One fact of the table: as the stem says it, and as the drawn table labels it."""

    sentence: str  # "The stock holds 5 cards."
    line: str  # "Stock: 5 cards"



def _names(codes: Any) -> list[str]:
    out = []
    for code in codes or ():
        try:
            out.append(f"the {Card.parse(code).name}")
        except (CardError, TypeError, ValueError):
            out.append(str(code))
    return out


def _labels(codes: Any) -> str:
    out = []
    for code in codes or ():
        try:
            out.append(Card.parse(code).label)
        except (CardError, TypeError, ValueError):
            out.append(str(code))
    return " ".join(out)


def _lie(count: int) -> str:
    return "lies" if count == 1 else "lie"  # "1 card discarded lies aside" (round 23's #52)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _meld_facts(table: Mapping[str, Any]) -> list[SideFact]:
    """A melding game's table beside the hands and the stock (quizzes/seen.py): each player's
    melds, the cards face up on offer, and the cards passed, out of play."""
    facts = []
    melds = table.get("melds")
    if isinstance(melds, Mapping):
        for player, groups in melds.items():
            said = "; ".join(_and(_names(g)) for g in groups)
            facts.append(SideFact(f"{player} has melded, face up on the table: {said}.",
                                  f"{player}'s melds: "
                                  + " | ".join(_labels(g) for g in groups)))
    faced = table.get("faced")
    if isinstance(faced, Mapping) and faced.get("cards"):
        facts.append(SideFact(f"{faced.get('words')}: {_and(_names(faced['cards']))}.",
                              f"{faced.get('words')}: {_labels(faced['cards'])}"))
    passed = table.get("passed")
    if isinstance(passed, int) and passed:
        facts.append(SideFact(f"{counted(passed, 'card')} passed by both players "
                              f"{_lie(passed)} turned down, out of play.",
                              f"Passed, out of play: {counted(passed, 'card')}"))
    elif isinstance(passed, int):
        facts.append(SideFact("No card has been passed out of play.",
                              "Passed, out of play: none"))
    return facts


def side_facts(table: Mapping[str, Any]) -> list[SideFact]:
    """Trumps (named, or the turn-up's suit), the stock's size (a count, or the cards left),
    the tricks played and gathered, and the bid, each that the table gives."""
    facts = []
    try:
        turn_up: Card | None = Card.parse(table["turn_up"])
    except (KeyError, CardError, TypeError, ValueError):
        turn_up = None
    suit = table.get("trump") or (turn_up.suit if turn_up else None)
    if suit in SUIT_NAMES:
        facts.append(SideFact(f"Trumps are {SUIT_NAMES[suit]}.",
                              f"Trumps: {SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"))
    stock = table.get("stock")
    if isinstance(stock, list):
        stock = len(stock)
    if isinstance(stock, int) and not table.get("hands") and table.get("stage") == "deal":
        # Nothing dealt yet (an error in the cut): the whole pack, not a stock.
        facts.append(SideFact(f"No card has been dealt: the pack of {counted(stock, 'card')} "
                              f"is whole.", f"Pack: {counted(stock, 'card')}, undealt"))
    elif isinstance(stock, int) and table.get("undealt_not_stock"):
        # No card is drawn from them in play (Cinch, Auction Pitch): not a stock, the rest of
        # the pack; at Cinch, once the discard is made, what the dealer's fill and robbing of
        # the pack left over (the blind readers' "stock" after the robbing).
        if isinstance(table.get("discards"), int):
            facts.append(SideFact(f"Left over from the pack after the fill: "
                                  f"{counted(stock, 'card')}.",
                                  f"Left of the pack: {counted(stock, 'card')}"))
        else:
            facts.append(SideFact(f"The rest of the pack, undealt, holds "
                                  f"{counted(stock, 'card')}.",
                                  f"Undealt: {counted(stock, 'card')}"))
    elif isinstance(stock, int):
        facts.append(SideFact(f"The stock holds {counted(stock, 'card')}.",
                              f"Stock: {counted(stock, 'card')}"))
    facts += _meld_facts(table)
    laid = table.get("laid_down")
    if isinstance(laid, Mapping) and laid.get("cards"):
        # Among his cards listed above, not beside them (quizzes/seen.laid_down).
        who = laid.get("player")
        facts.append(SideFact(f"Of {who}'s cards, {_and(_names(laid['cards']))} lie face up "
                              f"on the table, laid down in declaring.",
                              f"Laid down by {who}, face up: {_labels(laid['cards'])}"))
    discards = table.get("discards")
    if isinstance(discards, int):
        # Counted once a discard has been made (quizzes/seen.py), so the cards add up.
        facts.append(SideFact(f"{counted(discards, 'card')} discarded {_lie(discards)} aside.",
                              f"Discarded: {counted(discards, 'card')}"))
    if played := table.get("tricks_played"):
        facts.append(SideFact(f"{counted(played, 'trick')} had been played and gathered.",
                              f"Tricks played: {played}"))
    bid = table.get("bid")
    if isinstance(bid, Mapping) and bid.get("player"):
        facts.append(SideFact(f"{bid['player']} made the bid ({bid.get('amount')}).",
                              f"Bid: {bid['player']}, {bid.get('amount')}"))
    return facts
