"""Rubicon Bézique, the Portland Club laws of declaring: carte blanche (laws 15 and 16) and
combinations broken before they are scored (laws 46 to 48)."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.declarations import NAMES
from app.engine.ruling import Decision
from app.model import event_types as ev

E = "rubicon-bezique.english."
CARTE_BLANCHE = 50
COURT = ("K", "Q", "J")


@rules("rubicon-bezique", "english", "carte-blanche")
def carte_blanche(ctx: Context[ev.CarteBlanche]) -> Decision:
    """Laws 15 and 16: before playing a card, a hand without a court card scores 50; after each
    draw that brings no court card it may be shown and scored again."""
    table = ctx.table
    player = ctx.event.player
    hand = table.cards(player)
    courts = [c for c in hand or () if c.rank in COURT]
    if ctx.event.repeated:
        drawn = ctx.event.drawn
        laws = [E + "carte-blanche-repeated", E + "carte-blanche"]
        if drawn is not None and drawn.rank in COURT:
            return ctx.decide(
                "play-on",
                laws,
                f"{player} drew the {drawn.name}, a court card: carte blanche can no longer be "
                f"scored again.",
            )
        if courts:
            return ctx.decide(
                "play-on",
                laws,
                f"{player} holds the {courts[0].name}: his hand is no carte blanche, so it "
                f"cannot be scored again.",
            )
        card = f"the {drawn.name}, " if drawn is not None else "the card he drew, "
        return ctx.decide(
            "legal",
            laws,
            f"{player} shows {card}which is not a court card, and scores carte blanche "
            f"again ({CARTE_BLANCHE}); he may do so after every draw until he draws a king, "
            f"queen or knave.",
            score={player: CARTE_BLANCHE},
        )
    law = [E + "carte-blanche"]
    if courts:
        return ctx.decide(
            "play-on",
            law,
            f"{player} holds the {courts[0].name}: a hand with a king, queen or knave is no "
            f"carte blanche and scores nothing.",
        )
    if table.timing.has_played(player):
        return ctx.decide(
            "play-on",
            law,
            f"{player} has already played a card: carte blanche must be declared before the "
            f"holder plays, so it is too late and scores nothing.",
        )
    return ctx.decide(
        "legal",
        law,
        f"{player} has no king, queen or knave and has not yet played a card: he scores carte "
        f"blanche ({CARTE_BLANCHE}), proving it by counting his cards face up on the table.",
        score={player: CARTE_BLANCHE},
    )


@rules("rubicon-bezique", "english", "unscored-combination-broken")
def unscored_combination_broken(ctx: Context[ev.UnscoredCombinationBroken]) -> Decision | None:
    """Law 46: playing a card of an unscored combination loses it; laws 47 and 48: scoring a
    higher combination made from an unscored marriage or bézique loses the lower."""
    player, declared, how = ctx.event.player, ctx.event.declared, ctx.event.how
    what = NAMES.get(declared, declared)
    if how == "card-played":
        return ctx.decide(
            "play-on",
            [E + "playing-card-of-unscored-combination"],
            f"{player} played a card of {what} before scoring it: that score is lost.",
        )
    law = {
        "marriage": "marriage-lost-in-sequence",
        "royal-marriage": "marriage-lost-in-sequence",
        "bezique": "lower-bezique-lost",
        "double-bezique": "lower-bezique-lost",
    }.get(declared)
    if law is None:
        return None  # Laws 47 and 48 speak of marriages and bézique only.
    higher = "the sequence" if law == "marriage-lost-in-sequence" else "the higher bézique"
    return ctx.decide(
        "play-on",
        [E + law],
        f"{player} scored {higher} made from {what} he had not yet scored: he keeps the score "
        f"for {higher} and loses the score for {what}.",
    )
