"""Find in the page shown (Ctrl+F or / with the page focused): every match highlighted, Enter
for the next, Shift+Enter for the previous, Esc to close."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTextEdit,
    QToolButton,
    QWidget,
)

from ui import theme
from ui.compat import override


class FindBar(QWidget):
    """A find field under a page; hidden until asked for."""

    def __init__(self, page: QTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._page = page
        self.field = _FindField(self)
        self.field.setPlaceholderText("Find in this page")
        self.field.setAccessibleName("Find in this page")
        self.field.setClearButtonEnabled(True)
        self.count = QLabel()
        self.count.setAccessibleName("Matches")
        previous = QToolButton()
        previous.setText("↑")
        previous.setToolTip("Previous match (Shift+Enter)")
        following = QToolButton()
        following.setText("↓")
        following.setToolTip("Next match (Enter)")
        close = QToolButton()
        close.setText("✕")
        close.setToolTip("Close (Esc)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.count)
        layout.addWidget(previous)
        layout.addWidget(following)
        layout.addWidget(close)
        self._matches: list[QTextCursor] = []
        self._at = -1
        self.field.textChanged.connect(self.find)
        following.clicked.connect(lambda: self.step(1))
        previous.clicked.connect(lambda: self.step(-1))
        close.clicked.connect(self.close_bar)
        page.textChanged.connect(self._page_changed)
        theme.changed().connect(self._paint)
        self.hide()

    def open(self, text: str | None = None) -> None:
        """Show the bar with the cursor in its field (and `text` in it, if given)."""
        self.show()
        if text is not None:
            self.field.setText(text)
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()
        self.find(self.field.text())

    def close_bar(self) -> None:
        """Hide the bar and its highlights; the page gets the focus back."""
        self.hide()
        self._matches = []
        self._paint()
        self._page.setFocus(Qt.FocusReason.OtherFocusReason)

    @property
    def match_count(self) -> int:
        """How many times the words are found in the page."""
        return len(self._matches)

    def find(self, text: str) -> None:
        """Highlight every match of `text` (any case) and go to the first."""
        self._matches = []
        document = self._page.document()
        if text:
            cursor = document.find(text, 0)
            while not cursor.isNull():
                self._matches.append(cursor)
                cursor = document.find(text, cursor)
        self._at = 0 if self._matches else -1
        self._paint()

    def step(self, by: int) -> None:
        """Go to the next match (by=1) or the previous one (by=-1), round the page."""
        if self._matches:
            self._at = (self._at + by) % len(self._matches)
            self._paint()

    def _page_changed(self) -> None:
        if self.isVisible() and self.field.text():
            self.find(self.field.text())

    def _paint(self) -> None:
        selections = []
        for number, cursor in enumerate(self._matches):
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(theme.color("find-bg"))
            fmt.setForeground(theme.color("find-match"))
            if number == self._at:
                fmt.setFontUnderline(True)
                fmt.setFontWeight(700)
            selection.format = fmt  # type: ignore[attr-defined]
            selection.cursor = cursor  # type: ignore[attr-defined]
            selections.append(selection)
        self._page.setExtraSelections(selections)
        if 0 <= self._at < len(self._matches):
            current = QTextCursor(self._matches[self._at])
            current.clearSelection()
            self._page.setTextCursor(current)
            self._page.ensureCursorVisible()
            self.count.setText(f"{self._at + 1} of {len(self._matches)}")
        else:
            self.count.setText("No match" if self.field.text() else "")


class _FindField(QLineEdit):
    def __init__(self, bar: FindBar) -> None:
        super().__init__(bar)
        self._bar = bar

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._bar.step(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            return
        if event.key() == Qt.Key.Key_Escape:
            self._bar.close_bar()
            return
        super().keyPressEvent(event)
