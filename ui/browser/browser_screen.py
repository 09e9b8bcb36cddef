"""The rules browser screen: search and browse tree on the left, the page on the right."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QSplitter,
    QStackedWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Content
from app.corpus.vocabulary import GAMES
from ui.badges import BadgeDelegate
from ui.browser.find_bar import FindBar
from ui.browser.law_filters import LawFilters
from ui.browser.law_page import LawPage
from ui.browser.law_tree_model import LINK_ROLE, LawTreeModel
from ui.browser.search_results import (
    ALL_FILTERS,
    CORRECTED,
    LITERAL,
    TERM,
    ResultsView,
    empty_html,
    make_label,
    status_html,
)
from ui.links import href, parse
from ui.widgets.search_box import SearchBox

# With a game chosen, every topic is opened when the game has at most this many laws.
EXPAND_ALL_UP_TO = 600

if TYPE_CHECKING:
    from app.search.store import LawsStore
    from ui.browser.results_model import ResultsModel


class BrowserScreen(QWidget):
    """Browse laws by game and topic, search them as you type, read them with history.

    The window keeps the history (ui/navigation.py): this screen says where the reader went.

    Signals:
        term_requested(str): a glossary term was clicked on a page.
        file_requested(str): an example or rehearsal citing the law shown was clicked (link).
        page_shown(str): a page (its link) is now displayed.
        search_left(str): a result was opened from a search (its words): a place to come back to.
    """

    term_requested = Signal(str)
    file_requested = Signal(str)
    page_shown = Signal(str)
    search_left = Signal(str)

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._content = content
        self._current: str | None = None
        # The games with laws, from the content's counts: no law is read to list them.
        games = sorted({game for game, _ in content.topic_counts()}, key=list(GAMES).index)

        self.search_box = SearchBox("Search the laws (Ctrl+F)")
        self.search_box.setAccessibleName("Search the laws")
        self.filters = LawFilters(games)
        self.tree_model = LawTreeModel(content)
        self.tree = QTreeView()
        self.tree.setModel(self.tree_model)
        self.tree.setHeaderHidden(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAccessibleName("Laws by game and topic")
        self.tree.setItemDelegate(BadgeDelegate(self.tree))
        # The search's own widgets (see ui/browser/search_results.py).
        self.no_results = make_label()
        self.no_results.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_results.setAccessibleName("No results")
        self.search_status = make_label()
        self.search_status.setAccessibleName("Search status")
        self.search_status.hide()
        self._literal = False
        self._searched = ""
        self.left_pages = QStackedWidget()
        self.left_pages.addWidget(self.tree)
        self.left_pages.addWidget(self.no_results)
        self._results: ResultsView | None = None
        self.page = LawPage(store, content)
        self.find_bar = FindBar(self.page)
        self.page.find_requested.connect(self.find_bar.open)
        page_side = QWidget()
        page_layout = QVBoxLayout(page_side)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.setSpacing(0)
        page_layout.addWidget(self.page, 1)
        page_layout.addWidget(self.find_bar)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search_box)
        left_layout.addWidget(self.filters)
        left_layout.addWidget(self.search_status)
        left_layout.addWidget(self.left_pages, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(page_side)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([380, 620])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)

        self.search_box.query_settled.connect(self._run_search)
        self.search_box.query_submitted.connect(self._open_first_result)
        self.search_box.down_pressed.connect(self._enter_results)
        self.search_status.linkActivated.connect(self._on_search_link)
        self.no_results.linkActivated.connect(self._on_search_link)
        ready = getattr(store, "became_ready", None)
        if ready is not None:  # a store still building its index says when it is done
            ready.connect(self._on_store_ready)
        self.filters.filters_changed.connect(self._refilter)
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current)
        self.page.page_requested.connect(self.open)
        self.page.term_requested.connect(self.term_requested)
        self.page.file_requested.connect(self.file_requested)
        self._refilter()
        self.page.render_home()

    @property
    def results(self) -> ResultsView:
        """The list of search results (built on first use: start-up does not need it)."""
        return self._ensure_results()[0]

    @property
    def results_model(self) -> ResultsModel:
        """The model of the search results."""
        return self._ensure_results()[1]

    def _ensure_results(self) -> tuple[ResultsView, ResultsModel]:
        if self._results is None:
            from ui.browser.results_model import ResultsModel
            from ui.browser.search_results import ResultsDelegate

            self._results_model = ResultsModel()
            self._results = ResultsView()
            self._results.setModel(self._results_model)
            self._results.setItemDelegate(ResultsDelegate(self._results))
            self._results.clicked.connect(self._on_result)
            self._results.activated.connect(self._on_result)
            self._results.escape_pressed.connect(self._leave_results)
            self.left_pages.addWidget(self._results)
        return self._results, self._results_model

    # Navigation ---------------------------------------------------------------------------

    @property
    def current_page(self) -> str | None:
        """The link of the page shown, e.g. 'law:<id>'."""
        return self._current

    def open(self, link: str) -> None:
        """Show a page (the window records it in its history)."""
        self._show(link)

    def show_law(self, law_id: str) -> None:
        """Show a law's page."""
        self.open(href("law", law_id))

    def show_search(self, text: str) -> None:
        """Show the results of a search again (Back to a search)."""
        self.search(text)

    def focus_search(self) -> None:
        """Put the cursor in the search box, its text selected."""
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def search(self, text: str) -> None:
        """Search at once, without waiting for the typing pause."""
        self.search_box.setText(text)
        self.search_box.flush()

    def _show(self, link: str) -> None:
        self._current = link
        self.page.render(link)
        with QSignalBlocker(self.tree.selectionModel()):
            index = self.tree_model.index_of(link)
            if index.isValid():
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
        self._select_result(link)
        self.page_shown.emit(link)

    def _select_result(self, link: str) -> None:
        """The results list follows the page: a law reached by a link from another page is
        selected where it is listed, and nothing is when it is not (the old selection would
        name a law no longer shown)."""
        if self._results is None:
            return
        target = parse(link)
        found = (self.results_model.index_of_law(target.target)
                 if target is not None and target.kind == "law" else QModelIndex())
        if found.isValid():
            if found.parent().isValid():
                self.results.expand(found.parent())
            self.results.setCurrentIndex(found)
            self.results.scrollTo(found)
        else:
            self.results.selectionModel().clear()

    # Slots --------------------------------------------------------------------------------

    def _refilter(self) -> None:
        # From the content's counts, not the store: the tree must not wait for the search
        # index, and a filter reads no law until a topic is opened.
        self.tree_model.set_filter(self.filters.game, self.filters.code)
        if self.filters.game is not None and self.tree_model.law_count() <= EXPAND_ALL_UP_TO:
            self.tree.expandAll()
        else:
            # Topics open on a click: expanding thousands of laws would make a filter slow.
            self.tree.expandToDepth(0)
        self._run_search(self.search_box.text())

    def _run_search(self, text: str) -> None:
        if text != self._searched:
            self._literal = False  # new words: correct their spelling again
        self._searched = text
        if not text.strip():
            self.search_status.hide()
            self.left_pages.setCurrentWidget(self.tree)
            return
        if not getattr(self._store, "ready", True):
            # Opened (or built) on a worker thread, never waited for here; the search runs
            # again when it is ready (_on_store_ready).
            self._store.warm_in_background()  # type: ignore[attr-defined]
            self.search_status.setText("Building the search index… the results will follow.")
            self.search_status.show()
            return
        game, code = self.filters.game, self.filters.code
        results = self._store.find(text, game=game, code=code, literal=self._literal)
        self.results_model.set_results(results.groups)
        if results.groups:
            self.search_status.setText(status_html(results, self._literal))
            self.search_status.show()
            self.left_pages.setCurrentWidget(self.results)
            return
        self.search_status.hide()
        filtered = bool(game or code)
        elsewhere = len(self._store.find(text, literal=self._literal).groups) if filtered else 0
        corrected = results.corrected_text if results.corrected else ""
        terms = self._store.terms_search(text)
        self.no_results.setText(empty_html(text, elsewhere, filtered, terms, corrected))
        self.left_pages.setCurrentWidget(self.no_results)

    def _on_store_ready(self) -> None:
        # A bound method of this widget: Qt calls it on the UI thread, whichever thread
        # emitted the signal.
        if self.search_box.text().strip():
            self._run_search(self.search_box.text())

    def _on_search_link(self, link: str) -> None:
        if link in (LITERAL, CORRECTED):
            self._literal = link == LITERAL
            self._searched = self.search_box.text()
            self._run_search(self._searched)
        elif link == ALL_FILTERS:
            self.filters.set_code(None)
            self.filters.set_game(None)
        elif link.startswith(TERM):
            self.term_requested.emit(link[len(TERM):])

    def _enter_results(self) -> None:
        """Down from the search box: into the results, on the first one."""
        if self.left_pages.currentWidget() is self.results and self.results_model.rowCount():
            self.results.setFocus(Qt.FocusReason.OtherFocusReason)
            self.results.setCurrentIndex(self.results_model.index(0, 0))

    def _leave_results(self) -> None:
        self.search_box.setFocus(Qt.FocusReason.OtherFocusReason)

    def _open_first_result(self) -> None:
        if self.left_pages.currentWidget() is self.results:
            self._on_result(self.results_model.index(0, 0))

    def _on_result(self, index: QModelIndex) -> None:
        hit = self.results_model.hit_at(index)
        if hit is not None:
            self.search_left.emit(self.search_box.text())
            self.show_law(hit.law_id)

    def _on_tree_current(self, index: QModelIndex) -> None:
        if index.isValid():
            self.open(index.data(LINK_ROLE))
