"""The statistics charts: answers and retention per day, and items falling due per day ahead."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCharts import (
    QBarSeries,
    QBarSet,
    QCategoryAxis,
    QChart,
    QChartView,
    QLineSeries,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from ui import theme

if TYPE_CHECKING:
    from quizzes.statistics import DayPoint

SHOWN_DAYS = 30
LABELS_SHOWN = 6  # at most this many day labels along an axis


def day_label(day: date) -> str:
    """A day as a short axis label, e.g. '3 May'."""
    return f"{day.day} {day:%b}"


def _nice_top(value: float) -> int:
    """An axis maximum at or above the largest value (at least 4, so a small count reads)."""
    return max(4, int(value))


class _Chart(QChartView):
    """A chart view with the house look: no animation, legend below, readable axis labels."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(200)
        chart = QChart()
        chart.setTitle(title)
        title_font = QFont(self.font())
        title_font.setBold(True)
        title_font.setPointSizeF(title_font.pointSizeF() * 1.1)
        chart.setTitleFont(title_font)
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        chart.setMargins(QMargins(4, 4, 4, 4))
        self.setChart(chart)
        self.setAccessibleName(title)

    def _reset(self) -> QChart:
        chart = self.chart()
        # The chart's own light or dark look; a theme resets the title font, so set it again.
        title_font = chart.titleFont()
        chart.setTheme(QChart.ChartTheme.ChartThemeDark if theme.is_dark()
                       else QChart.ChartTheme.ChartThemeLight)
        chart.setTitleFont(title_font)
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        return chart

    def _day_axis(self, labels: list[str]) -> QCategoryAxis:
        """Days along the bottom, one label every few days so each stays readable."""
        axis = QCategoryAxis()
        axis.setRange(-0.5, max(0, len(labels) - 1) + 0.5)
        axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        every = max(1, math.ceil(len(labels) / LABELS_SHOWN))
        for n in range(0, len(labels), every):
            axis.append(labels[n], n)
        axis.setGridLineVisible(False)
        return axis

    def _value_axis(self, top: float, title: str) -> QValueAxis:
        axis = QValueAxis()
        axis.setRange(0, top)
        axis.setLabelFormat("%d")
        axis.setTitleText(title)
        axis.applyNiceNumbers()
        return axis


class DayChart(_Chart):
    """Answers per day (reviews of known items and new items, stacked) and retention (line)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Answers and retention per day", parent)
        self.reviews = QBarSet("Reviews")
        self.new_items = QBarSet("New items")
        self.retention = QLineSeries()
        self.labels: list[str] = []

    def show_days(self, days: Sequence[DayPoint]) -> None:
        """Chart the last 30 days of a day series."""
        chart = self._reset()
        shown = list(days)[-SHOWN_DAYS:]
        self.labels = [day_label(d.day) for d in shown]
        self.reviews = QBarSet("Reviews")
        self.reviews.setColor(theme.color("chart-reviews"))
        self.new_items = QBarSet("New items")
        self.new_items.setColor(theme.color("chart-new"))
        for point in shown:
            self.reviews.append(point.reviews)
            self.new_items.append(point.new_items)
        bars = QStackedBarSeries()
        bars.append(self.reviews)
        bars.append(self.new_items)
        bars.setBarWidth(0.7)
        self.retention = QLineSeries()
        self.retention.setName("Retention %")
        self.retention.setPen(QPen(theme.color("chart-retention"), 2.5))
        self.retention.setPointsVisible(True)
        for n, point in enumerate(shown):
            if point.retention is not None:
                self.retention.append(n, round(point.retention * 100, 1))
        chart.addSeries(bars)
        chart.addSeries(self.retention)
        x = self._day_axis(self.labels)
        chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
        bars.attachAxis(x)
        self.retention.attachAxis(x)
        top = _nice_top(max((p.reviews + p.new_items for p in shown), default=0))
        counts = self._value_axis(top, "Answers")
        chart.addAxis(counts, Qt.AlignmentFlag.AlignLeft)
        bars.attachAxis(counts)
        percent = self._value_axis(100, "Retention %")
        percent.setRange(0, 100)
        percent.setTickCount(5)
        chart.addAxis(percent, Qt.AlignmentFlag.AlignRight)
        self.retention.attachAxis(percent)
        chart.setTitle("Answers and retention per day" if shown
                       else "Answers and retention per day: no answers yet")


class ForecastChart(_Chart):
    """How many items fall due on each of the coming days (today includes the overdue)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Items due in the next 30 days", parent)
        self.due = QBarSet("Items due")
        self.labels: list[str] = []

    def show_forecast(self, forecast: Sequence[tuple[date, int]]) -> None:
        """Chart (day, items due) pairs, the first being today."""
        chart = self._reset()
        self.labels = ["Today" if n == 0 else day_label(day)
                       for n, (day, _count) in enumerate(forecast)]
        self.due = QBarSet("Items due")
        self.due.setColor(theme.color("chart-due"))
        for _day, count in forecast:
            self.due.append(count)
        bars = QBarSeries()
        bars.append(self.due)
        bars.setBarWidth(0.7)
        chart.addSeries(bars)
        x = self._day_axis(self.labels)
        chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
        bars.attachAxis(x)
        y = self._value_axis(_nice_top(max((c for _d, c in forecast), default=0)), "Items")
        chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
        bars.attachAxis(y)
        chart.legend().setVisible(False)


def bar_values(bar_set: QBarSet) -> list[float]:
    """The values of a bar set, in order."""
    return [bar_set.at(i) for i in range(bar_set.count())]
