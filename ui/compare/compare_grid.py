"""The compare grid of one game: one row per situation (case), one cell per code (no Qt).

Arranges what the content says; the contrast of each pair of codes is read from the
laws' counterpart links, never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from app.corpus.laws import CaseSummary, Law
from app.corpus.vocabulary import ONLY_HERE, TOPICS
from ui.words import contrast_words, short_code_name

NOT_COVERED = "Not covered by these laws"


@dataclass(frozen=True)
class Contrast:
    """How the law of one code reads against the law of another in the same row."""

    code: str
    tag: str
    other: str

    def __str__(self) -> str:
        if self.tag in ("same", "different-remedy"):
            return (f"{contrast_words(self.tag).capitalize()}: {short_code_name(self.code)}, "
                    f"{short_code_name(self.other)}")
        return f"{short_code_name(self.code)} {contrast_words(self.tag)} than " \
               f"{short_code_name(self.other)}"


@dataclass(frozen=True)
class CompareRow:
    """One situation: its laws under each code (usual reading first), and how they differ."""

    case: str
    topic: str
    title: str
    situation: str
    cells: dict[str, tuple[Law, ...]]
    contrasts: tuple[Contrast, ...]

    @property
    def only_here(self) -> str | None:
        """The one code covering this situation, when only one does."""
        covered = [code for code, laws in self.cells.items() if laws]
        return covered[0] if len(covered) == 1 else None

    @property
    def differs(self) -> bool:
        """True when the codes' laws are linked with a tag other than 'same'."""
        return any(c.tag != "same" for c in self.contrasts)

    def tag_text(self) -> str:
        """The row's contrast tag in words."""
        if self.only_here is not None:
            return f"{contrast_words(ONLY_HERE).capitalize()}: {short_code_name(self.only_here)}"
        return "\n".join(str(c) for c in self.contrasts)


def cell_text(laws: Sequence[Law]) -> str:
    """A cell's words: the brief of the law, or of each reading when the authorities differ."""
    if not laws:
        return NOT_COVERED
    if len(laws) == 1:
        return laws[0].brief
    if all(law.variant_of for law in laws):
        return "\n".join(f"{'Usual reading' if i == 0 else 'Other reading'}: {law.brief}"
                         for i, law in enumerate(laws))
    # Several authorities of one code, not rival readings: name each one's source.
    return "\n".join(f"{law.authority.split(',')[0].split(' (')[0]}: {law.brief}" for law in laws)


class Case(NamedTuple):
    """A situation before its row is made: its topic, the codes compared that rule on it, and
    the one code covering it when only one does ('' when two or more do).

    Gathered from the content's list of situations (Content.cases_of) without reading their
    laws; the row (cells, contrasts, words) is made only when it is shown (compare_row).
    """

    case: str
    topic: str
    codes: tuple[str, ...]
    only_here: str


# A situation's laws under one code: (code, case) -> laws in file order.
LawsOf = Callable[[str, str], Sequence[Law]]


def gather_cases(situations: Iterable[CaseSummary], codes: Sequence[str]) -> list[Case]:
    """One game's situations that the codes rule on, in topic order, then file order.

    One cheap step per situation (thousands at a large corpus, on the UI thread): the codes
    covering it are worked out once per combination of codes, and situations are bucketed by
    topic rather than sorted."""
    wanted = set(codes)
    covering_of: dict[tuple[str, ...], tuple[tuple[str, ...], str]] = {}
    by_topic: dict[str, list[Case]] = {topic: [] for topic in TOPICS}
    for case, topic, case_codes in situations:
        found = covering_of.get(case_codes)
        if found is None:
            covering = tuple(code for code in case_codes if code in wanted)
            found = covering_of[case_codes] = (covering,
                                               covering[0] if len(covering) == 1 else "")
        if found[0]:
            bucket = by_topic.get(topic)
            if bucket is None:
                bucket = by_topic[topic] = []
            bucket.append(Case(case, topic, *found))
    return [case for bucket in by_topic.values() for case in bucket]


def compare_row(case: Case, codes: Sequence[str], laws_of: LawsOf) -> CompareRow:
    """The row of one situation: each code's laws (usual reading first) and the contrasts."""
    cells = {
        code: tuple(sorted(laws_of(code, case.case), key=lambda law: not law.variant_default))
        if code in case.codes else ()
        for code in codes
    }
    first = next(cell[0] for cell in cells.values() if cell)
    return CompareRow(case.case, first.topic, first.title, first.situation, cells,
                      _contrasts(cells, codes))


def index_laws(laws: Iterable[Law]) -> tuple[list[CaseSummary], LawsOf]:
    """Situations and a reader of their laws over a list of laws (for a list at hand, such
    as a test's; the screen asks the content)."""
    by_case: dict[str, dict[str, list[Law]]] = {}
    topics: dict[str, str] = {}
    for law in laws:
        topics.setdefault(law.case, law.topic)
        by_case.setdefault(law.case, {}).setdefault(law.code, []).append(law)
    situations = [CaseSummary(case, topic, tuple(by_case[case])) for case, topic in topics.items()]
    return situations, lambda code, case: by_case.get(case, {}).get(code, ())


def compare_rows(laws: Iterable[Law], codes: Sequence[str]) -> list[CompareRow]:
    """The rows for one game's laws, in topic order then order of first appearance."""
    situations, laws_of = index_laws(laws)
    return [compare_row(case, codes, laws_of) for case in gather_cases(situations, codes)]


def _contrasts(cells: dict[str, tuple[Law, ...]], codes: Sequence[str]) -> tuple[Contrast, ...]:
    found = []
    for i, code in enumerate(codes):
        for other in codes[i + 1:]:
            other_ids = {law.id for law in cells[other]}
            tags = [cp.contrast for law in cells[code] for cp in law.counterparts
                    if cp.law in other_ids]
            if tags:
                found.append(Contrast(code, tags[0], other))
    return tuple(found)
