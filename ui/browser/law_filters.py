"""The game and code filters above the browse tree."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from app.corpus.vocabulary import CODES
from ui.words import game_name, short_code_name


class LawFilters(QWidget):
    """Two combo boxes: which game and which code of laws (None means all).

    Signals:
        filters_changed(): either choice changed.
    """

    filters_changed = Signal()

    def __init__(self, games: Iterable[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_box = QComboBox()
        self.game_box.addItem("All games", None)
        for game in games:
            self.game_box.addItem(game_name(game), game)
        self.game_box.setAccessibleName("Game filter")
        self.code_box = QComboBox()
        self.code_box.addItem("All codes", None)
        for code in CODES:
            self.code_box.addItem(short_code_name(code), code)
        self.code_box.setAccessibleName("Code filter")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for label, box in (("&Game", self.game_box), ("C&ode", self.code_box)):
            caption = QLabel(label)
            caption.setBuddy(box)
            layout.addWidget(caption)
            layout.addWidget(box, 1)
        self.game_box.currentIndexChanged.connect(self.filters_changed)
        self.code_box.currentIndexChanged.connect(self.filters_changed)

    @property
    def game(self) -> str | None:
        """The chosen game id, or None for all games."""
        return self.game_box.currentData()

    @property
    def code(self) -> str | None:
        """The chosen code, or None for all codes."""
        return self.code_box.currentData()

    def set_code(self, code: str | None) -> None:
        """Choose a code (None for all)."""
        self.code_box.setCurrentIndex(max(0, self.code_box.findData(code)))

    def set_game(self, game: str | None) -> None:
        """Choose a game (None for all)."""
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(game)))
