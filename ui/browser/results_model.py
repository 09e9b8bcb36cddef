"""Search results as a two-level model: one row per situation, its codes' laws beneath.

A situation is one case of one game (app.search.results.Situation); its row names the best law and
carries a text badge per code (EN, FR, US), and expands to each code's law, so the English,
French and American versions of one situation arrive together.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from app.search.results import SearchHit, Situation, situations, snippet_html, snippet_text
from ui.badges import badge_html
from ui.compat import override
from ui.widgets.plain_label import plain_tip
from ui.words import game_name, short_code_name

LAW_ID_ROLE = Qt.ItemDataRole.UserRole + 1
_ROLES = frozenset(int(r) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.ToolTipRole, LAW_ID_ROLE))

_HOW = {"word": "", "prefix": " (as a prefix)", "correction": " (spelling corrected)"}


def why_text(hit: SearchHit) -> str:
    """Why a law is listed, in words: each clause and what it matched."""
    if not hit.matched and not hit.missed:
        return "Same situation under another code."
    parts = []
    for m in hit.matched:
        if m.how == "synonym":
            parts.append(f"“{m.typed}” found as “{m.found}”")
        elif m.how == "correction":
            parts.append(f"“{m.typed}” read as “{m.found}”")
        else:
            parts.append(f"“{m.found}”{_HOW.get(m.how, '')}")
    text = "Matches " + ", ".join(parts) if parts else "Matches none of the words"
    if hit.missed:
        text += "; lacks " + ", ".join(f"“{w}”" for w in hit.missed)
    return text + "."


def _badges(codes: Sequence[str]) -> str:
    # The code's letters on the code's colour (ui/badges.py), as everywhere a law is named.
    return " ".join(badge_html(c) for c in codes)


class ResultsModel(QAbstractItemModel):
    """Situations in rank order (top level), each code's law under its situation."""

    def __init__(self) -> None:
        super().__init__()
        self._groups: list[Situation] = []
        # Each row's HTML, built once per result set (views ask for it many times).
        self._shown: dict[tuple[int, int], str] = {}
        self._games: dict[str, str] = {}

    def set_results(self, groups: Sequence[Situation]) -> None:
        """Replace the results with these situations."""
        self.beginResetModel()
        self._groups = list(groups)
        self._shown.clear()
        self._games.clear()
        self.endResetModel()

    def set_hits(self, hits: Sequence[SearchHit]) -> None:
        """Replace the results with these hits, grouped by situation."""
        self.set_results(situations(hits))

    def situation(self, row: int) -> Situation:
        """The situation shown in a top-level row."""
        return self._groups[row]

    def hit(self, row: int) -> SearchHit:
        """The best law of the situation in a top-level row."""
        return self._groups[row].best

    def law_count(self) -> int:
        """How many laws the situations hold together."""
        return sum(len(g.hits) for g in self._groups)

    def hit_at(self, index: QModelIndex | QPersistentModelIndex) -> SearchHit | None:
        """The law an index stands for (a situation row: its best law)."""
        if not index.isValid():
            return None
        if index.internalId() == 0:
            return self._groups[index.row()].best
        return self._groups[index.internalId() - 1].hits[index.row()]

    def index_of_law(self, law_id: str) -> QModelIndex:
        """Where a law is listed: its situation's row when it is the best law there (or the
        only one), else its own row under the situation; invalid when it is not listed."""
        for row, group in enumerate(self._groups):
            if group.best.law_id == law_id:
                return self.index(row, 0)
            for sub, hit in enumerate(group.hits):
                if hit.law_id == law_id:
                    top = self.index(row, 0)
                    return self.index(sub, 0, top) if len(group.hits) > 1 else top
        return QModelIndex()

    @override
    def index(
        self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex = QModelIndex()  # noqa: B008
    ) -> QModelIndex:
        if column != 0 or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, 0, 0) if row < len(self._groups) else QModelIndex()
        if parent.internalId() != 0 or parent.row() >= len(self._groups):
            return QModelIndex()
        if row >= len(self._groups[parent.row()].hits):
            return QModelIndex()
        return self.createIndex(row, 0, parent.row() + 1)

    @override
    def parent(self, child: QModelIndex | QPersistentModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, 0)

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == 0 and parent.column() == 0:
            group = self._groups[parent.row()]
            return len(group.hits) if len(group.hits) > 1 else 0
        return 0

    @override
    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        # A delegate's initStyleOption asks about ten roles per row at each sizing and paint;
        # the ones this model has no answer for return before any lookup.
        if role not in _ROLES:
            return None
        hit = self.hit_at(index)
        if hit is None:
            return None
        top = index.internalId() == 0
        if role == Qt.ItemDataRole.DisplayRole:
            key = (index.internalId(), index.row())
            shown = self._shown.get(key)
            if shown is None:
                shown = self._shown[key] = self._display(index, hit, top)
            return shown
        return self._other(index, hit, top, role)

    def _display(self, index: QModelIndex | QPersistentModelIndex, hit: SearchHit,
                 top: bool) -> str:
        if top:
            group = self._groups[index.row()]
            if hit.game not in self._games:  # the names' lookup reads the games folder
                self._games[hit.game] = game_name(hit.game)
            where = html.escape(self._games[hit.game])
            return (
                f"<b>{html.escape(hit.title)}</b><br/>"
                f'<span class="muted">{where} ·</span> {_badges(group.codes)}'
                f"<br/>{snippet_html(hit)}"
            )
        return (
            f"{_badges([hit.code])} {html.escape(hit.title)}<br/>"
            f'<span class="muted">{snippet_html(hit)}</span>'
        )

    def _other(self, index: QModelIndex | QPersistentModelIndex, hit: SearchHit, top: bool,
               role: int) -> Any:
        if role == Qt.ItemDataRole.AccessibleTextRole:
            if top:
                codes = ", ".join(short_code_name(c) for c in self._groups[index.row()].codes)
                return f"{hit.title} — {game_name(hit.game)}, {codes}: {snippet_text(hit)}"
            return f"{short_code_name(hit.code)}: {hit.title}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(why_text(hit))  # it quotes the words typed
        if role == LAW_ID_ROLE:
            return hit.law_id
        return None
