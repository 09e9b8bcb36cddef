"""An item delegate that paints each item's display text as rich text (HTML).

Quiet parts of an item (its meta line, its snippet) are marked `<span class="muted">`: the
delegate colours them muted on the view's background and in the selection's own text colour on
a selected row, where the muted ink would be grey on blue.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QPainter,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from ui import theme
from ui.compat import override

_MARGIN = 6


class HtmlDelegate(QStyledItemDelegate):
    """Renders Qt.DisplayRole as HTML, word-wrapped to the view's width."""

    @staticmethod
    def style_sheet(option: QStyleOptionViewItem, selected: bool) -> str:
        """The rows' style sheet: muted parts muted, or in the selection's text colour."""
        ink = (option.palette.color(QPalette.ColorRole.HighlightedText).name() if selected
               else theme.hex("muted"))
        return f".muted {{ color: {ink}; }}"

    def _document(self, option: QStyleOptionViewItem, text: str, width: float,
                  sheet: str) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDefaultStyleSheet(sheet)
        doc.setDocumentMargin(_MARGIN)
        doc.setHtml(text)
        doc.setTextWidth(width)
        return doc

    def painted(self, option: QStyleOptionViewItem, text: str,
                selected: bool) -> tuple[QTextDocument, QColor]:
        """The document a row's text is painted from, and the ink of its unstyled words."""
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        doc = self._document(option, text, option.rect.width(), self.style_sheet(option, selected))
        return doc, option.palette.color(role)

    def _width(self, option: QStyleOptionViewItem) -> float:
        view = option.widget
        width = option.rect.width()
        if view is not None and hasattr(view, "viewport"):
            width = view.viewport().width()
        return float(max(width, 120))

    @override
    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        # Imported here: naming QStyle makes PySide build the class and its enums (some
        # 8 ms), which the window's first paint, showing no list of results, need not wait for.
        from PySide6.QtWidgets import QStyle

        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        doc, ink = self.painted(opt, text, selected)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, ink)
        painter.save()
        painter.translate(opt.rect.topLeft())
        painter.setClipRect(QRectF(0, 0, opt.rect.width(), opt.rect.height()))
        doc.documentLayout().draw(painter, context)
        painter.restore()

    @override
    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        doc = self._document(opt, opt.text, self._width(opt), self.style_sheet(opt, False))
        return QSize(int(doc.idealWidth()), int(doc.size().height()) + 1)

