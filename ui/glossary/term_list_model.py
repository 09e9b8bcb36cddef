"""The glossary terms as a list model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from app.corpus.laws import Term
from ui.compat import override
from ui.widgets.plain_label import plain_tip

TERM_ID_ROLE = Qt.ItemDataRole.UserRole + 1


class TermListModel(QAbstractListModel):
    """Terms by name; TERM_ID_ROLE gives a term's id."""

    def __init__(self) -> None:
        super().__init__()
        self._terms: list[Term] = []

    def set_terms(self, terms: Sequence[Term]) -> None:
        """Replace the terms listed."""
        self.beginResetModel()
        self._terms = list(terms)
        self.endResetModel()

    def row_of(self, term_id: str) -> int:
        """The row of a term, or -1 when it is not listed."""
        return next((i for i, t in enumerate(self._terms) if t.id == term_id), -1)

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._terms)

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._terms):
            return None
        term = self._terms[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return term.term
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(term.definition)
        if role == TERM_ID_ROLE:
            return term.id
        return None
