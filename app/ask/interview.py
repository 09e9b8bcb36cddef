"""A guided ruling: the game and what happened, then one question at a time, only the facts the
engine reads to rule it, in the order it reads them, until every code has ruled.

The engine does the asking: the interview rules a table on which every fact is left out
(`Knowledge(everything_unknown=True, explore=False)`), and the first fact a code's laws need
(`CodeRuling.needs`) is the next question. An answer fixes the fact and the table is ruled
again. A fact that can take one value only here (the stage, when the event happens at one
stage of the game) is settled without a question: asking it would cost an answer and decide
nothing the game has not decided already. "I don't know" (UNKNOWN_ANSWER) leaves the fact out
for good: the engine then rules each of its values as a case, and the interview goes on with
what those cases need.

The questions' words and offered answers are app/ask/questions.py's; an answer typed is read
as the fact's value by app/ask/answers.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.ask.answers import UNKNOWN_ANSWER, Answer, AnswerError, parse_answer, parse_counts
from app.ask.questions import (
    COUNTS,
    Question,
    counts_question,
    counts_words,
    offered_events,
    question_for,
    said,
)
from app.corpus.laws import Content
from app.engine.core import Knowledge, fact_values, rule
from app.engine.ruling import CodeRuling, Ruling
from app.engine.table import Table
from app.model.events import blank_event
from app.model.facts import EVENT_PREFIX, FACTS, FactKey, Reading, question
from app.model.games import Game
from app.model.scenario import Scenario

# An interview never asks more than this: past it, the ruling stands with what is known.
MAX_QUESTIONS = 24


@dataclass
class Interview:
    """One guided ruling: the game, the event, the answers so far."""

    game: Game
    games: Mapping[str, Game]
    content: Content
    event: str
    answers: dict[FactKey, Any] = field(default_factory=dict)
    not_known: set[FactKey] = field(default_factory=set)
    order: list[FactKey] = field(default_factory=list)
    # Facts with one possible value for this game and event, fixed without asking (they
    # depend on neither answer, so going back never unsettles them).
    settled: dict[FactKey, Any] = field(default_factory=dict)
    # The seats' names (the game's usual ones unless the referee names them) and the readings
    # of disputed laws in force (each code's default unless chosen).
    players: tuple[str, ...] = ()
    variants: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.event not in dict(offered_events(self.game)):
            raise AnswerError(f"{self.game.name} has no event {self.event!r}")
        if not self.players:
            self.players = self.game.default_seats()

    # --- the table ------------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        """The table as far as it is known: the game's seats and codes, the event's type, the
        first stage it can happen at. Every other fact comes from the answers."""
        seats = self.players
        stage = self.answers.get(("stage", None), self.game.stages_of(self.event)[0])
        return Scenario(
            game=self.game.id, players=seats, dealer=seats[-1], codes=self.game.codes,
            hands={}, trump=None, turn_up=None, stock=None, scores={}, bid=None, stage=stage,
            tricks_played=0, hands_seen=(), trick=None, event=blank_event(self.event),
            variants=dict(self.variants), unknown=frozenset(), partial=True,
        )

    @property
    def known(self) -> dict[FactKey, Any]:
        """Every fact fixed: those settled without a question and those answered."""
        return {**self.settled, **self.answers}

    def ruling(self) -> Ruling:
        """Every code's ruling on what is known: a fact still needed is named (`needs`), a fact
        answered "I don't know" ruled value by value. A needed fact with one possible value is
        settled and the table ruled again, until every fact needed is a real question."""
        while True:
            known = Knowledge(fixed=self.known, everything_unknown=True, explore=False,
                              explore_keys=frozenset(self.not_known))
            ruled = rule(self.scenario, self.games, self.content, known)
            forced = self._one_valued(ruled)
            if not forced:
                return ruled
            self.settled.update(forced)

    def _one_valued(self, ruled: Ruling) -> dict[FactKey, Any]:
        """The facts still needed that can take one value only, with that value."""
        out: dict[FactKey, Any] = {}
        for key in _needed(ruled.rulings):
            if key in self.known or key in self.not_known or key[0] == COUNTS[0]:
                continue
            declared = FACTS.get(key[0])
            implied = declared.implied(self.known) if declared and declared.implied else None
            values = (implied,) if implied is not None else self.values(key)
            if len(values) == 1:
                out[key] = values[0]
        return out

    def waiting(self, ruled: CodeRuling) -> bool:
        """Whether a code's ruling still waits on a question (a fact needed, not yet asked)."""
        return ruled.needs is not None and not ruled.cases and ruled.needs not in self.not_known

    def values(self, key: FactKey) -> tuple[Any, ...]:
        """The values a fact is answered with from a short list: those the engine rules a case
        at (`fact_values`); and for the players who played after the event's player to his
        card (FOLLOWERS), who play in turn from his left, each number of them in that order,
        from nobody to everyone (once the event's player is known). () when no list covers it."""
        values = fact_values(Table(self.scenario, self.game, Reading()), key)
        if values or key[0] not in FOLLOWERS:
            return values
        player = self.known.get((EVENT_PREFIX + "player", None))
        seats = self.players
        if player not in seats:
            return ()
        at = seats.index(player)
        after = [seats[(at + i) % len(seats)] for i in range(1, len(seats))]
        return tuple(tuple(after[:n]) for n in range(len(seats)))

    # --- the questions --------------------------------------------------------------------
    def next_question(self, ruling: Ruling | None = None) -> Question | None:
        """The next fact a code's laws need, as a question; None once every code has ruled."""
        if len(self.order) >= MAX_QUESTIONS:
            return None
        ruling = ruling or self.ruling()
        for needed in _needed(ruling.rulings):
            if needed not in self.not_known and needed not in self.known:
                if needed[0] == COUNTS[0]:  # every hand's count in one question
                    return self.question(COUNTS)
                return self.question(needed)
        return None

    def question(self, key: FactKey) -> Question:
        """The question that asks a fact, with its answers."""
        if key == COUNTS:
            return counts_question(self.players)
        return question_for(key, self.game, self.event, self.players, self.values(key))

    def answer(self, key: FactKey, typed: str) -> Answer:
        """Record an answer typed or chosen; AnswerError when it is not one of the fact's."""
        fact, seat = key
        if key == COUNTS:
            return self._answer_counts(typed)
        if typed.strip().lower() == UNKNOWN_ANSWER:
            self.not_known.add(key)
            self.answers.pop(key, None)
            made = Answer(fact, seat, None, False, f"{question(fact, seat)} Not known.")
        else:
            value = self.parse(key, typed)
            self.answers[key] = value
            self.not_known.discard(key)
            made = Answer(fact, seat, value, True, said(fact, seat, value, self.event))
        if key in self.order:
            self.order.remove(key)
        self.order.append(key)
        return made

    def back_to(self, key: FactKey) -> None:
        """Go back to a question: its answer and every later one are taken back."""
        if key not in self.order:
            return
        at = self.order.index(key)
        for later in self.order[at:]:
            for one in self._keys_of(later):
                self.answers.pop(one, None)
                self.not_known.discard(one)
        del self.order[at:]

    def _keys_of(self, key: FactKey) -> list[FactKey]:
        """The facts an answer fixed: every hand's count for the counts' question."""
        return [(COUNTS[0], p) for p in self.players] if key == COUNTS else [key]

    def asked(self) -> list[Answer]:
        """The answers given, in the order given."""
        out = []
        for key in self.order:
            fact, seat = key
            if key == COUNTS:
                out.append(self._counts_answer())
            elif key in self.answers:
                value = self.answers[key]
                out.append(Answer(fact, seat, value, True, said(fact, seat, value, self.event)))
            else:
                out.append(Answer(fact, seat, None, False, f"{question(fact, seat)} Not known."))
        return out

    # --- every hand's count, asked once -----------------------------------------------------
    def _answer_counts(self, typed: str) -> Answer:
        text = typed.strip()
        if text.lower() == UNKNOWN_ANSWER:
            for key in self._keys_of(COUNTS):
                self.answers.pop(key, None)
                self.not_known.add(key)
        else:
            errors = parse_counts(text, self.players)
            for p in self.players:
                self.answers[(COUNTS[0], p)] = errors.get(p, 0)
                self.not_known.discard((COUNTS[0], p))
        if COUNTS in self.order:
            self.order.remove(COUNTS)
        self.order.append(COUNTS)
        return self._counts_answer()

    def _counts_answer(self) -> Answer:
        keys = self._keys_of(COUNTS)
        if any(k not in self.answers for k in keys):
            return Answer(COUNTS[0], None, None, False,
                          "Which hands hold a wrong number of cards? Not known.")
        errors = {p: self.answers[(COUNTS[0], p)] for p in self.players}
        wrong = {p: e for p, e in errors.items() if e}
        return Answer(COUNTS[0], None, errors, True, counts_words(wrong, self.players))

    def parse(self, key: FactKey, typed: str) -> Any:
        """A typed answer as the fact's value."""
        return parse_answer(key, typed, self.game, self.event, self.players, self.values(key))


# The event fields that name the players who played after the event's player to his card
# (to a lead out of turn): they play in turn from his left, so a short list covers them.
FOLLOWERS = frozenset({EVENT_PREFIX + "followed_by"})


def _needed(rulings: tuple[CodeRuling, ...]) -> Iterator[FactKey]:
    """The facts still needed, code by code, a ruling's own before its cases'."""
    for ruled in rulings:
        if ruled.needs is not None:
            yield ruled.needs
        for case in ruled.cases:
            yield from _needed((case.ruling,))
