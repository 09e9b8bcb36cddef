"""The stem of a question asked under one code: the facts that decide under that code.

An event may carry timing facts that only some codes' laws turn on: whether a declarer has
drawn since he declared (Foster's amending), whether a card of the next trick has been played
(Portland law 50). Stated in a question under a code whose law sets no time (Enquire Within's
false declaration: nothing scores until another trick is won), they invite a learner to argue
by analogy with the law that does (the eleventh blind round's #133). A question asked under
one code (what is the ruling, how many points, which law) says them only where its code's
ruling read them; a question of which code gives a ruling says every code's
(quizzes/generators/code.py), and the why gives the other codes' rulings with the facts they
turned on (`other_codes_words`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from app.engine import CodeRuling
from app.engine.core import PRINCIPLE_CASE
from app.model.facts import EVENT_PREFIX
from app.model.scenario import Scenario
from quizzes.stem import (
    TIMING_FIELDS,
    deciding_words,
    ground_words,
    grounds_of,
    with_deciding_facts,
)
from quizzes.table_header import table_words
from quizzes.words import code_words, event_words, ruling_words

if TYPE_CHECKING:
    from app.corpus.laws import Content
    from app.model.games import Game
    from quizzes.generators.common import Found



def read_by(rulings: Iterable[CodeRuling]) -> frozenset[str]:
    """The event's fields the rulings turned on."""
    return frozenset(g.fact[len(EVENT_PREFIX):] for r in rulings for g in r.grounds
                     if g.fact.startswith(EVENT_PREFIX))


def told_scenario(scenario: Scenario, rulings: Iterable[CodeRuling]) -> Scenario:
    """The scenario as a stem under the rulings' codes tells it: without the timing facts
    none of them turned on."""
    read = read_by(rulings)
    unread = {f: None for f in TIMING_FIELDS
              if f not in read and scenario.event.get(f) is not None}
    if not unread:
        return scenario
    event = msgspec.structs.replace(scenario.event, **unread)
    return msgspec.structs.replace(scenario, event=event)


def asked_situation(found: Found, game: Game, code: str,
                    seen: Mapping[str, Any] | None) -> str:
    """The situation of a question asked under one code: the table, the event told without
    timing facts its ruling did not turn on, and every fact its ruling turned on."""
    cr = found.for_code(code)
    told = told_scenario(found.scenario, (cr,))
    return with_deciding_facts(
        f"{table_words(found.scenario, game)}\n{event_words(told, game, code)}",
        (cr,), found.scenario, seen)


# The most facts a note on a code not covering the case lists as its whole reason.
_WHOLE_REASON = 3


def other_codes_words(found: Found, code: str, situation: str, sides: Mapping[str, str],
                      game: Game, seen: Mapping[str, Any] | None, content: Content) -> str:
    """The why's lines for the other codes whose ruling differs, each with the facts it turned
    on that the stem leaves unsaid (the stem says only the asked code's). A code whose own law
    speaks of the case in part only (Foster's imperfect pack: earlier scores stand, the deal
    in progress unsaid) is given in its own words, not as "these laws do not cover the
    situation" beside the counterpart the question cites (the eighteenth round's #91)."""
    cr = found.for_code(code)
    lines = []
    for other in found.ruling.rulings:
        if other.code == code or other.key() == cr.key():
            continue
        head = f"Under the {code_words(other.code)} laws{_reading_followed(content, cr, other)}"
        if other.contested or (other.outcome == "not-covered" and any(
                (law := content.laws.get(x)) is not None and law.case != PRINCIPLE_CASE
                for x in other.laws)):
            # (a code of two readings here is given in its own words, which say both)
            lines.append(f"{head}: {other.explanation}")
            continue
        unsaid = deciding_words((other,), situation, found.scenario, seen)
        # A code whose laws do not cover it is told what keeps it outside them: "They turn
        # also on this" beside "do not cover the situation" read as garbled (the sixteenth
        # blind round's #91). Only the facts the stem leaves unsaid are added, so they are
        # said to come beside the stem's (the twenty-third round's #40 read one fact as the
        # whole reason).
        # (Round 36's #14, #31 read "What keeps the case outside them, beside the facts
        # above:" and "They turn also on this:" as unclear.)
        # (not "not stated above": a fact the stem gives in other words, a hand's count the
        # table lists card by card, read as a false claim; rounds 37's #65, 39's #86, 41's #94)
        lead = "Their ruling also turns on this fact:"
        every = list(dict.fromkeys(ground_words(g, found.scenario)
                                   for g in grounds_of((other,))))
        if other.outcome == "not-covered" and unsaid and len(every) <= _WHOLE_REASON:
            # Every fact that together keeps the case outside them, the stem's own among them:
            # the unsaid one alone read as half the reason (the 40th round's #62: a faced card
            # found after the turn-up and before any discard, "no discard" alone named).
            lead, unsaid = "These facts together put the case outside them:", " ".join(every)
        elif other.outcome == "not-covered" and unsaid:
            # Six facts, the dealer among them, buried the one that decides (the 42nd round's
            # #158: a count found once the hand was played out): the stem's own are not
            # repeated.
            lead = "Besides the facts above, this puts the case outside them:"
        also = f" {lead} {unsaid}" if unsaid else ""
        lines.append(f"{head}: {ruling_words(other, sides, game)}{also}")
    return "\n".join(lines)


def _reading_followed(content: Content, cr: CodeRuling, other: CodeRuling) -> str:
    """', following X' where the question's own laws compare a rival reading of the other
    code (Hoyle's Games Improved beside the Club Code) and the other code's ruling given is
    its usual reading's: "These laws do not cover the situation." said of the English laws
    beside the older English law that does was read as false (the 51st blind round's #72).
    '' otherwise."""
    rivals = [law for law_id in cr.laws if (own := content.laws.get(law_id)) is not None
              for cp in own.counterparts if (law := content.laws.get(cp.law)) is not None
              and law.code == other.code and law.variant_of and not law.variant_default]
    if not rivals:
        return ""
    usual = content.variant_groups_of(rivals[0].game).get(rivals[0].variant_of)
    return f", following {usual[0].authority}" if usual else ""


# Words a stem states a timing fact in (app/model/event_words.py, the events' own).
_TIMING_WORDS = {"drawn_since": ("drawn from the stock since",),
                 "next_trick_started": ("card of the next trick",)}


def timing_told_unread(situation: str, scenario: Scenario, asked: CodeRuling) -> list[str]:
    """The timing facts a stem under one code states that its ruling did not turn on: facts
    that decide only under another code's law, inviting an argument by analogy (#133)."""
    read = read_by((asked,))
    text = situation.casefold()
    return [f"the stem states event.{f}, on which the {asked.code} ruling does not turn"
            for f in TIMING_FIELDS if f not in read and scenario.event.get(f) is not None
            and any(w in text for w in _TIMING_WORDS[f])]
