"""Wrong rulings read from THIS table: the misreadings a learner actually makes of the
remedy the table calls for, with the table's own figures (offered as wrong in "what is the
ruling?").

- A bidder set back (Auction Pitch: short of his bid, he loses its amount; the others score
  what they made): he scores what he made after all; he is set back by what he made, or by
  what he fell short; the others' points are forgotten; having made nothing, he scores his
  bid outright. Never figures no misreading gives
  (the others' points doubled, or moved to a player who made none: the eleventh blind
  round's #99).
- A side's choice of a fresh deal or a correction: the deal stands and the correction alone
  is made (a learner who forgets the fresh deal), beside an exchange where no card is exposed
  (round 11's #51, whose wrong choices all spoke of exposed cards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.engine import CodeRuling
from app.engine.ruling import Decision, Option, option_meaning
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario
from quizzes.generators.common import Found
from quizzes.generators.misread import bid_misreadings
from quizzes.generators.rivals import neighbours
from quizzes.sides import renamed
from quizzes.table_premises import Points, happening_facts, option_points_here, scored_options

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank


def _with_score(cr: CodeRuling, outcome: str, score: dict[str, int]) -> CodeRuling:
    decision = cr.decision.with_outcome(outcome, score=score, explanation="")
    return CodeRuling(cr.code, decision)


def _made(s: Scenario) -> dict[str, int] | None:
    """The points each player made in the hand, as the table states them (a points-made
    happening), or None."""
    points = s.event.get("points")
    if s.event.type != "points-made" or not isinstance(points, dict):
        return None
    return {str(p): int(n) for p, n in points.items()}


def set_back(cr: CodeRuling, s: Scenario) -> tuple[str, int, int, dict[str, int]] | None:
    """(bidder, bid, made, the others' points) where the ruling sets the bidder back by his
    bid and scores the others what they made; None for any other ruling."""
    made = _made(s)
    if made is None or s.bid is None or s.bid.player not in cr.score:
        return None
    bidder, bid = s.bid.player, int(s.bid.amount)
    others = {p: n for p, n in made.items() if p != bidder and n}
    rest = {p: n for p, n in cr.score.items() if p != bidder and n}
    if cr.score.get(bidder) != -bid or rest != others:
        return None
    return bidder, bid, made.get(bidder, 0), others


def set_back_misreadings(cr: CodeRuling, s: Scenario) -> list[CodeRuling]:
    """The set-backs a learner who misreads the law gives, in figures this table yields."""
    found = set_back(cr, s)
    if found is None:
        return []
    bidder, bid, made, others = found
    out = [
        # he scores what he made, as though he had no bid to make
        _with_score(cr, "no-penalty", {**others, **({bidder: made} if made else {})}),
        # set back, but the others' points forgotten
        _with_score(cr, "penalty", {bidder: -bid}),
    ]
    for figure in (made, bid - made):  # set back by what he made, or by what he fell short
        if 0 < figure != bid:
            out.append(_with_score(cr, "penalty", {**others, bidder: -figure}))
    if not made and others:
        # A bidder who made nothing: "he scores what he made" is then the others' points
        # alone, a part of the right ruling and never offered, and every rival left denied
        # the others what the stem says they made (the twenty-fifth blind round's #127, a
        # giveaway). The learner who takes the bid to be scored outright keeps them.
        out.append(_with_score(cr, "no-penalty", {**others, bidder: bid}))
    return out


_HERE: dict[int, tuple[Found, dict[str, set[Points]]]] = {}


def _points_here(bank: QuestionBank, found: Found) -> dict[str, set[Points]]:
    """option_points_here of a table, kept for the table being asked (one at a time)."""
    kept = _HERE.get(id(found))
    if kept is None or kept[0] is not found:
        _HERE.clear()
        kept = _HERE[id(found)] = (found, option_points_here(
            found.scenario, found.ruling, bank.games, bank.content))
    return kept[1]


def figures_of_this_table(bank: QuestionBank, other: CodeRuling, cr: CodeRuling,
                          found: Found) -> bool:
    """Whether a wrong ruling's figures are this table's: an option's points ("add the points
    wrongly marked") those the same option gives here, under some code, whatever the timing
    (round 11's #163: a royal marriage's 40 beside a plain marriage of 20), and points made
    read as some misreading of them (figures_misread). Where the stem says what each made
    and the bidder is set back, a ruling scoring nobody denies them all at once, a choice a
    learner rules out without the law (round 28's #99: "No penalty." beside "North made 2")."""
    if not other.score and set_back(cr, found.scenario) is not None:
        return False
    mine = scored_options(other)
    if mine:
        here = _points_here(bank, found)
        if any(oid in here and points not in here[oid] for oid, points in mine.items()):
            return False
    return figures_misread(other, cr, found.scenario)


def made_bid_misreadings(cr: CodeRuling, s: Scenario) -> list[CodeRuling]:
    """A bid made, each scoring what he made: the bidder set back all the same, the others'
    points counted or forgotten (the bid held to is misread.bid_misreadings')."""
    made = _made(s)
    if made is None or s.bid is None or s.bid.player not in cr.score:
        return []
    bidder = s.bid.player
    scored = {p: n for p, n in cr.score.items() if n}
    if scored != {p: n for p, n in made.items() if n} or made.get(bidder, 0) < int(s.bid.amount):
        return []
    others = {p: n for p, n in scored.items() if p != bidder}
    # set back though he made his bid (a learner who reads "made" as "made exactly")
    bid = int(s.bid.amount)
    out = [_with_score(cr, "penalty", {**others, bidder: -bid})]
    if others:  # set back, and the others' points forgotten
        out.append(_with_score(cr, "penalty", {bidder: -bid}))
    return out


def figures_misread(other: CodeRuling, cr: CodeRuling, s: Scenario) -> bool:
    """Whether a wrong ruling's figures are some misreading of the points this table states
    (True when the right ruling is no set-back or made bid read from the points made): each
    player other than the bidder scores what he made or nothing, and the bidder what he bid
    or made, either way, or what he fell short."""
    made = _made(s)
    if made is None or s.bid is None or not cr.score:
        return True
    bidder, bid = s.bid.player, int(s.bid.amount)
    if any(cr.score.get(p, 0) != n for p, n in made.items() if p != bidder):
        return True  # the right ruling is not the points made: not judged here
    mine = made.get(bidder, 0)
    fits = {bid, mine, abs(bid - mine)}
    return all((p == bidder and abs(n) in fits) or (p != bidder and n == made.get(p))
               for p, n in other.score.items())


def moved_options(cr: CodeRuling, other: Callable[[str], str]) -> tuple[Option, ...]:
    """The ruling's rights, each given to `other(holder)`: the points a chooser adds to his own
    score go with the choice ("If North chooses to add the points wrongly marked to his own
    score: South +20" contradicts itself)."""
    seats = {o.by for o in cr.options} | {other(o.by) for o in cr.options}
    return tuple(Option(o.id, other(o.by), renamed(o.text, other, seats),
                        {other(o.by) if p == o.by else p: v for p, v in o.score.items()})
                 for o in cr.options)


# Rights to have the dealer put the deal right, which may be by dealing afresh: with the
# fresh deal "forgotten" they still say it (round 5's #93, the Club Code's law 9).
_PUTS_RIGHT = frozenset({"dealer-rectifies", "let-dealer-correct", "fill-by-agreement"})


def forgotten_fresh_deal(cr: CodeRuling) -> list[CodeRuling]:
    """Where a side may claim a fresh deal or have the error put right another way: the deal
    standing, the correction alone made (the fresh deal forgotten)."""
    if cr.outcome != "innocent-chooses" or cr.score:
        return []
    kept = tuple(o for o in cr.options if option_meaning(o.id) != "deal-again")
    if not kept or len(kept) == len(cr.options) or {o.id for o in kept} & _PUTS_RIGHT:
        return []
    decision = Decision("deal-stands", cr.laws, "", options=kept)
    return [CodeRuling(cr.code, decision)]


def taken_down_given(cr: CodeRuling, s: Scenario, game: Game) -> list[CodeRuling]:
    """Where the points a player marked are only taken off his score (a declaration he could
    not make): the misreadings with the same points, this table's, that a learner of another
    game's law gives (Pinochle's adversary adds a score marked in error to his own): the
    adversary scores them instead, or as well. Another combination's points would be ruled
    out by the learner who knows only what the combination is worth (round 11's #163)."""
    if cr.options or cr.duties or len(cr.score) != 1:
        return []
    ((offender, points),) = cr.score.items()
    side = set(Table(s, game).side(offender))
    adversary = next((p for p in s.players if p not in side), None)
    if points >= 0 or adversary is None:
        return []
    return [_with_score(cr, "penalty", {adversary: -points}),
            _with_score(cr, "penalty", {offender: points, adversary: -points})]


def near_rulings(bank: QuestionBank, s: Scenario, cr: CodeRuling) -> list[CodeRuling]:
    """The same code's rulings with one fact the ruling turned on changed (quizzes.generators.
    rivals.neighbours): what happened kept, or changed where the ruling of the other
    happening gives no points. Another combination's points (a royal marriage's 40 beside the
    plain marriage declared, round 11's #163) are ruled out by a learner who knows only what
    the combination is worth; a remedy whose premise is false here (cards exposed beside a
    surplus taken, #51) is struck out by rivals.real_rival."""
    kept = neighbours(bank, s, cr, keep=happening_facts(s))
    other = [r for r in neighbours(bank, s, cr) if r not in kept
             and not r.score and not any(o.score for o in r.options)]
    return [*kept, *other]


def table_misreadings(cr: CodeRuling, s: Scenario, game: Game) -> list[CodeRuling]:
    """Every misreading of this table's remedy, the bid's first (quizzes.generators.misread)."""
    return [*made_bid_misreadings(cr, s), *bid_misreadings(cr, s, game),
            *set_back_misreadings(cr, s),
            *forgotten_fresh_deal(cr), *taken_down_given(cr, s, game)]
