"""Écarté: the lead. A lead or play out of turn under the English code (Club Code law 40, with
the Victorian household list BD-E as the other reading), and naming one suit and leading
another (Club Code law 41; French usage, EAM-E)."""

from __future__ import annotations

from app.cards import Card
from app.engine.core import Context, names, rules
from app.engine.handlers.common import (
    lead_withdrawn_unless_played_to,
    nothing_led_yet,
    played_before_the_lead,
    played_words,
)
from app.engine.ruling import Decision, Option
from app.model import event_types as ev
from app.model.events import SUIT_WORDS

E = "ecarte.english."
# Club Code law 40 is the English code's reading; the Victorian list's new deal is the other.
OUT_OF_TURN = "ecarte-lead-out-of-turn"
NEW_DEAL_READING = E + "bd-play-out-of-turn-new-deal"


def _new_deal(ctx: Context[ev.LeadOutOfTurn | ev.PlayOutOfTurn], what: str) -> Decision | None:
    """The Victorian list's ruling, when the scenario chose that reading (else None)."""
    if ctx.variant(OUT_OF_TURN) != NEW_DEAL_READING:
        return None
    return ctx.decide(
        "new-deal",
        [NEW_DEAL_READING],
        f"{ctx.event.player} {what} out of turn: the Victorian household list (BD-E), the "
        f"reading chosen here, calls for a new deal.",
    )


@rules("ecarte", "english", "lead-out-of-turn")
def lead_out_of_turn(ctx: Context[ev.LeadOutOfTurn]) -> Decision:
    """Law 40: a lead out of turn is taken back unless the adversary has played to it."""
    household = _new_deal(ctx, f"led the {ctx.event.card.name}")
    return household or lead_withdrawn_unless_played_to(ctx, E + "lead-out-of-turn")


@rules("ecarte", "english", "play-out-of-turn")
def play_out_of_turn(ctx: Context[ev.PlayOutOfTurn]) -> Decision | None:
    """Law 40: with two players, a card played when the adversary should lead is a lead out
    of turn that nobody has played to, so it is taken back."""
    if not nothing_led_yet(ctx):
        return None  # The leader has led: the other player's card is in turn.
    household = _new_deal(ctx, played_words(ctx))
    return household or played_before_the_lead(ctx, E + "lead-out-of-turn")


def _named_held(ctx: Context[ev.NamedSuitNotLed]) -> list[Card] | None:
    """The cards of the suit he named the leader still holds (None when his hand is not
    given): the fact both codes' remedies turn on, read from his hand (a ground)."""
    hand = ctx.table.cards(ctx.event.player)
    if hand is None:
        return None
    return [c for c in hand if c.suit == ctx.event.named and c != ctx.event.card]


def _holds_named(ctx: Context[ev.NamedSuitNotLed]) -> bool | None:
    """Whether the leader still holds a card of the suit he named (None when not known)."""
    held = _named_held(ctx)
    return None if held is None else bool(held)


def _holding_words(ctx: Context[ev.NamedSuitNotLed]) -> str:
    """'he holds the nine of clubs and queen of clubs', the fact the remedy turns on."""
    held = _named_held(ctx) or []
    return f"he holds the {names(held)}"


@rules("ecarte", "english", "named-suit-not-led")
def named_suit_english(ctx: Context[ev.NamedSuitNotLed]) -> Decision:
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
    # Holding the suit named, the choice is the adversary's; not told, the law's condition.
    held = f"; {_holding_words(ctx)}, so" if holds else ":"
    condition = "" if holds else f" (if {leader} holds none of them, the card led stands)"
    return ctx.decide(
        "penalty",
        law,
        f"{leader} named {named} but led the {card.name}{held} {adversary} may play to the card "
        f"led, or require {leader} to lead {named}{condition}.",
        options=[Option("insist-named-suit", adversary)],
    )


@rules("ecarte", "french", "named-suit-not-led")
def named_suit_french(ctx: Context[ev.NamedSuitNotLed]) -> Decision:
    """French usage: he can be made to play the suit named; lacking it, as the adversary wishes."""
    leader, card = ctx.event.player, ctx.event.card
    named = SUIT_WORDS[ctx.event.named]
    adversary = ctx.table.adversary(leader)
    laws = ["ecarte.french.named-suit-not-played", "ecarte.french.leader-names-suit"]
    if card.suit == ctx.event.named:
        return ctx.decide("legal", laws, f"The {card.name} is of the suit named: no irregularity.")
    holds = _holds_named(ctx)
    hand = ctx.table.cards(leader)
    if holds is False and hand is not None and not [c for c in hand if c != card]:
        # His last card: there is none other to play as the adversary directs (B27).
        return ctx.decide(
            "play-on",
            laws,
            f"{leader} announced {named} but led the {card.name}, his last card: he has no "
            f"{named} and no other card to play as {adversary} directs, so the card led stands.",
        )
    if holds is False:
        return ctx.decide(
            "penalty",
            laws,
            f"{leader} announced {named} but led the {card.name}, and he holds no {named}: he "
            f"must play as {adversary} directs.",
            options=[Option("direct-play", adversary)],
        )
    if holds:
        # He holds the suit named: the law's remedy is that suit; the adversary directs his
        # card only if he has none (the eleventh blind round's #5 offered both).
        return ctx.decide(
            "penalty",
            laws,
            f"{leader} announced {named} but led the {card.name}; {_holding_words(ctx)}, so "
            f"{adversary} may make him play {named}.",
            options=[Option("insist-named-suit", adversary)],
        )
    # His hand is not told: the law's remedy with its condition.
    return ctx.decide(
        "penalty",
        laws,
        f"{leader} announced {named} but led the {card.name}: {adversary} may make him play "
        f"{named}; if he has none, he plays as {adversary} directs.",
        options=[Option("insist-named-suit", adversary), Option("direct-play", adversary)],
    )
