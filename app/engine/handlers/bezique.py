"""Ordinary Bézique: Victorian household rules (English), French usage, Foster's general laws."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import (
    describe_counts,
    free_play,
    over_under,
    played_words,
    rule_play,
    wrong_by_words,
)
from app.engine.handlers.declarations import NAMES, check_claim, declared_out_of_time
from app.engine.ruling import Decision, Duty, Option
from app.model import event_types as ev

E = "bezique.english."
F = "bezique.french."
FORFEIT = 10
SURPLUS_FINE = 100


@rules("bezique", "english", "drew-two")
def drew_two(ctx: Context[ev.DrewTwo]) -> Decision:
    """Enquire Within: the adversary picks the card to go back (or, by the forfeits, 100)."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    chosen = ctx.variant("bezique-drawing-too-many")
    if chosen == E + "over-drawing":
        return ctx.decide(
            "penalty",
            [chosen],
            f"{offender} over-drew: he forfeits {SURPLUS_FINE} to {adversary}.",
            score={adversary: SURPLUS_FINE},
        )
    return ctx.decide(
        "penalty",
        [chosen],
        # The forfeit of a surplus hand is of a hand found holding too many in play: a card
        # drawn over and returned at once never makes one (the 48th blind round's #10).
        f"{offender} drew two cards and returns one at once, so his hand is never found "
        f"holding too many in play: {adversary} decides which one goes back, and it is put "
        f"into the middle of the stock, not on top.",
        options=[Option("choose-card-returned", adversary)],
    )


@rules("bezique", "english", "wrong-count")
def wrong_count(ctx: Context[ev.WrongCount]) -> Decision | None:
    """Enquire Within: a surplus hand against a right one gives 100; two surplus hands, none.
    Both are forfeits of play, among those for drawing and playing wrongly ("each plays
    without drawing" until right): a surplus found before any card is played is the deal's,
    where the forfeit would pay the dealer for his own misdeal, and the household rules say
    nothing of a misdeal (the seventh blind audit's #123)."""
    table = ctx.table
    errors, over, under = over_under(ctx)
    counts = describe_counts(ctx)
    if not errors or under:
        return None  # The household rules speak only of surplus hands.
    if not table.timing.any_card_played:
        return None  # Found in the deal: not the forfeits' moment.
    if len(over) == 2:
        return ctx.decide(
            "play-on",
            [E + "both-surplus"],
            f"Both hands hold too many cards: there is no penalty, and each plays "
            f"without drawing until his hand is right. {counts}",
        )
    if not over:
        return ctx.decide(
            "deal-stands", [E + "one-surplus-other-right"],
            f"Both hands hold the right number. {counts}"
        )
    right = table.adversary(over[0])
    return ctx.decide(
        "penalty",
        [E + "one-surplus-other-right"],
        f"{over[0]} holds {wrong_by_words(ctx, over[0])} while {right} holds the right "
        f"number: {right} scores {SURPLUS_FINE}. {counts}",
        score={right: SURPLUS_FINE},
    )


@rules("bezique", "english", "false-declaration")
def false_declaration(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """Enquire Within: a wrong card in a declaration scores nothing and becomes a faced card;
    nothing can be declared but on winning a trick, nor once the stock is gone."""
    late = declared_out_of_time(ctx)
    if late is not None:
        return late
    claim = check_claim(ctx)
    if claim is None:
        return None
    if claim.holds_the_cards:
        return ctx.decide(
            "no-penalty",
            [E + "declare-after-winning-trick"],
            f"{claim.player} holds the cards for {claim.what}: the declaration is good.",
        )
    adversary = ctx.table.adversary(claim.player)
    return ctx.decide(
        "penalty",
        [E + "wrong-card-in-declaration"],
        # The law's own terms only: "only with its own cards" read as a premise the law does
        # not state (the twenty-fourth blind round's #196).
        f"{claim.player} laid down {claim.what} {claim.wanting}: a combination laid down "
        f"with a wrong card may not be scored until he has won another trick, so the "
        f"{claim.value} marked now are taken down, and the cards go back into his hand, "
        f"where {adversary} may call them as faced cards.",
        # Every card laid down is faced, not one (the twenty-third blind round's #176).
        options=[Option("call-card", adversary,
                        text="Call any of the cards laid down to be led or played.")],
        score={claim.player: -claim.value},
    )


@rules("bezique", "french", "false-declaration")
def declaration_french(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """Boussac: declarations only on winning a trick. The French laws on a false declaration
    were not found, so only the timing is ruled."""
    return declared_out_of_time(ctx)


@rules("bezique", "english", "play")
def play_english(ctx: Context[ev.Play]) -> Decision:
    """The last eight tricks: follow and win (or only follow, per Hoffmann); a revoke loses all."""
    player = ctx.event.player
    duty = ctx.variant("bezique-duty-to-win-last-eight")
    return rule_play(
        ctx,
        [duty],
        [duty, E + "revoke-forfeits-last-eight-tricks"],
        f"Under the household rules {player} forfeits all of the last eight tricks to "
        f"{ctx.table.adversary(player)}.",
        duties=[Duty("forfeit-last-eight", player)],
    )


@rules("bezique", "american", "play")
def play_american(ctx: Context[ev.Play]) -> Decision | None:
    """Foster's General Laws lay no duty while the stock lasts: a free play is lawful."""
    return free_play(ctx)


@rules("bezique", "french", "play")
def play_french(ctx: Context[ev.Play]) -> Decision:
    """French practice in the last eight: follow and go higher, else trump."""
    law = F + "follow-and-go-higher-last-eight"
    return rule_play(
        ctx,
        [law],
        [law],
        "The French sources held here state the obligation but give no penalty for breaking it.",
        remedy_unknown=True,
    )


@rules("bezique", "english", "play-out-of-turn")
def play_out_of_turn(ctx: Context[ev.PlayOutOfTurn]) -> Decision:
    """Forfeits at Bézique: playing out of turn costs 10."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    return ctx.decide(
        "penalty",
        [E + "play-out-of-turn"],
        f"{offender} {played_words(ctx)} out of turn: he forfeits {FORFEIT} to {adversary}.",
        score={adversary: FORFEIT},
    )


@rules("bezique", "english", "lead-out-of-turn")
def lead_out_of_turn(ctx: Context[ev.LeadOutOfTurn]) -> Decision:
    """Forfeits at Bézique: a lead out of turn is a card played out of turn, fined 10;
    Britannica (9th ed.): once it has been played to, the trick stands."""
    offender, card = ctx.event.player, ctx.event.card
    adversary = ctx.table.adversary(offender)
    fine = (
        f"The forfeits list fines playing out of turn and does not name a lead: taking a lead "
        f"out of turn as a card played out of turn (an inference), it fines {offender} "
        f"{FORFEIT}, paid to {adversary}."
    )
    if ctx.event.followed_by:
        return ctx.decide(
            "play-on",
            [E + "lead-out-of-turn-played-to", E + "play-out-of-turn"],
            f"{offender} led the {card.name} out of turn and {adversary} has played to it: the "
            f"trick stands. {fine}",
            score={adversary: FORFEIT},
        )
    return ctx.decide(
        "penalty",
        [E + "play-out-of-turn"],
        f"{offender} led the {card.name} out of turn. {fine} The household rules say nothing "
        f"of whether the card is taken back.",
        score={adversary: FORFEIT},
    )


@rules("bezique", "english", "stock-exhausted")
def stock_exhausted(ctx: Context[ev.StockExhausted]) -> Decision:
    """The last eight tricks begin: no more declarations, and the strict obligations apply."""
    duty = ctx.variant("bezique-duty-to-win-last-eight")
    return ctx.decide(
        "play-on",
        [E + "no-declaring-after-stock", duty],
        f"The stock is exhausted: each player takes his cards back into his hand and no more "
        f"declarations can be made. In the last eight tricks: {ctx.law(duty).remedy}",
    )



# Combinations that are part of a higher one of their class: bézique of the double, the royal
# marriage of the sequence in trumps (Foster, F-326; Hoffmann, H-OB).
_PART_OF = {"bezique": "double bézique", "royal-marriage": "the sequence in trumps"}
_EXAMPLE = {
    "bezique": " Declaring bézique first and the double on a later trick makes 540; the double "
    "first makes only 500.",
}


@rules("bezique", "american", "unscored-combination-broken")
@rules("bezique", "english", "unscored-combination-broken")
def lower_after_higher(ctx: Context[ev.UnscoredCombinationBroken]) -> Decision | None:
    """Foster (F-326) and Hoffmann (H-OB): no lower combination may be declared from cards
    already used in a higher one, so a lower one not yet scored is lost once the higher is."""
    player, declared = ctx.event.player, ctx.event.declared
    higher = _PART_OF.get(declared)
    laws = ctx.content.laws_of_case(ctx.game.id, ctx.code, "lower-after-higher")
    if ctx.event.how != "higher-scored" or higher is None or not laws:
        return None  # Neither says anything of a card of it being played before it scores.
    example = _EXAMPLE.get(declared, "")
    return ctx.decide(
        "play-on",
        [law.id for law in laws],
        f"{player} scored {higher} before scoring {NAMES[declared]} made of the same cards: the "
        f"lower combination can no longer be declared, so its score is lost.{example}",
    )
