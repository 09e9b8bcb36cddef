"""The engine: a table from (game, code, event type) to the handler that rules it.

Handlers are pure functions `handler(ctx) -> Decision | None`. None means the laws of that
code do not cover the situation; the engine then answers `not-covered` with the code's
guiding principle rather than guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from app.cards import Card
from app.corpus.laws import Content, Law
from app.corpus.vocabulary import CODES
from app.engine import handlers as _modules
from app.engine.ruling import Analogue, CodeRuling, Decision, Option, Ruling
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Event, Scenario

ANY_GAME = "*"

Handler = Callable[["Context"], Decision | None]
_HANDLERS: dict[tuple[str, str, str], Handler] = {}


def rules(games: str | Iterable[str], code: str, *events: str) -> Callable[[Handler], Handler]:
    """Register a handler for some games (or ANY_GAME) under one code for event types.

    A handler of a game lives in a module its game names (app/engine/handlers/__init__.py):
    the engine loads a game's handlers by their modules' names alone."""
    names = (games,) if isinstance(games, str) else tuple(games)

    def register(fn: Handler) -> Handler:
        module = fn.__module__.rpartition(".")[2]
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
        return fn

    return register


def has_handler(game: str, code: str, event: str) -> bool:
    """Whether some handler rules the event for the game under the code."""
    _modules.load(game)
    return (game, code, event) in _HANDLERS or (ANY_GAME, code, event) in _HANDLERS


def registered() -> Mapping[tuple[str, str, str], Handler]:
    """Every registered handler (for tests and documentation)."""
    _modules.load_all()
    return dict(_HANDLERS)


@dataclass(frozen=True)
class Context:
    """What a handler sees: the table, the code being ruled, and the laws."""

    table: Table
    code: str
    content: Content

    @property
    def game(self) -> Game:
        """The game."""
        return self.table.game

    @property
    def event(self) -> Event:
        """What happened; its fields read by name (`ctx.event.player`)."""
        return self.table.scenario.event

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
    ) -> Decision:
        """Build a Decision, dropping zero score entries."""
        return Decision(
            outcome=outcome,
            laws=tuple(laws),
            explanation=explanation,
            options=tuple(options),
            score={p: v for p, v in (score or {}).items() if v},
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


def _not_covered(ctx: Context) -> Decision:
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


def _decide(table: Table, code: str, content: Content) -> Decision:
    """One code's decision: its handler's, else not-covered with the code's principle."""
    ctx = Context(table, code, content)
    event = table.scenario.event.type
    _modules.load(table.game.id)
    handler = _HANDLERS.get((table.game.id, code, event)) or _HANDLERS.get((ANY_GAME, code, event))
    decision = handler(ctx) if handler else None
    if decision is None:
        decision = _not_covered(ctx)
    for law_id in decision.laws:
        ctx.law(law_id)
    return decision


def rule(scenario: Scenario, games: Mapping[str, Game], content: Content) -> Ruling:
    """Rule a scenario under each code in force; a silent code gets its analogues."""
    from app.engine.analogues import find_analogues

    base = games[scenario.game]
    tables: dict[int, Table] = {}
    by_code: dict[str, Table] = {}

    def table_for(code: str) -> Table:
        # Each code rules the game as its own readings change it, and no other code's.
        if code not in by_code:
            game = base.for_code(code, scenario.variants)
            by_code[code] = tables.setdefault(id(game), Table(scenario, game))
        return by_code[code]

    table = table_for(scenario.codes[0]) if scenario.codes else Table(scenario, base)
    decided: dict[str, Decision] = {}

    def decide(at: Table, code: str) -> Decision:
        if at.scenario is not scenario:
            return _decide(at, code, content)  # a sibling's table, seen once
        if code not in decided:
            decided[code] = _decide(table_for(code), code, content)
        return decided[code]

    rulings = []
    for code in scenario.codes:
        decision = decide(table, code)
        analogues: tuple[Analogue, ...] = ()
        if decision.outcome == "not-covered":
            analogues = find_analogues(table_for(code), code, content, games, decide,
                                       PRINCIPLE_CASE)
        rulings.append(CodeRuling(code, decision, analogues))
    return Ruling(game=base.id, event=scenario.event.type, rulings=tuple(rulings))


def names(cards: Iterable[Card]) -> str:
    """Cards in words for explanations: 'queen of spades and jack of diamonds'."""
    items = [c.name for c in cards]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
