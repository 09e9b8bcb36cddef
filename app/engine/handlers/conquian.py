"""Conquian (Foster 1897, seed 000:4; Foster 1913 Cooncan): the stock, drawing, the tableau."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import over_under
from app.engine.ruling import Decision, Option

P = "conquian.american."


@rules("conquian", "american", "peeked-at-stock")
def peeked_at_stock(ctx: Context) -> Decision:
    """Looking at stock cards beyond the one drawn lets the adversary see them all."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    return ctx.decide(
        "penalty",
        [P + "looking-at-stock"],
        f"{offender} looked at cards of the stock other than the one he drew, so {adversary} "
        f"may look at all of them.",
        options=[Option("look-at-stock", adversary)],
    )


@rules("conquian", "american", "drew-out-of-turn")
def drew_out_of_turn(ctx: Context) -> Decision:
    """Drawing out of turn: the adversary simply claims the card."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    return ctx.decide(
        "penalty",
        [P + "draw-out-of-turn"],
        f"{offender} drew out of turn; {adversary} simply claims the card.",
        options=[Option("claim-card", adversary)],
    )


@rules("conquian", "american", "stock-exhausted")
def stock_exhausted(ctx: Context) -> Decision:
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
def wrong_count(ctx: Context) -> Decision | None:
    """Foster 1913: a player with the wrong number of cards after drawing loses the game."""
    if ctx.table.stage == "deal":
        return None  # The law speaks only of a hand found wrong once the drawing has begun.
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
    )


@rules("conquian", "american", "faced-card-in-pack", "dealer-exposed-card")
def exposed_in_deal(ctx: Context) -> Decision | None:
    """Foster 1913: a card of the adversary's exposed in dealing, or faced in the pack: new deal."""
    if ctx.event.type == "dealer-exposed-card" and ctx.event.owner == ctx.table.dealer:
        return None
    return ctx.decide(
        "new-deal",
        [P + "exposed-in-deal"],
        "A card exposed in the deal, or found faced in the pack, means a new deal.",
    )


@rules("conquian", "american", "drew-two")
def turned_two(ctx: Context) -> Decision:
    """Foster 1913: more than one card turned in drawing: the adversary says which is in play."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    return ctx.decide(
        "penalty",
        [P + "more-than-one-card-turned", P + "drawn-card-faced-at-once"],
        f"{offender} turned up more than one card in drawing: {adversary} decides which of them "
        f"is in play, and the other goes back on top of the pack.",
        options=[Option("choose-card-in-play", adversary)],
    )


@rules("conquian", "american", "touched-top-card")
def touched_top_card(ctx: Context) -> Decision:
    """Foster 1913: touching the top card of the pack gives up the card face up on the stock."""
    player = ctx.event.player
    return ctx.decide(
        "play-on",
        [P + "top-card-touched"],
        f"{player} touched the top card of the pack: he may no longer take the card lying face "
        f"up, and must go on with his draw.",
    )
