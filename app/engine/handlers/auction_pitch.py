"""Auction Pitch (Foster, seed 000:3 and F-291): trick play, misdeals, counting out."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import judge_play, over_under
from app.engine.ruling import Decision
from app.model import event_types as ev
from app.model.event_words import join

P = "auction-pitch.american."


@rules("auction-pitch", "american", "play")
def play(ctx: Context[ev.Play]) -> Decision:
    """Trumps led: follow in trumps; plain suit led: trump or follow; void: anything."""
    table = ctx.table
    player, card = ctx.event.player, ctx.event.card
    if table.trump is None and not (table.trick and table.trick.cards):
        return ctx.decide(
            "legal",
            [P + "first-pitch-fixes-trumps"],
            f"{player} pitches the {card.name}: the first card pitched fixes "
            f"trumps, so {card.name.split(' of ')[1]} are trumps.",
        )
    judged = judge_play(ctx, player, card)
    led = table.trick.cards[0] if table.trick and table.trick.cards else None
    if led is None:
        laws = [P + "first-pitch-fixes-trumps"]
    elif led.suit == table.trump:
        laws = [P + "follow-trump-lead"]
    elif ctx.game.void_of_led(table.cards(player) or (card,), (led,), table.trump):
        # Void in the suit led: the law of a player holding it (either reading) is no law of
        # his case, so it is not cited (round 14's #13).
        laws = [P + "void-trump-or-discard"]
    else:
        laws = [ctx.variant("auction-pitch-plain-suit-lead")]
    if judged.legal:
        return ctx.decide("legal", laws, judged.reason)
    if table.bid is None:
        return ctx.decide(
            "revoke",
            [*laws, P + "revoke-penalty"],
            f"{judged.reason} Foster's own penalty for a revoke at Auction Pitch is not in the "
            f"laws held here; the encyclopedia rule cited sets the revoker back the amount bid, "
            f"and nobody bid this hand, so it names no amount.",
        )
    bidder, amount = table.bid.player, table.bid.amount
    pitcher = (
        f" {bidder}, the pitcher, is not set back if he fails to make his bid."
        if bidder != player
        else ""
    )
    return ctx.decide(
        "revoke",
        [*laws, P + "revoke-penalty"],
        f"{judged.reason} Foster's own penalty for a revoke at Auction Pitch is not in the laws "
        f"held here; by the encyclopedia rule cited {player} is set back the {amount} bid, and "
        f"the others score what they make.{pitcher}",
        score={player: -amount},
    )


@rules("auction-pitch", "american", "wrong-count", "faced-card-in-pack", "dealer-exposed-card")
def misdeal(
    ctx: Context[ev.DealerExposedCard | ev.FacedCardInPack | ev.WrongCount],
) -> Decision | None:
    """F-291: a misdeal never loses the deal; the same dealer deals again. ENC-AP: "If an
    exposed card or a wrong number be dealt to a player there must be a new deal": a card
    dealt face up, the dealer's error. A card a player turns up himself, dealt him face down,
    is not one dealt exposed: the game's laws held are silent on it, so Foster's general law
    for that very case rules it (app/engine/handlers/general.py; the round-5 audit's #43).
    A card found face up in the remainder of the pack, below the cards the deal gives out, was
    never dealt: the encyclopedia rule speaks of the dealing, Foster leaves the deal's other
    irregularities to Seven-up (not held, domain AP-1), and the remainder plays no part in the
    hand, so the laws held are silent on it (the ninth blind round's #41)."""
    if isinstance(ctx.event, ev.FacedCardInPack) \
            and ctx.event.position > ctx.game.hand_size * len(ctx.table.players):
        return None
    if ctx.event.type == "wrong-count":
        _, over, under = over_under(ctx)
        if not over and not under:
            return None
        if ctx.table.timing.any_card_played:
            return None  # Foster gives only the deal's irregularities here.
    dealer = ctx.table.dealer
    return ctx.decide(
        "new-deal",
        [P + "misdeal-same-dealer", P + "exposed-or-wrong-count-in-deal"],
        f"A faulty deal at Auction Pitch is dealt again, and by the same player: a misdeal "
        f"never costs {dealer} the deal.",
    )


@rules("auction-pitch", "american", "counted-out")
def counted_out(ctx: Context[ev.CountedOut]) -> Decision | None:
    """Seed 000:3: who takes the pool when one or two players count out on the same deal."""
    table, ev = ctx.table, ctx.event
    out = ev.players
    bidder = table.bid.player if table.bid else None
    if len(out) == 1:
        winner = out[0]
        if winner == bidder and not ev.bid_made:
            return None
        return ctx.decide(
            "game-won",
            [P + "first-out-wins-pool"],
            f"{winner} is the first to be rid of all seven white counters and takes "
            f"the pool of red counters.",
            winner=winner,
        )
    if bidder not in out:
        return None  # The laws held settle only the case where one of them is the bidder.
    if ev.bid_made:
        return ctx.decide(
            "game-won",
            [P + "two-count-out-bidder-wins"],
            f"{join(list(out))} can {'both' if len(out) == 2 else 'all'} count out on this "
            f"deal; {bidder} is the bidder and made his bid, so he wins the pool.",
            winner=str(bidder),
        )
    amount = table.bid.amount if table.bid else 0
    others = [p for p in out if p != bidder]
    if len(others) != 1:
        return None  # Which of several others wins is not settled by the laws held.
    return ctx.decide(
        "game-won",
        # The pool goes to the bidder only if he made his bid; failing, he is set back, and the
        # other is the one player rid of his counters: the first-out law decides (the fifteenth
        # blind round's #119 found it uncited).
        [P + "two-count-out-bidder-wins", P + "bidder-set-back", P + "first-out-wins-pool"],
        f"{bidder}, the bidder, failed to make his bid, so he does not take the pool: he is set "
        f"back {amount} and cannot count out. {others[0]} is then the only player rid of all "
        f"his white counters, and takes the pool.",
        score={str(bidder): -amount},
        winner=others[0],
    )


@rules("auction-pitch", "american", "points-made")
def points_made(ctx: Context[ev.PointsMade]) -> Decision | None:
    """Seed 000:3 and F-291: each scores what he made; a bidder short of his bid is set back."""
    table, points = ctx.table, ctx.event.points
    if table.bid is None:
        # Nobody bid: the eldest had to pitch, under no obligation, so nobody is set back.
        scored = {p: n for p, n in points.items() if n}
        each = ", ".join(f"{p} {n}" for p, n in scored.items()) or "nobody made a point"
        return ctx.decide(
            "no-penalty",
            [P + "nobody-bids", P + "score-with-white-counters"],
            f"Nobody bid for the pitch, so {table.eldest} pitched with no number to make and "
            f"cannot be set back. Each player puts a white counter into the pool for every point "
            f"he made ({each}).",
            score=scored,
        )
    bidder, amount = table.bid.player, table.bid.amount
    made = points.get(bidder, 0)
    score = {p: n for p, n in points.items() if p != bidder}
    others = ", ".join(f"{p} {n}" for p, n in score.items() if n) or "nobody else scores"
    if made >= amount:
        score[bidder] = made
        extra = f", {made - amount} more than his bid, and scores them all" if made > amount else ""
        # The law of the excess speaks of a bidder who made more than he bid.
        excess = [P + "bidder-scores-excess"] if made > amount else []
        return ctx.decide(
            "no-penalty",
            [P + "score-with-white-counters", *excess],
            f"{bidder} bid {amount} and made {made}{extra}; each player puts a white counter "
            f"into the pool for every point he made ({others}).",
            score={**score, bidder: made},
        )
    score[bidder] = -amount
    return ctx.decide(
        "penalty",
        # The set-back law alone: Foster marks points made by paying white counters into the
        # pool; a set-back is no counter paid in, and how one is carried out with counters he
        # does not say (domain.md, open item 8; round 14's #64, beside "North has -5 points").
        [P + "bidder-set-back"],
        f"{bidder} bid {amount} but made only {made}: he is set back {amount}. The others score "
        f"what they made ({others}).",
        score=score,
    )
