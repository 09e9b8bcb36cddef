"""A ruling declared on a law: what the law gives, whatever the table, as data.

Many laws rule their situation the same way every time: the same outcome, the same choices for
the same seats, the same points. Such a law carries its ruling in the laws file, beside its
text, and the engine rules it by one generic path (app/engine/data_rulings.py); a law whose
ruling turns on anything at the table keeps a handler in app/engine/handlers/.

    [law.ruling]
    event = "peeked-at-stock"          # the event type it rules (app/model/events.py)
    outcome = "penalty"                # an outcome id (app/engine/ruling.py OUTCOMES)
    explanation = "{offender} looked at the stock: {adversary} may look at all of it."
    options = [{ id = "look-at-stock", by = "adversary" }]   # option ids (OPTIONS), by a role
    duties = [{ id = "draw-two-next", by = "offender" }]     # what a role must do (DUTIES)
    score = { adversary = 10 }         # points that change whatever anyone chooses, by role
    also_cites = ["conquian.american.drawn-card-faced-at-once"]  # laws cited after this one

Seats are named by their role at the table, never by a seat: `offender` (the event's player),
`adversary` (his one adversary, in a two-handed game), `dealer`, `pone`, and, for an option
offered to each of them, `offender's adversaries`. The explanation names them as `{offender}`,
`{adversary}`, `{dealer}` and `{pone}`.

This module checks the shape and the roles (the vocabulary of the corpus); the outcome, option
and event ids belong to the engine and the model, which check them when they rule
(app/engine/data_rulings.py, and `python -m app validate`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, get_args

from msgspec import Meta, field, to_builtins

from app.corpus.checks import Collector
from app.corpus.schema import SLUG, Schema, wrong

# The seats a ruling may name, by role; the last is several seats (an option to each).
SeatRole = Literal["offender", "adversary", "dealer", "pone"]
Role = Literal[SeatRole, "offender's adversaries"]
SEAT_ROLES: tuple[str, ...] = get_args(SeatRole)
EACH_ROLE = "offender's adversaries"
ROLES: tuple[str, ...] = (*SEAT_ROLES, EACH_ROLE)
# A role named in an explanation: "{offender}".
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
MAX_EXPLANATION = 2000

Id = Annotated[str, Meta(pattern=SLUG, description="an id like 'deal-stands'")]
Points = Annotated[int, Meta(ge=-100_000, le=100_000, description=(
    "a whole number of points, not 0, no more than any game gives"))]


class RulingOption(Schema, frozen=True):
    """A choice the law gives: its option id and the role that chooses."""

    id: Annotated[str, Meta(pattern=SLUG, description="an option id like 'new-deal'")]
    by: Role


class LawRuling(Schema, frozen=True, omit_defaults=True):
    """The ruling a law gives whatever the table (see the module's docstring); the schema of
    a law's [law.ruling] table."""

    event: Id
    outcome: Id
    explanation: Annotated[str, Meta(pattern=r"\S", max_length=MAX_EXPLANATION, description=(
        f"a non-empty string of at most {MAX_EXPLANATION} characters"))]
    options: tuple[RulingOption, ...] = ()
    # What a role must do whatever is chosen (app/engine/ruling.py DUTIES), same shape.
    duties: tuple[RulingOption, ...] = ()
    score: dict[SeatRole, Points] = field(default_factory=dict)
    also_cites: tuple[Annotated[str, Meta(min_length=1)], ...] = ()

    def __post_init__(self) -> None:
        for name in placeholders(self.explanation):
            if name not in SEAT_ROLES:
                raise wrong("explanation", f"{{{name}}} names no role; known: "
                            + ", ".join(f"{{{r}}}" for r in SEAT_ROLES))
        if {"{", "}"} & set(PLACEHOLDER.sub("", self.explanation)):
            raise wrong("explanation", "a brace that opens or closes no {role}")
        if len(set(self.options)) != len(self.options):
            raise wrong("options", "the same option twice")
        if len(set(self.duties)) != len(self.duties):
            raise wrong("duties", "the same duty twice")
        for role, points in self.score.items():
            if not points:
                raise wrong(f"score.{role}", "must be a whole number of points, not 0")
        if len(set(self.also_cites)) != len(self.also_cites):
            raise wrong("also_cites", "cites a law twice")

    def __hash__(self) -> int:
        return hash((self.event, self.outcome, self.explanation, self.options, self.duties,
                     tuple(sorted(self.score.items())), self.also_cites))

    def to_json(self) -> dict[str, Any]:
        """The ruling as the laws file gives it (what the content store keeps)."""
        found: dict[str, Any] = to_builtins(self)
        return found


def placeholders(text: str) -> list[str]:
    """The roles an explanation names, in order (`{offender}` -> "offender")."""
    return PLACEHOLDER.findall(text)


def check_rulings(laws: Mapping[str, Any], out: Collector) -> None:
    """Across the laws: a ruling's other laws exist under its game and code (and are other
    laws), and no two laws rule one event under one game and code."""
    ruled: dict[tuple[str, str, str], str] = {}
    for law in laws.values():
        ruling: LawRuling | None = law.ruling
        if ruling is None:
            continue
        if law.id in ruling.also_cites:
            out.add(law.file, law.id, "ruling.also_cites", "cites the law itself")
        for other in ruling.also_cites:
            cited = laws.get(other)
            if cited is None:
                out.add(law.file, law.id, "ruling.also_cites", f"unknown law {other!r}")
            elif (cited.game, cited.code) != (law.game, law.code):
                out.add(law.file, law.id, "ruling.also_cites",
                        f"{other!r} is not a law of {law.game} under the {law.code} code")
        key = (law.game, law.code, ruling.event)
        if key in ruled:
            out.add(law.file, law.id, "ruling.event",
                    f"{ruled[key]!r} already rules {ruling.event!r} under this code")
        else:
            ruled[key] = law.id
