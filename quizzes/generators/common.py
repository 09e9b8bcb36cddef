"""What every generator shares: making a random valid scenario and finding one that fits a law."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.engine import CodeRuling, Ruling, rule
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from app.table_builder.deal import random_table_json

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

STRICT_RULES = ("follow", "follow-or-trump", "follow-and-win")
MAX_TRIES = 2000  # a rare situation (a king of trumps held and announced) needs many draws
Combo = tuple[str, str, str]  # game, stage, event type


class NoScenario(LookupError):
    """No scenario fitting the law was found from this seed."""


@dataclass(frozen=True)
class Found:
    """A scenario that fits, with its mapping (for the UI to draw) and the engine's ruling."""

    raw: Mapping[str, Any]
    scenario: Scenario
    ruling: Ruling

    def for_code(self, code: str) -> CodeRuling:
        """The ruling under one code."""
        return self.ruling.for_code(code)


def make_scenario(
    bank: QuestionBank, combo: Combo, rng: random.Random
) -> tuple[dict[str, Any], Scenario] | None:
    """A random valid scenario for (game, stage, event type), or None if the dealer slipped."""
    gid, stage, event_type = combo
    game = bank.games[gid]
    raw = random_table_json(game, stage, event_type, rng)
    try:
        return raw, parse_scenario(raw, bank.games)
    except ScenarioError:
        return None


def rule_combo(bank: QuestionBank, combo: Combo, rng: random.Random) -> Found | None:
    """Deal, set the event and rule it."""
    made = make_scenario(bank, combo, rng)
    if made is None:
        return None
    raw, scenario = made
    ruling = rule(scenario, bank.games, bank.content)
    if any(r.needs is not None for r in ruling.rulings):
        return None  # a fact that decides is not on this table: no question can be fair
    return Found(raw, scenario, ruling)


def cites(found: Found, law_id: str, code: str) -> bool:
    """Whether the ruling under `code` is a real ruling citing the law."""
    if code not in found.scenario.codes:
        return False
    cr = found.for_code(code)
    return cr.outcome != "not-covered" and law_id in cr.laws


def pick_combo(rng: random.Random, combos: Sequence[tuple[Combo, int]]) -> Combo:
    """A (game, stage, event) weighted by how often it reached the law in the survey."""
    total = sum(w for _, w in combos)
    n = rng.randrange(total)
    for combo, weight in combos:
        if n < weight:
            return combo
        n -= weight
    return combos[-1][0]  # pragma: no cover - unreachable


def find(
    bank: QuestionBank,
    law_id: str,
    code: str,
    combos: Sequence[tuple[Combo, int]],
    rng: random.Random,
    accept: Callable[[Found], bool] = lambda _: True,
) -> Found:
    """Draw scenarios until one's ruling under `code` cites the law and passes `accept`."""
    if not combos:
        raise NoScenario(f"no situation reaches {law_id}")
    for _ in range(MAX_TRIES):
        found = rule_combo(bank, pick_combo(rng, combos), rng)
        if found is not None and cites(found, law_id, code) and accept(found):
            return found
    raise NoScenario(f"no scenario citing {law_id} was found from this seed")


def seeded(kind: str, law_id: str, seed: int) -> random.Random:
    """The random source of one question: the same id always gives the same question."""
    return random.Random(f"{kind}:{law_id}:{seed}")


def shuffled(rng: random.Random, items: list[Any]) -> list[Any]:
    """A shuffled copy."""
    out = list(items)
    rng.shuffle(out)
    return out


def public_table(raw: Mapping[str, Any], *, with_event: bool = True) -> dict[str, Any]:
    """The scenario mapping handed to the UI (a deep copy; optionally without its event)."""
    table = copy.deepcopy(dict(raw))
    if not with_event:
        table.pop("event", None)
    return table
