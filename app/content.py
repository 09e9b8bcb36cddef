"""Loading and validating everything under content/: laws, glossary and game facts.

One place knows the schema. Loading is all-or-nothing: every problem found is
collected, and a single ContentError lists them, each naming file, entry and field.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from app.content_checks import (
    Collector,
    ContentError,
    Problem,
    read_toml,
    str_field,
    str_list,
)
from app.game_facts import CodeInfo, GameFacts, load_game_facts
from app.sources import Source, check_against_texts, check_citation, load_sources
from app.variant_changes import VariantChanges, check_changes, parse_changes
from app.vocabulary import CODES, CONTRASTS, GENERAL, TOPICS

# Re-exported: callers import the whole content vocabulary from here.
__all__ = [
    "CONTENT_DIR",
    "CONTENT_ENV",
    "CaseSummary",
    "CodeInfo",
    "Content",
    "ContentError",
    "Counterpart",
    "GameFacts",
    "Law",
    "Problem",
    "Source",
    "Term",
    "TopicSituations",
    "VariantGroups",
    "content_dir",
    "load_content",
    "seed_paragraphs",
]

# The seed texts, beside a source checkout only: tests and benchmarks read them when present;
# the app never needs them (content/sources.toml holds the facts citations are checked against).
CONTENT_ENV = "CARDLAWS_CONTENT_DIR"


def content_dir() -> Path:
    """Where the content is read from: $CARDLAWS_CONTENT_DIR (a club's own laws, a test's
    fixture), else the `content` package installed beside the code."""
    override = os.environ.get(CONTENT_ENV)
    if override:
        return Path(override)
    return _installed_content()


def _installed_content() -> Path:
    import content

    where = getattr(content, "__file__", None)
    if where:  # a regular package: its folder (importlib.resources costs a start 10 ms more)
        return Path(where).parent
    from importlib import resources

    root = resources.files("content")
    if isinstance(root, Path):
        return root
    # A frozen build (or a namespace package) gives a MultiplexedPath: the folder that holds
    # the data files is the parent of any one of them.
    return Path(str(root.joinpath("sources.toml"))).parent


# The packaged content, for tools that read its files (examples, benchmarks).
CONTENT_DIR = _installed_content()

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SEED_CITE = re.compile(r"^(?P<stem>\d{3}_[0-9a-f]{16}):(?P<para>\d+)$")


@dataclass(frozen=True)
class Counterpart:
    """A link from a law to the law ruling the same situation in another code."""

    law: str
    contrast: str


@dataclass(frozen=True)
class Law:
    """One ruling: a condition and its remedy, under one code of laws, for one game."""

    id: str
    game: str
    code: str
    authority: str
    topic: str
    case: str
    title: str
    text: str
    situation: str
    remedy: str
    brief: str
    source: str
    book: str
    section: str
    related: tuple[str, ...] = ()
    counterparts: tuple[Counterpart, ...] = ()
    variant_of: str = ""
    variant_default: bool = False
    changes: VariantChanges = field(default_factory=VariantChanges)
    file: str = ""

    @property
    def seed_citation(self) -> tuple[str, int] | None:
        """(seed stem, paragraph) when the law comes from one of the seeds."""
        m = _SEED_CITE.match(self.source)
        return (m["stem"], int(m["para"])) if m else None

    @property
    def citation(self) -> str:
        """The source as a person writes it: book, section and, for the seeds, the paragraph."""
        cite = self.seed_citation
        where = f"{self.book}, {self.section}"
        return f"{where}, ¶{cite[1]}" if cite else where


@dataclass(frozen=True)
class Term:
    """A term of art with its definition, synonyms and French equivalents."""

    id: str
    term: str
    definition: str
    french: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
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
    the content store (load_content(cached=True), app/content_stored.py), which answers the
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
            digest.update(repr([getattr(value, f.name) for f in fields(value)]).encode())
    return digest.hexdigest()[:32]


_LAW_REQUIRED = (
    "id",
    "code",
    "authority",
    "topic",
    "case",
    "title",
    "text",
    "situation",
    "remedy",
    "brief",
    "source",
    "book",
    "section",
)
_LAW_OPTIONAL = ("related", "counterparts", "variant_of", "variant_default", "changes")
_TERM_REQUIRED = ("id", "term", "definition")
_TERM_OPTIONAL = ("french", "synonyms", "games", "source")


def _parse_law(raw: Any, game: str, rel: str, index: int, out: Collector) -> Law | None:
    if not isinstance(raw, dict):
        out.add(rel, f"law #{index + 1}", "-", "each [[law]] must be a table")
        return None
    given_id = raw.get("id")
    entry = given_id if isinstance(given_id, str) else f"law #{index + 1}"
    before = len(out.problems)
    for unknown in sorted(set(raw) - set(_LAW_REQUIRED) - set(_LAW_OPTIONAL)):
        out.add(rel, entry, unknown, "unknown field")
    values = {name: str_field(raw, name, rel, entry, out, required=True) for name in _LAW_REQUIRED}
    law_id, code = values["id"], values["code"]
    if code and code not in CODES:
        out.add(rel, entry, "code", f"unknown code {code!r}; expected one of {sorted(CODES)}")
    if values["topic"] and values["topic"] not in TOPICS:
        out.add(rel, entry, "topic", f"unknown topic {values['topic']!r}")
    if values["case"] and not _SLUG.match(values["case"]):
        out.add(rel, entry, "case", "must be a lowercase slug like 'forgot-to-draw'")
    if law_id and code and not law_id.startswith(f"{game}.{code}."):
        out.add(rel, entry, "id", f"must start with '{game}.{code}.'")
    if law_id and not re.match(r"^[a-z0-9.-]+$", law_id):
        out.add(rel, entry, "id", "may hold only lowercase letters, digits, '.' and '-'")
    related = str_list(raw, "related", rel, entry, out)
    counterparts: list[Counterpart] = []
    cps = raw.get("counterparts", [])
    if not isinstance(cps, list):
        out.add(rel, entry, "counterparts", "must be a list of {law, contrast} tables")
        cps = []
    for cp in cps:
        if not isinstance(cp, dict) or set(cp) != {"law", "contrast"}:
            out.add(
                rel, entry, "counterparts", "each counterpart needs exactly 'law' and 'contrast'"
            )
            continue
        if cp["contrast"] not in CONTRASTS:
            out.add(rel, entry, "counterparts", f"unknown contrast {cp['contrast']!r}")
            continue
        counterparts.append(Counterpart(str(cp["law"]), cp["contrast"]))
    variant_of = raw.get("variant_of", "")
    if not isinstance(variant_of, str):
        out.add(rel, entry, "variant_of", "must be a string")
        variant_of = ""
    variant_default = raw.get("variant_default", False)
    if not isinstance(variant_default, bool):
        out.add(rel, entry, "variant_default", "must be true or false")
        variant_default = False
    changes = parse_changes(raw.get("changes"), rel, entry, out)
    if changes and not variant_of:
        out.add(rel, entry, "changes", "only a reading of a variant group (variant_of) changes "
                "its game")
    if len(out.problems) > before:
        return None
    return Law(
        **values,
        game=game,
        related=related,
        counterparts=tuple(counterparts),
        variant_of=variant_of,
        variant_default=variant_default,
        changes=changes,
        file=rel,
    )


def _game_ids(root: Path) -> set[str]:
    """The games whose laws may be given: one per games/<id>.toml, and the general laws."""
    return {path.stem for path in (root / "games").glob("*.toml")} | {GENERAL}


def _load_laws(root: Path, out: Collector) -> dict[str, Law]:
    laws: dict[str, Law] = {}
    known = _game_ids(root)
    files = sorted((root / "laws").glob("*.toml"))
    if not files:
        out.add("laws/", "-", "-", "no law files found")
    for path in files:
        rel = str(path.relative_to(root))
        data = read_toml(path, root, out)
        if data is None:
            continue
        game = data.get("game")
        if not isinstance(game, str) or game not in known:
            out.add(rel, "-", "game", f"unknown or missing game {game!r}: there is no "
                    f"games/{game}.toml (missing game facts file)")
            continue
        entries = data.get("law")
        if not isinstance(entries, list) or not entries:
            out.add(rel, "-", "law", "file must hold at least one [[law]] entry")
            continue
        for index, raw in enumerate(entries):
            law = _parse_law(raw, game, rel, index, out)
            if law is None:
                continue
            if law.id in laws:
                out.add(rel, law.id, "id", f"duplicate id (first defined in {laws[law.id].file})")
                continue
            laws[law.id] = law
    return laws


def _check_links(laws: Mapping[str, Law], sources: dict[str, Source], out: Collector) -> None:
    for law in laws.values():
        for rel_id in law.related:
            if rel_id not in laws:
                out.add(law.file, law.id, "related", f"links to missing law {rel_id!r}")
        for cp in law.counterparts:
            other = laws.get(cp.law)
            if other is None:
                out.add(law.file, law.id, "counterparts", f"links to missing law {cp.law!r}")
                continue
            if other.code == law.code:
                out.add(law.file, law.id, "counterparts", f"{cp.law!r} is in the same code")
            back = [c for c in other.counterparts if c.law == law.id]
            if not back:
                out.add(law.file, law.id, "counterparts", f"{cp.law!r} does not link back")
            elif back[0].contrast != CONTRASTS[cp.contrast]:
                out.add(
                    law.file,
                    law.id,
                    "counterparts",
                    f"tag {cp.contrast!r} towards {cp.law!r} needs {CONTRASTS[cp.contrast]!r} "
                    f"back, found {back[0].contrast!r}",
                )
        cite = law.seed_citation
        if cite:
            check_citation(sources, cite, law.file, law.id, out)
    groups: dict[str, list[Law]] = {}
    for law in laws.values():
        if law.variant_of:
            groups.setdefault(law.variant_of, []).append(law)
    for name, members in groups.items():
        if len(members) < 2:
            out.add(
                members[0].file,
                members[0].id,
                "variant_of",
                f"variant group {name!r} has one member",
            )
        for m in members[1:]:
            if (m.game, m.code) != (members[0].game, members[0].code):
                out.add(m.file, m.id, "variant_of", f"variant group {name!r} belongs to "
                        f"{members[0].game} {members[0].code} ({members[0].id}); a group's "
                        "readings are all of one game and one code")
        defaults = [m for m in members if m.variant_default]
        if len(defaults) != 1:
            out.add(
                members[0].file,
                members[0].id,
                "variant_default",
                f"variant group {name!r} needs exactly one default, has {len(defaults)}",
            )


def _load_terms(root: Path, sources: dict[str, Source], out: Collector) -> dict[str, Term]:
    path = root / "glossary.toml"
    rel = "glossary.toml"
    if not path.exists():
        out.add(rel, "-", "-", "missing glossary file")
        return {}
    data = read_toml(path, root, out)
    if data is None:
        return {}
    terms: dict[str, Term] = {}
    known = _game_ids(root)
    entries = data.get("term")
    if not isinstance(entries, list):
        out.add(rel, "-", "term", "file must hold [[term]] entries")
        return {}
    for index, raw in enumerate(entries):
        if not isinstance(raw, dict):
            out.add(rel, f"term #{index + 1}", "-", "each [[term]] must be a table")
            continue
        given_id = raw.get("id")
        entry = given_id if isinstance(given_id, str) else f"term #{index + 1}"
        before = len(out.problems)
        for unknown in sorted(set(raw) - set(_TERM_REQUIRED) - set(_TERM_OPTIONAL)):
            out.add(rel, entry, unknown, "unknown field")
        req = {n: str_field(raw, n, rel, entry, out, required=True) for n in _TERM_REQUIRED}
        lists = {n: str_list(raw, n, rel, entry, out) for n in ("french", "synonyms", "games")}
        source = str_field(raw, "source", rel, entry, out, required=False)
        cite = _SEED_CITE.match(source)
        if cite:
            check_citation(sources, (cite["stem"], int(cite["para"])), rel, entry, out)
        for g in lists["games"]:
            if g not in known:
                out.add(rel, entry, "games", f"unknown game {g!r}")
        if len(out.problems) > before:
            continue
        if req["id"] in terms:
            out.add(rel, req["id"], "id", "duplicate id")
            continue
        terms[req["id"]] = Term(**req, **lists, source=source)  # type: ignore[arg-type]
    return terms


def load_content(
    root: Path | None = None, seeds_dir: Path | None = None, *, cached: bool = False
) -> Content:
    """Load and validate all content; raise ContentError listing every problem found.

    Seed citations are checked against the content's own manifest (sources.toml); with
    `seeds_dir`, the manifest is also checked against the seed texts there. With `cached`,
    the content is served from the content store in the user cache (built from the files
    when absent or when a file changed; app/content_store.py).
    """
    root = Path(root) if root is not None else content_dir()
    if cached and root.is_dir():
        from app.content_stored import load_stored

        return load_stored(root, seeds_dir)
    out = Collector()
    if not root.is_dir():
        raise ContentError([Problem(str(root), "-", "-", "content directory not found")])
    sources = load_sources(root, out)
    if seeds_dir is not None:
        check_against_texts(sources, seeds_dir, out)
    laws = _load_laws(root, out)
    _check_links(laws, sources, out)
    terms = _load_terms(root, sources, out)
    games = load_game_facts(root, out)
    for law in laws.values():
        if law.game in games:
            check_changes(law.changes, games[law.game].stages, law.file, law.id, out)
        if law.game in games and law.code not in games[law.game].codes:
            out.add(
                law.file,
                law.id,
                "code",
                f"game {law.game!r} does not list code {law.code!r} in games/{law.game}.toml",
            )
    if out.problems:
        raise ContentError(out.problems)
    return Content(laws=laws, terms=terms, games=games, sources=sources)


def seed_paragraphs(seeds_dir: Path) -> list[tuple[str, int, str]]:
    """Every non-empty paragraph (line) of every seed: (stem, paragraph number, text)."""
    result: list[tuple[str, int, str]] = []
    for path in sorted(seeds_dir.glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                result.append((path.stem, number, line))
    return result
