"""Ruling charts: for a game, an event and a code, the decision tree the engine's own reading
draws, never drawn by hand.

A chart is found the way Ask asks (app/ask/interview.py): the table on which every fact is left
out is ruled under the code (`Knowledge(everything_unknown=True, explore=False)`); the fact the
ruling needs first (`CodeRuling.needs`) is a question, and each value Ask offers it from a
short list (`Interview.values`: those the engine's case split rules, `fact_values`, and who
played after the event's player) is an answer, ruled in turn with the path's facts fixed. A
fact whose every answer leads to the same chart decides nothing there and is not drawn (as the
engine drops such a case split). A fact no short list covers (a card, a hand) ends its
path on a leaf that says so: until it is known, the code's guiding principle applies (what the
engine answers when told to explore it).

Unlike one explored ruling (`rule(..., explore=True)`), a chart is not held to the engine's
case bounds (MAX_CASE_DEPTH, MAX_CASES): each node is ruled afresh with its path fixed, so every
leaf is the ruling the engine gives for its path (tests/test_charts.py walks every one).

A booklet is the charts of a game under one code for a set of events, grouped by topic (the
topic of the laws its leaves cite most).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from app.ask.interview import Interview
from app.ask.questions import offered_events
from app.corpus.laws import Content
from app.corpus.vocabulary import CODES, TOPICS
from app.engine.core import Knowledge, rule
from app.engine.ruling import OUTCOMES, CodeRuling, Option
from app.engine.terms import beside_a_choice
from app.model.facts import FactKey
from app.model.games import Game

# A chart deeper or wider than this stops with a leaf that says so (none comes near: the
# widest, Rubicon Bézique's wrong number of cards under the English laws, has 116 leaves).
MAX_DEPTH = 12
MAX_LEAVES = 600
GENERAL_TOPIC = "general-principles"


class ChartError(ValueError):
    """A game, event, code or topic that has no chart: the message names which exist."""


@dataclass(frozen=True)
class Citation:
    """A law a leaf cites: its id, its title and where it is printed."""

    law: str
    title: str
    source: str

    @property
    def words(self) -> str:
        """"Title (book, section)"."""
        return f"{self.title} ({self.source})"


@dataclass(frozen=True)
class Leaf:
    """The end of a path: the ruling there. `stops_at` names the fact the case split cannot
    go through (too many values), when the ruling falls back on the code's guiding principle;
    `cut` says the chart's own bounds ended the path."""

    ruling: CodeRuling
    citations: tuple[Citation, ...]
    stops_at: FactKey | None = None
    stop_question: str = ""
    cut: bool = False

    @property
    def outcome(self) -> str:
        """The outcome id (a key of OUTCOMES)."""
        return self.ruling.outcome

    @property
    def outcome_words(self) -> str:
        """The outcome in words; at a stop, what is needed and what applies meanwhile."""
        if self.stops_at is not None:
            return (f"Turns on a fact with too many values to chart ({self.stop_question}): "
                    "until it is known, the code's guiding principle applies.")
        if self.cut:
            return (f"The chart stops here: the ruling still turns on {self.stop_question} "
                    "(ask it in Ask).")
        return OUTCOMES[self.outcome]

    @property
    def options(self) -> tuple[Option, ...]:
        """Who may choose what, with the points each choice brings."""
        return self.ruling.options

    @property
    def score(self) -> Mapping[str, int]:
        """Points scored whatever anyone chooses."""
        return self.ruling.score

    @property
    def laws(self) -> tuple[str, ...]:
        """The laws cited (ids)."""
        return self.ruling.laws

    def option_lines(self) -> list[str]:
        """Each option as a line: "North may: Claim a misdeal (South +1)"."""
        lines = []
        for opt in self.options:
            points = opt.score_words()
            # A right held beside the side's choice is no alternative to it (round 14's #131).
            may = "may also" if beside_a_choice(opt, self.options) else "may"
            lines.append(f"{opt.by} {may}: {opt.words}" + (f" ({points})" if points else ""))
        return lines

    def score_line(self) -> str:
        """The points scored whatever is chosen, e.g. "Score: North +2"; "" when none."""
        if not self.score:
            return ""
        return "Score: " + ", ".join(f"{p} {v:+d}" for p, v in self.score.items())


@dataclass(frozen=True)
class Branch:
    """One answer to a question: the value, as typed and in words, and where it leads."""

    value: Any
    typed: str
    words: str
    node: Node


@dataclass(frozen=True)
class Question:
    """A fact the ruling turns on, as Ask puts it, with one branch per value."""

    key: FactKey
    words: str
    branches: tuple[Branch, ...]


Node = Question | Leaf


@dataclass(frozen=True)
class Chart:
    """The decision tree of one event of a game under one code."""

    game: str
    game_name: str
    event: str
    event_words: str
    code: str
    topic: str
    root: Node
    players: tuple[str, ...] = ()

    @property
    def code_name(self) -> str:
        """The code's name without its authority: "English", "American"."""
        return _code_name(self.code)

    @property
    def title(self) -> str:
        """"Écarté, English laws: Two or more cards turned up for trumps"."""
        return f"{self.game_name}, {self.code_name} laws: {self.event_words}"

    def paths(self) -> Iterator[tuple[tuple[tuple[FactKey, Any], ...], Leaf]]:
        """Every path from the root, as (fact, value) pairs, with its leaf."""
        yield from _paths(self.root, ())

    def leaves(self) -> list[Leaf]:
        """The leaves, top to bottom."""
        return [leaf for _, leaf in self.paths()]

    def marked(self, answers: Mapping[FactKey, Any]) -> Marked:
        """The path the answers take: the nodes passed (root first), and whether it reached a
        leaf. It stops at the first question not answered (or answered "I don't know": every
        branch below it still holds). A fact answered but not drawn decided nothing."""
        nodes: list[Node] = []
        taken: list[int] = []
        node = self.root
        while True:
            nodes.append(node)
            if isinstance(node, Leaf):
                return Marked(tuple(nodes), tuple(taken), True)
            if node.key not in answers:
                return Marked(tuple(nodes), tuple(taken), False)
            given = answers[node.key]
            at = next((i for i, b in enumerate(node.branches) if b.value == given), None)
            if at is None:
                return Marked(tuple(nodes), tuple(taken), False)
            taken.append(at)
            node = node.branches[at].node


@dataclass(frozen=True)
class Marked:
    """A path taken through a chart: the nodes passed, the branch taken at each question
    passed (by index), and whether it ends on a leaf."""

    nodes: tuple[Node, ...]
    branches: tuple[int, ...]
    complete: bool

    def holds(self, node: Node) -> bool:
        """Whether a node lies on the path (compared by identity: one tree, one node)."""
        return any(n is node for n in self.nodes)


def _code_name(code: str) -> str:
    return CODES.get(code, code).split(" (")[0]


def _paths(node: Node, path: tuple[tuple[FactKey, Any], ...]
           ) -> Iterator[tuple[tuple[tuple[FactKey, Any], ...], Leaf]]:
    if isinstance(node, Leaf):
        yield path, node
        return
    for branch in node.branches:
        yield from _paths(branch.node, (*path, (node.key, branch.value)))


@dataclass
class _Builder:
    game: Game
    games: Mapping[str, Game]
    content: Content
    event: str
    code: str
    leaves: int = 0
    interview: Interview = field(init=False)

    def __post_init__(self) -> None:
        self.interview = Interview(self.game, self.games, self.content, self.event)

    def ruled(self, path: Mapping[FactKey, Any], explore: frozenset[FactKey] = frozenset()
              ) -> CodeRuling:
        """The code's ruling with the path's facts fixed, every other fact left out (the table
        Ask rules, the stage of the table the one answered)."""
        self.interview.answers = dict(path)
        scenario = msgspec.structs.replace(self.interview.scenario, codes=(self.code,))
        known = Knowledge(fixed=dict(path), everything_unknown=True, explore=False,
                          explore_keys=explore)
        return rule(scenario, self.games, self.content, known).for_code(self.code)

    def leaf(self, ruled: CodeRuling, **how: Any) -> Leaf:
        self.leaves += 1
        cites = tuple(Citation(i, self.content.laws[i].title, self.content.laws[i].citation)
                      for i in ruled.laws)
        return Leaf(ruled, cites, **how)

    def node(self, path: dict[FactKey, Any]) -> Node:
        ruled = self.ruled(path)
        key = ruled.needs
        if key is None:
            return self.leaf(ruled)
        words = self.interview.question(key).words
        values = self.interview.values(key)
        if not values:
            # Too wide to chart value by value: the engine's own answer when told to explore
            # it (the code's guiding principle until the fact is known).
            return self.leaf(self.ruled(path, frozenset({key})), stops_at=key,
                             stop_question=words)
        if len(path) >= MAX_DEPTH or self.leaves + len(values) > MAX_LEAVES:
            return self.leaf(ruled, cut=True, stop_question=words)
        # The question offers the fact's values first, in fact_values' order, as Ask does.
        choices = self.interview.question(key).choices
        branches = [Branch(value, choice.value, choice.words, self.node({**path, key: value}))
                    for value, choice in zip(values, choices, strict=True)]
        if len({_shape(b.node) for b in branches}) == 1:
            # Whatever the answer, the same chart follows: the fact decides nothing here.
            self.leaves -= _count(branches[0].node) * (len(branches) - 1)
            return branches[0].node
        return Question(key, words, tuple(branches))


def _shape(node: Node) -> tuple[Any, ...]:
    """What a reader of the chart sees below a node: its questions, answers and rulings."""
    if isinstance(node, Leaf):
        r = node.ruling
        return ("leaf", r.key(), r.laws, r.outcome, node.stops_at, node.cut)
    return ("q", node.key, tuple((b.typed, _shape(b.node)) for b in node.branches))


def _count(node: Node) -> int:
    if isinstance(node, Leaf):
        return 1
    return sum(_count(b.node) for b in node.branches)


def _topic(root: Node, content: Content) -> str:
    """The topic most of the laws its leaves cite belong to (each law counted once; the
    guiding principles only when they cite nothing else; a tie goes to the earlier topic)."""
    cited = dict.fromkeys(law for _, leaf in _paths(root, ()) for law in leaf.laws)
    topics = Counter(content.laws[law].topic for law in cited)
    own = [(n, -list(TOPICS).index(t) if t in TOPICS else -99, t)
           for t, n in topics.items() if t != GENERAL_TOPIC]
    return max(own)[2] if own else GENERAL_TOPIC


def build_chart(game: Game, games: Mapping[str, Game], content: Content, event: str,
                code: str) -> Chart:
    """The chart of an event of a game under one of its codes (ChartError if it has none)."""
    if code not in game.codes:
        raise ChartError(f"{game.name} has no {code!r} code; codes: {', '.join(game.codes)}")
    events = dict(offered_events(game))
    if event not in events:
        raise ChartError(f"{game.name} has no event {event!r}; events: {', '.join(events)}")
    builder = _Builder(game, games, content, event, code)
    root = builder.node({})
    return Chart(game.id, game.facts.short_name, event, events[event], code,
                 _topic(root, content), root, builder.interview.players)


@dataclass(frozen=True)
class Booklet:
    """The charts of a game under one code, grouped by topic (TOPICS' order)."""

    game_name: str
    code: str
    topic: str | None
    charts: tuple[Chart, ...]

    @property
    def title(self) -> str:
        """"Écarté, English laws: dealing and misdeals" (or "…: every event")."""
        what = TOPICS[self.topic].lower() if self.topic else "every event"
        return f"{self.game_name}, {_code_name(self.code)} laws: {what}"

    def topics(self) -> list[tuple[str, list[Chart]]]:
        """The charts by topic, in the booklet's order."""
        out: dict[str, list[Chart]] = {}
        for chart in self.charts:
            out.setdefault(chart.topic, []).append(chart)
        return list(out.items())


def booklet(game: Game, games: Mapping[str, Game], content: Content, code: str,
            events: list[str] | None = None, topic: str | None = None) -> Booklet:
    """The charts of a game under one code: the events named (else all the game's), those of
    one topic when `topic` is given, grouped by topic in TOPICS' order."""
    if topic is not None and topic not in TOPICS:
        raise ChartError(f"no topic {topic!r}; topics: {', '.join(TOPICS)}")
    chosen = events if events is not None else [e for e, _ in offered_events(game)]
    charts = [build_chart(game, games, content, e, code) for e in chosen]
    if topic is not None:
        charts = [c for c in charts if c.topic == topic]
    order = list(TOPICS)
    charts.sort(key=lambda c: order.index(c.topic) if c.topic in order else len(order))
    return Booklet(game.facts.short_name, code, topic, tuple(charts))

