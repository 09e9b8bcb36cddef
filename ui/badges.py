"""Code badges (EN, FR, US): the code's letters on the code's colour, wherever a law is named.

Text and colour together, never colour alone. Three forms of one badge:
- `badge_html(code)` for rich text (pages, HTML delegates, labels);
- `BadgeDelegate` for item views whose items carry the code in CODE_ROLE;
- `paint_badge(painter, rect, code)` for anything that paints itself.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QApplication,
    QSizePolicy,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from ui import theme
from ui.compat import override
from ui.words import code_badge, short_code_name

# Items of a model that name a law put its code here; BadgeDelegate draws the badge.
CODE_ROLE = Qt.ItemDataRole.UserRole + 40
_PAD = 4
_GAP = 6


def _swatches(code: str) -> tuple[str, str]:
    """The theme names of a code's badge text and fill (a code without its own: muted)."""
    if f"badge-{code}-bg" in theme.COLOURS:
        return f"badge-{code}-fg", f"badge-{code}-bg"
    return "base", "muted"


def badge_html(code: str) -> str:
    """The badge as rich text: '<span …> EN </span>', titled with the code's name."""
    fg, bg = (theme.hex(name) for name in _swatches(code))
    return (f'<span title="{html.escape(short_code_name(code))} code" '
            f'style="background-color:{bg}; color:{fg}; font-weight:bold; font-size:small;">'
            f"&nbsp;{html.escape(code_badge(code))}&nbsp;</span>")


def badge_text(code: str) -> str:
    """The badge in plain text, for accessible names and plain labels: '[EN]'."""
    return f"[{code_badge(code)}]"


def _badge_font(base: QFont) -> QFont:
    font = QFont(base)
    font.setBold(True)
    font.setPointSizeF(max(6.0, base.pointSizeF() * 0.85))
    return font


def badge_size(code: str, base: QFont) -> QSize:
    """How much room a badge takes beside text in `base`."""
    metrics = QFontMetrics(_badge_font(base))
    return QSize(metrics.horizontalAdvance(code_badge(code)) + 2 * _PAD, metrics.height())


def paint_badge(painter: QPainter, rect: QRect, code: str, base: QFont) -> int:
    """Paint a badge at the left of `rect`, vertically centred; its width."""
    size = badge_size(code, base)
    box = QRectF(rect.left(), rect.top() + (rect.height() - size.height()) / 2,
                 size.width(), size.height())
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    fg, bg = _swatches(code)
    painter.setBrush(theme.color(bg))
    painter.drawRoundedRect(box, 3, 3)
    painter.setFont(_badge_font(base))
    painter.setPen(theme.color(fg))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, code_badge(code))
    painter.restore()
    return size.width()


class BadgeDelegate(QStyledItemDelegate):
    """Draws the code badge (from CODE_ROLE) before an item's text; plain items as usual."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    @override
    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        code = index.data(CODE_ROLE)
        if not code:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        # Imported here: naming QStyle makes PySide build the class and its enums (some
        # 8 ms), and the window's first paint shows no law row, so it need not wait for it.
        from PySide6.QtWidgets import QStyle

        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        # The selection and hover fill span the badge too.
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, opt.widget)
        size = badge_size(code, opt.font)
        badge_rect = QRect(opt.rect.left() + 2, opt.rect.top(), size.width(), opt.rect.height())
        opt.rect = opt.rect.adjusted(size.width() + _GAP, 0, 0, 0)
        super().paint(painter, opt, index)
        paint_badge(painter, badge_rect, code, opt.font)

    @override
    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        code = index.data(CODE_ROLE)
        if code:
            size = badge_size(code, option.font)
            hint.setWidth(hint.width() + size.width() + _GAP)
            hint.setHeight(max(hint.height(), size.height() + 2))
        return hint


class BadgeLabel(QWidget):
    """A code's badge as a small widget of its own (beside a quiz choice, a label…); painted
    in the colours of the scheme in force."""

    def __init__(self, code: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.code = code
        self.setAccessibleName(f"{short_code_name(code)} code")
        self.setToolTip(f"{short_code_name(code)} code")
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def text(self) -> str:
        """The letters on the badge: 'EN', 'FR', 'US'."""
        return code_badge(self.code)

    @override
    def sizeHint(self) -> QSize:
        size = badge_size(self.code, self.font())
        return QSize(size.width(), size.height() + 2)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_badge(painter, self.rect(), self.code, self.font())
