"""The content and a game named on the command line, shared by the commands that take
`--game` (`ask`, `chart`): the game by its id or its name, or a message and an exit code."""

from __future__ import annotations

import sys
from collections.abc import Mapping

from app.corpus.checks import ContentError
from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.model.games import Game, build_games


def find_game(games: Mapping[str, Game], named: str) -> Game | None:
    """A game by its id, its name or its short name, in any case."""
    wanted = named.strip().lower()
    for game in games.values():
        if wanted in (game.id, game.name.lower(), game.facts.short_name.lower()):
            return game
    return None


def load_game(named: str) -> tuple[Content, dict[str, Game], Game] | int:
    """The content in use, its games and the game named; else the exit code, the reason
    said on stderr (1: the content is invalid; 2: no such game)."""
    try:
        content = load_content(cached=True)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1
    games = build_games(content)
    game = find_game(games, named)
    if game is None:
        print(f"unknown game {named!r}; games: {', '.join(sorted(games))}", file=sys.stderr)
        return 2
    return content, games, game
