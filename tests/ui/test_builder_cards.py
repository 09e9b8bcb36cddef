"""Cards as the builder draws them: a focused pack card is still a card, hand cards say what
they are and what a click does."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWidget

from app.cards import Card
from ui.builder.hand_view import HandView
from ui.widgets.card_widget import CARD_SIZE, CardWidget

# Inside the face, clear of the corner index, the pip and the badge.
FACE_POINTS = [QPoint(CARD_SIZE.width() - 8, 12), QPoint(CARD_SIZE.width() // 2, 8),
               QPoint(8, CARD_SIZE.height() - 10)]


def _faces(card: CardWidget) -> list[tuple[int, int, int]]:
    image = card.grab().toImage()
    return [image.pixelColor(p).getRgb()[:3] for p in FACE_POINTS]


def test_a_pack_card_with_keyboard_focus_is_drawn_as_a_card(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    other = CardWidget(Card("K", "H"), holder)
    card = CardWidget(Card("Q", "S"), holder)
    card.move(50, 0)
    card.set_badge("×2")  # pack cards carry the copies left: the badge used to fill the card
    holder.show()
    holder.activateWindow()
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    unfocused = _faces(card)
    card.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(card.hasFocus)
    assert _faces(card) == unfocused  # the face shows through: only the ring is added
    image = card.grab().toImage()
    ring = image.pixelColor(QPoint(CARD_SIZE.width() // 2, 1))
    assert ring == card.palette().highlight().color()


def test_hand_cards_have_tooltips_naming_the_card_and_the_click(qtbot):
    hand = HandView()
    qtbot.addWidget(hand)
    hand.set_cards([Card("Q", "S"), Card("10", "H")], chosen=1, marked=0)
    assert hand.card_widget(0).toolTip() == \
        "Queen of spades — impossible here: click to take it back to the pack"
    assert hand.card_widget(1).toolTip() == \
        "Ten of hearts (the event's card): click to take it back to the pack"
    hand.set_hint("click to choose it for the event")
    assert hand.card_widget(1).toolTip().endswith("click to choose it for the event")
    hand.set_cards(2)
    assert "only the number of cards" in hand.card_widget(0).toolTip()
