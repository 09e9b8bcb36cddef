"""What every generator shares: making a random valid scenario and finding one that fits a law."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.deal import deal_table, random_event
from app.engine import CodeRuling, Ruling, rule
from app.games import Game
from app.scenario import Scenario, ScenarioError, parse_scenario

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

# Where each kind of event can happen; "deal" and "hand-over" are open to every game.
EVENT_STAGES: dict[str, tuple[str, ...]] = {
    "wrong-count": ("deal", "bidding", "play", "stock-exhausted"),
    "failed-to-draw": ("play",),
    "drew-two": ("play",),
    "drew-out-of-turn": ("play",),
    "both-drew-wrong": ("play",),
    "loser-saw-two": ("play",),
    "even-stock": ("play",),
    "peeked-at-stock": ("play",),
    "false-declaration": ("play", "stock-exhausted"),
    "wrong-score": ("play", "stock-exhausted"),
    "play": ("play", "stock-exhausted"),
    "exposed-card": ("play", "stock-exhausted"),
    "lead-out-of-turn": ("play", "stock-exhausted"),
    "play-out-of-turn": ("play", "stock-exhausted"),
    "abandoned-hand": ("play", "stock-exhausted"),
    "dealt-out-of-turn": ("deal", "bidding", "play"),
    "faced-card-in-pack": ("deal", "bidding", "play"),
    "dealer-exposed-card": ("deal", "bidding"),
    "several-trumps-turned": ("deal", "bidding"),
    "imperfect-pack": ("deal", "bidding", "play"),
    "king-turned": ("bidding",),
    "hand-result": ("hand-over",),
    "stock-exhausted": ("play",),
    "counted-out": ("hand-over",),
}
STRICT_RULES = ("follow", "follow-or-trump", "follow-and-win")
MAX_TRIES = 400
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


# Events that need tricks; Conquian has none.
TRICK_EVENTS = frozenset({"play", "lead-out-of-turn", "play-out-of-turn"})
TRICKLESS_GAMES = frozenset({"conquian"})


def stages_for(game: Game, event_type: str) -> list[str]:
    """The stages of a game at which an event can be set."""
    if game.id in TRICKLESS_GAMES and event_type in TRICK_EVENTS:
        return []
    return [
        s
        for s in EVENT_STAGES.get(event_type, ())
        if s in ("deal", "hand-over") or s in game.stages
    ]


def _tidy(raw: dict[str, Any], before: dict[str, Any], game: Game, rng: random.Random) -> None:
    """Make the random event read like something that happens at a real table."""
    ev = raw["event"]
    players: list[str] = raw["players"]
    kind = ev["type"]
    if game.id == "rubicon-bezique":
        # A Rubicon deal is a whole game: scores run past the 900 cap on the surplus penalty.
        raw["scores"] = {p: rng.randrange(0, 2000, 10) for p in players}
    elif game.id == "ecarte":
        raw["scores"] = {p: rng.randrange(0, 5) for p in players}  # the game is five points
    if kind == "king-turned":
        if rng.random() < 0.5:
            raw["hands"] = before
        used = {c for h in raw["hands"].values() if isinstance(h, list) for c in h}
        kings = [f"K{s}" for s in "SHDC" if f"K{s}" not in used]
        if kings:
            raw["turn_up"] = rng.choice(kings)
    elif kind in ("hand-result", "counted-out"):
        raw.pop("trick", None)
        raw["hands"] = {}
    elif kind == "play":
        trick = raw.get("trick")
        if trick:
            order = (
                players[players.index(trick["leader"]) :]
                + players[: players.index(trick["leader"])]
            )
            player = (
                order[len(trick["cards"])] if len(trick["cards"]) < len(players) else ev["player"]
            )
            hand = raw["hands"].get(player)
            if isinstance(hand, list) and hand:
                ev["player"], ev["card"] = player, rng.choice(hand)
    elif kind == "lead-out-of-turn":
        offender = ev["player"]
        others = [p for p in players if p != offender]
        ev["followed_by"] = [p for p in ev.get("followed_by", []) if p != offender]
        if raw.get("trick") is not None:
            raw["trick"] = {"leader": rng.choice(others), "cards": []}
    elif kind == "abandoned-hand":
        ev["tricks_won"] = rng.randint(0, min(raw.get("tricks_played", 0), 4))
    elif kind == "faced-card-in-pack" and game.id == "ecarte" and rng.random() < 0.25:
        ev["position"] = 11
    elif kind == "wrong-score":
        ev["correct"] = rng.randrange(0, 500, 10)  # points come in tens in this family
        marked = ev["correct"] + rng.choice((-40, -20, -10, 10, 20, 40, 50, 100))
        ev["marked"] = marked if marked >= 0 else ev["correct"] + 10
    elif kind == "exposed-card" and game.id in TRICKLESS_GAMES and ev["how"] == "two-played":
        ev["how"] = "faced"


def make_scenario(
    bank: QuestionBank, combo: Combo, rng: random.Random
) -> tuple[dict[str, Any], Scenario] | None:
    """A random valid scenario for (game, stage, event type), or None if the dealer slipped."""
    gid, stage, event_type = combo
    game = bank.games[gid]
    raw = deal_table(game, stage, rng)
    before = copy.deepcopy(raw["hands"])
    raw["event"] = random_event(raw, event_type, rng)
    _tidy(raw, before, game, rng)
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
    return Found(raw, scenario, rule(scenario, bank.games, bank.content))


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
