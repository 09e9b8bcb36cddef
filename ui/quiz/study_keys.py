"""Drilling from the keyboard, as in a good flashcard app: the quiz's shortcuts and Undo/Flag.

The keys work anywhere on the study page: 1-9 pick an answer, Enter (or Space, as in Anki)
checks it and, pressed again, goes on; Ctrl+Z takes the last answer back. SHORTCUTS lists them
for the Help menu.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("1 – 9", "Pick that answer (tick or untick it when several may be picked)"),
    ("Enter", "Check the answer; press again for the next question"),
    ("Space", "The same as Enter, as in Anki"),
    ("Ctrl+Z", "Undo the last answer: it is taken back and asked again"),
    ("Tab, Shift+Tab", "Move between the answers and the buttons"),
)


def shortcuts_html() -> str:
    """The quiz shortcuts as a small HTML table (for the Help menu)."""
    rows = "".join(f"<tr><td><b>{keys}</b></td><td>{what}</td></tr>" for keys, what in SHORTCUTS)
    return f"<p>In a quiz:</p><table cellspacing='6'>{rows}</table>"


def install(
    page: QWidget,
    *,
    choose: Callable[[int], object],
    advance: Callable[[], object],
    undo: Callable[[], object] | None,
) -> list[QShortcut]:
    """Wire the quiz keys on a page (and its children); returns the shortcuts made. Without
    `undo` (an exam), Ctrl+Z is left alone."""
    made: list[QShortcut] = []

    def add(keys: str | QKeySequence, slot: Callable[[], object]) -> None:
        shortcut = QShortcut(QKeySequence(keys), page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)
        made.append(shortcut)

    for number in range(1, 10):
        add(str(number), lambda n=number: choose(n))
    for keys in ("Return", "Enter", "Space"):
        add(keys, advance)
    if undo is not None:
        add(QKeySequence.StandardKey.Undo, undo)
    return made
