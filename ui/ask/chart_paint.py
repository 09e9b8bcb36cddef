"""Drawing a ruling chart (app/ask/charts.py) with QPainter, on screen or on a page.

The chart is laid out as an indented tree, which reads top to bottom and breaks across pages
between boxes: a question in a box; below it, for each answer, an arrow from the question's
trunk into the box it leads to, the answer written on the arrow; a leaf's box holds the
outcome, who may choose what (with the points), the score and the laws cited. The path a
guided ruling has taken is drawn thick in the "chosen" colour.

Widgets paint with `paint_chart` (ui/ask/chart_view.py); files are written by Qt's own writers
(ui/ask/chart_export.py). No law logic here: every word comes from the chart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPaintDevice, QPainter, QPainterPath, QPen

from app.ask.charts import Chart, Leaf, Marked, Node, Question
from ui import theme

TEXT_FLAGS = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)


@dataclass(frozen=True)
class Colours:
    """The colours a chart is painted in, from the theme (light for paper)."""

    text: QColor
    muted: QColor
    base: QColor
    question_bg: QColor
    edge: QColor
    stop_bg: QColor
    stop_edge: QColor
    marked: QColor

    @classmethod
    def of(cls, dark: bool) -> Colours:
        """The theme's colours for one scheme."""
        return cls(*(theme.color(name, dark) for name in (
            "text", "muted", "base", "heading-bg", "muted", "notice-bg", "notice-edge",
            "chart-path")))


@dataclass
class Box:
    """A question or a leaf, where it is drawn, and its lines of text (bold or not, muted or
    not, each with its height)."""

    node: Node
    rect: QRectF
    lines: list[tuple[str, str, float]]  # (text, style: "bold" | "plain" | "muted", height)
    trail: tuple[str, ...] = ()  # the questions and answers that lead here, in words


@dataclass
class Arrow:
    """An answer: from the question's trunk into the box it leads to, with its words."""

    question: Question
    index: int
    start: QPointF  # on the trunk
    end: QPointF  # the box's left edge
    label: QRectF
    words: str


@dataclass
class ChartLayout:
    """A chart placed at one width: its boxes and arrows, top to bottom, and its height."""

    chart: Chart
    width: float
    height: float = 0.0
    boxes: list[Box] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    trunks: list[tuple[Question, QPointF, QPointF]] = field(default_factory=list)

    def breaks(self, first: float, rest: float | None = None) -> list[float]:
        """Where pages start, the first `first` tall, the others `rest` (else as tall): each
        at the top of a box or an answer, so no box is cut (one taller than a page is cut
        where it must be)."""
        # A box reached by an answer starts where its answer's words do.
        tops = sorted({a.label.top() for a in self.arrows})
        starts = [0.0]
        while starts[-1] + (first if len(starts) == 1 else rest or first) < self.height:
            limit = starts[-1] + (first if len(starts) == 1 else rest or first)
            fits = [t for t in tops if starts[-1] < t <= limit]
            starts.append(fits[-1] if fits else limit)
        return starts

    def trail_at(self, y: float) -> tuple[str, ...]:
        """The path to the first box at or below `y`, in words (for a continued page)."""
        below = [b for b in self.boxes if b.rect.top() >= y]
        return below[0].trail if below else ()

    def box_of(self, node: Node) -> Box | None:
        """The box a node is drawn in."""
        return next((b for b in self.boxes if b.node is node), None)


class _Fonts:
    def __init__(self, font: QFont, device: QPaintDevice | None) -> None:
        self.plain = QFont(font)
        self.bold = QFont(font)
        self.bold.setBold(True)
        self.muted = QFont(font)
        self.muted.setPointSizeF(font.pointSizeF() * 0.9)
        self.label = QFont(font)
        self.label.setItalic(True)
        self.device = device

    def of(self, style: str) -> QFont:
        return {"bold": self.bold, "muted": self.muted, "label": self.label}.get(style,
                                                                                 self.plain)

    def metrics(self, style: str) -> QFontMetricsF:
        font = self.of(style)
        return QFontMetricsF(font, self.device) if self.device else QFontMetricsF(font)

    def height(self, style: str, text: str, width: float) -> float:
        rect = self.metrics(style).boundingRect(QRectF(0, 0, width, 1e6), TEXT_FLAGS, text)
        return rect.height()


def leaf_lines(leaf: Leaf) -> list[tuple[str, str]]:
    """A leaf's text, line by line, with its style."""
    lines = [(leaf.outcome_words, "bold")]
    lines += [("• " + line, "plain") for line in leaf.option_lines()]
    if leaf.score_line():
        lines.append((leaf.score_line(), "plain"))
    for cite in leaf.citations:
        lines.append(("Law: " + cite.words, "muted"))
    if not leaf.citations:
        lines.append(("No law cited.", "muted"))
    return lines


def layout_chart(chart: Chart, width: float, font: QFont,
                 device: QPaintDevice | None = None) -> ChartLayout:
    """Place a chart's boxes and arrows within `width` (in the device's pixels)."""
    fonts = _Fonts(font, device)
    em = fonts.metrics("plain").height()
    pad = em * 0.4
    gap = em * 0.35
    out = ChartLayout(chart, width)
    # A deep chart on a narrow width indents less, so the deepest boxes keep room to read.
    deepest = max(1, max((len(path) for path, _ in chart.paths()), default=1))
    indent = max(em * 1.2, min(em * 2.2, (width - em * 18) / deepest))

    def place(node: Node, x: float, y: float, trail: tuple[str, ...]) -> float:
        inner = max(em * 4, width - x - 2 * pad)
        styled = ([(node.words, "bold")] if isinstance(node, Question) else leaf_lines(node))
        lines = [(text, style, fonts.height(style, text, inner)) for text, style in styled]
        height = sum(h for *_, h in lines) + 2 * pad
        box = Box(node, QRectF(x, y, width - x, height), lines, trail)
        out.boxes.append(box)
        y += height + gap
        if isinstance(node, Leaf):
            return y
        trunk_x = x + indent * 0.45
        child_x = x + indent
        last_arrow = y
        for i, branch in enumerate(node.branches):
            label_w = max(em * 4, width - child_x - pad)
            label_h = fonts.height("label", branch.words, label_w)
            label = QRectF(child_x + pad, y, label_w, label_h)
            y += label_h
            arrow_y = y + min(em, (em + 2 * pad) / 2)
            out.arrows.append(Arrow(node, i, QPointF(trunk_x, arrow_y),
                                    QPointF(child_x, arrow_y), label, branch.words))
            last_arrow = arrow_y
            y = place(branch.node, child_x, y, (*trail, node.words, branch.words))
        out.trunks.append((node, QPointF(trunk_x, box.rect.bottom()),
                           QPointF(trunk_x, last_arrow)))
        return y + gap

    out.height = place(chart.root, 0.0, 0.0, ())
    return out


def paint_chart(painter: QPainter, layout: ChartLayout, colours: Colours, font: QFont,
                marked: Marked | None = None, clip: QRectF | None = None) -> None:
    """Paint a laid-out chart (only what meets `clip`, when given); the marked path thick."""
    fonts = _Fonts(font, painter.device())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    em = fonts.metrics("plain").height()
    thin = max(1.0, em / 14)
    thick = thin * 3
    pad = em * 0.4

    def on_path(question: Question, index: int) -> bool:
        if marked is None:
            return False
        for n, node in enumerate(marked.nodes[:-1]):
            if node is question:
                return marked.branches[n] == index
        return False

    def meets(rect: QRectF) -> bool:
        return clip is None or rect.intersects(clip)

    for _question, top, bottom in layout.trunks:
        if meets(QRectF(top, bottom).normalized().adjusted(-thick, -thick, thick, thick)):
            painter.setPen(QPen(colours.edge, thin))
            painter.drawLine(top, bottom)
    for arrow in layout.arrows:
        span = QRectF(arrow.start, arrow.end).normalized().united(arrow.label)
        if not meets(span.adjusted(-thick, -thick, thick, thick)):
            continue
        taken = on_path(arrow.question, arrow.index)
        colour = colours.marked if taken else colours.edge
        painter.setPen(QPen(colour, thick if taken else thin))
        if taken:
            # The trunk from the question down to the answer taken, drawn thick.
            box = layout.box_of(arrow.question)
            if box is not None:
                painter.drawLine(QPointF(arrow.start.x(), box.rect.bottom()), arrow.start)
        _draw_arrow(painter, arrow.start, arrow.end, colour, em * 0.35)
        painter.setFont(fonts.of("label"))
        painter.setPen(colours.text if taken else colours.muted)
        painter.drawText(arrow.label, TEXT_FLAGS, arrow.words)
    for box in layout.boxes:
        if not meets(box.rect):
            continue
        node = box.node
        stop = isinstance(node, Leaf) and (node.stops_at is not None or node.cut
                                           or node.outcome in ("not-covered", "depends"))
        fill = colours.question_bg if isinstance(node, Question) else (
            colours.stop_bg if stop else colours.base)
        edge = colours.stop_edge if stop else colours.edge
        held = marked is not None and marked.holds(node)
        painter.setBrush(fill)
        painter.setPen(QPen(colours.marked if held else edge, thick if held else thin))
        inset = (thick if held else thin) / 2
        painter.drawRoundedRect(box.rect.adjusted(inset, inset, -inset, -inset), em * 0.3,
                                em * 0.3)
        y = box.rect.top() + pad
        for text, style, height in box.lines:
            painter.setFont(fonts.of(style))
            painter.setPen(colours.muted if style == "muted" else colours.text)
            painter.drawText(QRectF(box.rect.left() + pad, y, box.rect.width() - 2 * pad,
                                    height), TEXT_FLAGS, text)
            y += height


def _draw_arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor,
                head: float) -> None:
    painter.drawLine(start, QPointF(end.x() - head, end.y()))
    tip = QPainterPath(end)
    tip.lineTo(end.x() - head * 1.4, end.y() - head)
    tip.lineTo(end.x() - head * 1.4, end.y() + head)
    tip.closeSubpath()
    painter.fillPath(tip, colour)
