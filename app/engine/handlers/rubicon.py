"""Rubicon Bézique: the English (Portland Club) laws and the French rulings Foster contrasts."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import describe_counts, over_under
from app.engine.ruling import Decision, Option

E = "rubicon-bezique.english."
F = "rubicon-bezique.french."
RUBICON_PENALTY = 1300
OFFENDER_POINTS_CAP = 900
LAST_TRICK = 50


def surplus_penalty(ctx: Context, offender: str) -> tuple[str, int, str]:
    """Who gains, how much, and the arithmetic: 1300 plus the offender's points, capped at 900."""
    innocent = ctx.t.adversary(offender)
    points = max(ctx.t.score(offender), 0)
    counted = min(points, OFFENDER_POINTS_CAP)
    capped = " (capped at 900)" if points > OFFENDER_POINTS_CAP else ""
    sum_text = (
        f"{innocent} adds {RUBICON_PENALTY} plus {offender}'s {points} points so far"
        f"{capped}: {RUBICON_PENALTY} + {counted} = {RUBICON_PENALTY + counted}."
    )
    return innocent, RUBICON_PENALTY + counted, sum_text


@rules("rubicon-bezique", "english", "wrong-count")
def wrong_count(ctx: Context) -> Decision | None:
    """Seed 000:1: the English laws on hands of the wrong size found after the first trick."""
    t = ctx.t
    errors, over, under = over_under(ctx)
    counts = describe_counts(ctx)
    if len(errors) < 2 or not t.first_trick_played:
        return None
    if not over and not under:
        return ctx.decide(
            "deal-stands",
            [E + "one-short-other-right"],
            f"Both hands hold their proper number. {counts}",
        )
    if len(over) == 2:
        return ctx.decide(
            "deal-void",
            [E + "both-surplus"],
            f"Both players hold more than their right number: the deal is void. {counts}",
        )
    if len(under) == 2:
        return ctx.decide(
            "deal-stands",
            [E + "both-short"],
            f"Both players hold fewer than their right number: the deal stands, and "
            f"whoever actually wins the last trick scores it. {counts}",
        )
    if over:
        offender = over[0]
        innocent, points, arithmetic = surplus_penalty(ctx, offender)
        if under:
            return ctx.decide(
                "play-on",
                [E + "surplus-and-short", E + "surplus-after-first-trick"],
                f"{offender} holds too many cards and {innocent} too few. The surplus penalty "
                f"applies: {arithmetic} The hand is played out, {innocent} scoring all he can. "
                f"{counts}",
                score={innocent: points},
            )
        return ctx.decide(
            "game-abandoned",
            [E + "surplus-after-first-trick"],
            f"After play to the first trick {offender} is found with more than his right number "
            f"of cards: the game is abandoned at once and {arithmetic} {counts}",
            score={innocent: points},
        )
    short = under[0]
    right = t.adversary(short)
    return ctx.decide(
        "deal-stands",
        [E + "one-short-other-right"],
        f"{short} holds too few cards and {right} the right number: the deal stands with no "
        f"penalty, except that {right} wins and scores the last trick ({LAST_TRICK}). {counts}",
        score={right: LAST_TRICK},
    )


@rules("rubicon-bezique", "english", "failed-to-draw")
def failed_to_draw_english(ctx: Context) -> Decision:
    """Seed 000:1: the English laws make the offender play on one card short."""
    offender = ctx.ev["player"]
    short = ctx.game.hand_size - 1
    return ctx.decide(
        "play-on",
        [E + "forgot-to-draw"],
        f"{offender} forgot to draw and has played to the next trick: under the English laws he "
        f"plays the rest of the hand with {short} cards.",
    )


@rules(("rubicon-bezique", "bezique"), "french", "failed-to-draw")
def failed_to_draw_french(ctx: Context) -> Decision:
    """Seed 000:1: the French laws let the adversary void the deal or have two drawn next time."""
    offender = ctx.ev["player"]
    adversary = ctx.t.adversary(offender)
    law = f"{ctx.game.id}.french.forgot-to-draw"
    return ctx.decide(
        "penalty",
        [law],
        f"{offender} forgot to draw and has played to the next trick. Under the French laws "
        f"{adversary} chooses: call the deal void, or let {offender} draw two cards at the next "
        f"draw.",
        options=[Option("void-deal", adversary), Option("draw-two-next", adversary)],
    )
