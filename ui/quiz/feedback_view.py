"""After an answer: right or wrong, the correct ruling, the explanation and links to the laws."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from app.corpus.laws import Law
from ui import theme
from ui.links import parse
from ui.quiz.quiz_pages import feedback_html, style

if TYPE_CHECKING:
    from quizzes import Result



def _verdict_style(right: bool) -> str:
    ink, fill = ("right-ink", "right-bg") if right else ("wrong-ink", "wrong-bg")
    return (f"color: {theme.hex(ink)}; background: {theme.hex(fill)}; border-radius: 4px; "
            "padding: 6px 10px;")


class FeedbackView(QWidget):
    """The verdict on an answer over a page with the ruling, why, and the laws to read.

    Signals:
        law_requested(str): a law link was clicked (the law's id).
    """

    law_requested = Signal(str)

    def __init__(self, laws: Mapping[str, Law], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._laws = laws
        self.result: Result | None = None
        self.verdict = QLabel()
        self.verdict.setAccessibleName("Verdict")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.verdict.setFont(font)
        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        theme.style_page(self.page, style)
        self.page.setAccessibleName("The ruling and the laws")
        self.page.anchorClicked.connect(self._on_anchor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.verdict)
        layout.addWidget(self.page, 1)

    def show_result(self, result: Result) -> None:
        """Show the verdict and the ruling for an answer."""
        self.result = result
        right = result.correct
        self.verdict.setText("✓ Right" if right else "✗ Wrong")
        theme.keep_styled(self.verdict, lambda: _verdict_style(right))
        theme.set_html(self.page, feedback_html(result, self._laws))

    def clear(self) -> None:
        """Nothing to show (a new question is being answered)."""
        self.result = None
        self.verdict.clear()
        self.verdict.setStyleSheet("")
        self.page.clear()

    def _on_anchor(self, url: QUrl) -> None:
        link = parse(url.toString())
        if link is not None and link.kind == "law":
            self.law_requested.emit(link.target)
