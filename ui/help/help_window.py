"""The help window: the user guide's pages and the keyboard shortcut sheet, side by side with
a list of contents."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QListWidget, QTextBrowser, QWidget

from ui import theme
from ui.browser.pages import page_style
from ui.help import guide
from ui.help.shortcuts import sheet_html

SHORTCUTS_PAGE = "shortcuts"


class HelpWindow(QDialog):
    """A modeless window: contents on the left, the page on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card Laws help")
        self.setObjectName("help-window")
        self.contents = QListWidget()
        self.contents.setAccessibleName("Help contents")
        self._ids: list[str] = []
        for entry in guide.PAGES:
            self.contents.addItem(entry.title)
            self._ids.append(entry.id)
        self.contents.addItem("Keyboard shortcuts")
        self._ids.append(SHORTCUTS_PAGE)
        self.contents.setMaximumWidth(220)
        self.page = QTextBrowser()
        self.page.setAccessibleName("Help page")
        self.page.setOpenExternalLinks(False)
        theme.style_page(self.page, page_style)
        theme.follow_zoom(self.page)
        layout = QHBoxLayout(self)
        layout.addWidget(self.contents)
        layout.addWidget(self.page, 1)
        self.resize(820, 560)
        self.contents.currentRowChanged.connect(self._on_row)
        self.show_page(guide.PAGES[0].id)

    @property
    def current_page(self) -> str:
        """The id of the page shown ('shortcuts' for the sheet)."""
        return self._ids[self.contents.currentRow()]

    def show_page(self, page_id: str) -> None:
        """Show a guide page, or the shortcut sheet ('shortcuts')."""
        self.contents.setCurrentRow(self._ids.index(page_id))
        self._on_row(self._ids.index(page_id))

    def _on_row(self, row: int) -> None:
        if row < 0:
            return
        page_id = self._ids[row]
        body = sheet_html() if page_id == SHORTCUTS_PAGE else guide.page(page_id).body
        theme.set_html(self.page, body)
        self.page.setFocus(Qt.FocusReason.OtherFocusReason)
