"""The facts of a table, declared once: each fact's name, its domain, its question and its
statement; and the reading that records, in order, the facts a handler read to decide.

A handler reads the table through doors (`Table.dealer`, `Table.has_looked(p)`,
`Table.timing.any_card_played`, `ctx.event.player`, ...). Each door names its fact here and goes
through `Reading.read`, which
- returns the value an answer or a case has fixed for the fact (`Reading.fixed`), else the
  value the scenario gives;
- raises `NeedFact` when the scenario leaves the fact out (`Reading.unknown`, or a value the
  table cannot show, such as whose lead it was after a trick was gathered): the engine then
  rules each value of its domain, and Ask asks the fact's question;
- records the fact and its value as a ground of the ruling, once, in the order read. A door
  computed from other doors (a hand's count against the count due reads the stage, the trick
  and the hand) records only itself: its value is what the handler turned on.

The four consumers of one mechanism: the ruling's "decided by" line, the quiz stem, Ask's
questions, and the ruling charts (docs/engine.md, "Facts and grounds").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import msgspec

from app.cards import SUIT_NAMES, Card
from app.model.event_words import counted


@dataclass(frozen=True)
class Unknown:
    """A fact the table cannot show (a case the engine must split, a question Ask must put),
    and why, in words: "the winner of the last trick leads, and the table does not say who
    won it"."""

    why: str = ""


UNKNOWN = Unknown()


class Unsaid:
    """What a quiet read (words for an explanation, not a ground) gets for a fact the table
    leaves out: said as "some" ("turned up some cards"), false as a condition of the words.
    A guided ruling is not held up to ask what only words a sentence."""

    def __str__(self) -> str:
        return "some"

    def __bool__(self) -> bool:
        return False


UNSAID = Unsaid()

# A fact about one seat (has-looked, count-error) is keyed by the fact and the seat.
FactKey = tuple[str, str | None]


class NeedFact(Exception):  # a request for a fact, not an error
    """A handler needs a fact the scenario leaves out: `key` names it (fact, seat)."""

    def __init__(self, key: FactKey, why: str = "") -> None:
        super().__init__(f"the ruling turns on {key[0]}" + (f" of {key[1]}" if key[1] else ""))
        self.key = key
        self.why = why


@dataclass(frozen=True)
class Fact:
    """One fact of a table: its name, what values it takes, and how it is asked and said.

    `kind` is the domain: "yes-no", "seat", "card-or-none", "suit-or-none", "count", "points",
    "offset" (cards over (+) or under (-) the count due), "stage", "trick", "bid", or "choice"
    (with `choices`). `question` and `says` take `{seat}` for a fact about one player.
    `says` maps a value to its sentence; `values` lists the values a case split or a chart
    explores (a count is explored at the values the laws tell apart, not at every number).
    """

    name: str
    kind: str
    question: str
    says: Callable[[Any, str], str]
    of_seat: bool = False
    choices: tuple[str, ...] = ()
    # A fact that follows from others once they are known: its value from the known facts,
    # None while it does not follow (Ask settles it without a question).
    implied: Callable[[Mapping[FactKey, Any]], Any] | None = None


def _yes_no(yes: str, no: str) -> Callable[[Any, str], str]:
    return lambda value, seat: (yes if value else no).format(seat=seat)



def _card(value: Any) -> str:
    return f"the {value.name}" if isinstance(value, Card) else str(value)


def _offset(value: Any, seat: str) -> str:
    if value is None:
        return f"{seat}'s count is not given (taken to be right)."
    if value == 0:
        return f"{seat} holds the right number of cards."
    if value > 0:
        return f"{seat} holds {counted(value, 'card')} too many."
    return f"{seat} holds {counted(-value, 'card')} too few."


def _trick(value: Any, seat: str) -> str:
    if value is None or not value.cards:
        led = f" {value.leader} has the lead." if value is not None else ""
        return "No card has been led to the trick in progress." + led
    cards = ", then ".join(_card(c) for c in value.cards)
    return f"{value.leader} led to the trick in progress; played to it so far: {cards}."


def _bid(value: Any, seat: str) -> str:
    if not value:
        return "No bid has been made."
    return f"{value.player} made the bid ({value.amount})."


def _proposing_implied(known: Mapping[FactKey, Any]) -> bool | None:
    """A discard made or a card played: proposing has begun; neither: it has not (a proposal
    leaves no other trace on a table)."""
    made, played = known.get(("discard-made", None)), known.get(("any-card-played", None))
    if made or played:
        return True
    return False if made is not None and played is not None else None


# The moments the laws distinguish, in the order a hand passes through them.
PHASES: dict[str, str] = {
    "before-play": "before any card has been played",
    "first-trick": "while the first trick is being played",
    "later-tricks": "after the first trick",
    "stock-exhausted": "after the stock has run out",
    "last-trick": "in the last trick",
    "hand-over": "after the hand has been played out",
}


# The stages of a deal (app.model.games.STAGES) as a ruling's grounds say them: a stage's id
# ("stock-exhausted") is not words a referee reads.
STAGE_PHRASES: dict[str, str] = {
    "deal": "It happened during the deal.",
    "bidding": "It happened before the play, while bidding or proposing.",
    "play": "It happened during the play of the hand.",
    "stock-exhausted": "It happened after the stock had run out.",
    "hand-over": "It happened after the hand had been played out.",
}


FACTS: dict[str, Fact] = {f.name: f for f in (
    Fact("dealer", "seat", "Who dealt?", lambda v, s: f"{v} dealt."),
    Fact("stage", "stage", "At what stage of the deal did it happen?",
         lambda v, s: STAGE_PHRASES.get(v, f"It happened at the stage: {v}.")),
    Fact("trump", "suit-or-none", "Is a trump suit fixed, and which?",
         lambda v, s: f"Trumps are {SUIT_NAMES[v]}." if v else "No trump suit is fixed yet."),
    Fact("turn-up", "card-or-none", "Which card was turned up for trumps?",
         # (that a card was turned first: what a law turns on is the turn-up made, and the
         # card alone read as the reason, the 57th blind round's #37)
         lambda v, s: f"A card has been turned up for trumps: {_card(v)}." if v is not None
         else "No card has been turned up for trumps."),
    Fact("tricks-played", "count", "How many tricks had been played and gathered?",
         lambda v, s: f"{counted(v, 'trick')} had been played and gathered."
         if v else "No trick had been gathered yet."),
    Fact("trick", "trick", "What lies on the table of the trick in progress?", _trick),
    Fact("discard-made", "yes-no", "Has a discard (the exchange) been made this hand?",
         _yes_no("A discard has been made this hand.", "No discard has been made this hand.")),
    Fact("proposing-begun", "yes-no",
         "Had the non-dealer proposed or played (so the dealer may have accepted or refused)?",
         _yes_no("The non-dealer had already proposed or played.",
                 "Nobody has proposed yet: the non-dealer has neither proposed nor played, and "
                 "the dealer has neither accepted nor refused."),
         implied=_proposing_implied),
    Fact("bid", "bid", "Has a bid been made, and by whom?", _bid),
    # Whether anybody has bid, the fact Cinch's law turns on ("before anybody has bid", seed
    # 003:1): "the bidding is not over" left room for bids made (the tenth blind round's #43).
    Fact("bid-made", "yes-no", "Has anybody bid yet this deal?",
         _yes_no("A bid has been made this deal.", "Nobody has bid yet.")),
    Fact("lead-holder", "seat", "Whose lead was it?", lambda v, s: f"It was {v}'s lead."),
    Fact("to-play", "seat", "Whose turn was it to play to the trick?",
         lambda v, s: f"It was {v}'s turn to play to the trick." if v
         else "Nobody was due to play to a trick."),
    Fact("hand-over", "yes-no", "Had the hand been played out?",
         _yes_no("The hand had been played out.", "The hand had not been played out.")),
    Fact("any-card-played", "yes-no", "Had any card been played to the first trick?",
         _yes_no("A card had been played to the first trick.",
                 "No card had been played yet.")),
    Fact("first-trick-complete", "yes-no", "Had everyone played to the first trick?",
         _yes_no("Everyone had played to the first trick.",
                 "The first trick was not yet complete.")),
    Fact("first-trick-in-progress", "yes-no",
         "Was the first trick under way, with not everyone yet played to it?",
         _yes_no("The first trick was under way.", "The first trick was not under way.")),
    Fact("tricks-complete", "count", "How many tricks had everyone played to?",
         # (not "Everyone had played to 17 tricks": read as odd of two players, the 43rd
         # blind round's #52)
         lambda v, s: f"{counted(v, 'trick').capitalize()} had been completed."
         if v else "No trick had been completed."),
    Fact("drawing-begun", "yes-no", "Had a card been drawn from the stock?",
         _yes_no("Cards had been drawn from the stock.",
                 "No card had yet been drawn from the stock.")),
    Fact("stock-exhausted", "yes-no", "Had the stock run out?",
         _yes_no("The stock had run out.", "The stock had not run out.")),
    Fact("last-trick", "yes-no", "Was it the last trick of the hand?",
         _yes_no("It was the last trick of the hand.", "It was not the last trick.")),
    Fact("all-tricks-played", "yes-no", "Had every trick of the hand been played?",
         # (not "Every trick of the hand had been played": a hand that ended when a player
         # had no card left ended after 63 of its 64 tricks; round 6's #108, #119, #120)
         _yes_no("No trick of the hand remained to be played.",
                 "Tricks of the hand remained to be played.")),
    Fact("phase", "choice", "When in the hand did it come to light?",
         lambda v, s: f"It came to light {PHASES.get(v, v)}.", choices=tuple(PHASES)),
    Fact("has-looked", "yes-no", "Has {seat} looked at his hand?",
         _yes_no("{seat} has looked at his hand.", "{seat} has not looked at his hand."),
         of_seat=True),
    Fact("has-played", "yes-no", "Has {seat} played a card this hand?",
         _yes_no("{seat} has played a card this hand.",
                 "{seat} has not played a card this hand."), of_seat=True),
    Fact("played-to-trick", "yes-no", "Has {seat} played to the trick in progress?",
         _yes_no("{seat} has played to the trick in progress.",
                 "{seat} has not played to the trick in progress."), of_seat=True),
    Fact("count", "count", "How many cards does {seat} hold?",
         lambda v, s: f"{s} holds {counted(v, 'card')}." if v is not None
         else f"{s}'s count is not given (taken to be right).", of_seat=True),
    Fact("count-error", "offset", "Does {seat} hold the right number of cards?", _offset,
         of_seat=True),
    Fact("cards", "cards", "Which cards does {seat} hold?",
         lambda v, s: f"{s}'s cards are not given." if v is None
         else f"{s} holds " + (", ".join(_card(c) for c in v) or "no card") + ".",
         of_seat=True),
    Fact("score", "points", "How many points has {seat} scored?",
         lambda v, s: f"{s} has {counted(v, 'point')}.", of_seat=True),
)}

EVENT_PREFIX = "event."


def event_fact(name: str) -> str:
    """The fact an event's field is: "event.player", "event.saw_second"."""
    return EVENT_PREFIX + name


@dataclass(frozen=True)
class Ground:
    """A fact a ruling turned on: the fact (and the seat it is about), the value read, and the
    value in words (worded when first asked for: most rulings are never read out)."""

    fact: str
    seat: str | None
    value: Any
    wording: Callable[[Any], str] | None = field(default=None, compare=False, repr=False)

    @property
    def words(self) -> str:
        """The fact's value as a sentence."""
        return say(self.fact, self.seat, self.value, self.wording)

    def to_json(self) -> dict[str, Any]:
        """JSON form: {"fact", "seat"?, "value", "words"} (cards as codes, a trick as its
        leader and cards)."""
        out: dict[str, Any] = {"fact": self.fact}
        if self.seat is not None:
            out["seat"] = self.seat
        out["value"] = json_value(self.value)
        out["words"] = self.words
        return out


def _card_code(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    raise NotImplementedError(f"no JSON for {type(value).__name__}")


def json_value(value: Any) -> Any:
    """A fact's value as JSON: a card as its code, a trick as {"leader", "cards"}, a bid as
    {"player", "amount"}."""
    return msgspec.to_builtins(value, enc_hook=_card_code, str_keys=True)


# An event field's words are supplied by the event's spec (app/model/event_spec.py): its
# label, and the value. Set by the engine's event door, which knows the spec.
EventWords = Callable[[str, Any], str]


@dataclass
class Reading:
    """One code's reading of a table: the facts fixed by answers or cases, the facts the
    scenario leaves out, and the grounds recorded as the handler reads."""

    fixed: Mapping[FactKey, Any] = field(default_factory=dict)
    unknown: frozenset[str] = frozenset()
    everything_unknown: bool = False
    grounds: list[Ground] = field(default_factory=list)
    _seen: set[FactKey] = field(default_factory=set)
    _depth: int = 0
    _asks: bool = False

    def is_unknown(self, fact: str) -> bool:
        """Whether the scenario leaves this fact out."""
        return self.everything_unknown or fact in self.unknown

    def __post_init__(self) -> None:
        self._asks = self.everything_unknown or bool(self.unknown)

    def read(self, fact: str, seat: str | None, compute: Callable[[], Any],
             words: Callable[[Any], str] | None = None) -> Any:
        """The fact's value (fixed, else computed), recorded as a ground the first time an
        outermost door reads it; NeedFact when the scenario leaves it out."""
        key = (fact, seat)
        # Written for speed: every door of every ruling passes here (bench/engine.py).
        if self.fixed and key in self.fixed:
            value = self.fixed[key]
            if self._depth:
                return value
        elif self._asks and self.is_unknown(fact):
            if self._depth:
                return UNSAID  # words only: nothing is decided on it
            raise NeedFact(key)
        elif self._depth:
            return compute()  # a door inside a door: the outer fact is the ground
        else:
            self._depth = 1
            try:
                value = compute()
            finally:
                self._depth = 0
            if value.__class__ is Unknown:
                raise NeedFact(key, value.why)
        if key not in self._seen:
            self._seen.add(key)
            self.grounds.append(Ground(fact, seat, value, words))
        return value

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """Reads made only to word an explanation (a name, the counts in a sentence) are not
        what the ruling turned on: they are not recorded."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1


def say(fact: str, seat: str | None, value: Any, words: Callable[[Any], str] | None = None) -> str:
    """The statement of a fact's value."""
    if words is not None:
        return words(value)
    declared = FACTS.get(fact)
    if declared is None:
        return f"{fact}: {json_value(value)}"
    return declared.says(value, seat or "")


def question(fact: str, seat: str | None) -> str:
    """The question that asks a fact."""
    declared = FACTS.get(fact)
    if declared is None:
        return f"{fact}?"
    return declared.question.format(seat=seat or "")
