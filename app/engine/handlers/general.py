"""Foster's General Laws for all card games (seed 000:2), for any game with an American code.

A game's own laws take precedence: these handlers are looked up only when the game has no
handler of its own for the event.
"""

from __future__ import annotations

from app.engine.core import ANY_GAME, Context, rules
from app.engine.handlers.common import describe_counts, each, over_under, rule_cut
from app.engine.ruling import Decision
from app.model import event_types as ev
from app.model.event_types import Event
from app.model.games import StageRule

P = "general.american."


@rules(ANY_GAME, "american", "exposed-card")
def exposed_card(ctx: Context[ev.ExposedCard]) -> Decision:
    """No partner to profit from it: no penalty. Otherwise the card may be called."""
    holder, card = ctx.event.player, ctx.event.card
    if ctx.table.partner(holder) is None:
        return ctx.decide(
            "no-penalty",
            [P + "exposed-card-no-partner", P + "exposed-card-only-if-benefit"],
            f"{holder} has no partner who could profit from seeing the {card.name}; the "
            f"exposure can only hurt {holder} himself, so there is no penalty.",
        )
    adversaries = ctx.table.adversaries(holder)
    return ctx.decide(
        "penalty",
        [P + "exposed-card-only-if-benefit", P + "exposed-cards-left-on-table"],
        f"{holder}'s partner may have seen the {card.name}, so it is left face up on the table "
        f"and the adversaries may call it to be led or played.",
        options=each("call-card", adversaries),
    )


@rules(ANY_GAME, "american", "lead-out-of-turn")
def lead_out_of_turn(ctx: Context[ev.LeadOutOfTurn]) -> Decision | None:
    """No partner: the lead is taken back without penalty; the adversaries share the fault.
    The general laws speak of a false lead still open: the player led into error "may take
    back his card". Of a false lead every other player has played to, a trick complete, they
    say nothing, and every specific code held has it stand then (Cinch 003:5, Portland law 24,
    the Club Code's law 40): a rule of its own, not the general law's, so here the general
    laws are silent (the ninth blind round's #10)."""
    offender = ctx.event.player
    followed = ctx.event.followed_by or ()
    if set(ctx.table.players) - {offender} <= set(followed):
        return None
    # The adversaries share the fault of a false lead that passed unnoticed: one played to.
    # Caught before anyone played to it, that law is no part of the ruling (the tenth blind
    # round's #107: it was cited, with its clause in the explanation, of a lead just made).
    laws = [P + "lead-out-of-turn-no-partner"]
    if followed:
        laws += [P + "adversaries-share-fault-for-false-lead", P + "follow-to-wrong-lead"]
    if ctx.table.partner(offender) is None:
        back = ""
        if followed:
            back = (
                f", and adversaries who failed to notice the lead share the fault. "
                f"{', '.join(followed)}, led into error by it, may take back the cards "
                f"played to it without penalty."
            )
        # Nobody has played to it: the lead is taken back (the law's remedy), as the Club
        # Code's "taken back" at Écarté is; a follower led into error may take his card back
        # while some player has still to play to it (the fourth blind audit's D18, D49; once
        # all have played the general laws are silent, above).
        # The false lead itself goes back with the cards played to it (a right named for the
        # offender too, so "North may take back" is never offered as wrong beside it).
        taken_back = [offender, *followed]
        return ctx.decide(
            "no-penalty",
            laws,
            options=each("take-back", taken_back),
            explanation=f"{offender} has no partner to inform, so taking the lead back hurts "
            f"only himself: there is no penalty{back or '.'}",
        )
    return ctx.decide(
        "penalty",
        [P + "lead-out-of-turn-call-a-suit"],
        f"A lead out of turn may inform {offender}'s partner, so the usual penalty is that the "
        f"adversaries call a suit.",
        options=each("call-suit", ctx.table.adversaries(offender)),
    )


@rules(ANY_GAME, "american", "bid-out-of-turn")
def bid_out_of_turn(ctx: Context[ev.BidOutOfTurn]) -> Decision:
    """F-662: in a partnership game the offending side loses its bid; in a round game, nothing.
    The order of bidding (bidding-in-turn) says what a turn is; it gives neither ruling."""
    offender = ctx.event.player
    partner = ctx.table.partner(offender)
    if partner is None:
        return ctx.decide(
            "no-penalty",
            [P + "bid-out-of-turn-round-game"],
            f"{offender} bid out of turn, but everyone plays for himself: the bid can inform no "
            f"partner, so there is no penalty.",
        )
    return ctx.decide(
        "penalty",
        [P + "bid-out-of-turn-partnership"],
        f"{offender} bid out of turn. In a partnership game the bid is presumed to have told "
        f"{partner} something, so the side loses its bid: neither {offender} nor {partner} may "
        f"bid this deal.",
    )


@rules(ANY_GAME, "american", "own-card-exposed-in-deal")
def own_card_exposed_in_deal(ctx: Context[ev.OwnCardExposedInDeal]) -> Decision | None:
    """F-662 (Exposed Cards): "No player can exact a penalty for his own error, so that if an
    adversary of the dealer exposes one of his own cards he cannot claim a misdeal, but the
    dealer's side may." The law speaks of the dealer's adversaries only: the dealer's own card
    (its own event) and his partner's are cases it does not rule, and nothing else in the
    general laws held does (the round-5 audit's #110: the partner's "side" would be his own)."""
    table = ctx.table
    offender = ctx.event.player
    dealers_side = table.side(table.dealer)
    if offender in dealers_side:
        return None
    if len(dealers_side) == 1:
        side = f"the dealer, {table.dealer} (each plays for himself, so his side is he alone)"
    else:
        side = f"the dealer's side ({' and '.join(dealers_side)})"
    return ctx.decide(
        "deal-stands",
        [P + "own-card-exposed-in-deal", P + "no-penalty-for-own-error"],
        f"{offender}, an adversary of the dealer, turned up one of his own cards during the "
        f"deal. The error is his, so he cannot claim a misdeal; {side} may.",
        options=each("claim-misdeal", dealers_side),
    )


def _obligations_of_the_hand(ctx: Context[Event]) -> StageRule | None:
    """The trick obligations the hand is (or will be) played under: the stage's own, or, in
    the deal and the bidding, those of the play that follows."""
    stage = ctx.table.stage
    if stage in ("deal", "bidding"):
        stage = "play"
    return ctx.game.stage_rule(stage) if ctx.game.has_tricks else None


@rules(ANY_GAME, "american", "wrong-count")
def short_hand(ctx: Context[ev.WrongCount]) -> Decision | None:
    """F-662 (Irregularities in the Hands): where following suit is optional, a short hand
    should carry no penalty. The rest of the passage was not retrieved, so a surplus hand, or
    a short hand where suit must be followed, is left to the game's own laws."""
    _, over, under = over_under(ctx)
    rule = _obligations_of_the_hand(ctx)
    if over or not under or rule is None or rule.rule != "free":
        return None
    short = " and ".join(under)
    return ctx.decide(
        "no-penalty",
        [P + "short-hand-no-penalty"],
        f"{short} {'holds' if len(under) == 1 else 'hold'} too few cards. At this stage of "
        f"{ctx.game.name} ({rule.label.lower()}) no player need follow suit, and Foster's "
        f"General Laws say that in such games a short hand carries no penalty. "
        f"{describe_counts(ctx)}",
    )


@rules(ANY_GAME, "american", "cut-error")
def cut_error(ctx: Context[ev.CutErrorEvent]) -> Decision | None:
    """F-GEN (domain G-1): each packet the pone leaves holds at least a trick's worth of cards,
    or a hand's worth where there are no tricks; the game's own law of the cut is cited too."""
    game = ctx.game
    minimum = len(ctx.table.players) if game.has_tricks else game.hand_size
    own = [law.id for law in ctx.content.laws_of_case(game.id, ctx.code, "cutting-the-pack")]
    return rule_cut(ctx, {"packet-too-small": [P + "cut-by-pone", *own]}, minimum)
