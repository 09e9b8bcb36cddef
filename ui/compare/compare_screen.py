"""The compare screen: choose a game, read its codes of laws side by side."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.content import Content
from app.vocabulary import CODES, GAMES
from ui.compare.compare_grid import compare_rows
from ui.compare.compare_model import LAW_ID_ROLE, CompareModel
from ui.compare.compare_table import CompareTable
from ui.words import game_name, short_code_name

if TYPE_CHECKING:
    from app.store import LawsStore


class CompareScreen(QWidget):
    """A game chooser over a table: one row per situation, one column per code.

    Signals:
        law_requested(str): a cell holding a law was clicked (the law's id).
    """

    law_requested = Signal(str)

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._content = content
        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game to compare")
        for game in GAMES:
            if game in content.games:
                self.game_box.addItem(game_name(game), game)
        caption = QLabel("&Game")
        caption.setBuddy(self.game_box)
        self.principles = QLabel()
        self.principles.setWordWrap(True)
        self.principles.setTextFormat(Qt.TextFormat.RichText)
        self.shared_only = QCheckBox("Only situations that two codes cover")
        self.model = CompareModel()
        self.table = CompareTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Codes of laws side by side")

        top = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.game_box)
        top.addSpacing(16)
        top.addWidget(self.shared_only)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.principles)
        layout.addWidget(self.table, 1)

        self.show_game("rubicon-bezique")
        self._on_game()
        self.game_box.currentIndexChanged.connect(self._on_game)
        self.shared_only.toggled.connect(self._on_game)
        self.table.clicked.connect(self._on_cell)
        self.table.activated.connect(self._on_cell)

    @property
    def game(self) -> str:
        """The game shown."""
        return self.game_box.currentData()

    def show_game(self, game: str) -> None:
        """Compare another game's codes."""
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(game)))

    def _on_game(self) -> None:
        facts = self._content.games[self.game]
        codes = [code for code in CODES if code in facts.codes]
        rows = compare_rows(self._store.browse(game=self.game), codes)
        if self.shared_only.isChecked():
            rows = [row for row in rows if row.only_here is None]
        self.model.set_rows(rows, codes)
        self.table.fit_columns()
        self.principles.setText("<br/>".join(
            f"<b>{escape(short_code_name(c))}</b>: {escape(facts.codes[c].principle)}"
            for c in codes))

    def _on_cell(self, index: QModelIndex) -> None:
        law_id = index.data(LAW_ID_ROLE)
        if law_id:
            self.law_requested.emit(law_id)
