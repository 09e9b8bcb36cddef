"""A score announced before play, in the words of a game where nothing is declared in play
(Écarté's king of trumps): who announced what, whether he holds it, whether he owned his error,
and when he announced it. Moved out of quizzes/words.py, which asks it for an event's words."""

from __future__ import annotations

from typing import Any

from app.engine.handlers.declarations import missing_cards
from app.engine.table import Table
from app.model.event_words import DECLARATION_WORDS
from app.model.games import Game
from app.model.scenario import Scenario
from app.table_builder.problem_words import number
from quizzes.plain_words import join_words


def adversary_name(scenario: Scenario, player: Any) -> str:
    """The player's adversary at a two-handed table ('his adversary' if none is seated)."""
    return next((p for p in scenario.players if p != player), "his adversary")


def announced_opening(scenario: Scenario) -> str:
    """'North announced the king of trumps': the opening of announced_words, which states
    every field of a false-declaration event (who, and what)."""
    declared = scenario.event.get("declared")
    what = DECLARATION_WORDS.get(str(declared), str(declared))
    return f"{scenario.event.get('player')} announced {what}"


def announced_words(scenario: Scenario, game: Game | None) -> str | None:
    """A score announced before play in a game where nothing is declared in play (the game's
    [play] declared_points without declarations: Écarté's king of trumps, announced before
    its holder's first card), in that game's terms: who announced what and marked it, whether
    he holds it, and when he announced it, before his first card or after it, the time the law
    turns on (Club Code law 23). The declaring words of Bézique and Pinochle ("declared and
    scored", "a card of the next trick", "the cards for it") are not this game's (the sixth
    blind round's #20). None for another event or game."""
    ev = scenario.event
    declared = ev.get("declared")
    play = game.facts.play if game is not None else None
    if ev.type != "false-declaration" or play is None or play.declarations \
            or not isinstance(declared, str) or game is None:
        return None
    player = str(ev.get("player"))
    points = play.declared_points.get(declared, 0)
    marked = f"marked {number(points)} point{'' if points == 1 else 's'} for it"
    hand = scenario.hands.get(player)
    lacking = missing_cards(declared, hand, scenario.trump, game) \
        if isinstance(hand, tuple) else None
    table = Table(scenario, game)
    trick = scenario.trick
    opening = announced_opening(scenario)
    mine = [c for who, c in zip(table.trick_players, trick.cards, strict=False)
            if who == player] if trick is not None else []
    if lacking and all(c in mine for c in lacking):
        # The king itself on the trick: the table shows it, and when he announced it.
        return f"{opening} as he played it, and {marked}."
    if lacking is None:
        text = f"{opening} and {marked}."
    elif lacking:
        text = f"{opening} and {marked}. He does not hold the " \
               f"{join_words([c.name for c in lacking])}."
    else:
        text = f"{opening}, which he holds, and {marked}."
    played, other = table.timing.has_played(player), adversary_name(scenario, player)
    held = scenario.hands.get(other)
    adversary_holds = isinstance(held, tuple) and all(c in held for c in lacking or ())
    if lacking and not played:
        # Owned before he plays a card, the point comes off as an admitted overscore (law 51),
        # whoever holds the king: law 25 speaks only of an error not owned before a card is
        # played (the ninth and tenth blind rounds' #27).
        # (challenged only by an adversary who has looked at his cards: one who has not
        # cannot know who holds the king, the 50th blind round's #87)
        text += (f" {other} challenges it before {player} plays a card. He admits the error."
                 if other in scenario.hands_seen
                 else " He admits the error before he plays a card.")
    elif lacking:
        # Played: law 25 punishes a false king not owned "before he has played a card", so a
        # card played since the announcement is told, the announcement made before his first
        # card (the time law 23 sets), that card since played; "announced only after his first
        # card" left no card played since, and the error still his to own (the twelfth and
        # fourteenth blind rounds' #64, #45). Unless the adversary holds the king.
        owned = "" if adversary_holds else ", and has not owned his error"
        return text + (f" He announced it before playing his first card. {player} has played "
                       f"a card this hand since announcing it{owned}.")
    # The time in the terms of every code: the Club Code's "before he plays his first card"
    # (law 23) and the American "before the first trick" (the tenth blind round's #191: the
    # American question was told in the Club Code's words alone). A player who has played has
    # seen the first trick begin; one who has not announced before it only if nobody has
    # played a card yet.
    if played:
        return text + (f" {player} has played a card this hand. He announced it only after "
                       f"playing his first card, once the first trick had begun.")
    unplayed = not scenario.tricks_played and (trick is None or not trick.cards)
    return text + (f" {player} has not played a card this hand. He announced it before "
                   f"playing his first card" + (", before the first trick." if unplayed else "."))
