"""What a reading of a disputed law changes in its game, declared on the law in content.

A variant law (one with `variant_of`) may carry a `changes` table:

    changes = { ranks = ["10", "9", ..., "A"] }                        # the pack, high to low
    changes = { stages = { stock-exhausted = { rule = "follow" } } }   # a stage's obligations
    changes = { stages = { play = { trump_when_void = false } } }

When a scenario rules under the law's code with that reading in force (chosen in `variants`,
or the group's default), the game is played with those changes (`Game.for_code`); the rulings
of every other code are untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.cards import RANK_NAMES
from app.corpus.checks import Collector
from app.corpus.vocabulary import TRICK_RULES

# The stage obligations a reading may change, and the type each takes.
_STAGE_FIELDS: dict[str, type] = {"rule": str, "trump_when_void": bool}


@dataclass(frozen=True)
class VariantChanges:
    """A reading's changes to its game: the pack's ranks, and stage obligations by stage."""

    ranks: tuple[str, ...] = ()
    stages: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ranks or self.stages)


def parse_changes(raw: Any, rel: str, entry: str, out: Collector) -> VariantChanges:
    """The `changes` of a law, validated; problems name the file, the law and the field."""
    if raw is None:
        return VariantChanges()
    if not isinstance(raw, dict):
        out.add(rel, entry, "changes", "must be a table of 'ranks' and/or 'stages'")
        return VariantChanges()
    for key in sorted(set(raw) - {"ranks", "stages"}):
        out.add(rel, entry, f"changes.{key}", "unknown change; known: ranks, stages")
    ranks = raw.get("ranks", [])
    if not isinstance(ranks, list) or not all(isinstance(r, str) and r for r in ranks):
        out.add(rel, entry, "changes.ranks", "must be a list of ranks, high to low")
        ranks = []
    stages: dict[str, dict[str, Any]] = {}
    stages_raw = raw.get("stages", {})
    if not isinstance(stages_raw, dict):
        out.add(rel, entry, "changes.stages", "must map a stage to the obligations it changes")
        stages_raw = {}
    for stage, spec in stages_raw.items():
        fld = f"changes.stages.{stage}"
        if not isinstance(spec, dict) or not spec:
            out.add(rel, entry, fld, "must be a table of 'rule' and/or 'trump_when_void'")
            continue
        for name, value in spec.items():
            kind = _STAGE_FIELDS.get(name)
            if kind is None:
                out.add(rel, entry, f"{fld}.{name}", "unknown; known: rule, trump_when_void")
            elif not isinstance(value, kind):
                out.add(rel, entry, f"{fld}.{name}", f"must be a {kind.__name__}")
            elif name == "rule" and value not in TRICK_RULES:
                out.add(rel, entry, f"{fld}.rule", f"must be one of {', '.join(TRICK_RULES)}")
        stages[stage] = dict(spec)
    return VariantChanges(tuple(ranks), stages)


def check_changes(changes: VariantChanges, stages: Mapping[str, Any], rel: str, entry: str,
                  out: Collector) -> None:
    """The changes against the game they change: its stages, and cards that exist."""
    for stage in changes.stages:
        if stage not in stages:
            out.add(rel, entry, f"changes.stages.{stage}",
                    f"the game has no such stage; it has {', '.join(stages)}")
    for rank in changes.ranks:
        if rank not in RANK_NAMES:
            out.add(rel, entry, "changes.ranks", f"{rank!r} is not a rank")
