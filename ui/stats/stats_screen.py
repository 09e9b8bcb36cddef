"""The statistics screen: standings per game, topic, code and law, most missed laws, charts."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QModelIndex,
    Qt,
    QUrl,
    Signal,
)
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.compat import override
from ui.links import parse
from ui.quiz.flag_list import FlagList
from ui.quiz.notice_banner import NoticeBanner
from ui.quiz.quiz_pages import law_link, style
from ui.quiz.trainer import Trainer
from ui.stats.charts import DayChart, ForecastChart
from ui.stats.figure_worker import FigureWorker
from ui.stats.standing_model import KEY_ROLE, StandingModel, percent_words
from ui.threads import HANG_MS, run_events_until
from ui.widgets.plain_label import plain_label
from ui.words import code_name, game_name, short_code_name, topic_name

if TYPE_CHECKING:
    from quizzes import Statistics

GROUPS = {"game": "Game", "topic": "Topic", "code": "Code of laws", "law": "Law"}


class StatsScreen(QWidget):
    """The current profile's figures, recomputed whenever the screen is shown after a change.

    Signals:
        law_requested(str): a law was clicked (its id).
    """

    law_requested = Signal(str)

    def __init__(self, trainer: Trainer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.trainer = trainer
        self.figures: Statistics | None = None
        self._stale = True
        # The figures are summed on a worker thread; the screen shows them when they come.
        self.worker = FigureWorker(self)
        self.worker.ready.connect(self._show_figures)
        self.worker.failed.connect(self._on_worker_failure)

        self.banner = NoticeBanner()
        self.banner.dismissed.connect(trainer.dismiss_notice)
        self.preparing = QLabel("Preparing statistics…")
        self.preparing.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preparing.setWordWrap(True)

        self.title = plain_label()  # holds the profile name
        bigger = QFont(self.title.font())
        bigger.setPointSizeF(bigger.pointSizeF() * 1.3)
        bigger.setBold(True)
        self.title.setFont(bigger)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("Summary")
        self.confusions = QLabel()
        self.confusions.setWordWrap(True)
        self.confusions.setAccessibleName("English/French confusions")

        self.group_box = QComboBox()
        self.group_box.setAccessibleName("Figures by")
        for group, words in GROUPS.items():
            self.group_box.addItem(words, group)
        by = QLabel("Figures &by")
        by.setBuddy(self.group_box)
        self.model = StandingModel()  # sorts and filters itself: the law table is long
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Accuracy and mastery")
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Widths from the widest words a figure can take, not from measuring every row.
        metrics = header.fontMetrics()
        for column, widest in enumerate(("Answers 8", "Right 100%", "Mastery 100%",
                                          "Items seen 8888 of 88888"), start=1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, metrics.horizontalAdvance(widest) + 24)
        self.table.activated.connect(self._on_row)
        self.table.doubleClicked.connect(self._on_row)
        self.missed = QTextBrowser()
        self.missed.setOpenLinks(False)
        theme.style_page(self.missed, style)
        self.missed.setAccessibleName("Laws most often missed")
        self.missed.anchorClicked.connect(self._on_anchor)
        self.day_chart = DayChart()
        self.forecast_chart = ForecastChart()

        choose = QHBoxLayout()
        choose.addWidget(by)
        choose.addWidget(self.group_box)
        choose.addStretch(1)
        standings = QWidget()
        standings_column = QVBoxLayout(standings)
        standings_column.setContentsMargins(0, 0, 0, 0)
        standings_column.addLayout(choose)
        standings_column.addWidget(self.table, 1)
        missed = QWidget()
        missed_column = QVBoxLayout(missed)
        missed_column.setContentsMargins(0, 0, 0, 0)
        missed_column.addWidget(_heading("Laws most often missed"))
        missed_column.addWidget(self.missed, 1)
        self.flag_list = FlagList(trainer)  # the flagged questions (ui/quiz/flag_list.py)
        missed_column.addWidget(self.flag_list)
        self.top_splitter = _splitter(Qt.Orientation.Horizontal, (standings, 3), (missed, 2))
        self.chart_splitter = _splitter(Qt.Orientation.Horizontal,
                                        (self.day_chart, 1), (self.forecast_chart, 1))
        # The main window keeps `splitter`'s sizes between runs.
        self.splitter = _splitter(Qt.Orientation.Vertical,
                                  (self.top_splitter, 2), (self.chart_splitter, 3))
        self.splitter.setSizes([450, 550])  # ratios: Qt scales them to the room there is
        self.top_splitter.setSizes([600, 400])
        figures = QWidget()
        figures_column = QVBoxLayout(figures)
        figures_column.setContentsMargins(0, 0, 0, 0)
        figures_column.addWidget(self.title)
        figures_column.addWidget(self.summary)
        figures_column.addWidget(self.confusions)
        figures_column.addWidget(self.splitter, 1)

        self.pages = QStackedWidget()
        self.pages.addWidget(self.preparing)
        self.pages.addWidget(figures)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.banner)
        layout.addWidget(self.pages, 1)

        self.group_box.currentIndexChanged.connect(self._show_group)
        self.destroyed.connect(self.worker.close)
        trainer.ready.connect(self._on_change)
        trainer.failed.connect(
            lambda reason: self.preparing.setText(f"The statistics could not be prepared.\n\n"
                                                  f"{reason}"))
        trainer.progress_changed.connect(self._on_change)
        trainer.profile_changed.connect(lambda _id: self._on_change())
        trainer.notice_changed.connect(lambda: self.banner.say(trainer.notice))

    # Showing --------------------------------------------------------------------------------

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.trainer.start()
        if self.trainer.is_ready and self._stale:
            self.refresh()

    def _on_change(self) -> None:
        self._stale = True
        if self.isVisible() and self.trainer.is_ready:
            self.refresh()

    @property
    def settled(self) -> bool:
        """True when the figures shown are the newest asked for (none is being summed)."""
        return not self.worker.busy and self.figures is not None

    def wait_for_figures(self, timeout_ms: int = HANG_MS) -> bool:
        """Block until the newest figures are shown (screenshots, tests); True when they are."""
        return run_events_until(lambda: self.settled, timeout_ms)

    def refresh(self) -> None:
        """Recompute every figure for the current profile (on the worker) and show them."""
        trainer = self.trainer
        self.banner.say(trainer.notice)
        self._stale = False
        self.worker.request(trainer.store, trainer.profile_id, trainer.now(), trainer.bank.items,
                            trainer.scheduling, laws=self.group == "law")

    def _on_worker_failure(self, reason: str) -> None:
        self.preparing.setText(f"The statistics could not be computed.\n\n{reason}")
        self.pages.setCurrentIndex(0)

    def _show_figures(self, figures: Statistics) -> None:
        if not self.trainer.is_ready:  # closed while the figures were being summed
            return
        profile = self.trainer.profile
        before, self.figures = self.figures, figures
        self.title.setText(f"Statistics for {profile.name}")
        if figures.answers:
            self.summary.setText(
                f"{figures.answers} answer{'' if figures.answers == 1 else 's'}, "
                f"{figures.correct} right "
                f"({percent_words(figures.correct / figures.answers)}).")
        else:
            self.summary.setText("No answers yet: the figures fill in as you study.")
        self.confusions.setText(self._confusion_words(figures))
        self._show_group()
        # Redraw only what changed: asking for the per-law table changes the table alone.
        if before is None or before.most_missed != figures.most_missed:
            theme.set_html(self.missed, self._missed_html(figures))
        if before is None or before.days != figures.days:
            self.day_chart.show_days(figures.days)
        if before is None or before.forecast != figures.forecast:
            self.forecast_chart.show_forecast(figures.forecast)
        self.pages.setCurrentIndex(1)

    def show_group(self, group: str) -> None:
        """Show the standings per game, topic, code or law."""
        self.group_box.setCurrentIndex(self.group_box.findData(group))

    @property
    def group(self) -> str:
        """The grouping shown."""
        return self.group_box.currentData()

    def _show_group(self) -> None:
        if self.figures is None:
            return
        group = self.group
        rows = {"game": self.figures.by_game, "topic": self.figures.by_topic,
                "code": self.figures.by_code, "law": self.figures.by_law}[group]
        if rows is None:  # the per-law table is summed only when it is shown
            if self.trainer.is_ready:
                self.refresh()
            return
        self.model.set_standings(GROUPS[group], list(rows.values()), self._namer(group),
                                 answered_only=group == "law")
        self.table.sortByColumn(0 if group != "law" else 1,
                                Qt.SortOrder.AscendingOrder if group != "law"
                                else Qt.SortOrder.DescendingOrder)

    def _namer(self, group: str) -> Callable[[str], str]:
        laws = self.trainer.content.laws
        if group == "game":
            return game_name
        if group == "topic":
            return topic_name
        if group == "code":
            return code_name

        # One game's and one code's words serve all its laws (tens of thousands at scale).
        games: dict[str, str] = {}
        codes: dict[str, str] = {}

        def law_name(law_id: str) -> str:
            law = laws.get(law_id)
            if law is None:
                return law_id
            game = games.get(law.game) or games.setdefault(law.game, game_name(law.game))
            code = codes.get(law.code) or codes.setdefault(law.code, short_code_name(law.code))
            return f"{law.title} ({game}, {code})"

        return law_name

    def _confusion_words(self, figures: Statistics) -> str:
        if not figures.confusions:
            return "English/French confusions: none (you never gave another code's ruling)."
        pairs = "; ".join(
            f"{n} × the {short_code_name(chosen)} ruling where the {short_code_name(asked)} "
            "laws were asked" for (asked, chosen), n in sorted(figures.confusion_pairs.items()))
        return f"English/French confusions: {figures.confusions} ({pairs})."

    def _missed_html(self, figures: Statistics) -> str:
        if not figures.most_missed:
            return "<p>No law missed yet.</p>"
        laws = self.trainer.content.laws
        items = "".join(
            f"<li>{law_link(m.law, laws)} — missed {m.missed} of {m.answers}</li>"
            for m in figures.most_missed)
        return f"<ol>{items}</ol>"

    def _on_row(self, index: QModelIndex) -> None:
        if self.group == "law":
            law_id = index.siblingAtColumn(0).data(KEY_ROLE)
            if law_id:
                self.law_requested.emit(law_id)

    def _on_anchor(self, url: QUrl) -> None:
        link = parse(url.toString())
        if link is not None and link.kind == "law":
            self.law_requested.emit(link.target)


def _splitter(orientation: Qt.Orientation, *parts: tuple[QWidget, int]) -> QSplitter:
    splitter = QSplitter(orientation)
    for n, (widget, stretch) in enumerate(parts):
        splitter.addWidget(widget)
        splitter.setStretchFactor(n, stretch)
    splitter.setChildrenCollapsible(False)
    return splitter


def _heading(text: str) -> QLabel:
    label = QLabel(escape(text))
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label
