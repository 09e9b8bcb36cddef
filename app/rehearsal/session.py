"""A rehearsal: a deal played forward step by step, with branches to try other choices.

A `Rehearsal` is data: how the deal started and, for each branch, the list of steps taken
(plays, declarations, mistakes, the option chosen under each ruling, new deals). Every table
along a branch is recomputed from those steps, so stepping back is free and a saved rehearsal
reopens exactly. The engine rules every mistake as it is replayed: nothing is stored that the
engine did not compute.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, TypedDict, get_args

import msgspec
from msgspec import Meta

from app.cards import Card
from app.corpus.laws import Content
from app.corpus.schema import Schema, convert, wrong
from app.engine import Ruling, rule
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import ScenarioError, parse_scenario
from app.rehearsal import melds as meld_play
from app.rehearsal.from_table import scenario_table, state_from_scenario
from app.rehearsal.mistakes import Mistake, commit
from app.rehearsal.play import (
    RehearsalError,
    count_points,
    deal,
    facts,
    legal_cards,
    play_card,
    settle_draws,
)
from app.rehearsal.remedies import add_scores, apply
from app.rehearsal.state import HAND_OVER, PLAYING, DealState, to_scenario


class _Details(msgspec.Struct, frozen=True, tag_field="kind"):
    """A step's details as a file or a screen gives them, by kind (`Step.data`)."""


class PlayStep(_Details, frozen=True, tag="play"):
    """A card played to the trick."""

    player: str = ""
    card: str = ""


class DeclareStep(_Details, frozen=True, tag="declare"):
    """A declaration scored by the winner of the last trick, before he draws."""

    player: str = ""
    declaration: str = ""
    points: Annotated[int, Meta(ge=0, le=10_000, description=(
        "a whole number from 0 to 10000"))] = 0
    suit: str | None = None


class MistakeStep(_Details, frozen=True, tag="mistake"):
    """An irregularity: the engine's event."""

    event: dict[str, Any]


class RemedyStep(_Details, frozen=True, tag="remedy"):
    """The ruling applied under a code, with the option chosen (None for none)."""

    code: str | None = None
    option: str | None = None


class TurnStep(_Details, frozen=True, tag="turn"):
    """A card turned from the stock (a game of melds)."""

    player: str = ""


class MeldStep(_Details, frozen=True, tag="meld"):
    """Cards melded, with the card on offer or onto a meld on the table (`onto`)."""

    player: str = ""
    cards: tuple[str, ...] = ()
    onto: int | None = None


class DiscardStep(_Details, frozen=True, tag="discard"):
    """A card discarded."""

    player: str = ""
    card: str = ""


class PassStep(_Details, frozen=True, tag="pass"):
    """The card on offer refused."""

    player: str = ""


class DealStep(_Details, frozen=True, tag="deal"):
    """The next deal, by a dealer, shuffled by a seed."""

    dealer: str | None = None
    seed: int = 0


Details = (PlayStep | DeclareStep | MistakeStep | RemedyStep | TurnStep | MeldStep | DiscardStep
           | PassStep | DealStep)
STEP_KINDS: tuple[str, ...] = tuple(
    str(kind.__struct_config__.tag) for kind in get_args(Details))


@dataclass(frozen=True)
class Step:
    """One thing that happened: its kind and its details (cards as codes, as in files)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


# The texts of a rehearsal: a seat, a game, a code, a branch's name (bounded, no NUL).
MAX_TEXT = 200
Name = Annotated[str, Meta(max_length=MAX_TEXT, pattern=r"^[^\x00]*\S[^\x00]*$", description=(
    f"some text, at most {MAX_TEXT} characters"))]
Points = Annotated[int, Meta(ge=-100_000, le=100_000, description=(
    "a whole number from -100000 to 100000"))]


class Bid(TypedDict):
    """The bid standing when the rehearsal begins."""

    player: str
    amount: Annotated[int, Meta(ge=0, le=100, description="a whole number from 0 to 100")]


class Start(Schema, frozen=True):
    """How the rehearsal begins: the game, the seats, the dealer, the codes and readings in
    force, the score, and the seed that shuffles the pack (the same seed, the same deal).
    Also the schema of a rehearsal file's `start` (app/rehearsal/document.py)."""

    game: Name
    players: Annotated[tuple[Name, ...], Meta(min_length=2, max_length=8, description=(
        "a list of 2 to 8 seats"))]
    dealer: Name
    seed: Annotated[int, Meta(ge=0, le=2**31 - 1, description=(
        f"a whole number from 0 to {2**31 - 1}"))]
    codes: Annotated[tuple[Name, ...], Meta(max_length=3, description="a list of codes")] = ()
    variants: Annotated[dict[Name, Name], Meta(max_length=50, description=(
        "a map of a variant group to a law id"))] = msgspec.field(default_factory=dict)
    scores: dict[str, Points] = msgspec.field(default_factory=dict)
    bid: Bid | None = None
    trump: Annotated[str, Meta(pattern="^[SHDC]$", description=(
        "a suit letter S, H, D or C"))] | None = None
    title: Annotated[str, Meta(max_length=MAX_TEXT, pattern=r"^[^\x00]*$")] = ""
    table: dict[str, Any] | None = None  # a scenario's table to start from, if any

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise wrong("players", "seat names must be different")
        if self.dealer not in self.players:
            raise wrong("dealer", "must be one of the players")
        if not set(self.scores) <= set(self.players):
            raise wrong("scores", "must map players to points")
        if self.bid is not None and self.bid["player"] not in self.players:
            raise wrong("bid.player", "must be one of the players")


@dataclass(frozen=True)
class Moment:
    """The table after a step, with the ruling waiting for a choice when a mistake was made."""

    step: Step | None
    state: DealState
    mistake: Mistake | None = None  # set while a ruling awaits the innocent side's choice
    hand_ruling: Ruling | None = None  # the engine's scoring of a finished hand, if any


@dataclass(frozen=True)
class Branch:
    """A line of play: a name and its steps."""

    name: str
    steps: tuple[Step, ...] = ()


class Rehearser:
    """Replays steps against the engine: the one place the rehearsal's tables are made."""

    def __init__(self, games: Mapping[str, Game], content: Content) -> None:
        self.games = games
        self.content = content

    def game(self, start: Start | DealState) -> Game:
        """The game as the first code in force plays it, with the readings chosen: the pack on
        the table, and that code's obligations, which decide the cards marked lawful."""
        variants = start.variants
        if isinstance(start, Start) and start.table is not None:
            chosen = start.table.get("variants")
            variants = chosen if isinstance(chosen, dict) else variants
        base = self.games[start.game]
        code = (start.codes or base.codes)[0]
        return base.for_table(variants).for_code(code, variants)

    def start_from_table(self, raw: Mapping[str, Any], seed: int, title: str = "") -> Start:
        """A start from a scenario's table (RehearsalError naming the field if it is bad)."""
        s = scenario_table(raw, self.games)
        table = {k: v for k, v in raw.items() if k not in ("expected",)}
        bid = None if s.bid is None else Bid(player=s.bid.player, amount=s.bid.amount)
        return Start(s.game, s.players, s.dealer, seed, codes=s.codes, variants=dict(s.variants),
                     scores=dict(s.scores), bid=bid, trump=s.trump, title=title, table=table)

    def first(self, start: Start) -> Moment:
        """The opening table."""
        if start.game not in self.games:
            raise RehearsalError(f"unknown game {start.game!r}")
        game = self.game(start)
        if start.table is not None:
            scenario = scenario_table(start.table, self.games)
            reserve = {}
            event = start.table.get("event")
            if isinstance(event, Mapping) and isinstance(event.get("player"), str):
                try:
                    reserve = {event["player"]: Card.parse(str(event.get("card")))}
                except ValueError:
                    reserve = {}
            return Moment(None, state_from_scenario(scenario, game, start.seed, reserve))
        state = deal(game, start.players, start.dealer, random.Random(start.seed),
                     codes=start.codes, variants=start.variants, scores=start.scores,
                     bid=start.bid, trump=start.trump)
        return Moment(None, state)

    def moments(self, start: Start, steps: Sequence[Step]) -> list[Moment]:
        """The table after each step (the first moment is the deal); RehearsalError names the
        step that cannot be taken."""
        moments = [self.first(start)]
        for index, step in enumerate(steps, start=1):
            try:
                moments.append(self.advance(moments[-1], step, start))
            except RehearsalError as exc:
                raise RehearsalError(f"step {index} ({step.kind}): {exc}") from None
        return moments

    # --- one step ------------------------------------------------------------------------
    def advance(self, moment: Moment, step: Step, start: Start) -> Moment:
        """The moment after one step."""
        state, game = moment.state, self.game(moment.state)
        details, problems = convert({**step.data, "kind": step.kind}, Details)
        if details is None:
            raise RehearsalError("; ".join(f"{fld or 'kind'}: {message}"
                                           for fld, message in problems))
        if moment.mistake is not None and step.kind != "remedy":
            raise RehearsalError("a ruling is waiting: choose an option first")
        match details:
            case RemedyStep(code=code, option=option):
                if moment.mistake is None:
                    raise RehearsalError("there is no ruling to apply")
                after = apply(moment.mistake, code or state.codes[0], option, game,
                              self.proper_counts(moment.mistake.after, game))
                return self._settle(Moment(step, after), game)
            case DealStep(dealer=dealer, seed=seed):
                dealer = dealer or state.dealer
                if dealer not in state.players:
                    raise RehearsalError(f"unknown dealer {dealer!r}")
                fresh = deal(game, state.players, dealer, random.Random(seed), codes=state.codes,
                             variants=state.variants, scores=state.scores,
                             trump=start.trump if facts(game).trump_named_by == "bidder" else None)
                return Moment(step, fresh)
            case MistakeStep(event=event):
                mistake = commit(state, game, self.games, self.content, event)
                return Moment(step, mistake.after, mistake=mistake)
            case PlayStep(player=player, card=code):
                card = _card(code)
                if card not in legal_cards(settle_draws(state, game), game, player):
                    raise RehearsalError(self.why_illegal(state, game, player, card))
                return self._settle(Moment(step, play_card(state, game, player, card)), game)
            case DeclareStep():
                return Moment(step, self.declare(state, game, details))
            case TurnStep(player=player):
                return self._settle(Moment(step, meld_play.turn_card(state, player)), game)
            case MeldStep(player=player, cards=codes, onto=onto):
                after = meld_play.meld(state, game, player, [_card(c) for c in codes], onto)
                return self._settle(Moment(step, after), game)
            case DiscardStep(player=player, card=code):
                return Moment(step, meld_play.discard(state, player, _card(code)))
            case PassStep(player=player):
                return Moment(step, meld_play.pass_card(state, player))
        raise RehearsalError(f"unknown step {step.kind!r}")

    def _settle(self, moment: Moment, game: Game) -> Moment:
        """At the end of a hand, count it and let the engine score it where the game says."""
        state = moment.state
        if state.status != HAND_OVER or state.counted:
            return moment
        points = count_points(state, game)
        play = facts(game)
        state = replace(state, counted=points)
        if not play.end_event:
            if play.count == "card-points":
                state = replace(add_scores(state, points), hand_scored=dict(points))
                counted = ", ".join(f"{p} {n}" for p, n in points.items())
                state = replace(state, note=f"The hand is over. Points in the cards, with the "
                                            f"last trick: {counted}.")
            return replace(moment, state=state)
        event = self.end_event(state, game, points)
        try:
            scenario = parse_scenario(to_scenario(state, game, event), self.games)
        except ScenarioError as exc:
            unscored = replace(state, note=f"The hand could not be scored: {exc}")
            return replace(moment, state=unscored)
        ruling = rule(scenario, self.games, self.content)
        governing = ruling.rulings[0]
        state = replace(add_scores(state, governing.score), hand_scored=dict(governing.score))
        return replace(moment, state=replace(state, note=governing.explanation),
                       hand_ruling=ruling)

    def end_event(self, state: DealState, game: Game, points: Mapping[str, int]) -> dict[str, Any]:
        """The engine event that scores a finished hand (hand-result, points-made)."""
        kind = facts(game).end_event
        if kind == "hand-result":
            return {"type": kind, "tricks": dict(points), "proposal": "stood"}
        return {"type": kind, "points": {p: n for p, n in points.items()}}

    # --- helpers -------------------------------------------------------------------------
    def proper_counts(self, state: DealState, game: Game) -> dict[str, int]:
        """How many cards each hand should hold now, as the engine reckons it."""
        try:
            raw = to_scenario(state, game, {"type": "wrong-count"})
            table = Table(parse_scenario(raw, self.games), game)
        except ScenarioError:
            return {}
        return {p: table.proper_count(p) for p in state.players}

    def why_illegal(self, state: DealState, game: Game, player: str, card: Card) -> str:
        """Why a card may not be played now, with the law that forbids it."""
        state = settle_draws(state, game)
        if player != state.to_move:
            return f"It is {state.to_move}'s turn to play, not {player}'s."
        try:
            mistake = commit(state, game, self.games, self.content,
                             {"type": "play", "player": player, "card": card.code})
        except RehearsalError as exc:
            return str(exc)
        laws = [law for r in mistake.ruling.rulings for law in r.laws]
        cited = "; ".join(self.content.laws[law].title for law in laws[:2] if law in
                          self.content.laws)
        rule_words = game.stage_rule(state.stage)
        trick = state.trick.cards if state.trick is not None else ()
        obligation = (rule_words.describe(trump_led=game.trump_led(trick, state.trump))
                      if rule_words is not None else "")
        return (f"The {card.name} may not be played now. {obligation}"
                + (f" ({cited})" if cited else "")).strip()

    def declare(self, state: DealState, game: Game, step: DeclareStep) -> DealState:
        """A declaration scored by the winner of the last trick, before he draws."""
        from app.engine.handlers.declarations import missing_cards

        player, name, points, suit = step.player, step.declaration, step.points, step.suit
        if state.last_winner != player or player not in state.to_draw[:1]:
            raise RehearsalError(f"only the winner of the last trick may declare, before "
                                 f"drawing ({state.last_winner or 'nobody'} won it)")
        trump = state.trump
        if trump is None and suit is not None and name in ("marriage", "royal-marriage") \
                and facts(game).trump_named_by == "first-marriage":
            trump = suit.upper()
        if name in ("marriage", "royal-marriage") and suit is not None and \
                suit.upper() in "SHDC":
            # A marriage named in a suit needs that suit's king and queen.
            missing = missing_cards("royal-marriage", state.hand(player), suit.upper())
        else:
            missing = missing_cards(name, state.hand(player), trump, game)
        if missing:
            raise RehearsalError(f"{player} does not hold {', '.join(c.name for c in missing)} "
                                 f"for that declaration")
        state = add_scores(replace(state, trump=trump), {player: points})
        return replace(state, declared=(*state.declared, (player, name, points)),
                       note=f"{player} declared {name} for {points}.")


def _card(code: str) -> Card:
    try:
        return Card.parse(code)
    except ValueError as exc:
        raise RehearsalError(str(exc)) from None


def status_words(state: DealState) -> str:
    """Where the deal stands, in words."""
    if state.status == PLAYING:
        return f"{state.to_move} to play" if state.melds is None else f"{state.to_move} to move"
    return {"hand-over": "The hand is over.", "void": "The deal is void.",
            "abandoned": "The game is abandoned."}[state.status]
