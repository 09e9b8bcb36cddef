"""Rulings declared on the laws as data, ruled by one path.

A law whose ruling turns on nothing at the table declares it in its laws file (`[law.ruling]`,
app/corpus/law_rulings.py): the event it rules, the outcome, the options and the points by
role, and the explanation. The engine finds it by (game, code, event), as it finds a handler
(app/engine/core.py: a game's own handler, then its data ruling, then those of the general
laws), so `has_handler`, `registered` and the analogue search see it as they see a handler.
Its outcome turns on no fact of the table; the seats it gives the choices and the points to
(the offender, his adversary, the dealer, the pone) are found from the event's player and the
dealer, which are then its grounds (a ruling with no seat has none).

The shape and the roles are checked when the laws are loaded; the ids that belong to the
engine and the model (outcome, options, event) are checked here, naming file, law and field,
when a ruling is made and by `python -m app validate` (`problems`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from app.corpus.checks import Collector, ContentError, Problem
from app.corpus.law_rulings import EACH_ROLE, PLACEHOLDER, placeholders
from app.corpus.laws import Content, Law
from app.corpus.vocabulary import GENERAL
from app.engine.ruling import DUTIES, OPTIONS, OUTCOMES, Decision, Duty, Option
from app.model.event_types import Event
from app.model.events import EVENTS

if TYPE_CHECKING:
    from app.engine.core import Context

ANY_GAME = "*"  # as app.engine.core names the general laws' rulings
# Roles that are the event's player or stand across the table from him.
_OFFENDER_ROLES = frozenset({"offender", "adversary", EACH_ROLE})


_IN_USE: dict[Path, Content] = {}
# The declared rulings found sound when first ruled, by identity (a law is frozen).
_CHECKED: dict[int, Law] = {}


def in_use() -> Content:
    """The content in use ($CARDLAWS_CONTENT_DIR, else the app's own), from its store: whose
    rulings `has_handler` and `registered` see when they are not given the content."""
    from app.corpus.loading import content_dir, load_content

    root = content_dir()
    if root not in _IN_USE:
        _IN_USE[root] = load_content(root, cached=True)
    return _IN_USE[root]


def _ruling_game(law: Law) -> str:
    """The game a law's ruling is registered for: its own, or any game for the general laws."""
    return ANY_GAME if law.game == GENERAL else law.game


def find(content: Content, game: str, code: str, event: str) -> Law | None:
    """The law that declares the ruling of `event` under `code` at `game` (ANY_GAME: the
    general laws), or None."""
    source = GENERAL if game == ANY_GAME else game
    for law in content.rulings_of(source):
        assert law.ruling is not None  # rulings_of gives only laws that declare one
        if law.code == code and law.ruling.event == event:
            return law
    return None


def keys(content: Content) -> Iterator[tuple[tuple[str, str, str], Law]]:
    """Every (game, code, event) some law's ruling rules, with the law."""
    for game in (*content.games, GENERAL):
        for law in content.rulings_of(game):
            assert law.ruling is not None
            yield (_ruling_game(law), law.code, law.ruling.event), law


def handler(law: Law) -> Callable[[Context[Event]], Decision]:
    """A handler that gives the law's ruling (for the registry's view, `registered`)."""

    def by_data(ctx: Context[Event]) -> Decision:
        return decide(ctx, law)

    by_data.__name__ = by_data.__qualname__ = f"ruling of {law.id}"
    return by_data


def decide(ctx: Context[Event], law: Law) -> Decision:
    """The law's ruling at this table: its roles named by seat."""
    ruling = law.ruling
    assert ruling is not None
    if _CHECKED.get(id(law)) is not law:  # checked once per law loaded, not per ruling
        found = Collector()
        _check(law, ctx.content, found)
        if found.problems:
            raise ContentError(found.problems)
        _CHECKED[id(law)] = law
    seats = _Seats(ctx)
    # Who chooses and who scores are part of the ruling: the seats they name (the offender
    # read from the event, the dealer from the table) are its grounds, read in that order.
    options: list[Option] = []
    for option in ruling.options:
        options += [Option(option.id, p) for p in seats.each(option.by)]
    duties = [Duty(duty.id, p) for duty in ruling.duties for p in seats.each(duty.by)]
    score = {seats.one(role): points for role, points in ruling.score.items()}
    # A seat named only in the words decides nothing: it is read without being a ground.
    with ctx.table.reading.quietly():
        explanation = PLACEHOLDER.sub(lambda m: seats.one(m[1]), ruling.explanation)
    return ctx.decide(ruling.outcome, [law.id, *ruling.also_cites], explanation,
                      options=options, score=score, duties=duties)


class _Seats:
    """The seats a ruling's roles name at one table, each found when first named."""

    def __init__(self, ctx: Context[Event]) -> None:
        self._ctx = ctx
        self._found: dict[str, tuple[str, ...]] = {}

    def each(self, role: str) -> tuple[str, ...]:
        """The seats a role names (several for the offender's adversaries)."""
        if role not in self._found:
            table = self._ctx.table
            if role == "dealer":
                seats: tuple[str, ...] = (table.dealer,)
            elif role == "pone":
                seats = (table.pone,)
            else:
                offender = str(self._ctx.event.get("player"))
                seats = {
                    "offender": (offender,),
                    "adversary": (table.adversary(offender),),
                    EACH_ROLE: table.adversaries(offender),
                }[role]
            self._found[role] = seats
        return self._found[role]

    def one(self, role: str) -> str:
        """The one seat a role names."""
        return self.each(role)[0]


def _check(law: Law, content: Content, out: Collector) -> None:
    """The ruling's ids against the engine's and the model's vocabularies, and its roles
    against its event and game."""
    ruling = law.ruling
    assert ruling is not None
    where = (law.file, law.id)
    if ruling.outcome not in OUTCOMES:
        out.add(*where, "ruling.outcome", f"unknown outcome {ruling.outcome!r}; known: "
                + ", ".join(OUTCOMES))
    for n, option in enumerate(ruling.options):
        if option.id not in OPTIONS:
            out.add(*where, f"ruling.options[{n}].id", f"unknown option {option.id!r}")
    for n, duty in enumerate(ruling.duties):
        if duty.id not in DUTIES:
            out.add(*where, f"ruling.duties[{n}].id", f"unknown duty {duty.id!r}")
    spec = EVENTS.get(ruling.event)
    if spec is None:
        out.add(*where, "ruling.event", f"unknown event type {ruling.event!r}")
        return
    roles = {o.by for o in (*ruling.options, *ruling.duties)} | set(ruling.score) | set(
        placeholders(ruling.explanation))
    player = spec.field("player")
    if roles & _OFFENDER_ROLES and (player is None or player.optional):
        out.add(*where, "ruling", f"names the offender's seat, but a {ruling.event} event "
                "names no player")
    facts = content.games.get(law.game)
    two_handed = facts is not None and facts.model.max_players == 2
    if "adversary" in roles and not two_handed:
        out.add(*where, "ruling", "names 'adversary', the one adversary of a two-handed game, "
                "but this game may have more players ('offender's adversaries')")


def problems(content: Content, handlers: Mapping[tuple[str, str, str], object]
             ) -> list[Problem]:
    """Every data ruling checked, and against the handlers: one ruling per key."""
    out = Collector()
    for key, law in keys(content):
        _check(law, content, out)
        if key in handlers:
            out.add(law.file, law.id, "ruling.event",
                    f"a handler in app/engine/handlers also rules {key[2]!r} for {key[0]} "
                    f"under the {key[1]} code: one of them must go")
    return out.problems
