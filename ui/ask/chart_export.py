"""Ruling charts written to files by Qt's own writers: a chart or a booklet as PDF
(QPdfWriter, A4, one chart to a page, a long chart continued on the next), a chart as SVG
(QSvgGenerator). Paper is always light.

Writing needs a QGuiApplication (for the fonts); `python -m app chart` makes an offscreen one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from app.ask.charts import Booklet, Chart
from ui.ask.chart_paint import TEXT_FLAGS, ChartLayout, Colours, layout_chart, paint_chart

DPI = 96
FONT_POINTS = 9.0
MARGIN_MM = 14.0
SVG_WIDTH = 720  # pixels at DPI: a page's width, so a chart reads the same on screen and paper
SVG_PAD = 16  # the picture's margin
LEGEND = ("Each box is a question the ruling turns on; each arrow, an answer; each leaf, the "
          "ruling there, with the laws cited. Drawn from Card Laws' engine: every leaf is its "
          "ruling for that path.")


class ExportError(OSError):
    """A chart that could not be written: the message names the file."""


def _writable(path: Path) -> None:
    """A file that cannot be written says so before Qt tries (and only warns)."""
    if not path.parent.is_dir():
        raise ExportError(f"{path}: there is no folder {path.parent}")
    if path.is_dir():
        raise ExportError(f"{path} is a folder")


def chart_font() -> QFont:
    """The font charts are written in."""
    font = QFont(QGuiApplication.font())
    font.setPointSizeF(FONT_POINTS)
    return font


@dataclass
class _Header:
    title: QFont
    small: QFont

    @classmethod
    def make(cls) -> _Header:
        title = chart_font()
        title.setPointSizeF(FONT_POINTS * 1.45)
        title.setBold(True)
        small = chart_font()
        small.setPointSizeF(FONT_POINTS * 0.85)
        return cls(title, small)

    def height(self, painter: QPainter, width: float, title: str, note: str) -> float:
        painter.setFont(self.title)
        h = painter.boundingRect(QRectF(0, 0, width, 1e6), TEXT_FLAGS, title).height()
        if note:
            painter.setFont(self.small)
            h += painter.boundingRect(QRectF(0, 0, width, 1e6), TEXT_FLAGS, note).height()
        return h + painter.fontMetrics().height()

    def paint(self, painter: QPainter, width: float, title: str, note: str,
              colours: Colours) -> None:
        """The title, and under it the legend (or, on a continued page, the path so far)."""
        painter.setPen(colours.text)
        painter.setFont(self.title)
        done = painter.boundingRect(QRectF(0, 0, width, 1e6), TEXT_FLAGS, title)
        painter.drawText(QRectF(0, 0, width, done.height()), TEXT_FLAGS, title)
        if note:
            painter.setFont(self.small)
            painter.setPen(colours.muted)
            painter.drawText(QRectF(0, done.height(), width, 1e6), TEXT_FLAGS, note)


def _after(trail: tuple[str, ...]) -> str:
    """A continued page's note: the questions and answers that lead to its first box."""
    return ("Continued, after: " + " › ".join(trail)) if trail else "Continued."


def _writer(path: Path, title: str) -> QPdfWriter:
    _writable(path)
    writer = QPdfWriter(str(path))
    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    writer.setTitle(title)
    writer.setCreator("Card Laws")
    return writer


def write_pdf(path: Path, charts: Sequence[Chart], title: str | None = None,
              contents: Sequence[tuple[str, Sequence[Chart]]] = ()) -> int:
    """Write charts to a PDF, each from a new page (a booklet opens with its title and
    `contents`, the charts by topic with their pages); the number of pages written."""
    if not charts:
        raise ExportError(f"{path}: no chart to write")
    writer = _writer(path, title or charts[0].title)
    painter = QPainter()
    if not painter.begin(writer):
        raise ExportError(f"{path}: cannot be written")
    try:
        return _paint_pages(painter, writer, charts, title, contents)
    finally:
        painter.end()


def _paint_pages(painter: QPainter, writer: QPdfWriter, charts: Sequence[Chart],
                 title: str | None, contents: Sequence[tuple[str, Sequence[Chart]]]) -> int:
    area = writer.pageLayout().paintRectPixels(DPI)
    width, height = float(area.width()), float(area.height())
    font = chart_font()
    colours = Colours.of(dark=False)
    header = _Header.make()
    footer = painter.fontMetrics().height() * 1.6
    layouts = [layout_chart(c, width, font, writer) for c in charts]
    # Each chart's pages, reckoned before any is painted, so the contents can name them.
    plans: list[list[float]] = []
    for chart, laid in zip(charts, layouts, strict=True):
        first = height - footer - header.height(painter, width, chart.title, LEGEND)
        # A continued page's note names the path so far: room for the longest.
        longest = max((_after(b.trail) for b in laid.boxes), key=len)
        rest = height - footer - header.height(painter, width, chart.title, longest)
        plans.append(laid.breaks(first, rest))
    pages = 0
    if title is not None and contents:
        pages = _contents_page(painter, width, title, contents, charts, plans, header,
                               colours)
    for chart, laid, starts in zip(charts, layouts, plans, strict=True):
        for n, start in enumerate(starts):
            if pages:
                writer.newPage()
            pages += 1
            note = LEGEND if n == 0 else _after(laid.trail_at(start))
            top = header.height(painter, width, chart.title, note)
            header.paint(painter, width, chart.title, note, colours)
            end = starts[n + 1] if n + 1 < len(starts) else laid.height
            _paint_slice(painter, laid, colours, font, top, start, end, width)
            painter.setFont(header.small)
            painter.setPen(colours.muted)
            painter.drawText(QRectF(0, height - footer * 0.8, width, footer * 0.8),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
                             f"{title or chart.title}: page {pages}")
    return pages


def _paint_slice(painter: QPainter, laid: ChartLayout, colours: Colours, font: QFont,
                 top: float, start: float, end: float, width: float) -> None:
    painter.save()
    painter.translate(0, top - start)
    clip = QRectF(0, start, width, end - start)
    painter.setClipRect(clip.adjusted(-2, 0, 2, 0))
    paint_chart(painter, laid, colours, font, clip=clip)
    painter.restore()


def _contents_page(painter: QPainter, width: float, title: str,
                   contents: Sequence[tuple[str, Sequence[Chart]]], charts: Sequence[Chart],
                   plans: list[list[float]], header: _Header, colours: Colours) -> int:
    """The booklet's first page: its title, then each topic and its charts with their pages."""
    header.paint(painter, width, title, LEGEND, colours)
    y = header.height(painter, width, title, LEGEND)
    first_page = {id(c): 2 + sum(len(p) for p in plans[:i]) for i, c in enumerate(charts)}
    body = chart_font()
    bold = chart_font()
    bold.setBold(True)
    line = painter.fontMetrics().height() * 1.5
    for topic, in_topic in contents:
        painter.setFont(bold)
        painter.setPen(colours.text)
        painter.drawText(QRectF(0, y, width, line), TEXT_FLAGS, topic)
        y += line
        painter.setFont(body)
        for chart in in_topic:
            painter.drawText(QRectF(line, y, width - line * 4, line), TEXT_FLAGS,
                             chart.event_words)
            painter.drawText(QRectF(0, y, width, line), int(Qt.AlignmentFlag.AlignRight),
                             str(first_page[id(chart)]))
            y += line
        y += line * 0.4
    return 1


def write_booklet(path: Path, book: Booklet) -> int:
    """A booklet as a PDF: its contents, then each chart from a new page; pages written."""
    from app.corpus.vocabulary import TOPICS

    contents = [(TOPICS.get(t, t), charts) for t, charts in book.topics()]
    ordered = [c for _, charts in book.topics() for c in charts]
    return write_pdf(path, ordered, book.title, contents)


def write_svg(path: Path, chart: Chart, width: int = SVG_WIDTH) -> None:
    """A chart as one SVG picture, its title on top."""
    font = chart_font()
    colours = Colours.of(dark=False)
    header = _Header.make()
    _writable(path)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setResolution(DPI)
    generator.setTitle(chart.title)
    generator.setDescription(LEGEND)
    # Measured first (on a picture of the same resolution), then painted at its full height.
    probe = QSvgGenerator()
    probe.setResolution(DPI)
    probe.setSize(QSize(width, 10))
    laid = layout_chart(chart, width, font, probe)
    painter = QPainter()
    measure = QPainter()
    scratch = QBuffer()  # the probe's picture is thrown away
    probe.setOutputDevice(scratch)
    if not measure.begin(probe):
        raise ExportError(f"{path}: cannot be measured")
    top = header.height(measure, width, chart.title, LEGEND)
    measure.end()
    pad = SVG_PAD
    total = int(top + laid.height + 2 * pad)
    generator.setSize(QSize(width + 2 * pad, total))
    generator.setViewBox(QRectF(0, 0, width + 2 * pad, total))
    if not painter.begin(generator):
        raise ExportError(f"{path}: cannot be written")
    try:
        painter.fillRect(QRectF(0, 0, width + 2 * pad, total), colours.base)
        painter.translate(pad, pad)
        header.paint(painter, width, chart.title, LEGEND, colours)
        painter.translate(0, top)
        paint_chart(painter, laid, colours, font)
    finally:
        painter.end()
