"""Quiz tables as real moments of real deals (issue 25 §1).

A table is dealt and played forward by the rehearsal (app/rehearsal), lawful move by lawful
move (and, where the game has them, declarations its winner of a trick really holds), to a
moment where the event can happen; then the event is made to happen there, its fields read
from the table as it stands: the player to move, a card of his own hand, the tricks he has
won, the points the hand made. Seats, dealer, who has looked, the tricks, the stock, the trick
in progress and the melds all follow from the deal; the running score is what earlier deals
played the same way gave, below the points that win the game. Nothing here writes a scenario
mapping: the rehearsal's `to_scenario` writes the table, and the engine's parser reads it.

Where the event is a fact of the deal itself (a king turned up, a hand with no court card)
the deal is one the shuffle could have given: the cards are arranged between the hand and
the unseen stock before the first look.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from app.cards import Card
from app.corpus.laws import Law
from app.engine.handlers.declarations import turned_king_wins
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from app.rehearsal.play import RehearsalError, legal_cards
from app.rehearsal.session import Start
from app.rehearsal.state import DealState, to_scenario
from quizzes import make_cards, make_scores
from quizzes.deal_pool import Readings, pool, running_scores
from quizzes.declaration_words import laid_down_cards
from quizzes.event_fields import Context, Maker, event_fields, hand_owner
from quizzes.moment_stages import candidate, early
from quizzes.seen import laid_down, seen_table, turned_for_trumps
from quizzes.table_premises import turned_king_marked

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank


@dataclass(frozen=True)
class Dealt:
    """One moment of a real deal and the event that happened there: the table the engine
    rules (`state`), the scenario mapping the rehearsal writes of it, its parse, and the table
    as the learner sees it once the event has happened (quizzes/seen.py)."""

    state: DealState
    game: Game
    event: Mapping[str, Any]
    table: Mapping[str, Any]
    scenario: Scenario
    seen: Mapping[str, Any]

    def with_event(self, event: Mapping[str, Any], games: Mapping[str, Game]) -> Dealt:
        """The same moment with another event (ScenarioError if it does not fit)."""
        return dealt(self.state, self.game, event, games)


def dealt(state: DealState, game: Game, event: Mapping[str, Any],
          games: Mapping[str, Game]) -> Dealt:
    """The moment as a learner sees it: the rehearsal's table of it, the stock face down (how
    many cards, not which: no ruling reads them), parsed (ScenarioError if it does not fit)."""
    if event.get("type") == "play" and event.get("taken_back") is None:
        # A renounce put right in time is no revoke (Foster's Cinch: "a revoke is a renounce
        # in error not corrected in time"): the card is said to stand, so a play ruled a revoke
        # is one (the blind audit's #101), and a law that lets it be taken back in time is
        # ruled as a right already passed (the Club Code's law 39; round 5's #25, #48, #61).
        # Said in every game's stem, though only the Club Code's ruling reads it (the builder
        # offers the field there alone): elsewhere "It is a revoke" needs the card to stand.
        event = {**event, "taken_back": False}
    if event.get("type") == "king-turned" and event.get("marked") is None:
        # A turned king is marked at once (Foster's law; under the Club Code's law 22 the
        # dealer may wait): said where a ruling turns on it, a king making his fifth point.
        event = {**event, "marked": True}
    if event.get("type") == "king-turned" and state.stage == "bidding" and state.seen != ():
        # The turn-up is the deal's last act (the Club Code's law 10): told as happening now,
        # it cannot follow a look at the hands (the 47th blind round's #102).
        raise ScenarioError("event", "a king is turned up before anybody looks at his cards")
    if event.get("type") == "exposed-card" and event.get("how") != "two-played" \
            and _to_lead(state) == event.get("player"):
        # A card exposed by the player about to lead, the last trick quitted: the time to call
        # it to his lead ran out with that trick (Foster's Cinch, seed 003 ¶3), before it was
        # exposed, and no law says whether it may be called to this lead (the 50th blind
        # round's #57, after round 44's #87 and #89 and round 46's #72).
        raise ScenarioError("event", "a card exposed by its holder as he is about to lead")
    if event.get("type") == "several-trumps-turned" and any(
            c.rank == "K" for c in turned_for_trumps(state, int(event.get("count", 2)))):
        # A king among the cards turned, one the adversary may make the trump: whether the
        # dealer marks it (and with it the game) is a second question no law of the case
        # settles (the 51st blind round's #51: a king turned first, the dealer at 4).
        raise ScenarioError("event", "a king among the cards turned for trumps")
    if _king_would_have_won(state, game) and event.get("type") != "king-turned":
        # A dealer at game-less-one who turned a king would have marked it and won before a
        # card was played (the 46th blind round's #112: play in its second trick beside it).
        raise ScenarioError("turn_up", "the dealer's turned king would have won the game already")
    raw = to_scenario(state, game, event)
    if isinstance(raw.get("stock"), list):
        raw["stock"] = len(raw["stock"])
    if not any(state.hands.values()) and state.stage == "deal":
        raw["hands"] = {}  # nothing dealt yet (an error in the cut): no hand to count
    scenario = parse_scenario(raw, games)
    seen = seen_table(state, game, raw)
    laid = laid_down_cards(scenario, game)
    if laid:
        seen = laid_down(seen, str(scenario.event.get("player")), laid)
    return Dealt(state, game, dict(event), raw, scenario, seen)


def _to_lead(state: DealState) -> str | None:
    """Who is to lead a trick not yet begun, once a trick has been played (None else)."""
    if not state.tricks_played or state.stage not in ("play", "stock-exhausted"):
        return None
    if state.trick is not None and state.trick.plays:
        return None
    return state.to_move or None  # (who plays next: with no card on the trick, its leader)


def _king_would_have_won(state: DealState, game: Game) -> bool:
    """Whether a king turned up for trumps would have brought the dealer to the game before
    the play now under way (app.engine.handlers.declarations.turned_king_wins)."""
    return state.turn_up is not None and state.turn_up.rank == "K" \
        and state.stage not in ("deal", "bidding") \
        and turned_king_wins(game, state.score(state.dealer))


# Events about the card turned up for trumps: it lies turned at the moment.
_TURNED = frozenset({"king-turned", "several-trumps-turned"})
_MAKERS: dict[str, Maker] = {**make_cards.MAKERS, **make_scores.MAKERS}


def table_readings(game: Game, law: Law) -> Readings:
    """The readings a law's tables are dealt under: where a reading of the game by the law's
    own authority and code changes the pack (Foster's Cooncan of 1913 is played ace to ten,
    without court cards), the law's tables are dealt from the pack of the edition whose law
    decides the question, and the stem says so (quizzes.table_header.pack_words: "The pack: 40
    cards, ace to ten, no court cards (1913)."). A table never mixes the editions: a 1913 law ruled
    on the 1897 pack with its court cards (the blind audit of round 6, #69, #96, #151), or the
    1913 pack dealt without a word of it (round 5, #70 and #175). Any other law is asked on the
    game's usual pack."""
    groups = game.variant_groups
    return tuple((group, reading.id) for group in groups for reading in groups[group][1:]
                 if reading.changes.ranks and reading.code == law.code
                 and reading.authority == law.authority)


def deal_moment(bank: QuestionBank, combo: tuple[str, str, str],
                rng: random.Random, readings: Readings = ()) -> Dealt | None:
    """A real deal of the game played to a moment of `stage` where the event can happen, and
    the event made to happen there (None when this deal gives no such moment). `readings`:
    those in force at the table (table_readings)."""
    gid, stage, event_type = combo
    base = bank.games[gid]
    if base.facts.play is None:
        return None
    if event_type == "stock-exhausted" and stage == "hand-over" and base.has_tricks:
        return None  # the stock runs out before the last tricks, not once they are played
    rehearser = bank.rehearser
    players = tuple(base.default_seats())
    game = rehearser.game(Start(gid, players, players[-1], seed=0, variants=dict(readings)))
    ctx = Context(rng, rehearser)
    misdeal = stage == "hand-over" and event_type == "wrong-count"
    if misdeal and not base.has_tricks:
        return None  # a game of melds ends with cards melded, off the table: no count to show
    if misdeal and len(players) > 2:
        # A hand a card short is passed over once empty, so a later trick is a card short;
        # the table counts every trick gathered as full and cannot show it (the blind audit's
        # #15: 53 cards at Cinch), and a law of a wrong count found in play ("play continues")
        # has nothing to act on once the hand is over.
        return None
    moments = rng.choice(pool(rehearser, gid, misdeal, readings))
    found: DealState | None
    if stage in ("deal", "bidding"):
        found = early(moments[0].state, game, stage, rng, keep_turn_up=event_type in _TURNED)
    else:
        found = candidate(moments, stage, event_type, game, rng)
    if found is None:
        return None
    # The deal is one of a game: the running score is what earlier deals gave.
    # Where the event is the hand's scoring, no earlier deal's result is the one this hand's
    # scoring gives: the score would read as its ruling already applied (the twenty-first
    # round's #119: a set-back bidder at -2 beside "he is set back 2").
    scoring = event_type == base.facts.play.end_event
    earlier = running_scores(rehearser, base, players, rng, near=event_type == "counted-out",
                             already={p: found.score(p) for p in players},
                             unlike=found.hand_scored if scoring else None)
    state = replace(found, scores={p: earlier[p] + found.score(p) for p in players})
    if turned_king_marked(state.turn_up, state.stage, event_type, base):
        # (the dealer's king turned up is in his score: quizzes.table_premises)
        dealer = state.dealer
        state = replace(state, scores={**state.scores, dealer: max(1, state.scores[dealer])})
    event = event_fields(event_type, state, hand_owner(state, rng), rng)
    if event is None:
        return None
    maker = _MAKERS.get(event_type)
    if maker is not None:
        made = maker(state, game, event, ctx)
        if made is None:
            return None
        state, event = made
    try:
        # A card played is ruled on the table before it is played: the event names it.
        return dealt(state, game, event, bank.games)
    except (ScenarioError, RehearsalError):
        return None


def taken_up(found: Dealt, games: Mapping[str, Game]) -> Dealt | None:
    """The same moment just after the deal, once every player has taken up his cards (None
    when some already had, or it is not the deal). Where two laws of a code fit the moment
    nobody has taken up a card and rule it differently (Decision.contested: Portland law 12's
    compulsory fresh deal beside law 11's leave to put a wrong deal right, the eighth blind
    round's #4), the moment asked is this one, where only one of them still speaks."""
    state = found.state
    if state.stage != "deal" or state.seen:
        return None
    try:
        return dealt(replace(state, seen=tuple(state.players)), found.game, found.event, games)
    except (ScenarioError, RehearsalError):
        return None


def legal_now(dealt: Dealt) -> list[Card]:
    """The cards the player to move may lawfully play at this moment."""
    return legal_cards(dealt.state, dealt.game)
