"""Every code's ruling, one column per code, with where the codes differ.

The columns stand side by side when each can have SIDE_BY_SIDE pixels, else one under another;
either way one scroll area holds them all, and each column shows its whole text (no scroll area
inside another).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.corpus.laws import Content
from app.engine.ruling import Ruling
from ui.builder.ruling_column import RulingColumn
from ui.builder.seat_view import no_style, problem_style, set_style
from ui.compat import override
from ui.words import short_code_name

NOT_COVERED = "not-covered"

SIDE_BY_SIDE = 280  # narrower than this, a column wraps an option onto many short lines
_PART_WORDS = {"outcome": "the outcome", "options": "the options", "score": "the score"}


def _names(codes: list[str]) -> str:
    names = [short_code_name(c) for c in codes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def agreement_html(ruling: Ruling) -> str:
    """The banner over the columns: whether the codes agree, where they differ, and which of
    them cover the situation at all (codes that say nothing never "agree")."""
    silent = [r.code for r in ruling.rulings if r.outcome == NOT_COVERED]
    covering = [r for r in ruling.rulings if r.outcome != NOT_COVERED]
    if not covering:
        whose = ("the code's laws say nothing" if len(silent) == 1
                 else "none of the codes' laws say anything")
        return (f"<b>Not covered:</b> {whose} about this situation; each column "
                "gives the code's guiding principle instead.")
    if silent:
        return (f"<b>The codes differ</b>: only the {escape(_names([r.code for r in covering]))}"
                f" laws cover this situation; the {escape(_names(silent))} laws say nothing "
                "about it (highlighted).")
    if len(ruling.rulings) < 2:
        return ""
    if ruling.differences():
        parts = ", ".join(_PART_WORDS[p] for p in ruling.differences())
        return f"<b>The codes differ</b> on {escape(parts)} (highlighted)."
    return "The codes agree."


class RulingPanel(QWidget):
    """A banner (agreement, differences or why there is no ruling) over the code columns.

    Signals:
        law_requested(str): a cited law was clicked in a column (the law's id).
    """

    law_requested = Signal(str)

    def __init__(self, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._content = content
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setAccessibleName("About the rulings")
        self.columns: dict[str, RulingColumn] = {}
        self._row = QWidget()
        self._row_layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self._row)
        self._row_layout.setContentsMargins(0, 0, 0, 0)
        self._row_layout.setSpacing(6)
        # The scroll area holds the columns and whatever a screen puts under them (the
        # Rehearse screen's options): one scroll for the ruling and what follows from it.
        self._body = QWidget()
        self._body_layout = QVBoxLayout(self._body)
        self._body_layout.setContentsMargins(0, 0, 0, 0)
        self._body_layout.setSpacing(6)
        self._body_layout.addWidget(self._row)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll.setWidget(self._body)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.banner)
        layout.addWidget(self.scroll, 1)
        layout.addStretch(0)  # takes the room when there is no ruling to show
        self.ruling: Ruling | None = None

    def show_ruling(self, ruling: Ruling) -> None:
        """Show the rulings, one column per code in force; highlight where they differ."""
        self.ruling = ruling
        codes = [r.code for r in ruling.rulings]
        if list(self.columns) != codes:
            self._set_columns(codes)
        differs = set(ruling.differences())
        facts = self._content.games.get(ruling.game)
        for r in ruling.rulings:
            info = facts.codes.get(r.code) if facts else None
            self.columns[r.code].show_ruling(r, info.authority if info else "", differs)
        self._banner(agreement_html(ruling))
        self.scroll.show()

    def add_below(self, widget: QWidget) -> None:
        """Put a widget under the columns, in the same scroll area: it takes no room of its
        own from the ruling, and is read after it."""
        self._body_layout.addWidget(widget)

    @property
    def side_by_side(self) -> bool:
        """Whether the codes' columns stand side by side (else one under another)."""
        return self._row_layout.direction() == QBoxLayout.Direction.LeftToRight

    def _arrange(self) -> None:
        columns = max(1, len(self.columns))
        wide = self.scroll.viewport().width() >= columns * SIDE_BY_SIDE
        direction = (QBoxLayout.Direction.LeftToRight if wide
                     else QBoxLayout.Direction.TopToBottom)
        if self._row_layout.direction() != direction:
            self._row_layout.setDirection(direction)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def ask_for(self, words: str) -> None:
        """Say above the rulings which fact of the table a ruling waits for."""
        self._banner(f"<b>{escape(words)}</b><br/>{self.banner.text()}")

    def show_problem(self, words: str) -> None:
        """No ruling: say why (an impossible table, or laws missing from the content)."""
        self.ruling = None
        self._banner(f"<b>No ruling:</b> {escape(words)}", problem=True)
        self.scroll.hide()

    def _banner(self, html: str, *, problem: bool = False) -> None:
        self.banner.setText(html)
        self.banner.setVisible(bool(html))
        set_style(self.banner, problem_style if problem else no_style)

    def _set_columns(self, codes: list[str]) -> None:
        for column in self.columns.values():
            column.setParent(None)
            column.deleteLater()
        self.columns = {}
        for code in codes:
            column = RulingColumn(code, self._content)
            column.law_requested.connect(self.law_requested)
            self._row_layout.addWidget(column, 1, Qt.AlignmentFlag.AlignTop)
            column.show()  # at once, not on the layout's deferred show
            self.columns[code] = column
        self._arrange()
