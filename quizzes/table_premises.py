"""What a remedy takes for granted about the table, and whether the table shows it: a card
exposed for "take the exposed card", a happening of the same kind for a figure "wrongly
marked". A wrong choice whose premise is false of the table (no card is exposed, yet the
choice is to refuse the exposed cards) is ruled out by a learner who does not know the law
(the eleventh blind round's #51: both wrong choices spoke of exposed cards beside an exchange
in which North only took too many).

Shared by the generators (quizzes.generators.rivals.impossible_at) and the audit
(quizzes.choice_premises): a fact of the table, not a generator's choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import msgspec

from app.cards import Card
from app.engine import CodeRuling, Ruling, rule
from app.engine.core import Knowledge, fact_values
from app.engine.handlers.declarations import declared_value, king_points
from app.engine.table import Table
from app.engine.terms import Option
from app.model.event_types import AbandonedHand, ExposedCard
from app.model.event_words import DECLARATION_WORDS
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import Scenario

if TYPE_CHECKING:
    from app.corpus.laws import Content

# Rights that act on a card lying exposed (turned, shown, faced) on the table.
ON_AN_EXPOSED_CARD = frozenset({"refuse-cards", "take-exposed-card", "call-card",
                                "forbid-trump"})

# Happenings that expose no card: a count, a draw, a bid, a score, the pack, the hand's result.
# (Listed, not guessed: any happening not here may show a card, a lead or a declaration laid
# down among them, and is given the benefit of the doubt.)
_EXPOSE_NOTHING = frozenset({
    "wrong-count", "failed-to-draw", "even-stock", "bid-out-of-turn", "wrong-score",
    "dealt-out-of-turn", "imperfect-pack", "hand-result", "points-made", "counted-out",
    "stock-exhausted", "proposal-withdrawn", "both-drew-wrong",
})
# Kinds of a happening (its `error`) that expose no card, by happening.
_ERRORS_EXPOSING_NOTHING = {
    "exchange-error": frozenset({"took-too-many", "took-too-few", "gave-too-many",
                                 "gave-too-few", "stock-too-small"}),
    "cut-error": frozenset({"packet-too-small"}),
}


def no_card_exposed(s: Scenario) -> bool:
    """Whether the table's happening exposes no card (a surplus taken in the exchange, a
    wrong count, a bid out of turn): one the learner is told of and can see is not there."""
    kind = s.event.type
    if kind in _EXPOSE_NOTHING:
        return True
    error = s.event.get("error")
    return isinstance(error, str) and error in _ERRORS_EXPOSING_NOTHING.get(kind, frozenset())


def acts_on_no_card(option_ids: set[str] | frozenset[str], s: Scenario) -> frozenset[str]:
    """The rights of a ruling that act on an exposed card where the table exposes none."""
    return frozenset(option_ids & ON_AN_EXPOSED_CARD) if no_card_exposed(s) else frozenset()


def exposed_card_moot(s: Scenario, options: Iterable[Option], game: Game) -> bool:
    """Whether the ruling's rights on an exposed card act on nothing a learner could use: its
    holder has no other card in his hand, so the card is his next play whatever is called,
    and barring it would leave him none (the seventeenth blind round's #1: two cards played
    to trick 5 of 6 by a player left holding none); or the trump is still to be named in a
    game where every plain card is thrown out once it is, so whether the card is ever called
    turns on a trump no table can tell (Cinch; the 40th round's #26)."""
    player = s.event.get("player")
    hand = s.hands.get(player) if isinstance(player, str) else None
    acting = any(o.id in ON_AN_EXPOSED_CARD for o in options)
    if acting and game.model.plain_cards_discarded and s.trump is None:
        return True
    # A hand thrown down is still held, every card of it exposed: one card left is his next
    # play whatever is called (the twenty-ninth round's #20). Two cards played to one trick
    # are held at the table ruled: with no third, the one left exposed is his next play (the
    # thirty-first round's #38).
    left = (1 if isinstance(s.event, AbandonedHand)
            else 2 if isinstance(s.event, ExposedCard) and s.event.how == "two-played" else 0)
    return acting and isinstance(hand, tuple) and len(hand) <= left


def take_back_moot(s: Scenario, acts: Iterable[tuple[str, str]]) -> bool:
    """Whether a lead out of turn taken back changes nothing a learner could use: the card led
    was the offender's last, so it is his next play whoever leads (the 36th blind round's
    #65). `acts`: the ruling's (id, seat) of each option and duty."""
    player = s.event.get("player")
    hand = s.hands.get(player) if isinstance(player, str) else None
    if s.event.type not in ("lead-out-of-turn", "play-out-of-turn") \
            or not isinstance(hand, tuple):
        return False
    # The table is ruled before the card leaves his hand, or after: either way nothing else.
    rest = list(hand)
    card = s.event.get("card")
    if isinstance(card, Card) and card in rest:
        rest.remove(card)
    return not rest and any(act == "take-back" and by == player for act, by in acts)


def abandoned_point_won(s: Scenario, game: Game, ruling: CodeRuling) -> bool:
    """Whether a hand abandoned gives the adversary points he had already won: he holds a
    majority of the hand's tricks, the point, so "No penalty" is as defensible as the point
    the law gives him (the Club Code's law 42; the 37th blind round's #27, #191)."""
    won = s.event.get("tricks_won")
    player = s.event.get("player")
    if s.event.type != "abandoned-hand" or not isinstance(won, int) or not ruling.score:
        return False
    theirs = s.tricks_played - won
    return any(p != player and v > 0 for p, v in ruling.score.items()) \
        and theirs >= game.tricks_per_hand // 2 + 1


def king_scores_apart(s: Scenario, game: Game) -> bool:
    """Whether the king of trumps scores when marked in this game ([play] declared_points:
    Écarté's king) and the table's event is not the king itself (its announcement, or the
    king turned up: that is the question)."""
    return s.trump is not None and bool(king_points(game)) \
        and s.event.get("declared") != "king" and s.event.type != "king-turned"


def king_still_markable(s: Scenario, game: Game) -> bool:
    """Whether a king of trumps may still be marked, held (announced before its holder plays
    his first card) or turned up (the dealer's until the next deal's trump is turned), in a
    game where a king of trumps is marked when announced ([play] declared_points: Écarté's
    king): the points a side scores then turn on whether he marks it, which no stem says
    (the seventeenth blind round's #176: an abandoned hand's vole, 2, beside the innocent
    player's king of hearts, 3 if he marks it)."""
    if not king_scores_apart(s, game) or s.trump is None:  # (the trump, for the type checker)
        return False
    if s.turn_up is not None and s.turn_up.rank == "K":
        # A king turned up is the dealer's to mark until the next deal's trump is turned
        # (Club Code law 22): whether he has is no fact a stem gives (the twenty-first round's
        # #141: an abandoned hand's vole, 2, beside the dealer's turned king at 0 points).
        return True
    # (before any trick is gathered its holder may not yet have played his first card: taken
    # as still his to mark, which leaves out more tables rather than fewer)
    king = Card("K", s.trump)
    return not s.tricks_played and any(isinstance(hand, tuple) and king in hand
                                       for hand in s.hands.values())


def turned_king_marked(turn_up: Card | None, stage: str, event_type: str, game: Game) -> bool:
    """Whether a king turned up for trumps is shown marked to the dealer: in a game where the
    king of trumps scores when marked (Écarté), once the play has begun and the king is not
    itself the question. Foster's dealer marks it "immediately" (seed 004); a dealer at 0 with
    a king turned read as a king not marked (the 57th blind round's #1), so the table marks it
    and the stem says so (scores_label)."""
    return turn_up is not None and turn_up.rank == "K" and bool(king_points(game)) \
        and event_type not in _KING_UNMARKABLE and stage not in ("deal", "bidding")


# Events whose table leaves a king turned up unmarked: the king itself, the question; a deal
# that gave a wrong number of cards, whose king "cannot be marked" (Club Code law 19, Foster:
# the 60th blind round's #72); and the other errors of the deal, which may void it.
_KING_UNMARKABLE = frozenset({"king-turned", "several-trumps-turned", "wrong-count",
                              "dealt-out-of-turn", "faced-card-in-pack", "imperfect-pack",
                              "cut-error", "dealer-exposed-card"})


def scores_label(s: Scenario, game: Game) -> str:
    """The words before a stem's scores ('' where the stem says none). In a game that keeps
    no running score (Auction Pitch, Cinch) they are said only of a finished hand, as the
    scores before it is scored: the table is the hand as its last trick is gathered, and
    "North has 6 points" beside his counting out at 7 read as wrong (the 42nd blind round's
    #149). Elsewhere they are the scores as marked, every point the event tells as already
    scored in them, said so of a declaration scored ("North 3" beside a king announced and
    marked read either way, the 51st round's #109); but a king turned up and marked at once is
    the event itself, its point still to be added: said so, or "Scores so far: North 4" reads
    either way beside the game it wins (the 47th round's #91, #87)."""
    if not game.model.keeps_score:
        return "Scores before this hand is scored" if s.stage == "hand-over" else ""
    if s.event.type == "king-turned" and s.event.get("marked"):
        return "Scores before the king is marked"
    declared, player = s.event.get("declared"), s.event.get("player")
    if s.event.type == "false-declaration" and isinstance(declared, str) \
            and (points := declared_value(game, s.trump, declared)):
        what = DECLARATION_WORDS.get(declared, declared)
        return f"Scores as marked, {player}'s {points} for {what} included"
    if turned_king_marked(s.turn_up, s.stage, s.event.type, game):
        return f"Scores as marked, {s.dealer}'s 1 for the king turned up included"
    return "Scores so far"


def happening_facts(s: Scenario) -> frozenset[str]:
    """The ground facts that say WHAT happened (the event's choices: which combination was
    declared, which error was made in the exchange): changed, they give the ruling of another
    happening, whose premise ("the exposed cards") or figures (a royal marriage's 40 beside
    the plain marriage declared) are false of this table (the eleventh round's #51, #163)."""
    spec = EVENTS[s.event.type]
    return frozenset(f"event.{f.name}" for f in spec.fields if f.kind == "choice")


# An option's points, and the ruling's own beside them: ((chooser, n), ...), ((player, n), ...).
Points = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]


def scored_options(r: CodeRuling) -> dict[str, Points]:
    """Each scored option's points with the ruling's own (the points wrongly marked, taken
    down), by option id."""
    score = tuple(sorted((p, n) for p, n in r.score.items() if n))
    return {o.id: (tuple(sorted(o.score.items())), score) for o in r.options if o.score}


def points_words(points: Points) -> str:
    """'North +20, South -20': an option's points and the ruling's, for a finding."""
    return ", ".join(f"{p} {n:+d}" for p, n in (*points[0], *points[1]))


def one_ground_changed(scenario: Scenario, cr: CodeRuling, games: Mapping[str, Game],
                       content: Content, keep: frozenset[str] = frozenset()
                       ) -> list[CodeRuling]:
    """The rulings the same code gives when one fact `cr` turned on (its grounds) takes
    another of its values, the facts named in `keep` held as they are; each ruled with no
    other code and no analogues."""
    table = Table(scenario, games[scenario.game].for_code(cr.code, scenario.variants))
    alone = msgspec.structs.replace(scenario, codes=(cr.code,))
    out: list[CodeRuling] = []
    for ground in cr.grounds:
        if ground.fact in keep:
            continue
        key = (ground.fact, ground.seat)
        try:
            values = fact_values(table, key)
        except (KeyError, ValueError):
            continue
        out += [rule(alone, games, content, Knowledge(fixed={key: value}, explore=False))
                .for_code(cr.code) for value in values if value != ground.value]
    return out


def option_points_here(scenario: Scenario, ruling: Ruling, games: Mapping[str, Game],
                       content: Content) -> dict[str, set[Points]]:
    """The points each scored option gives at this table: under every code's ruling, and
    with each fact a ruling turned on (not what happened) taken at its other values."""
    out: dict[str, set[Points]] = {}
    found = list(ruling.rulings)
    keep = happening_facts(scenario)
    for cr in ruling.rulings:
        if cr.outcome != "not-covered":
            found += one_ground_changed(scenario, cr, games, content, keep)
    for r in found:
        for oid, points in scored_options(r).items():
            out.setdefault(oid, set()).add(points)
    return out
