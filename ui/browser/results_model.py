"""The ranked search results as a list model, one item per hit, displayed as HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from typing_extensions import override

from app.search import SearchHit, snippet_html, snippet_text
from ui import theme
from ui.badges import badge_html
from ui.words import game_name, short_code_name

LAW_ID_ROLE = Qt.ItemDataRole.UserRole + 1


class ResultsModel(QAbstractListModel):
    """Search hits in rank order: title, game · code, highlighted snippet."""

    def __init__(self) -> None:
        super().__init__()
        self._hits: list[SearchHit] = []

    def set_hits(self, hits: Sequence[SearchHit]) -> None:
        """Replace the results."""
        self.beginResetModel()
        self._hits = list(hits)
        self.endResetModel()

    def hit(self, row: int) -> SearchHit:
        """The hit shown in a row."""
        return self._hits[row]

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._hits)

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._hits):
            return None
        hit = self._hits[index.row()]
        where = f"{game_name(hit.game)} · {short_code_name(hit.code)}"
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                f"<b>{html.escape(hit.title)}</b><br/>"
                f"{badge_html(hit.code)} "
                f'<span style="color:{theme.hex("muted")}">{html.escape(where)}</span><br/>'
                f"{snippet_html(hit)}"
            )
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{hit.title} — {where}: {snippet_text(hit)}"
        if role == LAW_ID_ROLE:
            return hit.law_id
        return None
