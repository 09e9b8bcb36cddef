"""The search results of the browser: the list view, the line above it, the empty state.

The line above says how many situations and laws were found, which spelling was corrected
(with a link back to the words as typed), which game the query named, and when no law has
every word. The empty state suggests where to look instead: other games or codes, glossary
terms. Texts from outside (the query, law titles, term names) are escaped.
"""

from __future__ import annotations

import html
import re
from collections import OrderedDict
from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QTextDocument
from PySide6.QtWidgets import QAbstractItemView, QLabel, QStyleOptionViewItem, QTreeView, QWidget

from app.corpus.laws import Term
from app.search.results import SearchResults, words
from ui.compat import override
from ui.widgets.html_delegate import HtmlDelegate
from ui.words import game_name

_BOLD = re.compile(r"</?b>")
# Laid-out rows kept between keystrokes: typing on changes a few rows, not the whole page.
_LAYOUTS_KEPT = 400

# Links in the line above the results and in the empty state.
LITERAL = "search:literal"  # search the words as typed, without correction
CORRECTED = "search:corrected"  # back to the corrected search
ALL_FILTERS = "search:all"  # clear the game and code filters
TERM = "term:"  # + a glossary term id


class ResultsView(QTreeView):
    """The results list: situations, expandable to each code's law.

    Enter opens the current law (QAbstractItemView's `activated`); Escape returns to the
    search box.

    Signals:
        escape_pressed(): Escape was pressed in the list.
    """

    escape_pressed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setWordWrap(True)
        self.setRootIsDecorated(True)
        self.setExpandsOnDoubleClick(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        # A page of results nearly always overflows; a scroll bar that came and went would
        # change the rows' width, and every row would be laid out again at the new width.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setAccessibleName("Search results")

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
            return
        super().keyPressEvent(event)


class ResultsDelegate(HtmlDelegate):
    """The rich-text delegate, remembering each row's laid-out document.

    Laying out a row's HTML is what a keystroke's repaint costs most (the view asks every
    row's size after a reset); consecutive keystrokes mostly show the same rows again.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kept: OrderedDict[tuple[str, float, str, str], QTextDocument] = OrderedDict()
        self._sizes: OrderedDict[tuple[str, float, str], QSize] = OrderedDict()

    @override
    def _document(self, option: QStyleOptionViewItem, text: str, width: float,
                  sheet: str) -> QTextDocument:
        key = (text, float(width), option.font.key(), sheet)
        doc = self._kept.get(key)
        if doc is not None:
            self._kept.move_to_end(key)
            return doc
        doc = super()._document(option, text, width, sheet)
        self._kept[key] = doc
        if len(self._kept) > _LAYOUTS_KEPT:
            self._kept.popitem(last=False)
        return doc

    @override
    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        # The bold around matched words changes with every keystroke while the row's words,
        # and so its height, mostly do not: size the row by its words alone.
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        width = self._row_width(option, index)
        key = (_BOLD.sub("", text), float(width), option.font.key())
        size = self._sizes.get(key)
        if size is None:
            # Laid out once for both: the document sized here is the one painted (kept by
            # _document), so a new row costs one layout, not one to size and one to paint.
            doc = self._document(option, text, width, self.style_sheet(option, False))
            size = QSize(int(doc.idealWidth()), int(doc.size().height()) + 1)
            self._sizes[key] = size
            if len(self._sizes) > _LAYOUTS_KEPT:
                self._sizes.popitem(last=False)
        return size

    def _row_width(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> float:
        """The width a row is painted at: the view's, less its indentation (a situation is
        indented once for its branch mark, a law under it twice). Sizing at the view's full
        width laid rows out wider than they are drawn, so a snippet could lose its last line."""
        view = option.widget
        if not isinstance(view, QTreeView):
            return self._width(option)
        depth = 1 if view.rootIsDecorated() else 0
        parent = index.parent()
        while parent.isValid():
            depth += 1
            parent = parent.parent()
        return float(max(view.viewport().width() - depth * view.indentation(), 120))

    def forget(self) -> None:
        """Drop the kept layouts (the palette or font changed)."""
        self._kept.clear()
        self._sizes.clear()


def make_label() -> QLabel:
    """A wrapped rich-text label whose links are reported, not followed."""
    label = QLabel()
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                  | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
    return label


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def status_html(results: SearchResults, literal: bool) -> str:
    """The line above the results."""
    laws = sum(len(g.hits) for g in results.groups)
    lines = [f"{_plural(len(results.groups), 'situation')} · {_plural(laws, 'law')}"]
    if results.games:
        names = ", ".join(html.escape(game_name(g)) for g in results.games)
        lines[0] += f" · in {names}"
    if results.corrected:
        lines.append(
            f"Showing results for <b>{html.escape(results.corrected_text)}</b>. "
            f'<a href="{LITERAL}">Search for “{html.escape(results.query.strip())}” instead</a>'
        )
    elif literal:
        lines.append(f'Searched as typed. <a href="{CORRECTED}">Correct the spelling</a>')
    if results.mode == "any":
        lines.append("No law has every word: laws with some of them, most words first.")
    return "<br/>".join(lines)


def empty_html(
    query: str, elsewhere: int, filtered: bool, terms: Sequence[Term], corrected: str
) -> str:
    """The empty state: what was not found, and where to look instead."""
    if not words(query):  # punctuation, symbols: nothing a law could match
        return (f"<p>“{html.escape(query.strip())}” holds no word to search for.</p>"
                "<p>Type a word, a term of art (English or French) or a question in plain "
                "words, or browse the laws by game.</p>")
    parts = [f"No law matches “{html.escape(query.strip())}”."]
    if corrected:
        parts.append(f"(Searched for “{html.escape(corrected)}”.)")
    offers = []
    if filtered and elsewhere:
        offers.append(f'<a href="{ALL_FILTERS}">Search every game and code</a> '
                      f"({_plural(elsewhere, 'situation')})")
    for term in terms[:3]:
        offers.append(f'<a href="{TERM}{html.escape(term.id)}">Glossary: '
                      f"{html.escape(term.term)}</a>")
    if offers:
        parts.append("Try: " + " · ".join(offers))
    else:
        parts.append("Try fewer or other words (English or French terms of art), "
                     "or browse the laws by game.")
    return "<p>" + "</p><p>".join(parts) + "</p>"
