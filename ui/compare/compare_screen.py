"""The compare screen: choose a game, read where its codes of laws differ."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Content, TopicSituations
from app.corpus.vocabulary import CODES, GAMES
from ui import theme
from ui.badges import badge_html
from ui.compare.compare_model import KIND_ROLE, LAW_ID_ROLE, CompareModel
from ui.compare.compare_table import CompareTable
from ui.words import game_name, short_code_name

if TYPE_CHECKING:
    from app.search.store import LawsStore


class CompareScreen(QWidget):
    """A game chooser and a filter over a table: situations by row, codes by column.

    Only games with two codes or more are offered (a note names the others and why). Each
    topic lists the situations two codes cover, with real differences highlighted; the
    situations only one code covers are folded under a count.

    Signals:
        law_requested(str): a cell holding a law was clicked (the law's id).
        game_shown(str): another game is now compared (its id).
    """

    law_requested = Signal(str)
    game_shown = Signal(str)

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None,
                 fill_later: bool = False) -> None:
        super().__init__(parent)
        self._store = store
        self._content = content
        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game to compare")
        single = []
        for game in GAMES:
            facts = content.games.get(game)
            if facts is None:
                continue
            if len([c for c in CODES if c in facts.codes]) >= 2:
                self.game_box.addItem(game_name(game), game)
            else:
                single.append(game)
        caption = QLabel("&Game")
        caption.setBuddy(self.game_box)
        self.filter_box = QLineEdit()
        self.filter_box.setPlaceholderText("Filter situations…")
        self.filter_box.setClearButtonEnabled(True)
        self.filter_box.setAccessibleName("Filter situations")
        self.not_offered = QLabel(_not_offered_text(content, single))
        self.not_offered.setWordWrap(True)
        theme.keep_styled(self.not_offered, lambda: f"color: {theme.hex('muted')};")
        self.summary = QLabel()
        self.summary.setAccessibleName("What is compared")
        self.principles = QLabel()
        self.principles.setWordWrap(True)
        self.principles.setTextFormat(Qt.TextFormat.RichText)
        self.model = CompareModel()
        self.table = CompareTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Codes of laws side by side")

        top = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.game_box)
        top.addSpacing(16)
        top.addWidget(self.filter_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.principles)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.not_offered)

        self._shown: str | None = None
        self._topics: dict[str, tuple[TopicSituations, ...]] = {}
        self._filled = False
        self.show_game("rubicon-bezique")
        self.game_box.currentIndexChanged.connect(self._on_game)
        self.filter_box.textChanged.connect(self._on_filter)
        self.table.clicked.connect(self._on_cell)
        self.table.activated.connect(self._on_cell)
        if not fill_later:  # else the window fills it just before showing it (ensure_filled)
            self.ensure_filled()

    def ensure_filled(self) -> None:
        """Compare the chosen game's codes, if nothing has been compared yet (the window
        builds the screen on one turn of its event loop, and fills and shows it on the next)."""
        if not self._filled:
            self._filled = True
            self._on_game()

    @property
    def game(self) -> str:
        """The game shown."""
        return self.game_box.currentData()

    def offered_games(self) -> list[str]:
        """The games the chooser offers (those with two codes or more)."""
        return [self.game_box.itemData(i) for i in range(self.game_box.count())]

    def show_game(self, game: str) -> None:
        """Compare another game's codes (a game with one code is not offered: no change)."""
        at = self.game_box.findData(game)
        if at >= 0:
            self.game_box.setCurrentIndex(at)

    def focus_search(self) -> None:
        """Put the cursor in the filter box."""
        self.filter_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_box.selectAll()

    def _on_game(self) -> None:
        if self.game is None or not self._filled:
            return
        facts = self._content.games[self.game]
        codes = [code for code in CODES if code in facts.codes]
        game, content = self.game, self._content
        topics = self._topics.get(game)
        if topics is None:  # asked once per game: the content does not change
            topics = self._topics[game] = content.situations_by_topic(game)
        self.model.set_situations(
            topics, codes, lambda code, case: content.laws_of_case(game, code, case),
            lambda topic: content.lone_situations(game, topic),
            lambda: content.cases_of(game),
            lambda words: content.cases_matching(game, words))
        self.principles.setText("<br/>".join(
            f"{badge_html(c)} <b>{escape(short_code_name(c))}</b>: "
            f"{escape(facts.codes[c].principle)}" for c in codes))
        self._summarise()
        if self.game != self._shown:
            self._shown = self.game
            self.game_shown.emit(self.game)

    def _on_filter(self, text: str) -> None:
        self.model.set_filter(text)
        self._summarise()

    def _summarise(self) -> None:
        # Counted from the situations gathered, without making their rows.
        shared, alone = self.model.shown_counts()
        self.summary.setText(
            f"{shared} situations two codes cover (real differences highlighted); "
            f"{alone} only one code covers (folded under a count)."
            if shared or alone else "No situation matches the filter.")

    def _on_cell(self, index: QModelIndex) -> None:
        kind = index.data(KIND_ROLE)
        if kind == "fold":
            self.model.toggle_fold(index.row())
            return
        law_id = index.data(LAW_ID_ROLE)
        if law_id:
            self.law_requested.emit(law_id)


def _not_offered_text(content: Content, games: list[str]) -> str:
    if not games:
        return ""
    parts = []
    for game in games:
        codes = [short_code_name(c) for c in CODES if c in content.games[game].codes]
        parts.append(f"{game_name(game)} ({', '.join(codes) or 'no code'})")
    return ("Not offered here, having a single code of laws and so nothing to compare: "
            + "; ".join(parts) + ".")
