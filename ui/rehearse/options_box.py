"""The innocent side's choice: one button per option of every code's ruling, with the score
change the option brings; where a ruling offers no choice, one button applies it as it is."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCommandLinkButton, QGroupBox, QLabel, QVBoxLayout, QWidget

from app.corpus.vocabulary import CODES
from app.engine.ruling import Ruling
from ui.builder.ruling_column import outcome_words
from ui.widgets.plain_label import plain_tooltip


class OptionsBox(QGroupBox):
    """Buttons that apply a ruling to the table.

    Signals:
        chosen(str, str): the code whose ruling is applied, and the option ("" for none).
    """

    chosen = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Apply the ruling", parent)
        self._layout = QVBoxLayout(self)
        self.buttons: list[QCommandLinkButton] = []
        self.hide()

    def clear(self) -> None:
        """No ruling waits: nothing to choose."""
        for i in reversed(range(self._layout.count())):
            item = self._layout.takeAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        self.buttons = []
        self.hide()

    def show_ruling(self, ruling: Ruling) -> None:
        """A button for each option of each code (who chooses, what it does, its score)."""
        self.clear()
        for r in ruling.rulings:
            code = CODES.get(r.code, r.code)
            if r.outcome == "not-covered":
                self._add(code, "The laws are silent: go on with the table as it stands.",
                          r.code, "")
                continue
            if not r.options:
                # Said as the ruling says it ("Options: None"): nothing to choose.
                self._add(code, f"No options: apply the ruling ({outcome_words(r.outcome)}).",
                          r.code, "")
                continue
            for option in r.options:
                score = option.score_words()
                words = f"{option.by} chooses: {option.words}"
                self._add(code, words + (f" Score: {score}." if score else ""), r.code,
                          option.id)
        hint = QLabel("The remedy is applied to the table; step back in the timeline to try "
                      "another.")
        hint.setWordWrap(True)
        self._layout.addWidget(hint)
        self.show()

    def _add(self, title: str, words: str, code: str, option: str) -> None:
        # A command link wraps its description, so long remedies read in full at any width.
        button = QCommandLinkButton(title, words)
        plain_tooltip(button, f"{title}: {words}")  # a remedy's words name the seats
        button.setAccessibleName(f"{title}: {words}")
        button.clicked.connect(lambda _=False: self.chosen.emit(code, option))
        self._layout.addWidget(button)
        self.buttons.append(button)
