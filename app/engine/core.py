"""The engine: a table from (game, code, event type) to the handler that rules it.

Handlers are pure functions `handler(ctx) -> Decision | None`. None means the laws of that
code do not cover the situation; the engine then answers `not-covered` with the code's
guiding principle rather than guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

import msgspec

from app.cards import SUITS, Card
from app.corpus.checks import Problem
from app.corpus.laws import Content, Law
from app.corpus.vocabulary import CODES
from app.engine import data_rulings
from app.engine import handlers as _modules
from app.engine.event_facts import traced
from app.engine.ruling import Case, CodeRuling, Decision, Duty, Option, Ruling, headline
from app.engine.table import Table
from app.model.event_types import Event
from app.model.events import EVENTS
from app.model.facts import EVENT_PREFIX, FACTS, FactKey, Ground, NeedFact, Reading, question, say
from app.model.games import Game
from app.model.scenario import Scenario

ANY_GAME = "*"

Handler = Callable[["Context[Any]"], Decision | None]
_HANDLERS: dict[tuple[str, str, str], Handler] = {}


# The fields a handler declares it reads, of those only some rulings read
# (Word.only_where_read), by the (game, code, event) it rules.
_READS: dict[tuple[str, str, str], frozenset[str]] = {}


def rules(games: str | Iterable[str], code: str, *events: str,
          reads: Iterable[str] = ()) -> Callable[[Handler], Handler]:
    """Register a handler for some games (or ANY_GAME) under one code for event types.

    A handler of a game lives in a module its game names (app/engine/handlers/__init__.py):
    the engine loads a game's handlers by their modules' names alone. `reads` names the
    fields it reads that only some rulings read (Word.only_where_read: the Club Code's card
    taken back in time): the builder offers such a field only where a ruling in force reads
    it, and the engine refuses a handler that reads one it did not declare."""
    names = (games,) if isinstance(games, str) else tuple(games)
    declared = frozenset(reads)

    def register(fn: Handler) -> Handler:
        module = fn.__module__.rpartition(".")[2]
        for event in events:
            spec = EVENTS.get(event)
            stray = declared - (spec.read_where_declared if spec else frozenset())
            if stray:
                raise RuntimeError(f"{fn.__module__}.{fn.__name__} declares it reads "
                                   f"{sorted(stray)} of {event!r}: no such field only "
                                   f"some rulings read")
        for game in names:
            own = _modules.ANY_GAME_MODULE if game == ANY_GAME else _modules.module_of(game)
            if module != own and not (game != ANY_GAME and module.startswith(own + "_")):
                raise RuntimeError(f"{fn.__module__}.{fn.__name__} rules {game!r}: a handler "
                                   f"of {game!r} belongs in handlers/{own}.py or {own}_*.py")
            for event in events:
                key = (game, code, event)
                if key in _HANDLERS:
                    raise RuntimeError(f"two handlers for {key}")
                _HANDLERS[key] = fn
                if declared:
                    _READS[key] = declared
        return fn

    return register


def reads_field(game: str, codes: Iterable[str], event: str, name: str) -> bool:
    """Whether the ruling of the event in the game under one of the codes reads the field:
    the handler that rules it (the game's own, else the general laws') declares it does.
    A law's declared ruling (data_rulings.py) turns on no such field."""
    _modules.load(game)
    for code in codes:
        own = (game, code, event)
        key = own if own in _HANDLERS else (ANY_GAME, code, event)
        if name in _READS.get(key, ()):
            return True
    return False


def _undeclared_reads(key: tuple[str, str, str], facts: Iterable[str]) -> None:
    """Refuse a ruling that turned on a field only some rulings read, which its handler did
    not declare: the builder would not offer the field at its table."""
    spec = EVENTS.get(key[2])
    if spec is None or not spec.read_where_declared:
        return
    declared = _READS.get(key, frozenset())
    for fact in facts:
        name = fact[len(EVENT_PREFIX):] if fact.startswith(EVENT_PREFIX) else ""
        if name in spec.read_where_declared and name not in declared:
            raise RuntimeError(f"the handler of {key} reads {name!r} without declaring it: "
                               f"rules(..., reads=({name!r},))")


def has_handler(game: str, code: str, event: str, content: Content | None = None) -> bool:
    """Whether some handler, or some law's declared ruling (of `content`, else of the content
    in use), rules the event for the game under the code."""
    _modules.load(game)
    if (game, code, event) in _HANDLERS or (ANY_GAME, code, event) in _HANDLERS:
        return True
    content = content if content is not None else data_rulings.in_use()
    return any(data_rulings.find(content, g, code, event) for g in (game, ANY_GAME))


def registered(content: Content | None = None) -> Mapping[tuple[str, str, str], Handler]:
    """Every registered handler, and the rulings the laws of `content` (else of the content
    in use) declare (for the builder's list of events, the quizzes' survey and the tests)."""
    _modules.load_all()
    found = {key: data_rulings.handler(law) for key, law in data_rulings.keys(
        content if content is not None else data_rulings.in_use())}
    return {**found, **_HANDLERS}


def data_ruling_problems(content: Content) -> list[Problem]:
    """What is wrong with the rulings the laws declare (`python -m app validate`)."""
    _modules.load_all()
    return data_rulings.problems(content, _HANDLERS)


E = TypeVar("E", bound=Event, covariant=True)


@dataclass(frozen=True)
class Context(Generic[E]):
    """What a handler sees: the table, the code being ruled, and the laws. A handler names the
    event it rules (`Context[DrewTwo]`) and reads its fields as typed attributes."""

    table: Table
    code: str
    content: Content

    @property
    def game(self) -> Game:
        """The game."""
        return self.table.game

    @property
    def event(self) -> E:
        """What happened; its fields read by name (`ctx.event.player`), each a fact. Made once
        per context (kept in its __dict__: functools.cached_property takes a lock each time)."""
        made = self.__dict__.get("_event")
        if made is None:
            made = self.__dict__["_event"] = traced(self.table.scenario.event, self.table.reading)
        return made  # type: ignore[return-value]

    def law(self, law_id: str) -> Law:
        """A law by id (KeyError if the engine cites a law that does not exist)."""
        return self.content.laws[law_id]

    def variant(self, group: str) -> str:
        """The law id chosen for a variant group: the scenario's choice, else the default."""
        members = self.content.variants.get(group)
        if not members:
            raise KeyError(f"no variant group {group!r}")
        chosen = self.table.scenario.variants.get(group)
        if chosen and any(m.id == chosen for m in members):
            return chosen
        return members[0].id  # validation guarantees each group one default, sorted first

    def decide(
        self,
        outcome: str,
        laws: Iterable[str],
        explanation: str,
        options: Iterable[Option] = (),
        score: Mapping[str, int] | None = None,
        remedy_unknown: bool = False,
        contested: bool = False,
        score_when: str = "",
        duties: Iterable[Duty] = (),
        remedy_waits: bool = False,
        winner: str = "",
    ) -> Decision:
        """Build a Decision, dropping zero score entries; the headline says when the deal's
        fate is the innocent side's choice (ruling.headline). `remedy_unknown`: the laws
        held name the fault but not its remedy (Decision.remedy_unknown). `contested`: two
        laws of the code fit the moment and rule it differently (Decision.contested);
        `score_when`, when the points are scored (Decision.score_when); `remedy_waits`, the
        remedy needs what the table does not yet hold (Decision.remedy_waits); `winner`, who
        wins the game (Decision.winner)."""
        chosen = tuple(options)
        return Decision(
            outcome=headline(outcome, (o.id for o in chosen)),
            laws=tuple(dict.fromkeys(laws)),  # each law cited once, in the order first given
            explanation=explanation,
            options=chosen,
            score={p: v for p, v in (score or {}).items() if v},
            remedy_unknown=remedy_unknown,
            contested=contested,
            score_when=score_when,
            duties=tuple(duties),
            remedy_waits=remedy_waits,
            winner=winner,
        )


# Laws that hold for every game under their code (Foster's General Laws for all card games).
GENERAL_LAWS = "general"
PRINCIPLE_CASE = "guiding-principle"


def principle_laws(content: Content, game: str, code: str) -> list[str]:
    """The code's guiding principle for this game: its own, then the general laws' one."""
    return [
        law.id
        for source in (game, GENERAL_LAWS)
        for law in content.laws_of_case(source, code, PRINCIPLE_CASE)
    ]


# A code's silence is ruled the same for every table of a game: made once per game and code
# of the content in use (a third of the rulings of the examples are silences). Only the
# latest content's are kept, so an old corpus is not held alive by them.
_SILENCES: dict[tuple[str, str, str], Decision] = {}
_SILENCES_OF: list[Content] = []


def _not_covered(ctx: Context[Event]) -> Decision:
    if not _SILENCES_OF or _SILENCES_OF[0] is not ctx.content:
        _SILENCES.clear()
        _SILENCES_OF[:] = [ctx.content]
    key = (ctx.game.id, ctx.game.name, ctx.code)
    decision = _SILENCES.get(key)
    if decision is None:
        decision = _SILENCES[key] = _silence(ctx)
    return decision


def _silence(ctx: Context[Event]) -> Decision:
    info = ctx.game.facts.codes[ctx.code]
    laws = principle_laws(ctx.content, ctx.game.id, ctx.code)
    # The principle cited is the one explained; the game's own summary is the fallback.
    principle = " ".join(ctx.law(i).brief for i in laws) or info.principle
    return Decision(
        outcome="not-covered",
        laws=tuple(laws),
        explanation=(
            f"The {CODES[ctx.code]} laws of {ctx.game.name} ({info.authority}) say nothing "
            f"about this situation, so no ruling is given. Their guiding principle: {principle}"
        ),
    )


@dataclass(frozen=True)
class Knowledge:
    """What the engine is told beside the scenario: facts fixed by answers (Ask) or by a case
    being ruled, facts left out, and whether to rule each value of a fact left out (`explore`)
    or stop and name it (Ask asks it)."""

    fixed: Mapping[FactKey, Any] = field(default_factory=dict)
    unknown: frozenset[str] = frozenset()
    everything_unknown: bool = False
    explore: bool = True
    # Facts ruled value by value even when not exploring: those a referee said he does not know.
    explore_keys: frozenset[FactKey] = frozenset()


# A fact left out is explored value by value; a case may leave out another. Past these bounds
# the ruling names the fact and rules no further (a chart or Ask goes on asking).
MAX_CASE_DEPTH = 4  # every seat's count at a table of four
MAX_CASES = 256


@dataclass
class _Budget:
    cases: int = MAX_CASES


def _judge(table: Table, code: str, content: Content, known: Knowledge,
           depth: int = 0, budget: _Budget | None = None) -> CodeRuling:
    """One code's ruling: its handler's decision, else not-covered with the code's principle;
    the facts read recorded as its grounds; a fact left out ruled value by value."""
    reading = Reading(fixed=known.fixed, unknown=known.unknown | table.scenario.unknown,
                      everything_unknown=known.everything_unknown)
    at = Table(table.scenario, table.game, reading)
    ctx: Context[Event] = Context(at, code, content)
    event = table.scenario.event.type
    _modules.load(table.game.id)
    ruled_by: tuple[str, str, str] | None = None
    try:
        decision = None
        # The game's own handler or declared ruling, else the general laws' (data_rulings.py).
        for game in (table.game.id, ANY_GAME):
            handler = _HANDLERS.get((game, code, event))
            if handler is not None:
                ruled_by = (game, code, event)
                decision = handler(ctx)
                break
            law = data_rulings.find(content, game, code, event)
            if law is not None:
                decision = data_rulings.decide(ctx, law)
                break
    except NeedFact as need:
        if ruled_by is not None:
            _undeclared_reads(ruled_by, (need.key[0], *(g.fact for g in reading.grounds)))
        return _split(at, code, content, known, need, tuple(reading.grounds), depth,
                      budget or _Budget())
    if ruled_by is not None:
        _undeclared_reads(ruled_by, (g.fact for g in reading.grounds))
    if decision is None:
        decision = _not_covered(ctx)
    for law_id in decision.laws:
        ctx.law(law_id)
    return CodeRuling(code, decision, grounds=tuple(reading.grounds))


def _split(table: Table, code: str, content: Content, known: Knowledge, need: NeedFact,
           read: tuple[Ground, ...], depth: int, budget: _Budget) -> CodeRuling:
    """A ruling that turns on a fact the table leaves out: each value ruled as a case, or,
    when not exploring (or past the bounds), the fact named as what is needed."""
    key = need.key
    fact, seat = key
    why = need.why or "The table does not say"
    values = fact_values(table, key)
    asked = question(fact, seat)
    cases: list[Case] = []
    explore = known.explore or key in known.explore_keys
    if explore and values and depth < MAX_CASE_DEPTH and budget.cases >= len(values):
        budget.cases -= len(values)
        for value in values:
            sub = replace(known, fixed={**known.fixed, key: value})
            ruled = _judge(table, code, content, sub, depth + 1, budget)
            cases.append(Case(value, say(fact, seat, value), ruled))
    if cases and len({(*c.ruling.key(), c.ruling.laws, c.ruling.explanation)
                      for c in cases}) == 1:
        # Whatever the fact, the ruling is the same, word for word: it does not decide, and
        # is not asked. Its grounds are those every case read alike (a case's own reads, such
        # as the dealer it supposed, are not facts of this table).
        first = cases[0].ruling
        common = tuple(g for g in first.grounds if (g.fact, g.seat) != key and all(
            any((h.fact, h.seat, h.value) == (g.fact, g.seat, g.value) for h in c.ruling.grounds)
            for c in cases[1:]))
        return msgspec.structs.replace(first, grounds=common)
    laws = tuple(dict.fromkeys(law for c in cases for law in c.ruling.laws))
    if cases:
        explanation = f"{asked} {why}, and the ruling turns on it. " + " ".join(
            f"If {c.words[0].lower()}{c.words[1:].rstrip('.')}: {_case_words(c.ruling)}"
            for c in cases)
    elif explore:
        # Too many values to rule one by one (a card, a hand): until the fact is known, the
        # code's guiding principle is what the referee has to go on.
        laws = tuple(principle_laws(content, table.game.id, code))
        explanation = (f"{asked} {why}, and the ruling turns on it. Until it is known, the "
                       f"code's guiding principle applies: "
                       + " ".join(content.laws[i].brief for i in laws))
    else:  # not asked yet (a guided ruling asks it next)
        explanation = f"{asked} {why}, and the ruling turns on it."
    decision = Decision(outcome="depends", laws=laws, explanation=explanation)
    return CodeRuling(code, decision, grounds=read, needs=key, cases=tuple(cases))


def _case_words(ruled: CodeRuling) -> str:
    """A case in a sentence: its own explanation, or, where it turns on a further fact, that."""
    if ruled.needs is not None:
        return f"it turns on another fact: {question(*ruled.needs)}"
    return ruled.explanation


def fact_values(table: Table, key: FactKey) -> tuple[Any, ...]:
    """The values a fact left out is ruled at: every value of a small domain (yes or no, a
    seat, a stage, a choice), and for a count against the count due the three the laws tell
    apart (one short, right, one over). () for a fact no short list covers (a card, a hand,
    a trick): the ruling then names it as needed."""
    fact, _ = key
    players = table.scenario.players
    if fact.startswith(EVENT_PREFIX):
        spec = EVENTS[table.scenario.event.type].field(fact[len(EVENT_PREFIX):])
        if spec is None:
            return ()
        if spec.kind == "player":
            return players
        if spec.kind == "bool":
            return (True, False)
        if spec.kind == "choice":
            return spec.choices
        if spec.kind == "int" and spec.high - spec.low <= 12:
            return tuple(range(spec.low, spec.high + 1))
        return ()
    declared = FACTS.get(fact)
    if declared is None:
        return ()
    kind = declared.kind
    if kind == "yes-no":
        return (True, False)
    if kind == "seat":
        return players
    if kind == "stage":  # the stages at which the event can happen in this game
        return tuple(table.game.stages_of(table.scenario.event.type))
    if kind == "choice":
        return declared.choices
    if kind == "offset":
        return (-1, 0, 1)
    if kind == "suit-or-none":
        return (None, *SUITS)
    return ()


def _decide(table: Table, code: str, content: Content) -> Decision:
    """One code's decision (for the analogue search, which weighs decisions alone)."""
    return _judge(table, code, content, Knowledge()).decision


def rule(scenario: Scenario, games: Mapping[str, Game], content: Content,
         known: Knowledge | None = None) -> Ruling:
    """Rule a scenario under each code in force; a silent code gets its analogues. Each
    code's ruling records the facts it turned on (its grounds); `known` fixes facts (Ask's
    answers) or leaves them out."""
    from app.engine.analogues import find_analogues

    known = known or Knowledge()
    base = games[scenario.game]
    tables: dict[int, Table] = {}
    by_code: dict[str, Table] = {}

    def table_for(code: str) -> Table:
        # Each code rules the game as its own readings change it, and no other code's.
        if code not in by_code:
            game = base.for_code(code, scenario.variants)
            by_code[code] = tables.setdefault(id(game), Table(scenario, game))
        return by_code[code]

    decided: dict[str, CodeRuling] = {}

    def judged(code: str) -> CodeRuling:
        if code not in decided:
            decided[code] = _judge(table_for(code), code, content, known)
        return decided[code]

    def decide(at: Table, code: str) -> Decision:
        if at.scenario is not scenario:
            return _decide(at, code, content)  # a sibling's table, seen once
        return judged(code).decision

    rulings = []
    for code in scenario.codes:
        ruled = judged(code)
        if ruled.outcome == "not-covered" and not known.everything_unknown:
            # (A guided ruling's table is only what was asked: no sibling game is ruled on it.)
            ruled = msgspec.structs.replace(ruled, analogues=find_analogues(
                table_for(code), code, content, games, decide, PRINCIPLE_CASE))
        rulings.append(ruled)
    return Ruling(game=base.id, event=scenario.event.type, rulings=tuple(rulings))


def names(cards: Iterable[Card]) -> str:
    """Cards in words for explanations: 'queen of spades and jack of diamonds'."""
    items = [c.name for c in cards]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
