"""A law read beside the screen that cited it: a dock with the law's page and one more click
to the browser.

The builder, the quizzes and the statistics name laws; the main window opens them here, so the
table or the question stays in view. Links on the page move within the reader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Content
from ui import theme
from ui.browser.law_page import LawPage
from ui.links import href, parse

if TYPE_CHECKING:
    from app.search.store import LawsStore


class LawReader(QDockWidget):
    """A docked law page with 'Open in the browser' and 'Close'.

    Signals:
        open_in_browser(str): the reader asked for the page in the browser (its link).
        term_requested(str): a glossary term on the page was clicked (its id).
        file_requested(str): an example or rehearsal citing the law was clicked (its link).
    """

    open_in_browser = Signal(str)
    term_requested = Signal(str)
    file_requested = Signal(str)

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None) -> None:
        super().__init__("Law", parent)
        self.setObjectName("law-reader")
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea
                             | Qt.DockWidgetArea.RightDockWidgetArea)
        self.page = LawPage(store, content)
        self.page.setAccessibleName("Law beside")
        theme.follow_zoom(self.page)
        self.browser_button = QPushButton("Open in the &browser")
        self.browser_button.setToolTip("Show this law in the Laws screen, with its neighbours")
        self.close_button = QPushButton("Close")
        self.close_button.setToolTip("Hide the law (Esc)")
        buttons = QHBoxLayout()
        buttons.addWidget(self.browser_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.page, 1)
        layout.addLayout(buttons)
        self.setWidget(body)
        self._link: str | None = None
        self.page.page_requested.connect(self.show_link)
        self.page.term_requested.connect(self.term_requested)
        self.page.file_requested.connect(self.file_requested)
        self.browser_button.clicked.connect(self._to_browser)
        self.close_button.clicked.connect(self.hide)

    @property
    def current_link(self) -> str | None:
        """The link of the page shown beside."""
        return self._link

    def show_law(self, law_id: str) -> None:
        """Show a law beside the current screen."""
        self.show_link(href("law", law_id))

    def show_link(self, link: str) -> None:
        """Show any page (a law, a game, a topic) beside the current screen."""
        self._link = link
        self.page.render(link)
        target = parse(link)
        self.setWindowTitle("Law" if target is None or target.kind == "law" else "Laws")
        self.show()
        self.raise_()

    def _to_browser(self) -> None:
        if self._link is not None:
            self.open_in_browser.emit(self._link)
