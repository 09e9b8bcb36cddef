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
from typing import Annotated, Any

from msgspec import Meta, field, structs

from app.cards import RANK_NAMES
from app.corpus.checks import Collector
from app.corpus.schema import Schema
from app.corpus.vocabulary import TrickRule


class StageChange(Schema, frozen=True, omit_defaults=True):
    """A stage's obligations as a reading changes them (what it leaves is None)."""

    rule: TrickRule | None = None
    trump_when_void: bool | None = None

    def __post_init__(self) -> None:
        if self.rule is None and self.trump_when_void is None:
            raise ValueError("must change 'rule' and/or 'trump_when_void'")

    def fields(self) -> dict[str, Any]:
        """The obligations changed, by name (to replace them in a game's stage)."""
        return {k: v for k, v in structs.asdict(self).items() if v is not None}


class VariantChanges(Schema, frozen=True, omit_defaults=True):
    """A reading's changes to its game: the pack's ranks, and stage obligations by stage."""

    ranks: Annotated[tuple[Annotated[str, Meta(min_length=1)], ...], Meta(
        description="a list of ranks, high to low")] = ()
    stages: dict[str, StageChange] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ranks or self.stages)


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
