"""The laws store built on first use, so the window can be shown before the search index exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.content import Content, Law, Term

if TYPE_CHECKING:
    from app.search import SearchHit
    from app.store import LawsStore


class DeferredStore:
    """The LawsStore API over a store that is built the first time it is needed.

    Building the SQLite index (and importing sqlite-utils) is the slowest part of start-up;
    the app calls warm() just after the window's first paint, so the first keystroke finds
    the store ready.
    """

    def __init__(self, content: Content) -> None:
        self._content = content
        self._store: LawsStore | None = None

    @property
    def ready(self) -> bool:
        """True once the store has been built."""
        return self._store is not None

    def warm(self) -> None:
        """Build the store now if it is not built yet."""
        self._get()

    def _get(self) -> LawsStore:
        if self._store is None:
            from app.store import LawsStore

            self._store = LawsStore(self._content)
        return self._store

    def law(self, law_id: str) -> Law:
        """See LawsStore.law."""
        return self._get().law(law_id)

    def browse(
        self, game: str | None = None, code: str | None = None, topic: str | None = None
    ) -> list[Law]:
        """See LawsStore.browse."""
        return self._get().browse(game=game, code=code, topic=topic)

    def search(
        self, query: str, *, game: str | None = None, code: str | None = None,
        topic: str | None = None, limit: int = 50,
    ) -> list[SearchHit]:
        """See LawsStore.search."""
        return self._get().search(query, game=game, code=code, topic=topic, limit=limit)

    def term_for(self, word: str) -> Term | None:
        """See LawsStore.term_for."""
        return self._get().term_for(word)

    def terms_search(self, query: str) -> list[Term]:
        """See LawsStore.terms_search."""
        return self._get().terms_search(query)
