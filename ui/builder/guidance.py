"""What the builder says before there is a table to rule: how to lay one out, and two ways to
start at once (a random deal, or an example of the game chosen)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

STEPS = (
    "Choose a seat with the round button by its name, then click cards in the pack below the "
    "table to give them to it (or type only how many cards it holds).",
    "Say what happened in the list above: the event and who did it.",
    "Each code's ruling then appears here side by side, with where the codes differ.",
)


class Guidance(QWidget):
    """Guidance for an empty table, with buttons to deal at random or open an example.

    Signals:
        deal_requested(): the user asked for a random deal.
        example_requested(): the user asked for the example offered.
    """

    deal_requested = Signal()
    example_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("How to lay out a table")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.deal_button = QPushButton("Deal a table at random")
        self.deal_button.setToolTip("A correct table for the stage chosen, to change as you like")
        self.example_button = QPushButton()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(8)
        layout.addWidget(self.text)
        layout.addWidget(self.deal_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.example_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        self.deal_button.clicked.connect(self.deal_requested)
        self.example_button.clicked.connect(self.example_requested)

    def show_guidance(self, game: str, example: str | None) -> None:
        """Guidance for an empty table of a game; `example` titles the example offered."""
        steps = "".join(f"<li>{escape(step)}</li>" for step in STEPS)
        self.text.setText(f"<p><b>Lay out a table of {escape(game)}</b></p><ol>{steps}</ol>"
                          "<p>Or start from a table ready-made:</p>")
        self.example_button.setVisible(example is not None)
        if example is not None:
            self.example_button.setText(f"Open the example “{example}”")
            self.example_button.setToolTip("Open an example of this game; the Examples menu "
                                           "holds them all")
