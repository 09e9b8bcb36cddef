"""Who a ruling falls on, beside who acted (issue 25; the tenth blind round's #40, #47, #68).

The stem says who acted: the player who played the card, marked the score, declared, or, in a
fault naming nobody, the dealer. A wrong choice that sets back (points taken off, a duty laid)
only players who did not act, where no ruling of any code for the table sets them back, is
struck out on the names alone: "It is a revoke. West has 4 taken off his score." beside North's
card (#47), "North has the 1 he marked in error taken off" beside South's omission (#40),
"South must take back the wrong card ..." beside North's (#68). The judge reads it so
(quizzes/judge.py); the ruling generator moves such a ruling onto the side that acted (the
revoke ruling applied to the player who played) before it offers it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import msgspec

from app.engine import CodeRuling
from app.engine.table import Table
from app.engine.terms import Duty, Option
from app.model.games import Game
from app.model.scenario import Scenario

# Happenings after the hand whose scoring turns on the bid (Auction Pitch's points made).
_BIDDERS_HAND = frozenset({"points-made"})


def erred(scenario: Scenario, game: Game) -> tuple[str, ...]:
    """The side the stem says acted, the actor first: the event's player, or in a fault naming
    nobody (a wrong number dealt), the dealer; with his partner. () when nobody is seated so."""
    player = scenario.event.get("player")
    if not isinstance(player, str) and scenario.event.type in _BIDDERS_HAND:
        # The hand scored against a bid: the bidder's is the side whose points it decides.
        player = scenario.bid.player if scenario.bid is not None else None
    actor = player if isinstance(player, str) else scenario.dealer
    if actor not in scenario.players:
        return ()
    return Table(scenario, game).side(actor)


def set_back(ruling: CodeRuling) -> frozenset[str]:
    """The players a ruling sets back: points taken off their score, or a duty laid on them."""
    return (frozenset(p for p, n in ruling.score.items() if n < 0)
            | frozenset(d.by for d in ruling.duties))


def falls_on_bystanders(said: CodeRuling, real: Iterable[CodeRuling],
                        acted: Iterable[str]) -> frozenset[str]:
    """The players a ruling sets back though the stem says they did not act, where it sets
    back nobody who did and no ruling of the table (`real`: every code's, a rival reading's)
    sets them back: a choice struck out on its names alone. Empty when it is not so."""
    acted = frozenset(acted)
    hit = set_back(said)
    if not acted or not hit or hit & acted:
        return frozenset()
    legit = frozenset().union(*(set_back(r) for r in real))
    return hit - legit if not hit <= legit else frozenset()


def duties_on_bystanders(said: CodeRuling, real: Iterable[CodeRuling],
                         acted: Iterable[str]) -> list[Duty]:
    """The duties a ruling lays on a player who did not act, which no ruling of the table lays
    on him: a duty moved to the innocent side (the tenth round's #68 after law 55's replay
    became the offender's duty)."""
    acted = frozenset(acted)
    if not acted:
        return []
    laid = {(d.id, d.by) for r in real for d in r.duties}
    return [d for d in said.duties if d.by not in acted and (d.id, d.by) not in laid]


def onto_the_actor(said: CodeRuling, acted: tuple[str, ...], table: Table) -> CodeRuling:
    """The ruling with the side it sets back and the side that acted changed over: "It is a
    revoke. West has 4 taken off" beside North's card becomes the revoke ruling of North's
    card. The ruling unchanged where the side it sets back is not one side."""
    hit = sorted(set_back(said))
    if not hit or not acted:
        return said
    other = table.side(hit[0])
    if not set(hit) <= set(other):
        return said
    other = (hit[0], *[p for p in other if p != hit[0]])
    swap: dict[str, str] = {}
    for a, b in zip(other, acted, strict=False):
        swap[a], swap[b] = b, a

    def to(p: str) -> str:
        return swap.get(p, p)

    decision = msgspec.structs.replace(
        said.decision,
        options=tuple(Option(o.id, to(o.by), renamed(o.text, to, table.players),
                             {to(p): v for p, v in o.score.items()})
                      for o in said.options),
        score={to(p): v for p, v in said.score.items()},
        duties=tuple(Duty(d.id, to(d.by)) for d in said.duties),
    )
    return msgspec.structs.replace(said, decision=decision)


def renamed(text: str, to: Callable[[str], str], seats: Iterable[str]) -> str:
    """An option's own words with every seat they name changed over as its holder is: "Make
    South lead ..." moved with the right from North to South read "South may make South lead"
    (the eighteenth blind round's #41)."""
    names = sorted(set(seats), key=len, reverse=True)
    if not text or not names:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: to(m[1]), text)


def calls_on_himself(ruling: CodeRuling) -> bool:
    """Whether a right of the ruling names its own holder in its words ("North may call on
    North to lead a trump"): a right moved to another player whose words name him too, no
    ruling any law gives."""
    return any(re.search(rf"\b{re.escape(o.by)}\b", o.words) for o in ruling.options)


def innocent_is_offender(other: CodeRuling, erred: frozenset[str]) -> bool:
    """Whether "The innocent side chooses ..." gives the choice to the side the stem says
    erred: the ruling contradicts itself (round 6's #111)."""
    return other.outcome == "innocent-chooses" and bool(erred & {o.by for o in other.options})
