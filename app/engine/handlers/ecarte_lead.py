"""Écarté: naming one suit and leading another (Club Code law 41; French usage, EAM-E)."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.ruling import Decision, Option
from app.events import SUIT_WORDS


def _holds_named(ctx: Context) -> bool | None:
    """Whether the leader still holds a card of the suit he named (None when not known)."""
    hand = ctx.table.cards(ctx.event.player)
    if hand is None:
        return None
    return any(c.suit == ctx.event.named and c != ctx.event.card for c in hand)


@rules("ecarte", "english", "named-suit-not-led")
def named_suit_english(ctx: Context) -> Decision:
    """Law 41: play to the card led or insist on the suit named; lacking it, the lead stands."""
    leader, card = ctx.event.player, ctx.event.card
    named = SUIT_WORDS[ctx.event.named]
    adversary = ctx.table.adversary(leader)
    law = ["ecarte.english.named-suit-not-played"]
    if card.suit == ctx.event.named:
        return ctx.decide("legal", law, f"The {card.name} is of the suit named: no irregularity.")
    holds = _holds_named(ctx)
    if holds is False:
        return ctx.decide(
            "play-on",
            law,
            f"{leader} named {named} but led the {card.name}; he holds no {named}, so the card "
            f"led stands.",
        )
    condition = "" if holds else f" (if {leader} holds none of them, the card led stands)"
    return ctx.decide(
        "penalty",
        law,
        f"{leader} named {named} but led the {card.name}: {adversary} may play to the card led, "
        f"or require {leader} to lead {named}{condition}.",
        options=[Option("insist-named-suit", adversary)],
    )


@rules("ecarte", "french", "named-suit-not-led")
def named_suit_french(ctx: Context) -> Decision:
    """French usage: he can be made to play the suit named; lacking it, as the adversary wishes."""
    leader, card = ctx.event.player, ctx.event.card
    named = SUIT_WORDS[ctx.event.named]
    adversary = ctx.table.adversary(leader)
    laws = ["ecarte.french.named-suit-not-played", "ecarte.french.leader-names-suit"]
    if card.suit == ctx.event.named:
        return ctx.decide("legal", laws, f"The {card.name} is of the suit named: no irregularity.")
    holds = _holds_named(ctx)
    if holds is False:
        return ctx.decide(
            "penalty",
            laws,
            f"{leader} announced {named} but led the {card.name}, and he holds no {named}: he "
            f"must play as {adversary} directs.",
            options=[Option("direct-play", adversary)],
        )
    return ctx.decide(
        "penalty",
        laws,
        f"{leader} announced {named} but led the {card.name}: {adversary} may make him play "
        f"{named}; if he has none, he plays as {adversary} directs.",
        options=[Option("insist-named-suit", adversary), Option("direct-play", adversary)],
    )
