"""When a code is silent: the nearest laws of the same code in sibling games.

A referee faced with a code that says nothing rules by analogy with the same code's laws for
the closest games. Families of games are declared in content/games (`family = "..."`); this
module only finds, for a `not-covered` ruling, the laws of the same code in the other games
of the family that speak of the same situation. They are listed beside the ruling, marked
"by analogy, not a ruling"; they never change the ruling itself.

The situation is recognised in two ways, both read from the laws rather than from game ids:
- the cases of the laws the game's other codes cite when they rule this very scenario (French
  Rubicon is silent on a failure to follow in the last nine tricks; the English code cites a
  law of case `failure-to-follow-or-win-after-stock`; French Pinochle has a law of that case);
- failing that, the sibling game's own ruling of the same event under the same code, when the
  scenario reads the same at the sibling's table (the same hands too long or too short).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from app.corpus.laws import Content, Law
from app.engine.core import has_handler
from app.engine.ruling import Analogue, Decision
from app.engine.table import Table
from app.model.facts import NeedFact
from app.model.games import Game
from app.model.scenario import relaid

Decide = Callable[[Table, str], Decision]



def family(game: Game) -> str | None:
    """The family a game belongs to, as content/games declares it."""
    return game.facts.family


# The siblings of each game and code among the games in use (only the latest set is kept).
_KIN: dict[tuple[str, str], list[Game]] = {}
_KIN_OF: list[Mapping[str, Game]] = []


def siblings(game: Game, games: Mapping[str, Game], code: str) -> list[Game]:
    """The other games of the family that have laws under `code`, in id order."""
    if not _KIN_OF or _KIN_OF[0] is not games:
        _KIN.clear()
        _KIN_OF[:] = [games]
    key = (game.id, code)
    kin = _KIN.get(key)
    if kin is None:
        fam = family(game)
        kin = _KIN[key] = [] if fam is None else [
            other
            for gid, other in sorted(games.items())
            if gid != game.id and family(other) == fam and code in other.codes
        ]
    return kin


def find_analogues(
    table: Table,
    code: str,
    content: Content,
    games: Mapping[str, Game],
    decide: Decide,
    principle_case: str,
) -> tuple[Analogue, ...]:
    """The nearest laws of `code` in sibling games for the situation of `table`'s event."""
    kin = siblings(table.game, games, code)
    if not kin:
        return ()
    cases = _situation_cases(table, code, content, decide) - {principle_case}
    found: dict[str, Analogue] = {}
    for sibling in kin:
        laws = sorted(
            (
                law
                for case in cases
                for law in content.laws_of_case(sibling.id, code, case)
                if not law.variant_of or law.variant_default
            ),
            key=content.file_order,
        )
        how = "same situation under this code"
        if not laws:
            laws = _sibling_ruling(table, sibling, code, content, games, decide, principle_case)
            how = f"how this code rules the same event at {sibling.name}"
        for law in laws:
            found.setdefault(law.id, Analogue(law.id, sibling.id, f"{sibling.name}: {how}"))
    return tuple(found.values())


def _situation_cases(table: Table, code: str, content: Content, decide: Decide) -> set[str]:
    """Cases of the laws the game's other codes cite for this scenario."""
    cases: set[str] = set()
    for other in table.game.codes:
        if other == code:
            continue
        decision = decide(table, other)
        if decision.outcome != "not-covered":
            cases |= {content.laws[law_id].case for law_id in decision.laws}
    return cases


def _sibling_ruling(
    table: Table,
    sibling: Game,
    code: str,
    content: Content,
    games: Mapping[str, Game],
    decide: Decide,
    principle_case: str,
) -> list[Law]:
    """The laws the sibling's handler cites for the same scenario, when it reads the same."""
    scenario = table.scenario
    if not has_handler(sibling.id, code, scenario.event.type, content):
        return []  # nothing to find: checked before laying the table at the sibling's
    if scenario.partial:
        return []
    there_scenario = relaid(scenario, sibling)  # the parser's checks of what the game changes
    if there_scenario is None:
        return []  # the table cannot be laid at the sibling's (another pack, other seats)
    there = Table(there_scenario, sibling)
    try:
        if any(there.count_error(p) != table.count_error(p) for p in table.players):
            return []  # hands right in one game are wrong in the other: not the same situation
    except NeedFact:
        return []  # the table gives no hand: the two games' counts cannot be compared
    decision = decide(there, code)
    if decision.outcome == "not-covered":
        return []
    return [
        content.laws[law_id]
        for law_id in decision.laws
        if content.laws[law_id].case != principle_case
    ]
