"""Écarté under the English Club Code (Cavendish, printed by Hoffmann 1909)."""

from __future__ import annotations

import msgspec

from app.engine.core import Context, rules
from app.engine.handlers.common import (
    HandCorrection,
    dealer_exposed_card,
    describe_counts,
    judge_play,
    over_under,
    wrong_count_remedy,
)
from app.engine.handlers.declarations import turned_king_wins
from app.engine.handlers.ecarte import read_hand_result
from app.engine.handlers.ecarte_exchange import wrong_count_after_exchange
from app.engine.ruling import Decision, Option
from app.engine.terms import said_as
from app.model import event_types as ev
from app.model.event_words import counted

E = "ecarte.english."


@rules("ecarte", "english", "dealt-out-of-turn")
def dealt_out_of_turn(ctx: Context[ev.DealtOutOfTurn]) -> Decision:
    """Law 14: void before the turn-up; afterwards it stands and the packs stay changed."""
    table = ctx.table
    if table.turn_up is None and table.trump is None:
        offender = ctx.event.player
        return ctx.decide(
            "deal-void",
            [E + "wrong-dealer-before-turn-up"],
            f"{offender} dealt out of turn (or with the wrong pack) and it was found before the "
            f"trump was turned: the deal is void, and {table.dealer} deals.",
        )
    return ctx.decide(
        "deal-stands",
        [E + "wrong-dealer-after-turn-up"],
        "The error was found after the trump was turned: it is too late, the deal stands, and "
        "if the packs were changed they stay changed.",
    )


@rules("ecarte", "english", "faced-card-in-pack")
def faced_card(ctx: Context[ev.FacedCardInPack]) -> Decision | None:
    """Law 12: a faced card in the pack before the trump is turned means a fresh deal; law 35:
    one found in the stock after discarding is thrown aside. Between the turn-up and the
    discard (or in play without a discard) the Club Code says nothing of a faced card.
    Law 12 makes no exception for the eleventh card, the one due to be turned up: that
    exception is Foster's (ecarte.american.faced-card-in-pack), not the Club Code's."""
    table = ctx.table
    if table.turn_up is None and table.trump is None:
        # Where in the pack it lay decides nothing here, so it is not read (a fact read is
        # a ground the ruling turned on).
        return ctx.decide(
            "new-deal",
            [E + "faced-card-in-pack"],
            "A card was found face up in the pack before the trump was turned: wherever it "
            "lay, the eleventh card included, there must be a fresh deal.",
        )
    if table.discards_made:
        return ctx.decide(
            "play-on",
            [E + "faced-card-in-stock"],
            "The trump is turned and the players have discarded: a card found face up in the "
            "stock is shown to both players, thrown aside, and the next card given instead.",
        )
    return None  # Law 12 ends at the turn-up; law 35 begins with the discard.


@rules("ecarte", "english", "dealer-exposed-card")
def dealer_exposed(ctx: Context[ev.DealerExposedCard]) -> Decision:
    """Law 13: the dealer's own card, no remedy; the adversary's, a fresh deal before he looks."""
    return dealer_exposed_card(
        ctx,
        E + "dealer-exposes-own-card",
        E + "dealer-exposes-adversary-card",
        only_before_seen=True,
    )


@rules("ecarte", "english", "wrong-count")
def wrong_count(ctx: Context[ev.WrongCount]) -> Decision | None:
    """Laws 9 and 15 to 21: correction or a fresh deal, at the non-dealer's option; found in
    play, a fresh deal the non-dealer's wrong count makes compulsory (law 20), whatever the
    dealer's (law 21), or the dealer's alone gives the non-dealer the choice."""
    table = ctx.table
    errors, over, under = over_under(ctx)
    counts = describe_counts(ctx)
    pone, dealer = table.pone, table.dealer
    if not over and not under:
        return ctx.decide(
            "deal-stands", [E + "wrong-count-dealt"], f"Both hands hold five cards. {counts}"
        )
    if table.discards_made:
        return wrong_count_after_exchange(ctx, errors, counts)
    if table.timing.any_card_played:
        if errors.get(pone, 0) and errors.get(dealer, 0):
            # Law 20 makes the fresh deal compulsory whatever the dealer holds: his wrong
            # count (law 21, the non-dealer's option alone) is ruled, and changes nothing. Law
            # 21 speaks once the dealer has played: cited only then (the 45th round's #24).
            with table.reading.quietly():  # which laws are cited, not the ruling
                dealer_played = table.timing.has_played(dealer)
            if not dealer_played:
                return ctx.decide(
                    "new-deal",
                    [E + "pone-wrong-count-found-in-play"],
                    f"Both hands are found wrong only after play began. The non-dealer's "
                    f"wrong count makes a fresh deal compulsory, whatever the dealer holds: "
                    f"there must be a fresh deal. {counts}",
                )
            return ctx.decide(
                "new-deal",
                [E + "pone-wrong-count-found-in-play", E + "dealer-wrong-count-found-in-play"],
                f"Both hands are found wrong only after play began. The non-dealer's wrong "
                f"count makes a fresh deal compulsory, so the dealer's, which alone would let "
                f"{pone} choose one, changes nothing: there must be a fresh deal. {counts}",
            )
        if errors.get(pone, 0):
            return ctx.decide(
                "new-deal",
                [E + "pone-wrong-count-found-in-play"],
                f"The non-dealer's wrong count is found only after play began: a fresh deal is "
                f"compulsory. {counts}",
            )
        if not table.timing.has_played(dealer):
            # Law 21 speaks once the dealer has played; laws 17 and 18 until he answers a
            # proposal or, with none, until he plays. The non-dealer has led: whether he
            # stood or proposed and was refused decides, and no table shows it (the
            # fourteenth blind round's #76).
            short = errors.get(dealer, 0) < 0
            law = E + ("dealer-too-few-dealt" if short else "dealer-too-many-dealt")
            fix = ("let the dealer complete his hand from the stock" if short
                   else "draw the surplus from the dealer's hand")
            return ctx.decide(
                "depends",
                [law, E + "dealer-wrong-count-found-in-play"],
                f"{pone} has led but {dealer}, the dealer, has not yet played. If {pone} "
                f"stood (made no proposal), the law of the dealer's wrong count still runs "
                f"until the dealer plays: {pone} may claim a fresh deal or {fix}. If {pone} "
                f"proposed and {dealer} refused, that law ended at the refusal, and the law "
                f"of a wrong count found in play speaks only once the dealer has played: the "
                f"Club Code says nothing of this moment. {counts}",
            )
        return ctx.decide(
            "deal-stands",
            [E + "dealer-wrong-count-found-in-play"],
            f"The dealer's wrong count is found only after he has played: {pone} may claim a "
            f"fresh deal. {counts}",
            options=[Option("new-deal", pone)],
        )
    if table.turn_up is None and table.trump is None:
        if table.has_looked(pone):
            return None  # Law 9 gives the choice only to a non-dealer who has not looked.
        return ctx.decide(
            "misdeal",
            [E + "wrong-count-dealt"],
            f"A wrong number was dealt and found before the trump was turned: {pone}, the "
            f"non-dealer, before looking at his hand, may require {dealer}, the dealer, to put "
            f"the error right, or claim a fresh deal. {counts}",
            options=[Option("dealer-rectifies", pone), Option("new-deal", pone)],
        )
    # Laws 15 to 18 speak before the non-dealer proposes (or plays) and the dealer answers:
    # the stem says so (the ninth blind round's #141). Proposed, with neither exchange nor
    # play, no law speaks.
    if table.proposing_begun:
        return None
    laws: list[str] = []
    options = [Option("new-deal", pone)]
    corrections: list[HandCorrection] = []
    if errors.get(pone, 0) > 0:
        laws += [E + "pone-too-many-dealt", E + "pone-surplus-discards-hidden"]
        options.append(Option("discard-surplus", pone))
        corrections.append(HandCorrection(
            pone, "discard the surplus without the dealer seeing it", fresh_first=True))
    elif errors.get(pone, 0) < 0:
        laws.append(E + "pone-too-few-dealt")
        options.append(Option("supply-from-stock", pone))
        corrections.append(HandCorrection(pone, "fill his hand from the stock"))
    if errors.get(dealer, 0) > 0:
        laws += [E + "dealer-too-many-dealt", E + "dealer-surplus-drawn-may-be-seen"]
        options.append(Option("draw-from-dealer", pone))
        corrections.append(HandCorrection(
            pone, "draw the surplus from the dealer's hand (looking at it if the dealer has "
            "taken up his cards)", fresh_first=True))
    elif errors.get(dealer, 0) < 0:
        laws.append(E + "dealer-too-few-dealt")
        options.append(said_as("supply-from-stock", pone))
        corrections.append(HandCorrection(pone, "let the dealer fill up from the stock"))
    remedy = wrong_count_remedy(options, corrections, f"{pone}, the non-dealer,", "a fresh deal")
    parts = [f"A wrong number was dealt. {counts}", *remedy.sentences]
    if ctx.event.type == "king-turned" or (table.turn_up is not None
                                           and table.turn_up.rank == "K"):
        laws.append(E + "no-king-after-wrong-count")
        parts.append("If no fresh deal is claimed, the dealer may not mark the king he turned.")
    return ctx.decide("misdeal", laws, " ".join(parts), options=remedy.options)


@rules("ecarte", "english", "several-trumps-turned")
def several_trumps(ctx: Context[ev.SeveralTrumpsTurned]) -> Decision:
    """Law 11: before looking, choose the trump or a fresh deal; after, a fresh deal."""
    table = ctx.table
    pone = table.pone
    with table.reading.quietly():  # how many were turned is told, not ruled on (law 11)
        count = ctx.event.count
    if table.has_looked(pone):
        return ctx.decide(
            "new-deal",
            [E + "several-turned-after-looking"],
            f"The dealer turned up {count} cards and {pone} has looked at his hand: "
            f"there must be a fresh deal.",
        )
    return ctx.decide(
        "deal-stands",
        [E + "several-turned-before-looking"],
        f"The dealer turned up {count} cards; {pone} has not looked at his hand and may choose "
        f"which card is the trump, or claim a fresh deal.",
        options=[Option("choose-trump", pone), Option("new-deal", pone)],
    )


@rules("ecarte", "english", "king-turned", reads=("marked",))
def king_turned(ctx: Context[ev.KingTurned]) -> Decision:
    """Laws 19, 22 and 47: the turned king scores one, but not after a wrong count dealt.
    Law 22 lets the dealer mark it at any time before the next deal's trump is turned, so a
    king that would make his fifth point wins the game only once he marks it: asked then."""
    _, over, under = over_under(ctx)
    if over or under:
        misdeal = wrong_count(ctx)
        if misdeal is not None and not ctx.table.timing.any_card_played:
            return misdeal
        return ctx.decide(
            "play-on",
            [E + "no-king-after-wrong-count"],
            f"A wrong number was dealt, so the dealer may not mark the king he "
            f"turned. {describe_counts(ctx)}",
        )
    dealer = ctx.table.dealer
    play = ctx.game.facts.play
    game_to = play.game_to if play is not None else 0
    # A point that makes his fifth (law 46) wins the game: the hand is not played.
    won = turned_king_wins(ctx.game, ctx.table.score(dealer))
    marked = ctx.event.marked if won else None
    if marked is False:
        return ctx.decide(
            "play-on",
            [E + "king-scores-one", E + "turned-king-marking-time"],
            f"The dealer, {dealer}, has not marked the king he turned up: he may mark it any "
            f"time before the trump of the next deal is turned, and the point he marks then "
            f"brings him to {game_to} and wins the game.",
            score={dealer: 1},
        )
    after = (f", which brings him to {game_to}: he wins the game, and the hand is not played"
             if won else "; he may mark it any time before the trump of the next deal is turned")
    if won and marked is None:
        after = (f", which brings him to {game_to}: he wins the game once he marks it (he may "
                 f"wait until the next deal's trump is turned)")
    return ctx.decide(
        "game-won" if won else "play-on",
        [E + "king-scores-one", E + ("game-five-up" if won else "turned-king-marking-time")],
        f"The dealer, {dealer}, marks one for the king turned up{after}.",
        score={dealer: 1},
        winner=dealer if won else "",
    )


def with_turned_king(ctx: Context[ev.HandResult], decision: Decision) -> Decision:
    """Laws 22 and 47 beside the hand's score: a dealer who turned up a king marks 1 for it,
    at any time before the trump of the next deal is turned. A dealer with no points yet has
    not marked it, so it is counted here; one with points may have, and may still if not."""
    table = ctx.table
    turned = table.turn_up
    if turned is None or turned.rank != "K":
        return decision
    dealer = table.dealer
    laws = (*decision.laws, E + "king-scores-one", E + "turned-king-marking-time")
    if table.score(dealer) < 1:
        score = dict(decision.score)
        score[dealer] = score.get(dealer, 0) + 1
        total = (f", {score[dealer]} in all" if score[dealer] > 1 else "")
        return msgspec.structs.replace(
            decision, laws=laws, score=score,
            explanation=f"{decision.explanation} {dealer} turned up the {turned.name} and has "
                        f"no points yet, so he has not marked it; he may until the trump of "
                        f"the next deal is turned, and marks 1 for it besides{total}.")
    return msgspec.structs.replace(
        decision, laws=laws,
        explanation=f"{decision.explanation} {dealer} turned up the {turned.name}: if he has "
                    f"not marked it yet, he may still mark 1 for it until the trump of the "
                    f"next deal is turned.",
        options=(*decision.options, Option(
            "mark-omitted", dealer, "Mark 1 for the king turned up, if not marked yet.",
            score={dealer: 1})))


@rules("ecarte", "english", "hand-result")
def hand_result(ctx: Context[ev.HandResult]) -> Decision:
    """Laws 48 and 49 (the hand), with laws 22 and 47 for a king turned up."""
    return with_turned_king(ctx, _hand_score(ctx))


def _hand_score(ctx: Context[ev.HandResult]) -> Decision:
    """Laws 48 and 49: point 1, vole 2; standing or refusing and failing gives 2 for the point,
    but only on the hand's first proposal: once cards have been exchanged, a later refusal (or
    playing on without proposing again) is scored as usual."""
    h = read_hand_result(ctx)
    if h.bound is not None and h.bound_failed and ctx.table.discards_made:
        what = "the vole" if h.vole else "the point"
        stood = h.bound == ctx.table.pone
        verb = "played on without proposing again" if stood else "refused"
        laws = [E + "stander-fails-point"] if stood else []
        return ctx.decide(
            "no-penalty",
            [*laws, E + "refuser-fails-point", E + "point-and-vole"],
            f"Cards had already been exchanged, so when {h.bound} {verb} it was not the first "
            f"proposal of the hand, and the 2 for a failed stand or refusal do not apply: "
            f"{h.winner} won {h.won[h.winner]} tricks and scores {what}, {h.points}.",
            score={h.winner: h.points},
        )
    if h.bound is not None and h.bound_failed:
        stood = ctx.event.proposal == "stood"
        law = E + ("stander-fails-point" if stood else "refuser-fails-point")
        if h.vole:
            # The 2 is the vole's, scored as usual: no penalty is added for the stand or
            # refusal (law 49: its 2 applies "only to the point").
            return ctx.decide(
                "no-penalty",
                [law, E + "penalty-replaces-point-only", E + "point-and-vole"],
                f"{h.bound} played on his own judgement and lost every trick: {h.winner} scores "
                f"the vole, 2, as usual (the 2 for standing or refusing replaces only the point).",
                score={h.winner: 2},
            )
        return ctx.decide(
            "penalty",
            [law, E + "penalty-replaces-point-only"],
            f"{h.bound} {'stood' if stood else 'refused'} and won only "
            f"{counted(h.won[h.bound], 'trick')}: {h.winner} scores 2 instead of the point.",
            score={h.winner: 2},
        )
    what = "the vole" if h.vole else "the point"
    return ctx.decide(
        "no-penalty",
        [E + "point-and-vole"],
        f"{h.winner} won {h.won[h.winner]} tricks and scores {what}: {h.points}.",
        score={h.winner: h.points},
    )


@rules("ecarte", "english", "play", reads=("taken_back",))
def play(ctx: Context[ev.Play]) -> Decision:
    """Laws 39 and 43: a card played in error may be taken up again before another card is
    led, without penalty; if it is not, the adversary may have the hands played again: the
    whole hand, from its first card (law 43 speaks of the hands, not of the play since the
    error). Once the moment has passed (the event says whether he took it back), the ruling
    is the law the table reaches, not a right already spent."""
    player = ctx.event.player
    adversary = ctx.table.adversary(player)
    judged = judge_play(ctx, player, ctx.event.card)
    legal = [E + "ew-follow-suit-and-win"]
    if judged.legal:
        return ctx.decide("legal", legal, judged.reason)
    # Law 43's three cases of the replay's score, the third with its condition (the
    # twenty-sixth blind round's #170 read "marks nothing" with the condition dropped), as it
    # can be his adversary's: the elder hand plays without proposing, the dealer refuses the
    # first proposal (round 28's #37: "if North had stood" of the dealer).
    with ctx.table.reading.quietly():  # words for the why: who dealt decides nothing here
        when = ("had refused the first proposal" if adversary == ctx.table.dealer
                else "had played without proposing")
    replay = (f"{adversary} may have the whole hand played again from its first card, even "
              f"if he has thrown in his cards; if {player} then wins the point he marks "
              f"nothing, or only one if {adversary} {when}, and if he wins the vole he marks "
              f"only one.")
    taken_back = ctx.event.taken_back
    if taken_back is None:
        return ctx.decide(
            "revoke",
            [E + "renounce-or-failure-to-win", E + "played-card-retaken"],
            f"{judged.reason} {player} may take the card back without penalty before the "
            f"next lead. Otherwise {replay}",
            options=[Option("take-back", player), Option("replay-hand", adversary)],
        )
    if taken_back:
        return ctx.decide(
            "no-penalty",
            [E + "played-card-retaken", E + "renounce-or-failure-to-win"],
            f"{judged.reason} {player} took it back before another card was led, as law 39 "
            f"allows: he plays a card he may lawfully play, and there is no penalty.",
        )
    return ctx.decide(
        "revoke",
        [E + "renounce-or-failure-to-win"],
        f"{judged.reason} {player} did not take it back before another card was led, so "
        f"{replay}",
        options=[Option("replay-hand", adversary)],
    )


@rules("ecarte", "english", "abandoned-hand")
def abandoned_hand(ctx: Context[ev.AbandonedHand]) -> Decision | None:
    """Law 42: abandoning before winning a trick gives the vole; after one or two, the point."""
    offender = ctx.event.player
    won = ctx.event.tricks_won
    if won is None and ctx.table.tricks_played == 0:
        won = 0
    if won is None or won > 2:
        return None
    adversary = ctx.table.adversary(offender)
    if won == 0:
        return ctx.decide(
            "penalty",
            [E + "abandon-before-trick"],
            f"{offender} abandoned his hand before winning a trick: {adversary} marks the vole, 2.",
            score={adversary: 2},
        )
    return ctx.decide(
        "penalty",
        [E + "abandon-after-tricks"],
        f"{offender} abandoned his hand after winning {counted(won, 'trick')}: {adversary} "
        f"marks the point, 1.",
        score={adversary: 1},
    )


@rules("ecarte", "english", "proposal-withdrawn")
def proposal_withdrawn(ctx: Context[ev.ProposalWithdrawn]) -> Decision:
    """Laws 26 and 27: proposals, answers and the number asked for are final."""
    player, what = ctx.event.player, ctx.event.what
    law = {
        "proposal": "proposal-not-retracted",
        "number": "number-asked-not-altered",
    }.get(what, "acceptance-or-refusal-final")
    return ctx.decide(
        "play-on",
        [E + law],
        f"{player} may not go back on his {what if what != 'number' else 'number of cards'}: "
        f"it stands.",
    )


@rules("ecarte", "english", "wrong-score")
def wrong_score(ctx: Context[ev.WrongScore]) -> Decision:
    """Laws 50 and 51: an omission is marked until the next turn-up; an overscore is struck off."""
    player, marked, correct = ctx.event.player, ctx.event.marked, ctx.event.correct
    earlier = bool(ctx.event.earlier_deal)
    if marked > correct:
        later = " even in a later deal" if earlier else ""
        return ctx.decide(
            "no-penalty",
            [E + "overscore-taken-down"],
            f"{player} marked {marked} where {correct} was due: the {marked - correct} too many "
            f"are taken down{later}, at any time while the game lasts.",
            score={player: correct - marked},
        )
    if marked < correct and earlier:
        return ctx.decide(
            "score-stands",
            [E + "omitted-score"],
            f"{player} marked {marked} where {correct} was due, in an earlier deal. An omitted "
            f"score may be marked only until the trump of the next deal is turned up, and it "
            f"has been: it is too late to mark the {correct - marked} forgotten.",
        )
    if marked < correct:
        return ctx.decide(
            "no-penalty",
            [E + "omitted-score"],
            f"{player} marked {marked} where {correct} was due: he may add the "
            f"{correct - marked} he forgot until the trump of the next deal is turned up.",
            options=[Option("mark-omitted", player, score={player: correct - marked})],
        )
    return ctx.decide(
        "no-penalty", [E + "overscore-taken-down"], f"{player} marked exactly what was due."
    )
