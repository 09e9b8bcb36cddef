"""Every deciding fact in the stem: the table shown beside a question in words, and the facts a
ruling turned on (its grounds, app/model/facts.py) that the stem does not yet state.

A question's stem is its situation (the table and what happened, quizzes/words.py) and the
table drawn beside it. A ground is *stated* when its own statement ("North has not looked at his
hand.") or an equivalent one the stem already makes ("Nobody has looked at his cards.", "Tricks
played: 2.") is in the stem or in the table's text; `deciding_words` says, in the ground's own
words, each one that is not, so a learner is never asked to rule on a fact he was not told.
`table_text` is the table as the screen draws it (ui/quiz/table_sketch.py), for the command
line and for these checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from app.cards import Card, CardError
from app.engine.ruling import CodeRuling
from app.model.event_words import counted, exchange_error_words
from app.model.events import EVENTS
from app.model.facts import EVENT_PREFIX, Ground
from app.model.scenario import Scenario
from app.table_builder.problem_words import ordinal
from quizzes.announce_words import announced_opening
from quizzes.draw_order import last_trick_winner, won_words
from quizzes.plain_words import trick_words
from quizzes.seen import taken
from quizzes.table_facts import side_facts
from quizzes.table_header import (
    BEFORE_PLAY,
    DEALT_WORDS,
    KEPT_THE_PITCH,
    SEEN_VERBS,
    STAGE_WORDS,
    dealer_words,
    looked_words,
)
from quizzes.words import MELD_GAME_WORDS, seen_two_words

# Event fields that say when an error came to light: a law of one code turns on them while
# another's sets no time (quizzes.asked_stem says them only where the asked code reads them).
TIMING_FIELDS = ("drawn_since", "next_trick_started")


def _card(code: Any) -> Card | None:
    try:
        return Card.parse(code)
    except (CardError, TypeError, ValueError):
        return None


def _named(codes: Iterable[Any]) -> str:
    return ", ".join(f"the {c.name}" if (c := _card(x)) is not None else str(x) for x in codes)



def _trick_words(trick: Mapping[str, Any], seats: int = 0) -> str:
    """The trick on the table in words: who led, and each card with its player in the order
    played (cards one player put down together said together). A trick every seat has played
    to is said complete, not in progress: a play that completed it and is said to stand past
    the trick being turned has finished it (the twenty-first blind round's #163)."""
    cards, players = list(trick.get("cards") or ()), list(trick.get("players") or ())
    if len(players) != len(cards):
        played = ", then ".join(_named([c]) for c in cards)
        return f"{trick.get('leader')} led to the trick in progress; played to it so far: {played}."
    groups: list[tuple[str, list[Any]]] = []
    for player, card in zip(players, cards, strict=True):
        if groups and groups[-1][0] == player:
            groups[-1][1].append(card)
        else:
            groups.append((player, [card]))
    said = ", then ".join(
        f"{_and([_named([c]) for c in group])} by {player}"
        + (" together" if len(group) > 1 else "") for player, group in groups)
    if seats and len(set(players)) >= seats:
        return f"On the trick, now complete, in the order played: {said}."
    return f"On the trick in progress, in the order played: {said}."


def table_text(table: Mapping[str, Any] | None) -> str:
    """The table drawn beside a question, in sentences (each seat's cards, the dealer, the
    scores, the trick, the turn-up, trumps, the stock, the tricks gathered, the bid); the
    sentences are the facts' own statements where a fact has one. Given the table as the
    learner sees it (quizzes/seen.py), a card led or played is on the trick, each said with
    its player, and a card exposed lies apart."""
    if not table:
        return ""
    hands: Mapping[str, Any] = table.get("hands") or {}
    players = list(table.get("players") or hands)
    event: Mapping[str, Any] = table.get("event") or {}
    lines: list[str] = []
    if table.get("cutting_for_deal"):
        lines.append(dealer_words("", "cut-error", "several-shown-for-deal"))
    elif table.get("dealer"):
        lines.append(dealer_words(str(table["dealer"]), str(event.get("type", "")),
                                  event.get("error")))
    for player in players:
        hand = hands.get(player)
        if isinstance(hand, list):
            lines.append(f"{player} holds {_named(hand)}." if hand
                         else f"{player} holds no card.")
        elif isinstance(hand, int):
            lines.append(f"{player} holds {counted(hand, 'card')}; they are not shown.")
    apart = table.get("apart")
    if isinstance(apart, Mapping) and apart.get("cards"):
        lines.append(f"{apart.get('words')}: {_named(apart['cards'])}.")
    scores = table.get("scores") or {}
    for player in players:
        if player in scores:
            lines.append(f"{player} has {counted(scores[player], 'point')}.")
    trick = table.get("trick") or {}
    if trick.get("cards"):
        lines.append(_trick_words(trick, len(players)))
    turn_up = _card(table.get("turn_up"))
    if turn_up is not None:
        lines.append(f"The card turned up for trumps is the {turn_up.name}.")
    lines += [fact.sentence for fact in side_facts(table)]
    return " ".join(lines)


def _other_values(kind: str, value: Any, scenario: Scenario) -> list[Any]:
    """Other values a field of this kind could take: a sentence that reads differently for
    them says the field's value."""
    if kind == "bool":
        return [not value]
    if kind == "player":
        return [p for p in scenario.players if p != value][:1]
    if kind == "card":
        return [c for c in (Card("2", "C"), Card("3", "D")) if c != value][:1]
    if kind == "int":
        return [(value or 0) + 1]
    if kind == "players":
        return [tuple(value or ())[1:]] if value else [tuple(scenario.players[:1])]
    if kind == "counts" and isinstance(value, Mapping) and value:
        first = next(iter(value))
        return [{**value, first: value[first] + 1}]
    return []


def _told_by_event(ground: Ground, scenario: Scenario) -> str | None:
    """The event's own sentence, when it says this field's value (it would read otherwise
    were the value another); None when it does not."""
    spec = EVENTS.get(scenario.event.type)
    name = ground.fact[len(EVENT_PREFIX):]
    fspec = spec.field(name) if spec is not None else None
    if spec is None or fspec is None:
        return None
    fields = {**scenario.event.fields, "dealer": scenario.dealer}
    for said_apart in ("taken_back", *TIMING_FIELDS):
        # Whether a card played was taken back is said in the asked code's words
        # (quizzes.words.event_words), and a timing fact only where the asked code's ruling
        # turns on it (quizzes.asked_stem): the rest of the sentence is the event's own.
        if name != said_apart:
            fields.pop(said_apart, None)
    try:
        told = spec.tell(fields)
        others = [fspec.choices[i] for i in range(len(fspec.choices))
                  if fspec.choices[i] != ground.value][:1] if fspec.kind == "choice" else \
            _other_values(fspec.kind, ground.value, scenario)
        if not others:
            return None
        if all(spec.tell({**fields, name: other}) != told for other in others):
            return told
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return None


def _event_fields(scenario: Scenario) -> dict[str, Any]:
    ev = scenario.event
    return {"type": ev.type, **{k: str(v) if isinstance(v, Card) else v
                                for k, v in ev.fields.items()}}


def ground_words(ground: Ground, scenario: Scenario) -> str:
    """A ground in a learner's words beside the table shown. Where the event's card was led,
    the trick shown holds it: that nothing had been led is said of the moment before it."""
    value = ground.value
    if ground.fact == "trick" and (value is None or not value.cards) \
            and scenario.stage in ("deal", "bidding"):
        return "No card has been played yet."  # before play there is no trick in progress
    if ground.fact == "lead-holder" and value and value == last_trick_winner(scenario):
        # The winner of the last trick leads: "It was North's lead" read as "North led the
        # last trick" (the fourteenth blind round's #10).
        return f"{won_words(scenario)} and has the lead."
    fields = _event_fields(scenario)
    exposed_apart = fields["type"] == "exposed-card" and fields.get("how") != "two-played"
    if ground.fact == "trick" and value is not None and not value.cards \
            and taken(fields) and not exposed_apart:
        return (f"It was {value.leader}'s lead: no card had been led to the trick before "
                f"{scenario.event.get('player')}'s.")
    return ground.words


def equivalents(ground: Ground, scenario: Scenario) -> list[str]:
    """Sentences that state the ground's value as the stem or the table's text words it."""
    fact, seat, value = ground.fact, ground.seat, ground.value
    out = [ground_words(ground, scenario), ground.words]
    if fact.startswith(EVENT_PREFIX):
        told = _told_by_event(ground, scenario)
        if told is not None:
            out.append(told)
        if scenario.event.type in MELD_GAME_WORDS:
            # Told in a melding game's words, the sentence states every field of the event.
            out.append(MELD_GAME_WORDS[scenario.event.type](scenario))
        if scenario.event.type == "false-declaration":
            # So does a score announced in the terms of a game that declares nothing in play
            # (Écarté's king, quizzes.words.announced_words): who announced what.
            out.append(announced_opening(scenario))
        if scenario.event.type == "exchange-error":
            # So does an exchange error in the words that fit who erred (dealer or not).
            out.append(exchange_error_words(scenario.event.fields, scenario.dealer))
        if fact == EVENT_PREFIX + "position" and isinstance(value, int):
            # So does a faced card's place said as a card of the stock, its place in the whole
            # pack beside it (quizzes.pack_places; the 41st blind round's #68 read it twice).
            out.append(f"(the {ordinal(value)} card of the whole pack)")
        if scenario.event.type == "drew-two":
            # So does a drawer's seeing two cards, in the words of laws that speak of it.
            out.append(seen_two_words(scenario))
    elif fact == "stage" and value in STAGE_WORDS:
        out.append(f", {STAGE_WORDS[value]}")
        if value == "bidding":
            out += [f", {words}" for words in BEFORE_PLAY.values()]  # in the game's words
        if value == "play":
            # The play's moment before its first card, as the opening says it (quizzes.words
            # .table_words): "during the play of the hand" beside it read as a contradiction
            # (the 42nd blind round's #3).
            out.append(", before any card is played;")
        if value == "deal":
            out.append(f", {DEALT_WORDS}")
    elif fact == "trick" and value is not None and not value.cards \
            and value.leader == scenario.event.get("player"):
        # So does "It was his lead." of two cards led together (quizzes.words; the 48th
        # blind round's #51 read the lead said twice).
        out.append("It was his lead.")
    elif fact == "has-looked" and (seat in scenario.hands_seen) == bool(value):
        out += [looked_words(scenario, verb) for verb in SEEN_VERBS]
    elif fact in ("count-error", "count") and seat is not None:
        hand = scenario.hands.get(seat)
        held = hand if isinstance(hand, int) else len(hand or ())
        if fact == "count-error" and value is not None:
            out.append(f"{seat} holds {held} (should hold {held - value})")
        elif fact == "count" and value is not None:
            out.append(f"{seat} holds {value} (should hold")
            out.append(f"{seat} holds {counted(value, 'card')};")
    elif fact == "turn-up" and isinstance(value, Card):
        out.append(f"The card turned up for trumps is the {value.name}.")  # the table's words
    elif fact == "dealer" and value:
        # Where another player dealt out of turn, the dealer is the one whose turn it was.
        out.append(dealer_words(str(value), scenario.event.type, scenario.event.get("error")))
    elif fact == "tricks-played" and value:
        out.append(f"Tricks played: {value}.")
    elif fact == "trick" and value is not None and value.cards:
        cards = ", ".join(c.name for c in value.cards)
        out.append(f"{value.leader} led to the trick in progress: "
                   + _and([f"the {c.name}" for c in value.cards]) + ".")
        out.append(f"{value.leader} led to the trick in progress: {cards}.")
        out.append(f"{value.leader} led to the trick in progress: "
                   + _and([c.name for c in value.cards]) + ".")
        out.append(trick_words(value.leader, list(scenario.players), list(value.cards)))
    elif fact == "bid" and value:
        out.append(f"{value.player} bid {value.amount}.")
        out.append(f"{value.player}, {KEPT_THE_PITCH} {value.amount}.")  # an eldest who sells
    elif fact == "discard-made" and value:
        out.append("A discard has been made.")
    elif fact == "lead-holder" and value and value == last_trick_winner(scenario):
        out.append(f"{won_words(scenario)}:")  # the draws after a trick (quizzes/draw_order)
    elif fact == "has-played" and value:
        # A card played since a king was announced (quizzes/announce_words.py) is one played.
        out.append(f"{seat} has played a card this hand since")
        if scenario.tricks_played:
            # Every player plays to every trick: tricks gathered say he has played (the 56th
            # blind round's #165 read "North has played a card this hand" after 63 tricks as
            # filler).
            out.append(f"Tricks played: {scenario.tricks_played}.")
    elif scenario.stage == "hand-over" and (
            (fact == "trick" and (value is None or not value.cards))
            or (fact == "all-tricks-played" and value is True)):
        # A hand over has no trick in progress and none to come: the opening's "after the
        # hand" says so (the 56th blind round's #165).
        out.append(f", {STAGE_WORDS['hand-over']}")
    elif fact == "any-card-played" and not value:
        out.append("before any card is played")
    elif fact == "any-card-played" and value and scenario.tricks_played:
        # Tricks gathered say a card was played: "A card had been played to the first trick"
        # beside "Tricks played: 19" read as left over from another table (the 45th round's
        # #85, #147).
        out.append(f"Tricks played: {scenario.tricks_played}.")
    elif fact == "cards" and seat is not None and value is not None:
        # The table shown lays the cards the event put down out of the hand (quizzes/seen.py):
        # the hand it shows is the one ruled on, less those.
        lying = taken(_event_fields(scenario)) if scenario.event.get("player") == seat else []
        rest = list(value)
        if lying and all(c in rest for c in lying):
            for c in lying:
                rest.remove(c)
            out.append(f"{seat} holds {_named(str(c) for c in rest)}." if rest
                       else f"{seat} holds no card.")
    return [s for s in out if s]


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def stated(ground: Ground, text: str, scenario: Scenario) -> bool:
    """Whether the stem (with the table's text) states the ground."""
    return any(s in text for s in equivalents(ground, scenario))


def grounds_of(rulings: Iterable[CodeRuling]) -> list[Ground]:
    """The grounds of several rulings, each fact once, in the order first read."""
    seen: dict[tuple[str, str | None], Ground] = {}
    for ruling in rulings:
        for g in ruling.grounds:
            seen.setdefault((g.fact, g.seat), g)
    return list(seen.values())


def deciding_words(rulings: Iterable[CodeRuling], situation: str, scenario: Scenario,
                   table: Mapping[str, Any] | None, also_said: str = "") -> str:
    """The statements of the grounds the situation and the table's text leave unsaid, in the
    order read ('' when the stem states them all). `also_said`: what the question says
    besides, in other words or in its prompt."""
    text = f"{situation}\n{table_text(table)}\n{also_said}"
    said: list[str] = []
    for g in grounds_of(rulings):
        words = ground_words(g, scenario)
        if not stated(g, text, scenario) and words not in said:
            said.append(words)
            text += "\n" + words
    return " ".join(said)


def with_deciding_facts(situation: str, rulings: Iterable[CodeRuling], scenario: Scenario,
                        table: Mapping[str, Any] | None, also_said: str = "") -> str:
    """The situation, with a line of the deciding facts it leaves unsaid (deciding_words)."""
    extra = deciding_words(rulings, situation, scenario, table, also_said)
    return f"{situation}\n{extra}" if extra else situation
