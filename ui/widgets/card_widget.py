"""A playing card drawn as a card: rank and suit in the corner, a large pip, red or black."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from app.cards import SUIT_SYMBOLS, Card
from ui import theme
from ui.compat import override

CARD_SIZE = QSize(38, 54)
_FACES: dict[tuple[object, ...], QPixmap] = {}  # drawn faces, by card, size and colours
_FACES_KEPT = 2_000


class CardWidget(QAbstractButton):
    """A card face (or a face-down back when `card` is None) that can be clicked or chosen
    with Space or Enter. Its accessible name is the card's spoken name ("queen of spades").

    Signals: those of QAbstractButton (`clicked`).
    """

    def __init__(self, card: Card | None = None, parent: QWidget | None = None,
                 *, size: QSize = CARD_SIZE) -> None:
        super().__init__(parent)
        self._size = QSize(size)
        self._card: Card | None = None
        self._badge = ""
        self._badge_alarm = False
        self._marked = False
        self._chosen = False
        self._dimmed = False
        self.setAttribute(Qt.WidgetAttribute.WA_Hover, True)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_card(card)

    # State ------------------------------------------------------------------------------

    @property
    def card(self) -> Card | None:
        """The card shown, or None for a face-down card."""
        return self._card

    def set_card(self, card: Card | None) -> None:
        """Show another card (None: face down, not focusable)."""
        self._card = card
        self.setText(card.label if card else "")
        self.setAccessibleName(card.name if card else "face-down card")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if card else Qt.FocusPolicy.NoFocus)
        self.update()

    def set_badge(self, text: str, *, alarm: bool = False) -> None:
        """A small label in the bottom corner, e.g. copies left ("×3"); alarm draws it red."""
        if (text, alarm) != (self._badge, self._badge_alarm):
            self._badge, self._badge_alarm = text, alarm
            self.update()

    @property
    def badge(self) -> str:
        """The badge text ("" when none)."""
        return self._badge

    def set_marked(self, marked: bool) -> None:
        """Mark the card as impossible here (red edge and a stroke through it)."""
        if marked != self._marked:
            self._marked = marked
            self.update()

    @property
    def marked(self) -> bool:
        """Whether the card is marked as impossible."""
        return self._marked

    def set_chosen(self, chosen: bool) -> None:
        """Show the card as the one the event is about (gold edge)."""
        if chosen != self._chosen:
            self._chosen = chosen
            self.update()

    @property
    def chosen(self) -> bool:
        """Whether the card is shown as chosen."""
        return self._chosen

    def set_dimmed(self, dimmed: bool) -> None:
        """Draw the card faded (none left in the pack)."""
        if dimmed != self._dimmed:
            self._dimmed = dimmed
            self.update()

    @property
    def dimmed(self) -> bool:
        """Whether the card is drawn faded."""
        return self._dimmed

    # Qt -----------------------------------------------------------------------------------

    @override
    def sizeHint(self) -> QSize:
        return QSize(self._size)

    @override
    def minimumSizeHint(self) -> QSize:
        return QSize(self._size)

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._card is not None:
            self.animateClick()
            return
        super().keyPressEvent(event)

    @override
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._dimmed:
            painter.setOpacity(0.35)
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        radius = max(3.0, rect.width() * 0.1)
        if self._card is None:
            self._paint_back(painter, rect, radius)
        else:
            self._paint_face(painter, rect, radius, self._card)
        painter.setOpacity(1.0)
        self._paint_states(painter, rect, radius)
        painter.end()

    def _paint_back(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        painter.setPen(QPen(theme.color("card-edge"), 1))
        painter.setBrush(theme.color("card-back"))
        painter.drawRoundedRect(rect, radius, radius)
        inner = rect.adjusted(3, 3, -3, -3)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(theme.color("card-back-lines"), 1))
        painter.drawRoundedRect(inner, radius / 2, radius / 2)
        painter.save()
        painter.setClipRect(inner)
        step = 6.0
        x = inner.left() - inner.height()
        while x < inner.right():
            painter.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
            x += step
        painter.restore()

    def _paint_face(self, painter: QPainter, rect: QRectF, radius: float, card: Card) -> None:
        face = theme.color("card-face")
        shade = face.darker(112) if self.isDown() else face
        if self.underMouse() and self.isEnabled() and not self.isDown():
            shade = theme.color("card-hover")
        # A face is drawn once per look (card, size, colours, font) and kept: a table of
        # rehearsed hands repaints every card of two hands at each play.
        ratio = self.devicePixelRatioF()
        ink = theme.color("card-red" if card.is_red else "card-black")
        key = (card.code, self.width(), self.height(), ratio, shade.rgba(), ink.rgba(),
               theme.color("card-edge").rgba(), self.font().key())
        pixmap = _FACES.get(key)
        if pixmap is None:
            pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            face_painter = QPainter(pixmap)
            face_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._draw_face(face_painter, rect, radius, card, shade)
            face_painter.end()
            if len(_FACES) > _FACES_KEPT:
                _FACES.clear()
            _FACES[key] = pixmap
        painter.drawPixmap(0, 0, pixmap)

    def _draw_face(self, painter: QPainter, rect: QRectF, radius: float, card: Card,
                   shade: QColor) -> None:
        painter.setPen(QPen(theme.color("card-edge"), 1))
        painter.setBrush(shade)
        painter.drawRoundedRect(rect, radius, radius)
        ink = theme.color("card-red" if card.is_red else "card-black")
        painter.setPen(ink)
        height = rect.height()
        corner = QFont(self.font())
        corner.setPixelSize(max(9, round(height * 0.25)))
        corner.setBold(True)
        painter.setFont(corner)
        line = corner.pixelSize() + 1
        left = rect.left() + 2
        # The index sits in the top-left corner so it stays readable when cards overlap.
        rank = QRectF(left, rect.top() + 1, rect.width() - 3, line)
        painter.drawText(rank, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, card.rank)
        suit = QRectF(left, rect.top() + line, rect.width() - 3, line)
        symbol = SUIT_SYMBOLS[card.suit]
        painter.drawText(suit, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, symbol)
        pip = QFont(self.font())
        pip.setPixelSize(max(12, round(height * 0.42)))
        painter.setFont(pip)
        body = QRectF(rect.left() + rect.width() * 0.25, rect.top() + height * 0.35,
                      rect.width() * 0.75, height * 0.6)
        painter.drawText(body, Qt.AlignmentFlag.AlignCenter, symbol)

    def _paint_states(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self._chosen:
            painter.setPen(QPen(theme.color("chosen"), 3))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        if self._marked:
            painter.setPen(QPen(theme.color("card-red"), 2.5))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
            painter.drawLine(rect.bottomLeft() + QPointF(4, -4), rect.topRight() + QPointF(-4, 4))
        if self._badge:
            small = QFont(self.font())
            small.setPixelSize(max(8, round(rect.height() * 0.19)))
            small.setBold(True)
            painter.setFont(small)
            width = painter.fontMetrics().horizontalAdvance(self._badge) + 6
            box = QRectF(rect.right() - width, rect.bottom() - small.pixelSize() - 4,
                         width, small.pixelSize() + 4)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.color("card-red" if self._badge_alarm else "card-badge"))
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(theme.color("card-badge-alarm-ink" if self._badge_alarm
                                      else "card-black"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self._badge)
            painter.setBrush(Qt.BrushStyle.NoBrush)  # the focus ring below is a ring, not a fill
        if self.hasFocus():
            focus = self.palette().highlight().color()
            painter.setPen(QPen(focus, 2, Qt.PenStyle.SolidLine))
            painter.drawRoundedRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5), radius, radius)
