"""The table drawn in a question: seats, hands of real cards, face-down hands, overlapping fans."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QSize
from PySide6.QtGui import QAccessible

from app.cards import Card
from ui.quiz.hand_fan import MIN_STEP, HandFan
from ui.quiz.table_sketch import TableSketch
from ui.widgets.card_widget import CardWidget

TABLE = {
    "game": "bezique", "players": ["North", "South"], "dealer": "South", "stage": "play",
    "hands": {"North": ["KD", "8C", "10S"], "South": 8}, "scores": {"North": 1, "South": 380},
    "turn_up": "10H", "trick": {"leader": "North", "cards": ["8H"]}, "stock": 47,
    "event": {"type": "play", "player": "North", "card": "8C"},
}


def _name(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


def test_hands_trick_and_turn_up_are_drawn_as_cards(qtbot):
    sketch = TableSketch()
    qtbot.addWidget(sketch)
    sketch.show_table(TABLE)
    faces = [_name(c) for c in sketch.cards if c.card is not None]
    assert faces == ["king of diamonds", "eight of clubs", "ten of spades",
                     "eight of hearts", "ten of hearts"]
    backs = [_name(c) for c in sketch.cards if c.card is None]
    assert backs == ["South's hand, 8 cards face down"]


def test_the_card_the_event_is_about_is_marked(qtbot):
    sketch = TableSketch()
    qtbot.addWidget(sketch)
    sketch.show_table(TABLE)
    chosen = [c.card for c in sketch.cards if c.chosen]
    assert chosen == [Card.parse("8C")]


def test_no_table_hides_the_sketch(qtbot):
    sketch = TableSketch()
    qtbot.addWidget(sketch)
    sketch.show()
    sketch.show_table(None)
    assert sketch.isHidden() and sketch.cards == []


def test_a_long_hand_fans_out_in_a_narrow_space_keeping_each_index_in_view(qtbot):
    size = QSize(40, 57)
    cards = [CardWidget(Card.parse(code), size=size) for code in
             ("AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "QH", "JH", "10H", "9H")]
    fan = HandFan(cards, size)
    qtbot.addWidget(fan)
    fan.resize(fan.minimumSizeHint().width() + 10, 57)
    fan.show()
    xs = [c.x() for c in cards]
    steps = {b - a for a, b in pairwise(xs)}
    assert min(steps) >= MIN_STEP and max(xs) + 40 <= fan.width()
    fan.resize(fan.sizeHint())
    assert cards[1].x() - cards[0].x() > 40  # room enough: side by side, not overlapping


def test_a_card_led_out_of_turn_lies_on_the_trick_over_its_players_name(qtbot):
    # The table as the learner sees it (quizzes/seen.py): the card led has left the hand.
    from PySide6.QtWidgets import QLabel

    sketch = TableSketch()
    qtbot.addWidget(sketch)
    led = {**TABLE, "hands": {"North": ["KD", "8C"], "South": 8},
           "trick": {"leader": "North", "cards": ["10S"], "players": ["North"]},
           "event": {"type": "lead-out-of-turn", "player": "North", "card": "10S"}}
    sketch.show_table(led)
    faces = [_name(c) for c in sketch.cards if c.card is not None]
    assert faces == ["king of diamonds", "eight of clubs", "ten of spades", "ten of hearts"]
    chosen = [c for c in sketch.cards if c.chosen]
    assert [c.card for c in chosen] == [Card.parse("10S")]
    words = [w.text() for w in sketch.findChildren(QLabel)]
    assert "Trick (North led)" in words and words.count("North") == 2  # the seat, the card
    hand_fans = sketch.findChildren(HandFan)
    assert len(hand_fans[0].findChildren(CardWidget)) == 2


def test_the_drawn_table_and_the_stem_say_the_same_trumps_stock_tricks_and_bid(qtbot):
    from PySide6.QtWidgets import QLabel

    from quizzes.stem import table_text

    table = {**TABLE, "game": "cinch", "stock": ["2C", "3C", "4C"], "tricks_played": 2,
             "bid": {"player": "North", "amount": 3}}
    sketch = TableSketch()
    qtbot.addWidget(sketch)
    sketch.show_table(table)
    shown = [label.text() for label in sketch.findChildren(QLabel)]
    assert "Trumps: ♥ hearts\nStock: 3 cards\nTricks played: 2\nBid: North, 3" in shown
    assert ("Trumps are hearts. The stock holds 3 cards. 2 tricks had been played and "
            "gathered. North made the bid (3).") in table_text(table)


def test_an_exposed_card_lies_face_up_apart(qtbot):
    from PySide6.QtWidgets import QLabel

    sketch = TableSketch()
    qtbot.addWidget(sketch)
    exposed = {**TABLE, "hands": {"North": ["KD", "8C"], "South": 8},
               "apart": {"player": "North", "words": "Exposed by North, face up",
                         "cards": ["10S"]},
               "event": {"type": "exposed-card", "player": "North", "card": "10S",
                         "how": "faced"}}
    sketch.show_table(exposed)
    words = [w.text() for w in sketch.findChildren(QLabel)]
    assert "Exposed by North, face up" in words
    assert [c.card for c in sketch.cards if c.chosen] == [Card.parse("10S")]
