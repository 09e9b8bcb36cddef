"""The questions a guided ruling puts (app/ask/interview.py): a fact in words, with the answers
offered (its short list of values, or a few typed answers of its kind), and the answers given
in words; the events a game offers to ask about, and those whose words meet what was typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.cards import Card
from app.model.event_spec import FieldSpec
from app.model.events import EVENTS
from app.model.facts import EVENT_PREFIX, FACTS, PHASES, FactKey, question, say
from app.model.games import Game
from app.table_builder.events import events_for

# Every hand's count against the count due, asked as one question (a wrong count at a table of
# four would otherwise take four answers).
COUNTS: FactKey = ("count-error", None)


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


def offered_events(game: Game) -> list[tuple[str, str]]:
    """The events a game has, each once, as (type, words), in the registry's order."""
    found: dict[str, str] = {}
    for stage in game.stage_names:
        for etype in events_for(game, stage):
            found.setdefault(etype, EVENTS[etype].label)
    return [(etype, found[etype]) for etype in EVENTS if etype in found]


def question_for(key: FactKey, game: Game, event: str, players: tuple[str, ...],
                 values: tuple[Any, ...]) -> Question:
    """The question that asks a fact (not COUNTS: `counts_question`), with its answers: the
    values offered from a short list (`Interview.values`), else a few typed answers of its kind."""
    fact, seat = key
    words = question_words(fact, seat, event)
    choices = [Choice(typed_value(v), said(fact, seat, v, event)) for v in values]
    free = ""
    kind = fact_kind(fact, event)
    if kind in ("card", "card-or-none"):
        free = "a card, e.g. KH or 10S"
        choices = [Choice(typed_value(c), c.name) for c in game.pack.cards]
        if kind == "card-or-none":
            choices.insert(0, Choice("none", "No card"))
    elif kind in ("count", "points", "int"):
        free = "a number"
        low = max(spec.low, 0) if (spec := fact_field(fact, event)) is not None else 0
        if not choices:
            choices = [Choice(str(n), str(n)) for n in range(low, low + 4)]
    elif kind in ("players", "seats"):
        free = "seats, comma-separated (none: -)"
        if not choices:
            choices = [Choice("-", "Nobody"), *(Choice(p, p) for p in players)]
    elif kind == "trick":
        free = "the leader and the cards played, e.g. East: KC 9C"
        choices = [Choice("none", "No trick is in progress"),
                   *(Choice(f"{p}:", f"{p} has the lead; nothing led yet")
                     for p in players)]
    elif kind == "cards":
        free = "cards, space-separated, e.g. KH QS 10D"
        choices = [Choice("-", "Not given")]
    elif kind == "bid":
        free = "the bidder and the amount, e.g. North 3"
        choices = [Choice("none", "No bid has been made"),
                   *(Choice(f"{p} 2", f"{p} bid 2") for p in players)]
    elif kind == "counts":
        free = "seat:number pairs, e.g. North:3 South:2"
        choices = [Choice(" ".join(f"{p}:0" for p in players),
                          "Nobody won a trick")]
    return Question(fact, seat, words, tuple(choices), free)


def counts_question(seats: tuple[str, ...]) -> Question:
    """Every hand's count asked as one question: the offered answers put no hand, one hand or
    two hands one card over or under."""
    combos: list[dict[str, int]] = [{}]
    combos += [{p: e} for p in seats for e in (1, -1)]
    combos += [{p: e, q: f} for i, p in enumerate(seats) for q in seats[i + 1:]
               for e in (1, -1) for f in (1, -1)]
    choices = [Choice(counts_typed(c), counts_words(c, seats)) for c in combos]
    return Question(COUNTS[0], None, "Which hands hold a wrong number of cards?",
                    tuple(choices), "each hand wrong and by how many, e.g. North:+1; South:-1")


def counts_typed(errors: dict[str, int]) -> str:
    """Each hand's error as typed: "North:+1; South:-1", or "right"."""
    return "; ".join(f"{p}:{e:+d}" for p, e in errors.items()) or "right"


def counts_words(errors: dict[str, int], seats: tuple[str, ...]) -> str:
    """Each hand's error in words, and whether the others are right."""
    if not errors:
        return "Every hand holds the right number of cards."
    parts = []
    for p, e in errors.items():
        n = abs(e)
        parts.append(f"{p} holds {n} card{'s' if n != 1 else ''} too "
                     f"{'many' if e > 0 else 'few'}")
    rest = "; the others are right." if len(errors) < len(seats) else "."
    return "; ".join(parts) + rest


def fact_field(fact: str, event: str) -> FieldSpec | None:
    """The event's field an "event." fact names; None for any other fact."""
    if not fact.startswith(EVENT_PREFIX):
        return None
    return EVENTS[event].field(fact[len(EVENT_PREFIX):])


def fact_kind(fact: str, event: str) -> str:
    """What kind of value a fact takes ("card", "seat", "count"...); "" when undeclared."""
    spec = fact_field(fact, event)
    if spec is not None:
        return "seat" if spec.kind == "player" else spec.kind
    declared = FACTS.get(fact)
    return declared.kind if declared is not None else ""


def question_words(fact: str, seat: str | None, event: str) -> str:
    """A fact put as a question: the fact's own, or the event field's label or help."""
    spec = fact_field(fact, event)
    if spec is None:
        return question(fact, seat)
    label = spec.label.rstrip(":")
    asked = label if label.endswith("?") else (spec.help.rstrip(".") + "?" if spec.help
                                               else label + "?")
    return asked


def typed_value(value: Any) -> str:
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


def said(fact: str, seat: str | None, value: Any, event: str) -> str:
    """A fact's value in words, as an answer is read back."""
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
