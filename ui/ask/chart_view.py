"""The ruling chart beside an Ask ruling: the event's decision tree under one code, with the
path the answers have taken drawn thick, and its export as PDF or SVG (a chart) or PDF (the
game's booklet under that code).

The chart is app/ask/charts.py's; the drawing ui/ask/chart_paint.py's; the files
ui/ask/chart_export.py's. This module only shows them and asks where to write.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.ask.charts import Chart, ChartError, Marked, Question, booklet, build_chart
from app.corpus.laws import Content
from app.model.facts import FactKey
from app.model.games import Game
from ui import theme
from ui.ask.chart_export import ExportError, write_booklet, write_pdf, write_svg
from ui.ask.chart_paint import ChartLayout, Colours, layout_chart, paint_chart
from ui.compat import override
from ui.profiles.file_dialogs import FileDialogs
from ui.words import short_code_name

CHART_FILTERS = "PDF document (*.pdf);;SVG picture (*.svg)"
BOOKLET_FILTER = "PDF document (*.pdf)"
MARGIN = 8


class ChartView(QWidget):
    """A chart painted at the width it is given, as tall as it needs; the path marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart: Chart | None = None
        self.marked: Marked | None = None
        self.layout_: ChartLayout | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setAccessibleName("Ruling chart")
        theme.changed().connect(self.update)

    def show_chart(self, chart: Chart | None, answers: Mapping[FactKey, Any]) -> None:
        """Show a chart (None: nothing) with the path the answers take marked."""
        if chart is not self.chart:
            self.chart = chart
            self.layout_ = None
        self.marked = chart.marked(answers) if chart is not None else None
        self._relayout()
        self.setAccessibleDescription(self.path_words())
        self.update()

    def path_words(self) -> str:
        """The path taken, in words (for screen readers): "Who dealt? South dealt. …"."""
        if self.marked is None:
            return ""
        words = []
        for node, taken in zip(self.marked.nodes, self.marked.branches, strict=False):
            if isinstance(node, Question):
                words += [node.words, node.branches[taken].words]
        end = self.marked.nodes[-1]
        if isinstance(end, Question):
            words.append(f"Next: {end.words}")
        else:
            words.append(f"Ruling: {end.outcome_words}")
        return " ".join(words)

    def end_rect(self) -> QRectF | None:
        """Where the path taken ends (the question now, or the leaf reached)."""
        if self.layout_ is None or self.marked is None:
            return None
        box = self.layout_.box_of(self.marked.nodes[-1])
        return box.rect.translated(MARGIN, MARGIN) if box is not None else None

    def _relayout(self) -> None:
        width = max(160, self.width() - 2 * MARGIN)
        if self.chart is None:
            self.layout_ = None
            self.setMinimumHeight(0)
            return
        if self.layout_ is None or abs(self.layout_.width - width) > 0.5:
            self.layout_ = layout_chart(self.chart, width, self.font())
        self.setMinimumHeight(int(self.layout_.height) + 2 * MARGIN)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._relayout()

    @override
    def paintEvent(self, event: QPaintEvent) -> None:
        if self.layout_ is None:
            return
        painter = QPainter(self)
        painter.fillRect(self.rect(), theme.color("base"))
        painter.translate(MARGIN, MARGIN)
        clip = QRectF(event.rect()).translated(-MARGIN, -MARGIN)
        paint_chart(painter, self.layout_, Colours.of(theme.is_dark()), self.font(),
                    self.marked, clip)
        painter.end()


class ChartPanel(QWidget):
    """The chart of the event asked about, under the code chosen, and its export."""

    def __init__(self, content: Content, games: Mapping[str, Game],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._content = content
        self._games = games
        self.dialogs = FileDialogs()
        self.game: Game | None = None
        self.event_id = ""
        self.answers: dict[FactKey, Any] = {}
        self._charts: dict[tuple[str, str, str], Chart] = {}

        self.code_box = QComboBox()
        self.code_box.setAccessibleName("Code of laws charted")
        code_label = QLabel("C&ode:")
        code_label.setBuddy(self.code_box)
        self.export_button = QPushButton("Ex&port chart…")
        self.export_button.setToolTip("Write this chart as a PDF or an SVG picture")
        self.booklet_button = QPushButton("Export boo&klet…")
        self.booklet_button.setToolTip(
            "Write a PDF of every event's chart for this game under this code, by topic")
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.title.setAccessibleName("Chart title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.note.setAccessibleName("About the chart")
        theme.keep_styled(self.note, lambda: f"color: {theme.hex('muted')};")
        self.view = ChartView()
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.view)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        row = QHBoxLayout()
        row.addWidget(code_label)
        row.addWidget(self.code_box, 1)
        row.addWidget(self.export_button)
        row.addWidget(self.booklet_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self.scroll, 1)

        self.code_box.currentIndexChanged.connect(self._redraw)
        self.export_button.clicked.connect(self.export_chart)
        self.booklet_button.clicked.connect(self.export_booklet)
        self.clear()

    @property
    def code(self) -> str:
        """The code charted."""
        return str(self.code_box.currentData() or "")

    @property
    def chart(self) -> Chart | None:
        """The chart shown."""
        return self.view.chart

    def clear(self, words: str = "Choose what happened: its chart shows here.") -> None:
        """No event asked about yet."""
        self.game = None
        self.event_id = ""
        self.answers = {}
        self.title.setText("")
        self.note.setText(words)
        self.view.show_chart(None, {})
        self.export_button.setEnabled(False)
        self.booklet_button.setEnabled(False)

    def follow(self, game: Game, event: str, answers: Mapping[FactKey, Any]) -> None:
        """Show the chart of a game's event with the path the answers take."""
        if self.game is not game:
            self.game = game
            self.code_box.blockSignals(True)
            self.code_box.clear()
            for code in game.codes:
                self.code_box.addItem(short_code_name(code), code)
            self.code_box.blockSignals(False)
        self.event_id = event
        self.answers = dict(answers)
        self._redraw()

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._redraw()  # drawn when first seen: an answer does not wait on a hidden chart

    def _redraw(self) -> None:
        if self.game is None or not self.code or not self.isVisible():
            return
        key = (self.game.id, self.event_id, self.code)
        if key not in self._charts:
            try:
                self._charts[key] = build_chart(self.game, self._games, self._content,
                                                self.event_id, self.code)
            except ChartError as exc:
                self.clear(str(exc))
                return
            except KeyError as exc:  # a law the engine cites is not in the laws loaded
                self.clear(f"No chart: it cites the law {exc}, which the laws loaded lack.")
                return
        chart = self._charts[key]
        self.view.show_chart(chart, self.answers)
        self.title.setText(chart.title)
        marked = self.view.marked
        self.note.setText(
            "The path your answers took is drawn thick."
            + ("" if marked is None or marked.complete else
               " Each answer below the question now leads on to its own ruling."))
        self.export_button.setEnabled(True)
        self.booklet_button.setEnabled(True)
        # Once the scroll area has taken the chart's new height (a turn of the event loop).
        QTimer.singleShot(0, self, self.reveal_end)

    def reveal_end(self) -> None:
        """Scroll to the box where the path ends: all of it when it fits, else its top."""
        end = self.view.end_rect()
        if end is not None:
            room = self.scroll.viewport().height() // 2 - 10
            margin = max(10, min(int(end.height() / 2) + 10, room))
            centre = end.center() if end.height() / 2 + 10 <= room else end.topLeft()
            self.scroll.ensureVisible(int(end.left()), int(centre.y()), 10, margin)

    # --- export ----------------------------------------------------------------------------
    def export_chart(self) -> Path | None:
        """Ask where, then write the chart shown as PDF or SVG (by the name's ending)."""
        chart = self.chart
        if chart is None:
            return None
        suggested = f"{chart.game}-{chart.event}-{chart.code}.pdf"
        path = self.dialogs.save_path(self, "Export chart", suggested, CHART_FILTERS)
        if path is None:
            return None
        if path.suffix.lower() not in (".pdf", ".svg"):
            path = path.with_suffix(".pdf")
        return self._write(path, lambda: (write_svg(path, chart) if path.suffix.lower() ==
                                          ".svg" else write_pdf(path, [chart])))

    def export_booklet(self) -> Path | None:
        """Ask where, then write every event's chart for the game under the code, by topic."""
        if self.game is None or not self.code:
            return None
        suggested = f"{self.game.id}-{self.code}-charts.pdf"
        path = self.dialogs.save_path(self, "Export booklet", suggested, BOOKLET_FILTER)
        if path is None:
            return None
        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        game, code = self.game, self.code
        return self._write(path, lambda: write_booklet(
            path, booklet(game, self._games, self._content, code)))

    def _write(self, path: Path, write: Any) -> Path | None:
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            write()
        except (ExportError, OSError) as exc:
            self.note.setText(f"Not written: {exc}")
            return None
        finally:
            QApplication.restoreOverrideCursor()
        self.note.setText(f"Written: {path}")
        return path
