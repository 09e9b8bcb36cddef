"""Conquian (Foster 1897, seed 000:4; Foster 1913 Cooncan): the stock, drawing, the tableau."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import over_under
from app.engine.ruling import Decision
from app.model import event_types as ev

P = "conquian.american."


@rules("conquian", "american", "stock-exhausted")
def stock_exhausted(ctx: Context[ev.StockExhausted]) -> Decision:
    """Nobody has eleven down when the stock is gone: a tableau."""
    chosen = ctx.variant("conquian-tableau")
    if chosen == P + "tableau-stake-to-next-winner":
        stake = "the stake goes to the winner of the next game"
    else:
        stake = "each player puts a counter in the pool for the next hand"
    return ctx.decide(
        "tableau",
        [P + "showing-hands", chosen],
        f"The last card of the stock has been drawn and passed and the hands are shown; "
        f"neither player has eleven cards down, so the deal is a tableau: {stake}. The deal "
        f"passes to the other player.",
    )


@rules("conquian", "american", "wrong-count")
def wrong_count(ctx: Context[ev.WrongCount]) -> Decision | None:
    """Foster 1913: a player with the wrong number of cards after drawing loses the game."""
    if not ctx.table.drawing_begun:
        return None  # The law speaks only of a hand found wrong once the drawing has begun.
    if ctx.table.timing.hand_over:
        # Once a player has gone out, or the stock is gone, the hands hold what is left
        # unmelded: no number is due, and the deal is decided by going out or the tableau.
        return None
    _, over, under = over_under(ctx)
    wrong = over + under
    if len(wrong) != 1:
        return None
    offender = wrong[0]
    winner = ctx.table.adversary(offender)
    return ctx.decide(
        "game-won",
        [P + "wrong-count-loses"],
        f"{offender} holds the wrong number of cards, so under Foster's 1913 laws he loses the "
        f"game: {winner} wins it.",
        winner=winner,
    )


@rules("conquian", "american", "faced-card-in-pack", "dealer-exposed-card")
def exposed_in_deal(ctx: Context[ev.DealerExposedCard | ev.FacedCardInPack]) -> Decision | None:
    """Foster 1913: a card of the adversary's exposed in dealing, or faced in the pack: new deal."""
    event = ctx.event
    if isinstance(event, ev.DealerExposedCard) and event.owner == ctx.table.dealer:
        return None
    # Each case in the law's own terms (round 28's #97 read "a card exposed in the deal" as
    # wider than the dealer's showing a card he deals to his adversary).
    why = ("A card found faced in the pack means a new deal."
           if isinstance(event, ev.FacedCardInPack)
           else "The dealer showed a card as he dealt it to his adversary: that means a new "
                "deal.")
    return ctx.decide("new-deal", [P + "exposed-in-deal"], why)

