"""How a hand of each game is played out and counted: the [play] table of content/games.

The rehearsal (app/rehearsal) plays deals forward from these facts: who leads the first trick,
whether the players draw from a stock after each trick, how trumps are named when no card is
turned, and how the cards won in tricks are counted at the end of the hand. Nothing here is a
law of irregularities; those stay with the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.corpus.checks import Collector

FIRST_LEADS = ("eldest", "bidder")
TRUMP_NAMERS = ("", "bidder", "first-lead", "first-marriage")
COUNTS = ("card-points", "all-fours", "tricks", "melds")
# Who takes an all-fours point: the player who held (played) the card, or the trick's winner.
TAKERS = ("holder", "winner")
GAME_POINTS = ("pips", "ten-of-trumps")
# Counting pips for the all-fours "game" point (A 4, K 3, Q 2, J 1, 10 10).
PIPS: dict[str, int] = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}


@dataclass(frozen=True)
class PlayFacts:
    """How a hand is played out and counted (see the module docstring)."""

    first_lead: str = "eldest"
    trump_named_by: str = ""
    draws: bool = False  # both players draw from the stock after each trick, winner first
    count: str = "tricks"
    card_points: Mapping[str, int] = field(default_factory=dict)
    last_trick: int = 0
    high: str = "holder"
    low: str = "holder"
    jack: str = "winner"
    game: str = "pips"
    pedros: int = 0
    point: int = 1  # tricks: the point for a majority of tricks
    vole: int = 2  # tricks: all the tricks
    end_event: str = ""  # the engine event that scores the hand (hand-result, points-made)
    meld_to_win: int = 0  # melds: cards down that win the deal
    bids: tuple[int, int] = (0, 0)  # the lowest and highest bid, for a game with bidding
    declarations: bool = False  # the winner of a trick may declare combinations before drawing
    # The points that win the game, so a running score at the start of a deal stays below it;
    # 0 where each deal is a game of its own (Rubicon Bézique, Conquian) and starts from 0.
    game_to: int = 0


_FIELDS: dict[str, type] = {
    "first_lead": str,
    "trump_named_by": str,
    "draws": bool,
    "count": str,
    "card_points": dict,
    "last_trick": int,
    "high": str,
    "low": str,
    "jack": str,
    "game": str,
    "pedros": int,
    "point": int,
    "vole": int,
    "end_event": str,
    "meld_to_win": int,
    "bids": list,
    "declarations": bool,
    "game_to": int,
}
_WORDS: dict[str, tuple[str, ...]] = {
    "first_lead": FIRST_LEADS,
    "trump_named_by": TRUMP_NAMERS,
    "count": COUNTS,
    "high": TAKERS,
    "low": TAKERS,
    "jack": TAKERS,
    "game": GAME_POINTS,
}


def parse_play_facts(
    data: Mapping[str, Any], ranks: tuple[str, ...], rel: str, gid: str, out: Collector
) -> PlayFacts | None:
    """The [play] table of a games file, validated; problems go to `out` naming the field."""
    raw = data.get("play")
    if not isinstance(raw, dict):
        out.add(rel, gid, "play", "missing or not a table (see docs/engine.md)")
        return None
    before = len(out.problems)
    values: dict[str, Any] = {}
    for name, value in raw.items():
        kind = _FIELDS.get(name)
        if kind is None:
            out.add(rel, gid, f"play.{name}", f"unknown field; known: {', '.join(_FIELDS)}")
        elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.add(rel, gid, f"play.{name}", f"must be a {kind.__name__}")
        elif name in _WORDS and value not in _WORDS[name]:
            out.add(rel, gid, f"play.{name}", f"must be one of {', '.join(_WORDS[name])}")
        elif isinstance(value, int) and not 0 <= value <= 10_000:
            out.add(rel, gid, f"play.{name}", "must be a whole number from 0 to 10000")
        else:
            values[name] = value
    points = values.get("card_points", {})
    for rank, value in points.items():
        if rank not in ranks:
            out.add(rel, gid, f"play.card_points.{rank}", "not a rank of the game's pack")
        elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
            out.add(rel, gid, f"play.card_points.{rank}", "must be a whole number from 0 to 100")
    bids = values.get("bids")
    if bids is not None:
        if (len(bids) != 2 or not all(isinstance(b, int) and not isinstance(b, bool) for b in bids)
                or not 0 < bids[0] <= bids[1] <= 100):
            out.add(rel, gid, "play.bids", "must be [lowest, highest], whole numbers from 1 to 100")
        else:
            values["bids"] = (bids[0], bids[1])
    if values.get("count") == "melds" and not values.get("meld_to_win"):
        out.add(rel, gid, "play.meld_to_win", "a melding game needs the cards down that win")
    if len(out.problems) > before:
        return None
    return PlayFacts(**values)
