"""The compare grid of one game: one row per situation (case), one cell per code (no Qt).

Arranges what the content says; the contrast of each pair of codes is read from the
laws' counterpart links, never worked out here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from app.content import Law
from app.vocabulary import ONLY_HERE, TOPICS
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
    """A situation before its row is made: its laws, its topic, and the one code covering it
    when only one does ('' when two or more do).

    Cheap to gather for thousands of situations (a tuple each); the row (cells, contrasts,
    words) is made only when it is shown (compare_row).
    """

    case: str
    topic: str
    laws: list[Law]
    only_here: str


def gather_cases(laws: Iterable[Law], codes: Sequence[str]) -> list[Case]:
    """One game's situations in topic order, then order of first appearance (one pass)."""
    wanted = set(codes)
    by_case: dict[str, list[Law]] = {}
    for law in laws:
        if law.code in wanted:
            members = by_case.get(law.case)
            if members is None:
                by_case[law.case] = [law]
            else:
                members.append(law)
    order = {topic: i for i, topic in enumerate(TOPICS)}
    cases = []
    for case, members in by_case.items():
        first = members[0].code
        alone = all(law.code == first for law in members)
        cases.append(Case(case, members[0].topic, members, first if alone else ""))
    cases.sort(key=lambda c: order.get(c.topic, len(order)))
    return cases


def compare_row(case: Case, codes: Sequence[str]) -> CompareRow:
    """The row of one situation: each code's laws (usual reading first) and the contrasts."""
    cells = {
        code: tuple(sorted((law for law in case.laws if law.code == code),
                           key=lambda law: not law.variant_default))
        for code in codes
    }
    first = next(cell[0] for cell in cells.values() if cell)
    return CompareRow(case.case, first.topic, first.title, first.situation, cells,
                      _contrasts(cells, codes))


def compare_rows(laws: Iterable[Law], codes: Sequence[str]) -> list[CompareRow]:
    """The rows for one game's laws, in topic order then order of first appearance."""
    return [compare_row(case, codes) for case in gather_cases(laws, codes)]


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
