"""The laws as the app holds them: Law, Term, their links, variant groups, and Content.

Types only: reading them from the files is app/corpus/loading.py and law_files.py, serving
them from the content store app/corpus/stored.py. Both import these, never the other way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import Annotated, NamedTuple

from msgspec import Meta, field
from msgspec.structs import astuple

from app.corpus.checks import ContentError, Problem
from app.corpus.game_facts import CodeInfo, GameFacts
from app.corpus.law_rulings import LawRuling
from app.corpus.schema import SLUG, Schema, Text
from app.corpus.sources import Source
from app.corpus.variant_changes import VariantChanges
from app.corpus.vocabulary import CODES

# Re-exported: the types a caller of the laws meets, from one place.
__all__ = [
    "CaseSummary",
    "CodeInfo",
    "Content",
    "ContentError",
    "Counterpart",
    "GameFacts",
    "Law",
    "Problem",
    "Progress",
    "Source",
    "Term",
    "TopicSituations",
    "VariantGroups",
    "walked_version",
]

# A seed citation: "<seed file stem>:<paragraph>" (the seed files are numbered by line).
SEED_CITE = re.compile(r"^(?P<stem>\d{3}_[0-9a-f]{16}):(?P<para>\d+)$")


class Counterpart(Schema, frozen=True):
    """A link from a law to the law ruling the same situation in another code."""

    law: Text
    contrast: str  # a key of vocabulary.CONTRASTS (checked with the links)


class Law(Schema, frozen=True, kw_only=True):
    """One ruling: a condition and its remedy, under one code of laws, for one game; the schema
    of a [[law]] entry of content/laws/<game>.toml (`game` is the file's, `file` its path)."""

    id: Annotated[str, Meta(pattern=r"^[a-z0-9.-]+$", description=(
        "an id of lowercase letters, digits, '.' and '-'"))]
    game: str
    code: Text
    authority: Text
    topic: Text
    case: Annotated[str, Meta(pattern=SLUG, description="a lowercase slug like 'forgot-to-draw'")]
    title: Text
    text: Text
    situation: Text
    remedy: Text
    brief: Text
    source: Text
    book: Text
    section: Text
    related: tuple[Text, ...] = ()
    # Laws of the same game and code that make an exception to this one (the Club Code's law 24
    # to its law 23 at Ecarte): whoever asks this law as a rule must ask it with them.
    excepted_by: tuple[Text, ...] = ()
    # Laws of the same game and code whose rule this law's own words take in ("is rubiconed
    # (as provided in Law 17)"; Foster's "the same penalties are enforced"): never a wrong
    # answer to "which law decides this?" where this law is the right one.
    refers_to: tuple[Text, ...] = ()
    # Laws of the same game and code a strict reader may read into this law's case though its
    # own words neither give nor deny them (Foster's Cinch: "every card faced upon the table
    # otherwise than in the regular course of play" is exposed, beside a lead in the partner's
    # turn, whose penalty is the call of a trump: the 33rd and 35th blind rounds' #198, #95).
    # The engine rules by this law alone; a quiz never offers a ruling resting on one of them
    # as a wrong answer where this law decides.
    read_beside: tuple[Text, ...] = ()
    counterparts: tuple[Counterpart, ...] = ()
    # Whose account of its code the law gives, in a question's words ("as Foster reports them
    # (1897)"), where the code holds two accounts of the law's case that reckon it differently
    # (the English surplus: Foster's report against the Portland laws, the ninth blind audit's
    # #160 and #114): a question asking the ruling names the account its ruling follows.
    account: str = ""
    # How the law takes the figures it reckons, in a question's words (law 58's whole
    # hundreds): a question asking its figure says so, so the sum is read one way.
    reckoning: str = ""
    # Where the law's rule is inferred from its source rather than written in it, how, in a
    # why's words: a question resting on the law says so (the eleventh round's #177).
    inference: str = ""
    # Facts of the table ("any-card-played=false") under which the law's own trigger cannot
    # have happened (law 25's "before he has played a card"): a question citing it where a
    # fact it turned on is so cites a law that does not fit (the eleventh round's #60).
    ruled_out_by: tuple[str, ...] = ()
    variant_of: str = ""
    variant_default: bool = False
    changes: VariantChanges = field(default_factory=VariantChanges)
    # The ruling the law gives whatever the table, when it gives one (app/corpus/law_rulings.py).
    ruling: LawRuling | None = None
    # The law's own text says its rule could not be confirmed for its code (a modern account
    # standing in for a lost one, domain.md's UNVERIFIED): a quiz asks no count that turns on it.
    unconfirmed: bool = False
    file: str = ""

    @property
    def seed_citation(self) -> tuple[str, int] | None:
        """(seed stem, paragraph) when the law comes from one of the seeds."""
        m = SEED_CITE.match(self.source)
        return (m["stem"], int(m["para"])) if m else None

    @property
    def citation(self) -> str:
        """The source as a person writes it: book, section and, for the seeds, the paragraph."""
        cite = self.seed_citation
        where = f"{self.book}, {self.section}"
        return f"{where}, ¶{cite[1]}" if cite else where


class Term(Schema, frozen=True):
    """A term of art with its definition, synonyms and French equivalents; the schema of a
    [[term]] entry of content/glossary.toml."""

    id: Text
    term: Text
    definition: Text
    french: tuple[Text, ...] = ()
    synonyms: tuple[Text, ...] = ()
    games: tuple[Text, ...] = ()
    source: str = ""

    @property
    def forms(self) -> tuple[str, ...]:
        """Every spelling that names this term, English and French."""
        return (self.term, *self.synonyms, *self.french)


class CaseSummary(NamedTuple):
    """One situation of a game without its laws: its case, the topic of its first law, and
    the codes ruling on it in order of first appearance (what a list of situations shows
    before any of them is opened)."""

    case: str
    topic: str
    codes: tuple[str, ...]


class TopicSituations(NamedTuple):
    """One topic of a game's situations: those two codes or more rule on (in file order), how
    many only one code rules on, and that code when it is the same for all of them."""

    topic: str
    shared: tuple[CaseSummary, ...]
    alone: int
    alone_code: str


def _one_code(situations: list[CaseSummary]) -> str:
    codes = {s.codes[0] for s in situations}
    return codes.pop() if len(codes) == 1 else ""


class VariantGroups(Mapping[str, tuple[Law, ...]]):
    """One game's variant groups: each group's readings, the default first, in file order.

    A Mapping the engine asks by group name; `changing_defaults` says which groups' default
    reading itself changes the game (asked at every ruling, so indexed by the store)."""

    def __init__(self, groups: Mapping[str, tuple[Law, ...]] | None = None) -> None:
        self._groups: Mapping[str, tuple[Law, ...]] = dict(groups or {})

    def __getitem__(self, group: str) -> tuple[Law, ...]:
        return self._groups[group]

    def __iter__(self) -> Iterator[str]:
        return iter(self._groups)

    def __len__(self) -> int:
        return len(self._groups)

    def changing_defaults(self) -> tuple[str, ...]:
        """The groups whose default reading changes the game (seldom any)."""
        return tuple(g for g, readings in self._groups.items() if readings[0].changes)


class Content:
    """Everything loaded from content/, validated and cross-checked.

    Built in memory from the TOML files (load_content; validation and tests), or served from
    the content store (load_content(cached=True), app/corpus/stored.py), which answers the
    same calls lazily: a law is decoded when first asked for, and the questions below are
    indexed. Callers ask for what they show (laws_for, laws_of_case, a law by id) rather
    than walking every law, which grows with the corpus.
    """

    def __init__(
        self,
        laws: Mapping[str, Law],
        terms: Mapping[str, Term],
        games: Mapping[str, GameFacts],
        sources: Mapping[str, Source] | None = None,
    ) -> None:
        self._laws = laws
        self._terms = terms
        self._games = games
        self._sources: Mapping[str, Source] = sources if sources is not None else {}
        self._game_groups: dict[str, VariantGroups] = {}
        self._case_lists: dict[str, tuple[CaseSummary, ...]] = {}
        self._rulings: dict[str, tuple[Law, ...]] = {}

    @property
    def laws(self) -> Mapping[str, Law]:
        """Every law by id, in file order."""
        return self._laws

    @property
    def terms(self) -> Mapping[str, Term]:
        """The glossary's terms by id, in file order."""
        return self._terms

    @property
    def games(self) -> Mapping[str, GameFacts]:
        """Each game's facts by id."""
        return self._games

    @property
    def sources(self) -> Mapping[str, Source]:
        """The sources laws cite, by id."""
        return self._sources

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Content):
            return NotImplemented
        return (
            dict(self.laws) == dict(other.laws) and list(self.laws) == list(other.laws)
            and dict(self.terms) == dict(other.terms) and dict(self.games) == dict(other.games)
            and dict(self.sources) == dict(other.sources)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self.laws)} laws>"

    @cached_property
    def variants(self) -> Mapping[str, tuple[Law, ...]]:
        """Each variant group's laws in file order, the default first (computed once)."""
        groups: dict[str, list[Law]] = {}
        for law in self.laws.values():
            if law.variant_of:
                groups.setdefault(law.variant_of, []).append(law)
        return {
            name: tuple(sorted(members, key=lambda law: not law.variant_default))
            for name, members in groups.items()
        }

    def variant_groups_of(self, game: str) -> VariantGroups:
        """One game's variant groups (what the engine needs of a game: build_games asks it
        per game, so ruling one scenario never walks every group)."""
        found = self._game_groups.get(game)
        if found is None:
            found = VariantGroups({
                name: readings for name, readings in self.variants.items()
                if readings[0].game == game
            })
            self._game_groups[game] = found
        return found

    @cached_property
    def version(self) -> str:
        """A digest of everything loaded (laws in order, terms, games, sources): content that
        differs in anything has another version. What is derived from the content and kept
        between runs (the quizzes' survey and item catalogue) is filed under it. Computed once
        from the laws in memory (one pass over them); a content store can answer from its key.
        """
        return walked_version(self)

    @cached_property
    def _by_game_and_code(self) -> Mapping[tuple[str, str], tuple[Law, ...]]:
        """Each (game, code)'s laws in file order (indexed once: the engine asks per ruling)."""
        groups: dict[tuple[str, str], list[Law]] = {}
        for law in self.laws.values():
            groups.setdefault((law.game, law.code), []).append(law)
        return {key: tuple(members) for key, members in groups.items()}

    @cached_property
    def _by_case(self) -> Mapping[tuple[str, str, str], tuple[Law, ...]]:
        groups: dict[tuple[str, str, str], list[Law]] = {}
        for law in self.laws.values():
            groups.setdefault((law.game, law.code, law.case), []).append(law)
        return {key: tuple(members) for key, members in groups.items()}

    def cases_of(self, game: str) -> tuple[CaseSummary, ...]:
        """One game's situations in order of their first law in the files, each with the codes
        ruling on it in the vocabulary's order (computed once per game)."""
        found = self._case_lists.get(game)
        if found is None:
            topics: dict[str, str] = {}
            codes: dict[str, set[str]] = {}
            for law in self.laws.values():
                if law.game == game:
                    if law.case not in topics:
                        topics[law.case] = law.topic
                        codes[law.case] = set()
                    codes[law.case].add(law.code)
            found = self._case_lists[game] = tuple(
                CaseSummary(case, topic, tuple(c for c in CODES if c in codes[case]))
                for case, topic in topics.items())
        return found

    def situations_by_topic(self, game: str) -> tuple[TopicSituations, ...]:
        """One game's situations per topic (topics in order of first appearance): those two
        codes or more rule on, and how many only one code rules on (what Compare shows before
        a fold is opened: a handful of rows, whatever the number of situations)."""
        topics: dict[str, tuple[list[CaseSummary], list[CaseSummary]]] = {}
        for summary in self.cases_of(game):
            shared, alone = topics.setdefault(summary.topic, ([], []))
            (shared if len(summary.codes) > 1 else alone).append(summary)
        return tuple(
            TopicSituations(topic, tuple(shared), len(alone), _one_code(alone))
            for topic, (shared, alone) in topics.items())

    def lone_situations(self, game: str, topic: str) -> tuple[CaseSummary, ...]:
        """The situations of one game and topic that a single code rules on, in file order."""
        return tuple(s for s in self.cases_of(game) if s.topic == topic and len(s.codes) == 1)

    def cases_matching(self, game: str, words: str) -> set[str]:
        """The situations of one game whose laws' title, situation or brief contain `words`
        (compared casefolded): what Compare's filter keeps."""
        needle = words.casefold()
        return {law.case for law in self.laws_for(game)
                if any(needle in text.casefold() for text in (law.title, law.situation,
                                                              law.brief))}

    @cached_property
    def _positions(self) -> Mapping[str, int]:
        return {law_id: n for n, law_id in enumerate(self.laws)}

    def file_order(self, law: Law) -> int:
        """Where a law stands in the files (a sort key that keeps file order)."""
        return self._positions[law.id]

    def laws_of_case(self, game: str, code: str, case: str) -> tuple[Law, ...]:
        """The laws of one game and code for one case, in file order (indexed once: a silent
        code asks for its guiding principle per ruling, whatever the number of laws)."""
        return self._by_case.get((game, code, case), ())

    @cached_property
    def _by_topic(self) -> Mapping[tuple[str, str], tuple[Law, ...]]:
        groups: dict[tuple[str, str], list[Law]] = {}
        for law in self.laws.values():
            groups.setdefault((law.game, law.topic), []).append(law)
        return {key: tuple(members) for key, members in groups.items()}

    @cached_property
    def _counts(self) -> Mapping[tuple[str, str, str], int]:
        counts: dict[tuple[str, str, str], int] = {}
        for law in self.laws.values():
            key = (law.game, law.code, law.topic)
            counts[key] = counts.get(key, 0) + 1
        return counts

    def topic_counts(
        self, game: str | None = None, code: str | None = None
    ) -> dict[tuple[str, str], int]:
        """How many laws each (game, topic) holds, of one game and/or code (None: all).

        Indexed once: the browser's tree and its home and game pages show counts and fetch a
        topic's laws only when it is opened, so nothing on screen walks every law."""
        found: dict[tuple[str, str], int] = {}
        for (g, c, topic), n in self._counts.items():
            if (game is None or g == game) and (code is None or c == code):
                found[(g, topic)] = found.get((g, topic), 0) + n
        return found

    def laws_of_topic(self, game: str, topic: str, code: str | None = None) -> tuple[Law, ...]:
        """The laws of one game under one topic (of one code when given), in file order."""
        laws = self._by_topic.get((game, topic), ())
        return laws if code is None else tuple(law for law in laws if law.code == code)

    def iter_laws_of_topic(self, game: str, topic: str, code: str | None = None
                           ) -> Iterator[Law]:
        """The laws of `laws_of_topic`, yielded one by one as they are read: a caller that
        stops early (a question wanting a few neighbours) reads no more of a large topic."""
        return (law for law in self._by_topic.get((game, topic), ())
                if code is None or law.code == code)

    @cached_property
    def _rulings_by_game(self) -> Mapping[str, tuple[Law, ...]]:
        groups: dict[str, list[Law]] = {}
        for law in self.laws.values():
            if law.ruling is not None:
                groups.setdefault(law.game, []).append(law)
        return {game: tuple(members) for game, members in groups.items()}

    def rulings_of(self, game: str) -> tuple[Law, ...]:
        """The laws of one game that declare their ruling (`Law.ruling`), in file order
        (indexed once: the engine asks at every ruling)."""
        return self._rulings_by_game.get(game, ())

    def laws_for(self, game: str | None = None, code: str | None = None) -> list[Law]:
        """Laws of one game and/or code, in file order."""
        if game is not None and code is not None:
            return list(self._by_game_and_code.get((game, code), ()))
        return [
            law
            for law in self.laws.values()
            if (game is None or law.game == game) and (code is None or law.code == code)
        ]


def walked_version(content: Content) -> str:
    """Content.version from one pass over everything loaded."""
    import hashlib  # here: a command that keys no cache does not load OpenSSL

    digest = hashlib.sha256(b"cardlaws-content-version/1")
    for part in (content.laws, content.terms, content.games, content.sources):
        digest.update(b"\x00")
        for value in part.values():  # the fields alone (a cached property is no field)
            digest.update(repr(astuple(value)).encode())
    return digest.hexdigest()[:32]


Progress = Callable[[int, int], None]  # (law files read, law files in all)
