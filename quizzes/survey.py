"""Which laws each generator can reach: a fixed, reproducible sample of scenarios per situation.

For every game, stage and event type the engine handles, SAMPLES tables are dealt from fixed
seeds and ruled; each law a real ruling cites is recorded with how often, whether the codes
disagreed, and whether points changed hands. Generators then draw from the situations that
reached their law, weighted by those counts, so a question is found in a few tries.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.engine.core import ANY_GAME, registered
from app.engine.ruling import also_true_of
from app.model.events import EVENTS
from quizzes.generators.common import (
    STRICT_RULES,
    Combo,
    figure_law,
    rule_combo,
    ruled_a_fault,
    states_a_ruling,
    subject,
)
from quizzes.restated_points import restates_points_made

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

SAMPLES = 30


@dataclass
class Reach:
    """How often a law was reached, per situation and per purpose."""

    ruled: dict[Combo, int] = field(default_factory=dict)
    # The situations a ruling asks of the table itself ("what is the ruling?", "how many
    # points?", "which code rules so?") are recorded under the law the ruling rests on first
    # (`differs`, `stated`; `scored` under the law that gives its points, generators.common.
    # figure_law): a law it also cites (a principle beside the law of the
    # case, "nobody may claim a penalty for his own error" beside "an adversary of the dealer
    # exposes his own card") would ask the same table and case as a second item.
    differs: dict[Combo, int] = field(default_factory=dict)  # another code rules otherwise
    scored: dict[Combo, int] = field(default_factory=dict)
    revoke: dict[Combo, int] = field(default_factory=dict)
    # Rulings whose words state what the law decides (generators.common.states_a_ruling):
    # only these are asked as "what is the ruling?".
    stated: dict[Combo, int] = field(default_factory=dict)
    # (game, event, outcome) of the rulings citing the law: which kind of ruling the engine
    # gives it in (a law cited only where a play is lawful is the duty a revoke breaks, whose
    # situation fits the revoke as well), and so whether it can tell the law from a table.
    outcomes: dict[Combo, int] = field(default_factory=dict)
    # The situations where a ruling of something gone wrong (generators.common.ruled_a_fault)
    # rests first on the law: the tables whose happening, at that stage, the law decides (a
    # law cited beside it, "cards played to a false lead are taken back", decides nothing of
    # its own and may be true of any table of the happening). A law's
    # near neighbours as a wrong choice are the laws of the same situations (quizzes.
    # generators.law): the stem's words alone never tell them from the answer.
    faults: dict[Combo, int] = field(default_factory=dict)
    # The same situations as `faults`, the event told by what went wrong in it (subject): a
    # law's near neighbours are those of the same subject, not only of the same event type (a
    # packet too small beside a card exposed in the cut, a bézique beside a marriage: the
    # blind audit's #74 and #67, whose wrong choices the stem's words alone struck out).
    subjects: dict[Combo, int] = field(default_factory=dict)


@dataclass
class Survey:
    """Per law, the situations that reach it."""

    reach: dict[str, Reach]

    def combos(self, law_id: str, purpose: str) -> list[tuple[Combo, int]]:
        """Situations reaching the law for a purpose (ruled, differs, scored, revoke, outcomes,
        stated, faults, subjects), sorted."""
        r = self.reach.get(law_id)
        found: dict[Combo, int] = getattr(r, purpose) if r else {}
        return sorted(found.items())

    def laws(self, purpose: str) -> list[str]:
        """Laws reached for a purpose."""
        return sorted(law for law, r in self.reach.items() if getattr(r, purpose))


def handled_events(bank: QuestionBank, gid: str) -> list[str]:
    """Event types some handler rules for the game under one of its codes."""
    codes = bank.games[gid].codes
    keys = registered(bank.content)
    return [
        e for e in EVENTS if any((gid, c, e) in keys or (ANY_GAME, c, e) in keys for c in codes)
    ]


def take_survey(
    bank: QuestionBank, samples: int = SAMPLES, games: Collection[str] | None = None
) -> Survey:
    """Deal and rule the fixed sample; record what each law's rulings looked like.

    Each situation is dealt from seeds of its own, so the survey of some `games` alone is the
    whole survey's record of those games' situations: for a law of one game (not a general
    principle, which every game's tables reach) it is exactly its reach."""
    from app.engine import handlers  # noqa: F401  (registers every handler)

    reach: dict[str, Reach] = defaultdict(Reach)
    for gid in sorted(bank.games):
        if games is not None and gid not in games:
            continue
        game = bank.games[gid]
        for event in handled_events(bank, gid):
            for stage in game.stages_of(event):
                combo = (gid, stage, event)
                for k in range(samples):
                    found = rule_combo(bank, combo, random.Random(f"survey:{combo}:{k}"),
                                       keep_contested=True)
                    if found is None:
                        continue
                    covered = {r.code for r in found.ruling.rulings if r.outcome != "not-covered"}
                    for cr in found.ruling.rulings:
                        if cr.outcome == "not-covered" or cr.contested:
                            continue  # a silence, or two readings: no question asks it
                        # The code's ruling is its own: nothing it says is true of another's.
                        unique = not any(also_true_of(cr, r) for r in found.ruling.rulings
                                         if r.code != cr.code)
                        contrast = unique and bool(covered - {cr.code})
                        kind = (gid, event, cr.outcome)
                        for law in cr.laws:
                            r = reach[law]
                            r.ruled[combo] = r.ruled.get(combo, 0) + 1
                            r.outcomes[kind] = r.outcomes.get(kind, 0) + 1
                            if cr.score and law == figure_law(bank, cr):
                                # Its points are asked of the law that gives them (#72).
                                r.scored[combo] = r.scored.get(combo, 0) + 1
                            if law != cr.laws[0]:
                                continue  # a law it also cites: asked under the first
                            if contrast:
                                r.differs[combo] = r.differs.get(combo, 0) + 1
                            if states_a_ruling(cr) \
                                    and not restates_points_made(found.scenario, cr):
                                r.stated[combo] = r.stated.get(combo, 0) + 1
                            if ruled_a_fault(event, cr.outcome):
                                r.faults[combo] = r.faults.get(combo, 0) + 1
                                told = (gid, stage, subject(found.scenario))
                                r.subjects[told] = r.subjects.get(told, 0) + 1
                        if event == "play" and cr.outcome == "revoke" and _strict(bank, combo):
                            r = reach[cr.laws[0]]
                            r.revoke[combo] = r.revoke.get(combo, 0) + 1
    return Survey(dict(reach))


def _strict(bank: QuestionBank, combo: Combo) -> bool:
    rule = bank.games[combo[0]].stage_rule(combo[1])
    return rule is not None and rule.rule in STRICT_RULES
