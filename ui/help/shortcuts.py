"""The keyboard shortcut sheet (Help ▸ Keyboard shortcuts, Ctrl+/), read from one declared list.

Any screen adds its keys with `declare(...)` when its module is imported, e.g.

    from ui.help.shortcuts import declare
    declare("Ctrl+Z", "Undo the last table edit", "Builder")

and the sheet lists them under their screen, in the order declared.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from PySide6.QtGui import QKeySequence


class Shortcut(NamedTuple):
    """A key (in portable text, e.g. 'Ctrl+F'), what it does, and where it works."""

    keys: str
    what: str
    where: str


SHORTCUTS: list[Shortcut] = []


def declare(keys: str, what: str, where: str = "Everywhere") -> Shortcut:
    """Add a shortcut to the sheet (once: the same keys and place are not listed twice)."""
    entry = Shortcut(keys, what, where)
    if not any(s.keys == keys and s.where == where for s in SHORTCUTS):
        SHORTCUTS.append(entry)
    return entry


for _keys, _what in (
    ("Ctrl+K", "Ask: a guided ruling, only the facts that decide"),
    ("Ctrl+1 … Ctrl+7", "Laws, Compare, Glossary, Builder, Quizzes, Statistics, Rehearse"),
    ("Alt+Left", "Back, across every screen (or the mouse's back button)"),
    ("Alt+Right", "Forward (or the mouse's forward button)"),
    ("Ctrl+F", "Search (the laws, the glossary or compare's filter); inside a page: find in it"),
    ("Ctrl+= / Ctrl+-", "Larger or smaller text on law pages, rulings and quizzes"),
    ("Ctrl+0", "Text at its normal size"),
    ("Ctrl+/", "This sheet"),
    ("F1", "The user guide"),
    ("Ctrl+Q", "Quit"),
):
    declare(_keys, _what)
for _keys, _what in (
    ("Ctrl+F or /", "With the page focused: find in it; Enter for the next match, Esc closes"),
    ("Down", "From the search box into the results"),
    ("Enter", "Open the result chosen"),
    ("Esc", "From the results back to the search box"),
):
    declare(_keys, _what, "Laws")


def native(keys: str) -> str:
    """Keys as this platform writes them (Ctrl becomes ⌘ on macOS); ranges kept as written."""
    if any(mark in keys for mark in ("…", " / ", " or ", "–", ",")):
        return keys
    text = QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)
    return text or keys


def _gather() -> None:
    # Lists kept by a screen of its own before this sheet existed join it here.
    from ui.quiz import study_keys

    for keys, what in study_keys.SHORTCUTS:
        declare(keys, what, "Quizzes")


def sheet_html() -> str:
    """The sheet: one table per place, keys on the left."""
    _gather()
    places: dict[str, list[Shortcut]] = {}
    for entry in SHORTCUTS:
        places.setdefault(entry.where, []).append(entry)
    parts = ["<h1>Keyboard shortcuts</h1>"]
    for where, entries in places.items():
        rows = "".join(
            f"<tr><td><b>{html.escape(native(s.keys))}</b></td><td>{html.escape(s.what)}</td></tr>"
            for s in entries)
        parts.append(f"<h2>{html.escape(where)}</h2><table>{rows}</table>")
    return "".join(parts)
