"""The vocabularies shared by content, engine and UI: games, codes, topics, contrasts.

The games are not a closed list: `GAMES` is a live view of the games files of the content in
use (app/corpus/game_index.py), id -> short name in list order, the general principles last.
"""

from __future__ import annotations

from typing import Literal, get_args

from app.corpus.game_index import GENERAL, GENERAL_NAME, GameNames

__all__ = ["CODES", "CONTRASTS", "GAMES", "GENERAL", "GENERAL_NAME", "ONLY_HERE", "TOPICS",
           "TRICK_RULES", "TrickRule"]

GAMES: GameNames = GameNames()

CODES: dict[str, str] = {
    "english": "English",
    "french": "French",
    "american": "American (Foster)",
}

TOPICS: dict[str, str] = {
    "dealing-and-misdeals": "Dealing and misdeals",
    "wrong-number-of-cards": "Wrong number of cards",
    "exposed-cards": "Exposed cards",
    "drawing-from-the-stock": "Drawing from the stock",
    "lead-and-play-out-of-turn": "Lead and play out of turn",
    "trick-obligations-and-revokes": "Trick obligations and revokes",
    "declarations-and-announcements": "Declarations and announcements",
    "scoring": "Scoring",
    "proposing-and-refusing": "Proposing and refusing",
    "general-principles": "General principles",
}

# A contrast tag read from one law towards its counterpart, and the tag the
# counterpart must carry back (so the two directions can never disagree).
CONTRASTS: dict[str, str] = {
    "same": "same",
    "stricter": "more-lenient",
    "more-lenient": "stricter",
    "different-remedy": "different-remedy",
}
ONLY_HERE = "only-here"

# How a stage obliges a player to the trick (app/model/games.py implements each).
TrickRule = Literal["free", "follow", "follow-or-trump", "follow-and-win", "none"]
TRICK_RULES: tuple[str, ...] = get_args(TrickRule)
