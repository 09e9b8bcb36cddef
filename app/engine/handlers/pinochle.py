"""Two-handed Pinochle: Foster's American laws (seed 002) and the French rule he reports."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import rule_play
from app.engine.handlers.declarations import check_claim, declared_out_of_time
from app.engine.ruling import Decision, Duty, Option
from app.engine.terms import said_as
from app.model import event_types as ev
from app.model.event_words import counted

P = "pinochle.american."
F = "pinochle.french."


@rules("pinochle", "american", "play")
def play_american(ctx: Context[ev.Play]) -> Decision:
    """Seed 002:1: failing to follow or win when able, once the stock is gone: replay."""
    player = ctx.event.player
    adversary = ctx.table.adversary(player)
    chosen = ctx.variant("pinochle-last-stage-revoke")
    replay = P + "replay-after-failure-to-follow-or-win"
    if chosen == replay:
        return rule_play(
            ctx,
            [replay],
            [replay],
            f"{adversary} may make {player} take back every card played since the error and "
            f"replay the hand from that point.",
            options=[Option("replay", adversary)],
        )
    return rule_play(
        ctx,
        [replay],
        [chosen],
        f"Under this reading {player} loses all the points he has won in cards.",
        duties=[Duty("lose-card-points", player)],
    )


@rules("pinochle", "french", "play")
def play_french(ctx: Context[ev.Play]) -> Decision:
    """Seed 002:1, in France: the offender counts nothing from the error on."""
    law = F + "counts-nothing-after-failure-to-follow-or-win"
    return rule_play(
        ctx,
        [law],
        [law],
        f"In France the cards are not taken back: from this point on {ctx.event.player} counts "
        f"nothing, neither brisques nor the last trick.",
        duties=[Duty("count-nothing-further", ctx.event.player)],
    )


@rules("pinochle", "american", "drew-two")
def drew_two(ctx: Context[ev.DrewTwo]) -> Decision:
    """Seed 002:3: show the second card if seen; otherwise put it back without penalty."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    if ctx.event.saw_second:
        return ctx.decide(
            "penalty",
            [P + "drew-two-cards-second-seen"],
            f"{offender} drew two cards and saw the second: he must show it to {adversary}.",
        )
    return ctx.decide(
        "no-penalty",
        [P + "drew-two-cards-second-unseen"],
        f"{offender} drew two cards but did not see the second: he puts it back, without penalty.",
    )


@rules("pinochle", "american", "drew-out-of-turn")
def drew_out_of_turn(ctx: Context[ev.DrewOutOfTurn]) -> Decision:
    """Seed 002:3: restore the card; if it was the adversary's, show one's own."""
    offender = ctx.event.player
    adversary = ctx.table.adversary(offender)
    if bool(ctx.event.card_was_adversarys):
        return ctx.decide(
            "penalty",
            [P + "drew-out-of-turn"],
            f"{offender} drew out of turn a card that belonged to {adversary}: he restores it "
            f"and must show {adversary} his own card.",
        )
    return ctx.decide(
        "no-penalty",
        [P + "drew-out-of-turn"],
        f"{offender} drew out of turn: he restores the card drawn improperly. It was not "
        f"{adversary}'s card, so nothing more is required.",
    )


# A four of a kind's cards of its rank shown, in words.
_NUMBER = {2: "two", 3: "three"}


@rules("pinochle", "american", "false-declaration")
def false_declaration(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """Seed 002:6: score taken down and a card called, unless he may amend; a meld scored once
    the stock is gone does not count (PIN-EB)."""
    late = declared_out_of_time(ctx)
    if late is not None:
        return _marked_in_error(ctx, late)
    claim = check_claim(ctx)
    if claim is None:
        return None
    who, what, value = claim.player, claim.what, claim.value
    if claim.holds_the_cards and not ctx.event.drawn_since:
        return ctx.decide(
            "no-penalty",
            [P + "amending-a-declaration"],
            f"{who} declared {what} wrongly but holds the cards for it and has not drawn since: "
            f"he may amend the declaration.",
            options=[Option("amend-declaration", who)],
        )
    adversary = ctx.table.adversary(who)
    # Seed 002:6's four of a kind is the one announced with three of the four (a player who
    # holds all four showed three and another card); any other wrong declaration (four of a
    # kind with two, a marriage, a sequence) is "any other erroneous declaration". The law of
    # amending is cited only where it could have applied: he holds the cards, and drawing
    # since has put it out of reach.
    four = claim.declared.startswith("four-")
    three_of_four = four and len(claim.lacking) <= 1
    law = P + ("false-four-of-a-kind" if three_of_four else "other-false-declarations")
    # The points marked for it are "the score erroneously marked" (seed 002:6's own words):
    # seed 002:7's law of a score marked in error fits them word for word, and lets the
    # adversary add them to his own beside the call (the ninth blind audit's #52), as for a
    # meld scored out of time (_marked_in_error).
    laws = [law] if claim.lacking else [law, P + "amending-a-declaration"]
    reason = (
        f"he declared it {claim.wanting}"
        if claim.lacking
        else "though he holds the cards, he has drawn from the stock since, too late to amend"
    )
    # The cards he may be made to lead or play: those of the rank declared, or of the
    # declaration (seed 002 ¶6: "one of the three Kings"; others "in the same manner"). A
    # four of a kind shown with fewer than three of the rank is read both ways: "in the
    # same manner" as the three kings, one of the cards of the rank (round 27's #128), or
    # "cards from any other erroneous declarations", any card he showed for it (round
    # 28's #121). The ruling says both and is contested.
    rank = claim.declared.removeprefix("four-")
    of_rank = 3 if three_of_four else 4 - len(claim.lacking) if four else 0
    called = (f"one of the {_NUMBER[of_rank]} {rank} he showed" if of_rank > 1
              else f"the {rank.removesuffix('s')} he showed" if of_rank == 1
              else "one of the cards he showed for it")
    # (with none of the rank shown the two readings call the same cards)
    two_readings = four and not three_of_four and of_rank > 0
    if two_readings:
        called += (" (read as the call of any other erroneous declaration, any of the cards "
                   "he showed for it: the two readings differ here)")
    return ctx.decide(
        "penalty",
        [*laws, P + "erroneous-score"],
        f"{who} declared {what} ({value}) wrongly: {reason}. The {value} points are taken "
        f"down, and {adversary} may make him lead or play {called}. As with "
        f"any score marked in error, {adversary} may also add the {value} to his own score.",
        options=[said_as("call-card", adversary, 0 if of_rank else 1, who),
                 Option("add-points", adversary, score={adversary: value})],
        score={who: -value},
        contested=two_readings,
    )


def _marked_in_error(ctx: Context[ev.FalseDeclaration], late: Decision) -> Decision:
    """A meld scored when none may be scored (PIN-EB) is a score marked in error: seed 002:7
    takes it down and lets the adversary add it to his own, as for any erroneous score
    (wrong_score; the blind audit's #151: the ruling gave only the points taken down)."""
    who = ctx.event.player
    adversary = ctx.table.adversary(who)
    value = -late.score.get(who, 0)
    return ctx.decide(
        "penalty",
        late.laws,  # (the law of the moment and the erroneous score's: declared_out_of_time)
        f"{late.explanation} As with any score marked in error, {adversary} may add the "
        f"{value} to his own score.",
        options=[Option("add-points", adversary, score={adversary: value})],
        score=late.score,
    )


@rules("pinochle", "american", "wrong-score")
def wrong_score(ctx: Context[ev.WrongScore]) -> Decision | None:
    """Seed 002:7: an erroneous score is taken down and the adversary may add it to his own."""
    offender = ctx.event.player
    marked, correct = ctx.event.marked, ctx.event.correct
    adversary = ctx.table.adversary(offender)
    if marked == correct:
        return ctx.decide(
            "no-penalty",
            [P + "erroneous-score"],
            f"{offender} marked exactly what he earned ({marked}).",
        )
    if marked < correct:
        return None  # The law speaks of points marked in excess only.
    excess = marked - correct
    return ctx.decide(
        "penalty",
        [P + "erroneous-score"],
        f"{offender} marked {marked} where {correct} was due: the {counted(excess, 'point')} "
        f"wrongly marked {'is' if excess == 1 else 'are'} taken down, and {adversary} may add "
        f"{'it' if excess == 1 else 'them'} to his own score.",
        options=[Option("add-points", adversary, score={adversary: excess})],
        score={offender: -excess},
    )

