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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.cards import Card, CardError
from app.corpus.laws import Content
from app.engine.core import Knowledge, fact_values, rule
from app.engine.ruling import CodeRuling, Ruling
from app.engine.table import Table
from app.model.event_spec import FieldSpec
from app.model.events import EVENTS, blank_event
from app.model.facts import EVENT_PREFIX, FACTS, PHASES, FactKey, Reading, question, say
from app.model.games import Game
from app.model.scenario import Bid, Scenario, Trick
from app.table_builder.events import events_for

# The answer that leaves a fact out: the ruling is then given for each of its values.
UNKNOWN_ANSWER = "unknown"
# An interview never asks more than this: past it, the ruling stands with what is known.
MAX_QUESTIONS = 24


class AnswerError(ValueError):
    """An answer that is not one of the fact's values: `message` says which are."""


@dataclass(frozen=True)
class Choice:
    """One answer offered to a question: its value as typed (`value`) and in words."""

    value: str
    words: str


@dataclass(frozen=True)
class Question:
    """A fact the ruling turns on, put as a question, with the answers offered."""

    fact: str
    seat: str | None
    words: str
    choices: tuple[Choice, ...]
    free: str = ""  # what may be typed beyond the choices ("a card: KH"); "" when none

    @property
    def key(self) -> FactKey:
        """The fact asked, as the engine names it."""
        return (self.fact, self.seat)

    def to_json(self) -> dict[str, Any]:
        """JSON form: {"fact", "seat"?, "words", "choices": [{"value", "words"}], "free"?}."""
        out: dict[str, Any] = {"fact": self.fact}
        if self.seat is not None:
            out["seat"] = self.seat
        out["words"] = self.words
        out["choices"] = [{"value": c.value, "words": c.words} for c in self.choices]
        if self.free:
            out["free"] = self.free
        return out


@dataclass(frozen=True)
class Answer:
    """A fact answered: its key, the value (None when not known) and the answer in words."""

    fact: str
    seat: str | None
    value: Any
    known: bool
    words: str

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        from app.model.facts import json_value

        out: dict[str, Any] = {"fact": self.fact}
        if self.seat is not None:
            out["seat"] = self.seat
        out["value"] = json_value(self.value) if self.known else UNKNOWN_ANSWER
        out["words"] = self.words
        return out


def offered_events(game: Game) -> list[tuple[str, str]]:
    """The events a game has, each once, as (type, words), in the registry's order."""
    found: dict[str, str] = {}
    for stage in game.stage_names:
        for etype in events_for(game, stage):
            found.setdefault(etype, EVENTS[etype].label)
    return [(etype, found[etype]) for etype in EVENTS if etype in found]


def fact_key(spelled: str) -> FactKey:
    """A fact as typed: "has-looked[North]" or "event.player" -> (fact, seat)."""
    if spelled.endswith("]") and "[" in spelled:
        name, _, seat = spelled[:-1].partition("[")
        return (name, seat)
    return (spelled, None)


def spell(key: FactKey) -> str:
    """A fact as typed on the command line: "has-looked[North]"."""
    return f"{key[0]}[{key[1]}]" if key[1] is not None else key[0]


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
            values = self.values(key)
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
            return self._counts_question()
        fact, seat = key
        words = _question_words(fact, seat, self.event)
        values = self.values(key)
        choices = [Choice(_typed(v), _said(fact, seat, v, self.event)) for v in values]
        free = ""
        kind = _kind(fact, self.event)
        if kind in ("card", "card-or-none"):
            free = "a card, e.g. KH or 10S"
            choices = [Choice(_typed(c), c.name) for c in self.game.pack.cards]
            if kind == "card-or-none":
                choices.insert(0, Choice("none", "No card"))
        elif kind in ("count", "points", "int"):
            free = "a number"
            low = max(spec.low, 0) if (spec := _field(fact, self.event)) is not None else 0
            if not choices:
                choices = [Choice(str(n), str(n)) for n in range(low, low + 4)]
        elif kind in ("players", "seats"):
            free = "seats, comma-separated (none: -)"
            if not choices:
                choices = [Choice("-", "Nobody"), *(Choice(p, p) for p in self.players)]
        elif kind == "trick":
            free = "the leader and the cards played, e.g. East: KC 9C"
            choices = [Choice("none", "No trick is in progress"),
                       *(Choice(f"{p}:", f"{p} has the lead; nothing led yet")
                         for p in self.players)]
        elif kind == "cards":
            free = "cards, space-separated, e.g. KH QS 10D"
            choices = [Choice("-", "Not given")]
        elif kind == "bid":
            free = "the bidder and the amount, e.g. North 3"
            choices = [Choice("none", "No bid has been made"),
                       *(Choice(f"{p} 2", f"{p} bid 2") for p in self.players)]
        elif kind == "counts":
            free = "seat:number pairs, e.g. North:3 South:2"
            choices = [Choice(" ".join(f"{p}:0" for p in self.players),
                              "Nobody won a trick")]
        return Question(fact, seat, words, tuple(choices), free)

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
            made = Answer(fact, seat, value, True, _said(fact, seat, value, self.event))
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
                out.append(Answer(fact, seat, value, True, _said(fact, seat, value, self.event)))
            else:
                out.append(Answer(fact, seat, None, False, f"{question(fact, seat)} Not known."))
        return out

    # --- every hand's count, asked once -----------------------------------------------------
    def _counts_question(self) -> Question:
        seats = self.players
        combos: list[dict[str, int]] = [{}]
        combos += [{p: e} for p in seats for e in (1, -1)]
        combos += [{p: e, q: f} for i, p in enumerate(seats) for q in seats[i + 1:]
                   for e in (1, -1) for f in (1, -1)]
        choices = [Choice(_counts_typed(c), _counts_words(c, seats)) for c in combos]
        return Question(COUNTS[0], None, "Which hands hold a wrong number of cards?",
                        tuple(choices), "each hand wrong and by how many, e.g. North:+1; South:-1")

    def _answer_counts(self, typed: str) -> Answer:
        text = typed.strip()
        if text.lower() == UNKNOWN_ANSWER:
            for key in self._keys_of(COUNTS):
                self.answers.pop(key, None)
                self.not_known.add(key)
        else:
            errors = _parse_counts(text, self.players)
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
        return Answer(COUNTS[0], None, errors, True, _counts_words(wrong, self.players))

    def parse(self, key: FactKey, typed: str) -> Any:
        """A typed answer as the fact's value."""
        fact = key[0]
        text = typed.strip()
        kind = _kind(fact, self.event)
        seats = self.players
        values = self.values(key)
        for v in values:
            if _typed(v).lower() == text.lower():
                return v
        if kind in ("card", "card-or-none"):
            if kind == "card-or-none" and text.lower() in ("none", "-"):
                return None
            return self._card(text)
        if kind in ("count", "points", "int"):
            digits = text.removeprefix("-").removeprefix("−")
            if not (digits.isdigit() and len(digits) <= 6):
                raise AnswerError(f"{text!r} is not a number")
            number = -int(digits) if digits != text else int(digits)
            spec = _field(fact, self.event)
            if spec is not None and not spec.low <= number <= spec.high:
                raise AnswerError(f"{number} is out of bounds: {spec.low} to {spec.high}")
            if spec is None and number < 0:
                raise AnswerError(f"{number} cannot be less than 0")
            return number
        if kind in ("players", "seats"):
            if text in ("-", ""):
                return ()
            named = tuple(p.strip() for p in text.split(","))
            for p in named:
                if p not in seats:
                    raise AnswerError(f"{p!r} is not a seat; the seats are {', '.join(seats)}")
            return named
        if kind == "trick":
            if text.lower() in ("none", "-"):
                return None
            leader, _, cards = text.partition(":")
            if leader.strip() not in seats:
                raise AnswerError(f"{leader.strip()!r} is not a seat")
            return Trick(leader.strip(), tuple(self._card(c) for c in cards.split()))
        if kind == "cards":
            if text in ("-", ""):
                return None
            return tuple(self._card(c) for c in text.split())
        if kind == "bid":
            if text.lower() in ("none", "-"):
                return None
            who, _, amount = text.partition(" ")
            if who not in seats or not amount.strip().isdigit():
                raise AnswerError(f"{text!r} is not a bid: a seat and an amount, e.g. North 3")
            return Bid(player=who, amount=int(amount))
        if kind == "counts":
            counts: dict[str, int] = {}
            for pair in text.split():
                who, _, n = pair.partition(":")
                if who not in seats or not n.isdigit():
                    raise AnswerError(f"{pair!r} is not seat:number")
                counts[who] = int(n)
            return counts
        offered = ", ".join(_typed(v) for v in values)
        raise AnswerError(f"{text!r} is not an answer to this question; answers: {offered}, "
                          f"or {UNKNOWN_ANSWER}")

    def _card(self, text: str) -> Card:
        try:
            card = Card.parse(text)
        except CardError as exc:
            raise AnswerError(str(exc)) from None
        if not self.game.pack.contains(card):
            raise AnswerError(f"{text} is not in the {self.game.name} pack")
        return card


# The event fields that name the players who played after the event's player to his card
# (to a lead out of turn): they play in turn from his left, so a short list covers them.
FOLLOWERS = frozenset({EVENT_PREFIX + "followed_by"})

# Every hand's count against the count due, asked as one question (a wrong count at a table of
# four would otherwise take four answers).
COUNTS: FactKey = ("count-error", None)


def _counts_typed(errors: dict[str, int]) -> str:
    return "; ".join(f"{p}:{e:+d}" for p, e in errors.items()) or "right"


def _counts_words(errors: dict[str, int], seats: tuple[str, ...]) -> str:
    if not errors:
        return "Every hand holds the right number of cards."
    parts = []
    for p, e in errors.items():
        n = abs(e)
        parts.append(f"{p} holds {n} card{'s' if n != 1 else ''} too "
                     f"{'many' if e > 0 else 'few'}")
    rest = "; the others are right." if len(errors) < len(seats) else "."
    return "; ".join(parts) + rest


def _parse_counts(text: str, seats: tuple[str, ...]) -> dict[str, int]:
    """"North:+1; South:-1" (or "right") as each hand's error."""
    if text.lower() in ("right", "none", "-", ""):
        return {}
    errors: dict[str, int] = {}
    for pair in text.split(";"):
        who, sep, amount = pair.strip().rpartition(":")
        digits = amount.strip().lstrip("+-−")
        if not sep or who.strip() not in seats or not digits.isdigit() or len(digits) > 2:
            raise AnswerError(f"{pair.strip()!r} is not seat:+n or seat:-n; the seats are "
                              f"{', '.join(seats)}")
        sign = -1 if amount.strip()[:1] in ("-", "−") else 1
        errors[who.strip()] = sign * int(digits)
    return errors


def _needed(rulings: tuple[CodeRuling, ...]) -> Iterator[FactKey]:
    """The facts still needed, code by code, a ruling's own before its cases'."""
    for ruled in rulings:
        if ruled.needs is not None:
            yield ruled.needs
        for case in ruled.cases:
            yield from _needed((case.ruling,))


def _field(fact: str, event: str) -> FieldSpec | None:
    if not fact.startswith(EVENT_PREFIX):
        return None
    return EVENTS[event].field(fact[len(EVENT_PREFIX):])


def _kind(fact: str, event: str) -> str:
    spec = _field(fact, event)
    if spec is not None:
        return "seat" if spec.kind == "player" else spec.kind
    declared = FACTS.get(fact)
    return declared.kind if declared is not None else ""


def _question_words(fact: str, seat: str | None, event: str) -> str:
    spec = _field(fact, event)
    if spec is None:
        return question(fact, seat)
    label = spec.label.rstrip(":")
    asked = label if label.endswith("?") else (spec.help.rstrip(".") + "?" if spec.help
                                               else label + "?")
    return asked


def _typed(value: Any) -> str:
    """A value as it is typed: a card as its code, yes/no, a seat as its name."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return ", ".join(value) or "-"  # seats, as the players' answer is typed
    return str(value)


def _said(fact: str, seat: str | None, value: Any, event: str) -> str:
    if fact.startswith(EVENT_PREFIX):
        from app.engine.event_facts import field_words

        return field_words(event, fact[len(EVENT_PREFIX):], value)
    if fact == "phase":
        return f"It came to light {PHASES.get(str(value), value)}."
    return say(fact, seat, value)


def _stems(text: str) -> list[str]:
    """Words as a filter compares them: folded, and cut to their first four letters so that
    "led" meets "lead" and "turned" meets "turn"."""
    import unicodedata

    folded = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    return [w[:4] if len(w) > 4 else w for w in words if len(w) > 2 or w.isdigit()]


# Everyday words for the events' words ("two cards turned": several; "forgot": failed).
_SAME = {"two": "seve", "thre": "seve", "forg": "fail", "led": "lead", "lead": "led"}


def match_events(events: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The events whose words meet what was typed, best first (every event when nothing is
    typed): "two cards turned", "led out of turn", "forgot to draw"."""
    wanted = _stems(typed)
    if not wanted:
        return list(events)
    scored = []
    for n, (etype, words) in enumerate(events):
        spec = EVENTS[etype]
        have = set(_stems(f"{words} {spec.help} {etype.replace('-', ' ')}"))
        hits = sum(1 for w in wanted if w in have or _SAME.get(w) in have)
        if hits:
            scored.append((-hits, n, (etype, words)))
    return [item for *_, item in sorted(scored)]
