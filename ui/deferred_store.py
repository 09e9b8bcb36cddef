"""The laws store opened after the first paint, so the window never waits for the index.

The index is kept in the cache directory and rebuilt only when the laws change
(LawsStore.cached); opening it is quick, but building it for a very large corpus is not, so
warm_in_background() builds it on a worker thread while the window shows "Building the
search index…". Laws and browsing come from the content and never wait; searching before
the index is ready waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from app.corpus.laws import Content, Law, Term
from ui import heap
from ui.pulse import UiPulse
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
        self._pulse: UiPulse | None = None

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
        """Open (or build) the store on a worker thread; became_ready follows. A build gives
        way to the window while the window is busy (ui/pulse.py)."""
        if self._store is not None or self._thread is not None:
            return
        pulse = self._pulse = UiPulse(self)
        pulse.start()
        beat = pulse.beat  # the worker holds the beat, not the pulse and its timer

        def warm() -> None:
            try:
                self._get(beat.give_way)
            finally:
                beat.stop()

        self._thread = start_worker(warm, "search-index")

    def _get(self, pause: Callable[[], None] | None = None) -> LawsStore:
        if self._store is None:
            if pause is None and self._pulse is not None:
                # Someone waits for the store now (a search typed early): the build must
                # not give way to a window that is waiting for it.
                self._pulse.stop()
            with self._lock:
                if self._store is None:
                    from app.search.store import LawsStore

                    with heap.bulk():  # at a first start, the whole index is built here
                        self._store = LawsStore.cached(self._content, pause=pause)
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
