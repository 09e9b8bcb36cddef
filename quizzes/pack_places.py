"""Where a card found in the pack lay, in words true at the table's stage (moved out of
quizzes/words.py)."""

from __future__ import annotations

from app.model.games import Game
from app.model.scenario import Scenario
from app.table_builder.problem_words import number, ordinal


def faced_card_words(scenario: Scenario, game: Game) -> str | None:
    """Where a faced card lay, in words true at the table's stage (None: the event's own
    words serve). Once the hands are dealt, "card number 11 from the top" reads two ways, of
    the pack before the deal or of the stock left (round 5's #101): it is said as a card of
    the stock, with its place in the whole pack beside it."""
    position = scenario.event.get("position")
    dealt = sum(h if isinstance(h, int) else len(h) for h in scenario.hands.values())
    if not isinstance(position, int) or not dealt or position <= dealt:
        return None
    # The card turned up lies apart from the stock: the stock's top card is the one after it
    # ("the fourth card from the top of the stock" beside a turn-up was card 15, not 14: the
    # ninth blind round's #134).
    turned = game.has("turn_up") and scenario.turn_up is not None
    k = position - dealt - turned
    if k < 1:  # the card turned up itself, the one after the hands
        # Said by its place alone: "the card turned up for trumps" named the exception the law
        # makes of it, so the deal's standing needed no law (the twelfth blind round's #92).
        return (f"A card is found face up in the pack: the card next after the "
                f"{number(dealt)} cards dealt (the {ordinal(position)} card of the whole "
                f"pack).")
    where = ("the top card of the stock" if k == 1
             else f"the {ordinal(k)} card from the top of the stock")
    if k == 1 and game.has("turn_up") and not turned:
        where += ", the card due to be turned up for trumps"
    after = (f"the {number(dealt)} cards dealt and the card turned up for trumps" if turned
             else f"the {number(dealt)} cards dealt")
    return (f"A card is found face up in the pack: {where}, after {after} (the "
            f"{ordinal(position)} card of the whole pack).")
