"""Facts several games' handlers share: judging a play, reading hand counts, naming options."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.cards import Card
from app.engine.core import Context
from app.engine.ruling import Decision, Duty, Option
from app.engine.terms import BOTH_CORRECTED, both_hands_corrected
from app.model import event_types as ev
from app.model.event_types import Event
from app.model.games import StageRule

# The case of a code's law that play is free while the stock lasts (content/laws/).
FREE_PLAY_CASE = "play-while-stock-lasts"


def each(option_id: str, players: Iterable[str], text: str = "") -> list[Option]:
    """The same option offered to each of several players."""
    return [Option(option_id, p, text) for p in players]


@dataclass(frozen=True)
class PlayJudgement:
    """Whether a card may be played, and why."""

    legal: bool
    allowed: tuple[Card, ...]
    reason: str


def stage_rule(ctx: Context[Event]) -> StageRule | None:
    """The stage's trick obligations under the code being ruled, with the readings of that
    code in force (the game of `ctx` is already the code's own: `Game.for_code`)."""
    return ctx.table.stage_rule


def judge_play(ctx: Context[Event], player: str, card: Card) -> PlayJudgement:
    """Judge `card` against the player's hand, the trick, the trump and the stage."""
    table = ctx.table
    hand = table.cards(player) or (card,)
    trick = table.trick.cards if table.trick else ()
    rule = stage_rule(ctx)
    allowed = tuple(ctx.game.legal_plays(hand, trick, table.trump, table.stage, rule=rule))
    legal = card in allowed
    # The words of the case this trick is: a trump led is no plain suit led (#56, #130), and
    # of the player's case, holding the suit led or not (round 14's #13).
    words = rule.describe(trump_led=ctx.game.trump_led(trick, table.trump),
                          void=ctx.game.void_of_led(hand, trick, table.trump)) if rule else ""
    if not trick:
        reason = f"{player} leads the {card.name}; any card may be led."
    elif rule is None or rule.rule in ("free", "none"):
        # Said as the moment that decides: "At this stage (play)" left "while the stock
        # lasts" to be inferred from the stock's count (the 59th blind round's #76).
        when = ("While the stock lasts" if table.stage == "play" and ctx.game.draws_from_stock
                else f"At this stage ({table.stage})")
        reason = f"{when} there is no duty to follow suit, win or trump."
    elif legal:
        # Two sentences: the rule's own words hold a colon ("Trumps were led: a player ...").
        reason = f"The {card.name} meets the obligations. {words[:1].upper()}{words[1:]}"
    else:
        # The left pedro among them is said to be a trump: "could have played the five of
        # spades" beside trumps led in clubs read as a second revoke (the 59th blind round's
        # #24).
        pedro = ctx.game.left_pedro(table.trump)
        choices = [f"the {c.name}" + (" (the left pedro, a trump)" if c == pedro else "")
                   for c in sorted(set(allowed))]
        could = choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]
        reason = (
            f"The {card.name} breaks the obligations of this stage. {words} "
            f"{player} could have played {could}."
        )
    return PlayJudgement(legal, allowed, reason)


def over_under(ctx: Context[Event]) -> tuple[dict[str, int], list[str], list[str]]:
    """Count errors of every known hand, and who holds too many and too few.

    A hand the scenario does not describe is taken to be right: a scenario names the hands
    that went wrong, and the laws compare them with the others.
    """
    errors = {p: e for p in ctx.table.players if (e := ctx.table.count_error(p)) is not None}
    over = [p for p, e in errors.items() if e > 0]
    under = [p for p, e in errors.items() if e < 0]
    return errors, over, under


@dataclass(frozen=True)
class HandCorrection:
    """How one wrong hand may be put right under a wrong-count law, as data: who may do it,
    as the why names him ("South, the pone,"), and what he does, after "may". `fresh_first`
    keeps the law's own order, the fresh deal named before the correction."""

    subject: str
    words: str
    fresh_first: bool = False


@dataclass(frozen=True)
class WrongCountRemedy:
    """A wrong count's options, each hand's correction joined where both hands are wrong
    (terms.both_hands_corrected), and the why's sentences for them: each hand's correction
    said once, the fresh deal once for both ("or claim a fresh deal" after each hand's, then
    again for both, read as clumsy: the 42nd blind round's #182; each hand's correction a
    sentence of its own, then the choice, read as pasted together: the 52nd round's #140)."""

    options: list[Option]
    sentences: list[str]


def wrong_count_remedy(options: Sequence[Option], corrections: Sequence[HandCorrection],
                       chooser: str, fresh_deal: str) -> WrongCountRemedy:
    """The remedy of a wrong count with its words: the chooser (as the why names him: "South,
    the non-dealer,") keeps the deal only by putting every wrong hand right, or claims
    `fresh_deal` ("a fresh deal", "a misdeal")."""
    joined = both_hands_corrected(options)
    if any(o.id == BOTH_CORRECTED for o in joined):
        ways = ", and ".join(c.words for c in corrections)
        return WrongCountRemedy(joined, [
            f"Both hands being wrong, {chooser} either claims {fresh_deal} or has both put "
            f"right: he may {ways}."])
    return WrongCountRemedy(joined, [
        f"{c.subject} may claim {fresh_deal}, or {c.words}." if c.fresh_first
        else f"{c.subject} may {c.words}, or claim {fresh_deal}."
        for c in corrections])


def describe_counts(ctx: Context[Event]) -> str:
    """Sentence listing each hand's count against the proper number."""
    parts = []
    with ctx.table.reading.quietly():  # words for the explanation; the counts' errors decide
        for p in ctx.table.players:
            count = ctx.table.count(p)
            if isinstance(count, int):  # given (not left out)
                parts.append(f"{p} holds {count} (should hold {ctx.table.proper_count(p)})")
    return "; ".join(parts) + "." if parts else "The hands' counts are not given."


_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def wrong_by_words(ctx: Context[Event], player: str) -> str:
    """How far a hand is from its right number, by the count: "one card more than he should
    hold". A law's "more than eight" is the count of a hand at the deal; pasted against a hand
    in play, which should hold fewer, it contradicts the counts told beside it ("North holds
    more than eight cards" beside "North holds 8 (should hold 7)": the eighth blind round's
    #2)."""
    with ctx.table.reading.quietly():  # words for the explanation; the counts' errors decide
        error = ctx.table.count_error(player) or 0
    n = abs(error)
    said = _SMALL[n] if n < len(_SMALL) else str(n)
    return (f"{said} card{'' if n == 1 else 's'} {'more' if error > 0 else 'fewer'} than he "
            f"should hold")


def rule_play(
    ctx: Context[ev.Play],
    legal_laws: Iterable[str],
    revoke_laws: Iterable[str],
    remedy: str,
    options: Iterable[Option] = (),
    remedy_unknown: bool = False,
    duties: Iterable[Duty] = (),
) -> Decision:
    """Judge the event's card: `legal`, or `revoke` with the code's remedy, options and
    duties (or, `remedy_unknown`, with the words that the laws held give none)."""
    judged = judge_play(ctx, ctx.event.player, ctx.event.card)
    rule = stage_rule(ctx)
    if judged.legal and (rule is None or rule.rule in ("free", "none")):
        # Play is free at this stage (while the stock lasts): the play is lawful because the
        # stage lays no duty. The law of the stage with duties (the last nine tricks' follow
        # and win) does not apply, so it is not cited (the ninth blind audit's #32 and #168);
        # the code's law of free play is, where it holds one (Hoffmann's Bézique and Rubicon),
        # else none (Foster's Pinochle states only the duties after the stock).
        free = ctx.content.laws_of_case(ctx.game.id, ctx.code, FREE_PLAY_CASE)
        return ctx.decide("legal", [law.id for law in free], judged.reason)
    if judged.legal:
        return ctx.decide("legal", legal_laws, judged.reason)
    return ctx.decide("revoke", revoke_laws, f"{judged.reason} {remedy}".strip(), options=options,
                      duties=duties, remedy_unknown=remedy_unknown)


def free_play(ctx: Context[ev.Play]) -> Decision | None:
    """A card played while play is free (the stock lasting), under a code whose laws held
    state only the duties of a later stage or none: the play is lawful under them too, as the
    game is played (the tenth blind round's #154: "these laws do not cover the situation"
    beside a free play lawful everywhere); None at a stage with duties, which such a code's
    laws held do not rule."""
    rule = stage_rule(ctx)
    if rule is None or rule.rule not in ("free", "none"):
        return None
    return rule_play(ctx, (), (), "")


def dealer_exposed_card(
    ctx: Context[ev.DealerExposedCard], own_law: str, adversary_law: str, *, only_before_seen: bool
) -> Decision:
    """The dealer exposed a card: his own, the deal stands; another's, a fresh deal at its
    owner's option (under some codes only while the owner has not looked at his hand)."""
    owner, dealer = ctx.event.owner, ctx.table.dealer
    if owner == dealer:
        return ctx.decide(
            "deal-stands", [own_law], f"The dealer {dealer} exposed his own card: the deal stands."
        )
    if only_before_seen and ctx.table.has_looked(owner):
        return ctx.decide(
            "deal-stands",
            [adversary_law],
            f"The dealer exposed one of {owner}'s cards, but {owner} has already looked at his "
            f"hand, so he may no longer claim a fresh deal: the deal stands.",
        )
    return ctx.decide(
        "deal-stands",
        [adversary_law],
        f"The dealer exposed one of {owner}'s cards: {owner} may claim a fresh deal, or let "
        f"the deal stand.",
        options=[Option("new-deal", owner)],
    )


def played_words(ctx: Context[ev.PlayOutOfTurn]) -> str:
    """'played the ace of spades' (or 'played a card' when the event names none)."""
    card = ctx.event.card
    return f"played the {card.name}" if card is not None else "played a card"


def _taken_back(offender: str, must: bool) -> tuple[list[Option], list[Duty]]:
    """(options, duties) of a lead taken back: a duty where the law says it must be (Portland
    law 24), else the offender's option (the Club Code's law 40, "may be taken up again")."""
    return ([], [Duty("take-back", offender)]) if must else ([Option("take-back", offender)], [])


def lead_withdrawn_unless_played_to(ctx: Context[ev.LeadOutOfTurn], law: str, *,
                                    must: bool = False) -> Decision:
    """A lead out of turn taken back unless the adversary has played to it, then standing
    (Portland law 24 at Rubicon Bézique, the Club Code's law 40 at Écarté); `must`, the law
    says it must be taken back, not that it may."""
    offender, card = ctx.event.player, ctx.event.card
    if ctx.event.followed_by:
        return ctx.decide(
            "play-on", [law],
            f"The adversary has played to {offender}'s lead of the {card.name} out of turn: "
            f"it stands, and the trick counts as played.")
    options, duties = _taken_back(offender, must)
    return ctx.decide(
        "no-penalty", [law],
        f"{offender} led the {card.name} out of turn; nobody has played to it, so it "
        f"{'must be' if must else 'is'} taken back.",
        options=options, duties=duties)


def nothing_led_yet(ctx: Context[Event]) -> bool:
    """Whether nothing has been led to the trick yet (a card played now comes before the lead)."""
    trick = ctx.table.trick
    return trick is None or not trick.cards


def played_before_the_lead(ctx: Context[ev.PlayOutOfTurn], law: str, *,
                          must: bool = False) -> Decision:
    """With two players, a card played when the adversary should lead: a lead out of turn
    nobody has played to, taken back (the law that says so for a lead: `law`; `must`, as
    lead_withdrawn_unless_played_to)."""
    offender = ctx.event.player
    options, duties = _taken_back(offender, must)
    return ctx.decide(
        "no-penalty", [law],
        f"{offender} {played_words(ctx)} when it was {ctx.table.adversary(offender)}'s lead: "
        f"with two players that is a lead out of turn, and nobody has played to it, so it "
        f"{'must be' if must else 'is'} taken back.",
        options=options, duties=duties)


def rule_cut(
    ctx: Context[ev.CutErrorEvent], laws: Mapping[str, Sequence[str]], minimum: int | None = None
) -> Decision | None:
    """An error in cutting under a code whose laws on it are `laws` (the event's `error` to
    the law ids; an error missing from it is one the code says nothing of). `minimum` is the
    fewest cards the code allows in a packet of the cut. The laws of the cut speak of the cut
    itself: a cut to the dealer found faulty only once the cards are dealt is not covered."""
    error, player = ctx.event.error, ctx.event.player
    cited = laws.get(error)
    if not cited:
        return None
    if error == "several-shown-for-deal":
        return ctx.decide(
            "cut-again",
            cited,
            f"In cutting for deal {player} showed more than one card: that is no cut, and he "
            f"must cut again.",
        )
    if ctx.event.dealt:
        return None
    if error == "card-exposed-in-cut":
        return ctx.decide(
            "cut-again",
            cited,
            f"A card was exposed as {player} cut the pack to the dealer (or as the packets "
            f"were put together): there must be a fresh cut before the deal.",
        )
    if minimum is None:
        return None
    cards = ctx.event.cards
    if cards is not None and cards >= minimum:
        return ctx.decide(
            "no-penalty",
            cited,
            f"The smaller packet held {cards} cards and each must hold at least {minimum}: the "
            f"cut is good.",
        )
    held = f"only {cards} cards" if cards is not None else "too few cards"
    return ctx.decide(
        "cut-again",
        cited,
        f"A packet of {player}'s cut held {held}, and each must hold at least {minimum}: that "
        f"is no proper cut, so the pack is cut again before the deal.",
    )
