"""The compare grid as a lazy table model: topic headings, the situations two codes cover, and
the situations only one code covers folded under a count.

Rows are fetched as the view scrolls to them (canFetchMore/fetchMore), and a filter or a fold
changes the model's list of entries, never the widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from app.corpus.laws import CaseSummary, Law, TopicSituations
from app.corpus.vocabulary import TOPICS
from ui import theme
from ui.badges import CODE_ROLE
from ui.compare.compare_grid import (
    Case,
    CompareRow,
    LawsOf,
    cell_text,
    compare_row,
    gather_cases,
    index_laws,
)
from ui.compat import override
from ui.words import short_code_name, topic_name

LAW_ID_ROLE = Qt.ItemDataRole.UserRole + 1
KIND_ROLE = Qt.ItemDataRole.UserRole + 2  # 'topic', 'row' or 'fold'
BATCH = 120  # rows handed to the view at a time as it scrolls


class Entry(NamedTuple):
    """One line of the grid: a topic heading, a situation, or a fold of only-here situations."""

    kind: str
    topic: str
    case: Case | None = None
    count: int = 0       # a fold: how many situations it holds
    only: str = ""       # a fold: the code, when one code covers them all


class _Topic(NamedTuple):
    """One topic of the grid before its folds are opened."""

    topic: str
    shared: list[Case]   # the situations two codes or more rule on, in file order
    alone: int           # how many situations only one code rules on (folded)
    only: str            # that code, when the same for all of them


class CompareModel(QAbstractTableModel):
    """Entries of one game's grid; a code cell's LAW_ID_ROLE is the law it opens (or None).

    Made from each topic's shared situations and the count of its folded ones: a fold's
    situations are read (`lone_of`) when it is opened, every situation (`every`) only when a
    filter asks, and a situation's laws (`laws_of`) when its row is shown or filtered."""

    def __init__(self) -> None:
        super().__init__()
        self._topics: list[_Topic] = []
        self._lone: dict[str, list[Case]] = {}  # the folded situations read so far, by topic
        self._lone_of: Callable[[str], Sequence[CaseSummary]] = lambda _topic: ()
        self._every: Callable[[], Sequence[CaseSummary]] = tuple
        self._matching: Callable[[str], set[str]] | None = None  # the content's filter
        self._cases: list[Case] | None = None  # every situation, once a filter asked
        self._shown: tuple[int, int] = (0, 0)  # situations listed: shared, only-here
        self._made: dict[str, CompareRow] = {}  # rows made so far, by case
        self._codes: list[str] = []
        self._laws_of: LawsOf = lambda _code, _case: ()
        self._needle = ""
        self._open: set[str] = set()  # topics whose only-here situations are unfolded
        # Headings and folds as Entry; a situation as its Case itself (no object per row).
        self._entries: list[Entry | Case] = []
        self._loaded = 0

    # Content -----------------------------------------------------------------------------

    def set_laws(self, laws: Iterable[Law], codes: Sequence[str]) -> None:
        """Show the grid of a list of laws (folds closed, filter kept)."""
        situations, laws_of = index_laws(laws)
        self.set_cases(gather_cases(situations, codes), codes, laws_of)

    def set_cases(self, cases: list[Case], codes: Sequence[str], laws_of: LawsOf) -> None:
        """Show situations already gathered (gather_cases) under these codes."""
        topics: dict[str, tuple[list[Case], list[Case]]] = {}
        for case in cases:
            topics.setdefault(case.topic, ([], []))[1 if case.only_here else 0].append(case)
        summaries = [CaseSummary(c.case, c.topic, c.codes) for c in cases]
        self._matching = None  # the filter reads each situation's laws
        self._show([_Topic(topic, shared, len(alone), _one(alone))
                    for topic, (shared, alone) in topics.items()],
                   codes, laws_of,
                   lambda topic: [s for s in summaries if s.topic == topic and len(s.codes) < 2],
                   lambda: summaries)

    def set_situations(self, topics: Sequence[TopicSituations], codes: Sequence[str],
                       laws_of: LawsOf, lone_of: Callable[[str], Sequence[CaseSummary]],
                       every: Callable[[], Sequence[CaseSummary]],
                       matching: Callable[[str], set[str]] | None = None) -> None:
        """Show a game's situations per topic (Content.situations_by_topic) under its codes;
        `lone_of(topic)` reads a fold's situations, `every()` all of them (for a filter), and
        `matching(words)` names the situations a filter keeps (else their laws are read)."""
        order = {topic: i for i, topic in enumerate(TOPICS)}
        self._matching = matching
        self._show([_Topic(t.topic, gather_cases(t.shared, codes), t.alone, t.alone_code)
                    for t in sorted(topics, key=lambda t: order.get(t.topic, len(order)))],
                   codes, laws_of, lone_of, every)

    def _show(self, topics: list[_Topic], codes: Sequence[str], laws_of: LawsOf,
              lone_of: Callable[[str], Sequence[CaseSummary]],
              every: Callable[[], Sequence[CaseSummary]]) -> None:
        self._topics, self._lone, self._cases = topics, {}, None
        self._lone_of, self._every = lone_of, every
        self._made = {}
        self._codes = list(codes)
        self._laws_of = laws_of
        self._open.clear()
        self._rebuild()

    def set_filter(self, text: str) -> None:
        """Keep only the situations whose words contain `text` (any case); '' keeps all."""
        needle = text.strip().casefold()
        if needle != self._needle:
            self._needle = needle
            self._rebuild()

    def toggle_fold(self, row: int) -> None:
        """Open or close the fold shown in a row."""
        entry = self.entry(row)
        if entry is None or entry.kind != "fold":
            return
        self._open ^= {entry.topic}
        self._rebuild()

    def unfold_all(self, unfold: bool = True) -> None:
        """Open (or close) every fold."""
        self._open = {t.topic for t in self._topics if t.alone} if unfold else set()
        self._rebuild()

    def _lone_cases(self, topic: str) -> list[Case]:
        found = self._lone.get(topic)
        if found is None:
            found = self._lone[topic] = gather_cases(self._lone_of(topic), self._codes)
        return found

    def _every_case(self) -> list[Case]:
        if self._cases is None:
            self._cases = gather_cases(self._every(), self._codes)
        return self._cases

    def _matches(self, case: Case) -> bool:
        if not self._needle:
            return True
        return any(self._needle in words.casefold() for code in case.codes
                   for law in self._laws_of(code, case.case)
                   for words in (law.title, law.situation, law.brief))

    def _rebuild(self) -> None:
        entries: list[Entry | Case] = []
        if self._needle:  # every situation matching, folds open
            topics: dict[str, tuple[list[Case], list[Case]]] = {}
            if self._matching is not None:
                kept = self._matching(self._needle)
                found: Iterable[Case] = (c for c in self._every_case() if c.case in kept)
            else:
                found = filter(self._matches, self._every_case())
            for case in found:
                topics.setdefault(case.topic, ([], []))[1 if case.only_here else 0].append(case)
            shown = [(_Topic(topic, shared, len(alone), _one(alone)), alone)
                     for topic, (shared, alone) in topics.items()]
        else:
            shown = [(t, self._lone_cases(t.topic) if t.topic in self._open else [])
                     for t in self._topics]
        for topic, opened in shown:
            entries.append(Entry("topic", topic.topic))
            entries.extend(topic.shared)
            if topic.alone:
                entries.append(Entry("fold", topic.topic, count=topic.alone, only=topic.only))
                entries.extend(opened)
        self._shown = (sum(len(t.shared) for t, _ in shown), sum(t.alone for t, _ in shown))
        self.beginResetModel()
        self._entries = entries
        self._loaded = min(len(entries), BATCH)
        self.endResetModel()

    # Reading -----------------------------------------------------------------------------

    @property
    def codes(self) -> list[str]:
        """The codes shown as columns, in order."""
        return list(self._codes)

    def entry(self, row: int) -> Entry | None:
        """What a row shows."""
        if not 0 <= row < self._loaded:
            return None
        entry = self._entries[row]
        return entry if isinstance(entry, Entry) else Entry("row", entry.topic, entry)

    def row(self, row: int) -> CompareRow | None:
        """The situation shown in a row (None for a heading or a fold), made when first asked."""
        entry = self.entry(row)
        return self._row(entry.case) if entry is not None and entry.case is not None else None

    def _row(self, case: Case) -> CompareRow:
        made = self._made.get(case.case)
        if made is None:
            made = self._made[case.case] = compare_row(case, self._codes, self._laws_of)
        return made

    def shown_counts(self) -> tuple[int, int]:
        """How many situations the filter keeps: those two codes or more rule on, and those
        only one code rules on (folded or not; counted without reading them)."""
        return self._shown

    def situations(self) -> list[CompareRow]:
        """Every situation listed, loaded or not, as rows (makes them: for tests and export)."""
        return [self._row(e) for e in self._entries if isinstance(e, Case)]

    def shown_total(self) -> int:
        """How many lines the model holds once every batch is fetched."""
        return len(self._entries)

    def is_open(self, topic: str) -> bool:
        """True when a topic's only-here situations are unfolded."""
        return topic in self._open or bool(self._needle)

    @override
    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._loaded < len(self._entries)

    @override
    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid():
            return
        more = min(BATCH, len(self._entries) - self._loaded)
        if more <= 0:
            return
        self.beginInsertRows(QModelIndex(), self._loaded, self._loaded + more - 1)
        self._loaded += more
        self.endInsertRows()

    def fetch_all(self) -> None:
        """Load every row at once (export, tests)."""
        while self.canFetchMore():
            self.fetchMore()

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._loaded

    @override
    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._codes) + 2

    @override
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        code = self._codes[section - 1] if 0 < section <= len(self._codes) else None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return "Situation"
            if section == len(self._codes) + 1:
                return "Contrast"
            return short_code_name(code) if code else None
        if role == CODE_ROLE:
            return code
        return None

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        entry = self.entry(index.row()) if index.isValid() else None
        if entry is None:
            return None
        if role == KIND_ROLE:
            return entry.kind
        if entry.kind == "topic":
            return self._heading(entry, index.column(), role)
        if entry.kind == "fold":
            return self._fold(entry, index.column(), role)
        assert entry.case is not None
        row, column = self._row(entry.case), index.column()
        if column == 0:
            return self._situation(row, role)
        if column == len(self._codes) + 1:
            return self._contrast(row, role)
        if not 0 < column <= len(self._codes):
            return None
        laws = row.cells[self._codes[column - 1]]
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(laws)
        if role == LAW_ID_ROLE:
            return laws[0].id if laws else None
        if role == CODE_ROLE:
            return self._codes[column - 1] if laws else None
        if role == Qt.ItemDataRole.ToolTipRole and laws:
            return f"{laws[0].title}\nClick to open this law."
        if role == Qt.ItemDataRole.ForegroundRole and not laws:
            return QBrush(theme.color("muted"))
        if role == Qt.ItemDataRole.FontRole and not laws:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def _heading(self, entry: Entry, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and column == 0:
            return topic_name(entry.topic)
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(theme.color("heading-bg"))
        if role == Qt.ItemDataRole.AccessibleTextRole and column == 0:
            return f"Topic: {topic_name(entry.topic)}"
        return None

    def _fold(self, entry: Entry, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and column == 0:
            return fold_text(entry, self.is_open(entry.topic))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(theme.color("muted"))
        if role == Qt.ItemDataRole.ToolTipRole:
            return ("Situations that only one code rules on: nothing to contrast. "
                    "Click (or press Enter) to show or hide them.")
        return None

    def _situation(self, row: CompareRow, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.situation
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _contrast(self, row: CompareRow, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row.tag_text()
        if role == Qt.ItemDataRole.BackgroundRole and row.differs and not row.only_here:
            return QBrush(theme.color("differs-bg"))
        if role == Qt.ItemDataRole.ForegroundRole and not row.differs:
            return QBrush(theme.color("muted"))
        if role == Qt.ItemDataRole.FontRole and row.differs and not row.only_here:
            font = QFont()
            font.setBold(True)
            return font
        return None


def fold_text(entry: Entry, is_open: bool) -> str:
    """The words of a fold: '▸ 3 situations only English covers (show)'."""
    who = f"only {short_code_name(entry.only)} covers" if entry.only else "only one code covers"
    noun = "situation" if entry.count == 1 else "situations"
    return f"{'▾' if is_open else '▸'} {entry.count} {noun} {who} ({'hide' if is_open else 'show'})"


def _one(alone: Sequence[Case]) -> str:
    """The one code covering all these situations, or ''."""
    codes = {case.only_here for case in alone}
    return (codes.pop() or "") if len(codes) == 1 else ""
