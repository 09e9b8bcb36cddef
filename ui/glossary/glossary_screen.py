"""The glossary screen: find a term of art, read it, jump to the laws that use it.

A term's page shows at once from the content; the laws using it are a search of the index.
With the app's store (a DeferredStore, whose index opens on a worker thread) that search runs on
a worker thread too, each term's once: a common term at x100 matches thousands of laws and takes
tens of milliseconds to rank. Until its laws are found, or while the index is still being opened
or built, the page says so and the laws follow: the screen never waits on the UI thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtWidgets import QListView, QSplitter, QTextBrowser, QVBoxLayout, QWidget

from app.corpus.laws import Content, Term
from ui import theme
from ui.browser.pages import page_style
from ui.glossary.term_list_model import TERM_ID_ROLE, TermListModel
from ui.glossary.term_page import term_page_html
from ui.links import parse
from ui.threads import start_worker
from ui.widgets.search_box import SearchBox

if TYPE_CHECKING:
    from app.search.results import SearchHit
    from app.search.store import LawsStore


class _Finder(QObject):
    """Carries a term's laws from the worker thread that found them (a queued signal)."""

    found = Signal(str, object)  # the term's id, its laws (list[SearchHit])


class GlossaryScreen(QWidget):
    """Search box and term list on the left, the chosen term on the right.

    Signals:
        law_requested(str): a law link on a term's page was clicked (the law's id).
        term_shown(str): a term's page is now shown (its id).
    """

    law_requested = Signal(str)
    term_shown = Signal(str)

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._by_id = dict(content.terms)
        self.current_term: str | None = None
        self._all = sorted(content.terms.values(), key=lambda t: t.term.casefold())
        self.search_box = SearchBox("Find a term, English or French")
        self.search_box.setAccessibleName("Find a term")
        self.model = TermListModel()
        self.model.set_terms(self._all)
        self.terms = QListView()
        self.terms.setModel(self.model)
        self.terms.setAccessibleName("Terms")
        self.page = QTextBrowser()
        self.page.setOpenLinks(False)
        theme.style_page(self.page, page_style)
        self.page.document().setDocumentMargin(14)
        self.page.setAccessibleName("Term")

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search_box)
        left_layout.addWidget(self.terms, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.page)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([250, 750])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)

        self._laws_of: dict[str, list[SearchHit]] = {}  # each term's laws, once found
        self._looking: set[str] = set()  # terms whose laws a worker is finding
        self._finder = _Finder()
        self._finder.found.connect(self._on_found)
        ready = getattr(store, "became_ready", None)
        # A store that opens its index on a worker (the app's) is searched on one too.
        self._in_background = ready is not None
        if ready is not None:  # a store still building its index says when it is done
            ready.connect(self._on_store_ready)
        self.search_box.query_settled.connect(self._filter)
        self.terms.selectionModel().currentChanged.connect(self._on_current)
        self.page.anchorClicked.connect(self._on_anchor)
        if self._all:
            self.show_term(self._all[0].id)

    def focus_search(self) -> None:
        """Ctrl+F: the cursor in the term search box, its text selected (the window sends
        Ctrl+F to the screen's own search, and to the laws' only when a screen has none)."""
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def show_term(self, term_id: str) -> None:
        """Select a term (clearing the filter if it hides it) and show its page."""
        if self.model.row_of(term_id) < 0:
            self.search_box.setText("")
            self._filter("")
        self.terms.setCurrentIndex(self.model.index(self.model.row_of(term_id), 0))

    def _index_ready(self) -> bool:
        """Whether the index answers now; if not, it is opened on a worker thread."""
        if getattr(self._store, "ready", True):
            return True
        self._store.warm_in_background()  # type: ignore[attr-defined]
        return False

    def _filter(self, text: str) -> None:
        if text.strip() and not self._index_ready():
            theme.set_html(self.page, '<p class="note">Opening the search index… the terms '
                           "matching will follow.</p>")
            return
        terms: list[Term] = self._store.terms_search(text) if text.strip() else self._all
        self.model.set_terms(terms)
        if terms:
            self.terms.setCurrentIndex(self.model.index(0, 0))
        else:
            theme.set_html(self.page, '<p class="note">No term matches.</p>')

    def _on_current(self, index: QModelIndex) -> None:
        if index.isValid():
            term = self._by_id[index.data(TERM_ID_ROLE)]
            self.current_term = term.id
            self._render(term)
            self.term_shown.emit(term.id)

    def _render(self, term: Term) -> None:
        hits = self._laws_of.get(term.id)
        if hits is None and self._index_ready():
            if self._in_background:
                self._find_in_background(term)
            else:
                hits = self._laws_of[term.id] = self._store.laws_using(term.term)
        theme.set_html(self.page, term_page_html(term, hits))

    def _find_in_background(self, term: Term) -> None:
        if term.id in self._looking:
            return
        self._looking.add(term.id)
        store, finder = self._store, self._finder  # the worker holds these, not the widget

        def find() -> None:
            finder.found.emit(term.id, store.laws_using(term.term))

        # Started on the next turn of the event loop, after the page and the list are
        # painted: a worker searching meanwhile would take turns with them at the GIL.
        QTimer.singleShot(0, lambda: start_worker(find, f"glossary-{term.id}"))

    def _on_found(self, term_id: str, hits: list[SearchHit]) -> None:
        # Called on the UI thread (a queued signal from the worker).
        self._looking.discard(term_id)
        self._laws_of[term_id] = hits
        if term_id == self.current_term and self.model.row_of(term_id) >= 0:
            self._render(self._by_id[term_id])

    def _on_store_ready(self) -> None:
        # A bound method of this widget: Qt calls it on the UI thread, whichever thread
        # emitted the signal. What waited for the index is done now.
        text = self.search_box.text()
        if text.strip():
            self._filter(text)
        elif self.current_term is not None:
            self._render(self._by_id[self.current_term])

    def _on_anchor(self, url: QUrl) -> None:
        link = parse(url.toString())
        if link is not None and link.kind == "law":
            self.law_requested.emit(link.target)
