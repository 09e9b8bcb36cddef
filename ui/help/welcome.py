"""The first-run welcome: what the app does, with one click into each."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.help.words import explain

EXAMPLE_SEARCH = "lead out of turn"


class WelcomeScreen(QWidget):
    """Three cards: look a law up, rule a table, take a quiz; each with one button.

    Signals:
        search_requested(str): the reader asked to see a search (its words).
        example_requested(): the reader asked for an example table in the builder.
        quiz_requested(): the reader asked for a first quiz.
        guide_requested(): the reader asked for the user guide.
    """

    search_requested = Signal(str)
    example_requested = Signal()
    quiz_requested = Signal()
    guide_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("Welcome to Card Laws")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel("The laws of classic card games as the old codes set them down "
                       "(Bézique, Rubicon Bézique, Pinochle, Cinch, Écarté, Conquian, Auction "
                       "Pitch), and three ways to use them:")
        intro.setWordWrap(True)
        self.search_button = QPushButton(f"Search: “{EXAMPLE_SEARCH}”")
        self.example_button = QPushButton("Open an example table")
        self.quiz_button = QPushButton("Take a first quiz")
        cards = QHBoxLayout()
        cards.setSpacing(12)
        for heading, words, button in (
            ("Look a law up", "Search every law as you type, browse by game and topic, and "
             "set the English, French and American codes side by side. Badges EN, FR, US "
             "name each law's code.", self.search_button),
            ("Rule a table", "Lay the cards out, say what went wrong, and read the ruling "
             "under every code at once, with the laws that decide it. "
             + explain("readings"), self.example_button),
            ("Learn the laws", "Questions made from real tables, scheduled so that what you "
             "miss comes back soon and what you know comes back later.", self.quiz_button),
        ):
            cards.addWidget(_card(heading, words, button), 1)
        self.guide_button = QPushButton("Read the user guide (F1)")
        self.guide_button.setFlat(True)
        later = QLabel("This page is in Help ▸ Welcome whenever you want it again.")
        theme.keep_styled(later, lambda: f"color: {theme.hex('muted')};")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addSpacing(12)
        layout.addLayout(cards)
        layout.addSpacing(12)
        bottom = QHBoxLayout()
        bottom.addWidget(self.guide_button)
        bottom.addStretch(1)
        bottom.addWidget(later)
        layout.addLayout(bottom)
        layout.addStretch(1)
        self.search_button.clicked.connect(lambda: self.search_requested.emit(EXAMPLE_SEARCH))
        self.example_button.clicked.connect(self.example_requested)
        self.quiz_button.clicked.connect(self.quiz_requested)
        self.guide_button.clicked.connect(self.guide_requested)


def _card(heading: str, words: str, button: QPushButton) -> QFrame:
    frame = QFrame()
    frame.setFrameShape(QFrame.Shape.StyledPanel)
    title = QLabel(f"<b>{heading}</b>")
    title.setTextFormat(Qt.TextFormat.RichText)
    body = QLabel(words)
    body.setWordWrap(True)
    body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    layout = QVBoxLayout(frame)
    layout.addWidget(title)
    layout.addWidget(body, 1)
    layout.addWidget(button)
    return frame
