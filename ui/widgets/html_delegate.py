"""An item delegate that paints each item's display text as rich text (HTML)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyledItemDelegate, QStyleOptionViewItem

from ui.compat import override

_MARGIN = 6


class HtmlDelegate(QStyledItemDelegate):
    """Renders Qt.DisplayRole as HTML, word-wrapped to the view's width."""

    def _document(self, option: QStyleOptionViewItem, text: str, width: float) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(_MARGIN)
        doc.setHtml(text)
        doc.setTextWidth(width)
        return doc

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
        doc = self._document(opt, text, opt.rect.width())
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(role))
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
        doc = self._document(opt, opt.text, self._width(opt))
        return QSize(int(doc.idealWidth()), int(doc.size().height()) + 1)

