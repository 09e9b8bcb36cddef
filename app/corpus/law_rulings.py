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
from dataclasses import dataclass, field
from typing import Any

from app.corpus.checks import Collector

# The seats a ruling may name, by role; the last is several seats (an option to each).
SEAT_ROLES = ("offender", "adversary", "dealer", "pone")
EACH_ROLE = "offender's adversaries"
ROLES = (*SEAT_ROLES, EACH_ROLE)
_FIELDS = ("event", "outcome", "explanation", "options", "score", "also_cites")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# A role named in an explanation: "{offender}".
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
MAX_EXPLANATION = 2000


@dataclass(frozen=True)
class RulingOption:
    """A choice the law gives: its option id and the role that chooses."""

    id: str
    by: str


@dataclass(frozen=True)
class LawRuling:
    """The ruling a law gives whatever the table (see the module's docstring)."""

    event: str
    outcome: str
    explanation: str
    options: tuple[RulingOption, ...] = ()
    score: Mapping[str, int] = field(default_factory=dict)
    also_cites: tuple[str, ...] = ()

    def __hash__(self) -> int:
        return hash((self.event, self.outcome, self.explanation, self.options,
                     tuple(sorted(self.score.items())), self.also_cites))

    def to_json(self) -> dict[str, Any]:
        """The ruling as the laws file gives it (what the content store keeps)."""
        out: dict[str, Any] = {"event": self.event, "outcome": self.outcome,
                               "explanation": self.explanation}
        if self.options:
            out["options"] = [{"id": o.id, "by": o.by} for o in self.options]
        if self.score:
            out["score"] = dict(self.score)
        if self.also_cites:
            out["also_cites"] = list(self.also_cites)
        return out


def placeholders(text: str) -> list[str]:
    """The roles an explanation names, in order (`{offender}` -> "offender")."""
    return PLACEHOLDER.findall(text)


def parse_ruling(raw: Any, rel: str, entry: str, out: Collector) -> LawRuling | None:
    """A law's `ruling` table, checked; None (and the problems recorded) when it is wrong."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        out.add(rel, entry, "ruling", "must be a table ([law.ruling])")
        return None
    before = len(out.problems)
    for unknown in sorted(set(raw) - set(_FIELDS)):
        out.add(rel, entry, f"ruling.{unknown}",
                f"unknown field; known: {', '.join(_FIELDS)}")
    slugs = {}
    for name in ("event", "outcome"):
        value = raw.get(name)
        if not isinstance(value, str) or not _SLUG.match(value):
            out.add(rel, entry, f"ruling.{name}",
                    "missing required field" if value is None
                    else "must be an id like 'deal-stands'")
            value = ""
        slugs[name] = value
    explanation = raw.get("explanation")
    if not isinstance(explanation, str) or not explanation.strip():
        out.add(rel, entry, "ruling.explanation",
                "missing required field" if explanation is None else "must be a non-empty string")
        explanation = ""
    elif len(explanation) > MAX_EXPLANATION:
        out.add(rel, entry, "ruling.explanation", f"longer than {MAX_EXPLANATION} characters")
    for name in placeholders(explanation):
        if name not in SEAT_ROLES:
            out.add(rel, entry, "ruling.explanation",
                    f"{{{name}}} names no role; known: "
                    + ", ".join(f"{{{r}}}" for r in SEAT_ROLES))
    if "{" in PLACEHOLDER.sub("", explanation) or "}" in PLACEHOLDER.sub("", explanation):
        out.add(rel, entry, "ruling.explanation", "a brace that opens or closes no {role}")
    options = _options(raw.get("options", []), rel, entry, out)
    score = _score(raw.get("score", {}), rel, entry, out)
    also = raw.get("also_cites", [])
    if not isinstance(also, list) or not all(isinstance(a, str) and a for a in also):
        out.add(rel, entry, "ruling.also_cites", "must be a list of law ids")
        also = []
    elif len(set(also)) != len(also) or entry in also:
        out.add(rel, entry, "ruling.also_cites", "cites a law twice")
    if len(out.problems) > before:
        return None
    return LawRuling(slugs["event"], slugs["outcome"], explanation.strip(), options, score,
                     tuple(also))


def _options(raw: Any, rel: str, entry: str, out: Collector) -> tuple[RulingOption, ...]:
    if not isinstance(raw, list):
        out.add(rel, entry, "ruling.options", "must be a list of { id, by } tables")
        return ()
    found: list[RulingOption] = []
    for n, item in enumerate(raw):
        fld = f"ruling.options[{n}]"
        if not isinstance(item, dict) or set(item) != {"id", "by"}:
            out.add(rel, entry, fld, "each option needs exactly 'id' and 'by'")
            continue
        option_id, by = item["id"], item["by"]
        if not isinstance(option_id, str) or not _SLUG.match(option_id):
            out.add(rel, entry, f"{fld}.id", "must be an option id like 'new-deal'")
            continue
        if by not in ROLES:
            out.add(rel, entry, f"{fld}.by",
                    f"{by!r} is no role; known: {', '.join(repr(r) for r in ROLES)}")
            continue
        option = RulingOption(option_id, by)
        if option in found:
            out.add(rel, entry, fld, "the same option twice")
            continue
        found.append(option)
    return tuple(found)


def _score(raw: Any, rel: str, entry: str, out: Collector) -> dict[str, int]:
    if not isinstance(raw, dict):
        out.add(rel, entry, "ruling.score", "must map a role to points")
        return {}
    score: dict[str, int] = {}
    for role, points in raw.items():
        fld = f"ruling.score.{role}"
        if role not in SEAT_ROLES:
            out.add(rel, entry, fld, f"no role; known: {', '.join(SEAT_ROLES)}")
        elif isinstance(points, bool) or not isinstance(points, int) or not points:
            out.add(rel, entry, fld, "must be a whole number of points, not 0")
        elif abs(points) > 100_000:
            out.add(rel, entry, fld, "more points than any game gives")
        else:
            score[role] = points
    return score


def check_rulings(laws: Mapping[str, Any], out: Collector) -> None:
    """Across the laws: a ruling's other laws exist under its game and code, and no two laws
    rule one event under one game and code."""
    ruled: dict[tuple[str, str, str], str] = {}
    for law in laws.values():
        ruling: LawRuling | None = law.ruling
        if ruling is None:
            continue
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
