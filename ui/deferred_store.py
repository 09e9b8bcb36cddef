"""The laws store opened after the first paint, so the window never waits for the index.

The index of the app's own laws ships with the package (app/corpus/cache.py), and any other
is kept in the cache directory once built, so opening it is quick; a worker thread opens it
after the first paint while the window shows "Building the search index…". An index not
built yet (a club's own laws, a new version of them) is built by `python -m app prepare
--index-only` in a process of its own (ui/prepare_process.py). Laws and browsing come from
the content and never wait; searching before the index is ready waits for it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.corpus.laws import Content, Law, Term
from ui.prepare_process import INDEX, prepared_elsewhere, start_preparing
from ui.threads import start_worker

if TYPE_CHECKING:
    from app.search.results import SearchHit, SearchResults
    from app.search.store import LawsStore


class DeferredStore(QObject):
    """The LawsStore API over a store that is opened (or built) the first time it is needed.

    Signals:
        became_ready(): the store is open (emitted from the worker thread when built there;
            connect a QObject's method, which Qt then calls on its own thread).
    """

    became_ready = Signal()

    def __init__(self, content: Content) -> None:
        super().__init__()
        self._content = content
        self._store: LawsStore | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._ordered: list[Law] | None = None

    @property
    def ready(self) -> bool:
        """True once the store is open."""
        return self._store is not None

    @property
    def building(self) -> bool:
        """True while a worker thread is building or opening the store."""
        # The store is set before the worker announces it, so a slot woken by became_ready
        # never sees "building" while the thread is finishing.
        return self._store is None and self._thread is not None and self._thread.is_alive()

    def warm(self) -> None:
        """Open the store now (waiting for a worker already at it)."""
        self._get()

    def warm_in_background(self) -> None:
        """Open the store on a worker thread (its index built in a process of its own when
        there is none yet); became_ready follows."""
        if self._store is not None or self._thread is not None:
            return
        self._thread = start_worker(lambda: self._get(elsewhere=True), "search-index")

    def _get(self, elsewhere: bool = False) -> LawsStore:
        """The store, opened (or built) now; with `elsewhere` (a worker), an index not built
        yet is built by another process. Whoever asks meanwhile waits for it."""
        if self._store is None:
            with self._lock:
                if self._store is None:
                    from app.search.store import LawsStore

                    found = LawsStore.opened(self._content)
                    if found is None and elsewhere and prepared_elsewhere(
                            start_preparing(self._content, INDEX)):
                        found = LawsStore.opened(self._content)
                    # Built here only when no other process could build it.
                    self._store = found if found is not None else LawsStore.cached(
                        self._content)
                    self.became_ready.emit()
        return self._store

    def law(self, law_id: str) -> Law:
        """See LawsStore.law (from the content: never waits for the index)."""
        return self._content.laws[law_id]

    def browse(
        self, game: str | None = None, code: str | None = None, topic: str | None = None
    ) -> list[Law]:
        """See LawsStore.browse (never waits for the index)."""
        if self._store is not None:
            return self._store.browse(game=game, code=code, topic=topic)
        from app.search.browse import browse_content, browse_laws, browse_order

        one_topic = browse_content(self._content, game, code, topic)
        if one_topic is not None:
            return one_topic

        if self._ordered is None:
            self._ordered = browse_order(self._content.laws.values())
        return browse_laws(self._ordered, game, code, topic)

    def search(
        self, query: str, *, game: str | None = None, code: str | None = None,
        topic: str | None = None, limit: int = 50,
    ) -> list[SearchHit]:
        """See LawsStore.search."""
        return self._get().search(query, game=game, code=code, topic=topic, limit=limit)

    def find(
        self, query: str, *, game: str | None = None, code: str | None = None,
        topic: str | None = None, limit: int = 30, literal: bool = False,
    ) -> SearchResults:
        """See LawsStore.find."""
        return self._get().find(
            query, game=game, code=code, topic=topic, limit=limit, literal=literal
        )

    def laws_using(self, term: str, *, limit: int = 50) -> list[SearchHit]:
        """See LawsStore.laws_using."""
        return self._get().laws_using(term, limit=limit)

    def term_for(self, word: str) -> Term | None:
        """See LawsStore.term_for."""
        return self._get().term_for(word)

    def terms_search(self, query: str) -> list[Term]:
        """See LawsStore.terms_search."""
        return self._get().terms_search(query)
