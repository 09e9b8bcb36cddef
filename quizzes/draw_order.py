"""Who won the last trick, said outright where a draw after it went wrong.

The winner of a trick draws first from the stock and leads to the next; the loser draws after
him. The laws of drawing turn on it: Portland law 28 (the winner who sees two cards shows the
top one) against law 30 (the loser who sees two gives his adversary the choice of the next
two), law 29 (the loser who draws the winner's card), Foster's Pinochle loser who looks at two.
"It was North's lead" left it to be read as "North led the last trick" (the fourteenth blind
round's #10): the stem says who won the trick, and so who draws first.
"""

from __future__ import annotations

from app.model.games import Game
from app.model.scenario import Scenario
from app.table_builder.problem_words import ordinal

# Events of a draw after a trick, whose laws turn on who won it.
DRAW_EVENTS = frozenset({"drew-two", "loser-saw-two", "drew-out-of-turn"})


def last_trick_winner(scenario: Scenario) -> str | None:
    """Who won the last trick, where the table shows it: after a trick, with no card of the
    next one led, the leader of the trick in progress (None before any trick, or once a card
    of the next is down, where the trick's own words name its leader)."""
    trick = scenario.trick
    if not scenario.tricks_played or trick is None or trick.cards \
            or scenario.stage not in ("play", "stock-exhausted"):
        return None
    return trick.leader


def won_words(scenario: Scenario) -> str | None:
    """'North won the 19th trick' where the table shows who won the last (None else)."""
    winner = last_trick_winner(scenario)
    if winner is None:
        return None
    return f"{winner} won the {ordinal(scenario.tricks_played)} trick"


def draw_order_words(scenario: Scenario, game: Game | None) -> str:
    """' North won the 19th trick: the first draw after it was his, the second South's.' for a
    draw after a trick in a game of tricks with a stock, two players at the table ('' else)."""
    won = won_words(scenario)
    if won is None or game is None or not game.has_tricks or not game.has("stock") \
            or scenario.event.type not in DRAW_EVENTS or len(scenario.players) != 2:
        return ""
    winner = last_trick_winner(scenario)
    loser = next(p for p in scenario.players if p != winner)
    text = f" {won}: the first draw after it was his, the second {loser}'s."
    if scenario.event.type == "drew-two" and scenario.event.get("player") == winner:
        # The winner's two taken, the loser drew the next card (the table shows his hand
        # full and the stock three cards down): said, or his full hand reads as a surplus or
        # a draw of his own (the twenty-second blind round's #146).
        text += f" {loser} then drew the next card."
    if scenario.event.type == "drew-two":
        # The table is the moment of the draws, no card of the next trick played: said, or
        # the drawer's nine cards read as a surplus found in play, Enquire Within's other
        # forfeit (the fortieth round's #13, the 41st's #144): it is put right as it is
        # drawn, before the hands could be found wrong in play (the 48th round's #10).
        text += (" The error is seen as the cards are drawn and put right at once, before a "
                 "card of the next trick is played.")
    return text
