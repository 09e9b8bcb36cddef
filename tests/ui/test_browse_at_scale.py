"""The browser and the glossary over a large generated corpus: what they list is right, and
they ask the content's indexes (counts, one topic, one case) instead of walking every law.

The corpus is the fixture content copied many times, each copy with its own ids and cases
(as bench/scale.py makes it). A walk over every law on the UI thread is what made the
glossary freeze for seconds at a hundred times the real corpus; here the content counts such
walks, so a screen that starts walking again fails whatever the machine's speed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import msgspec
import pytest
from helpers import page_links
from PySide6.QtCore import QModelIndex

from app.corpus.laws import Content, Law
from app.search.store import LawsStore
from ui.browser.browser_screen import BrowserScreen
from ui.browser.law_tree_model import LINK_ROLE
from ui.deferred_store import DeferredStore
from ui.glossary.glossary_screen import GlossaryScreen
from ui.glossary.term_list_model import TERM_ID_ROLE

COPIES = 300


class CountedLaws(dict[str, Law]):
    """The laws by id, counting every walk over all of them on the UI thread (a worker
    opening the search index may read them all: that is what it is for)."""

    walks = 0

    @staticmethod
    def _walked() -> None:
        if threading.current_thread() is threading.main_thread():
            CountedLaws.walks += 1

    def __iter__(self) -> Iterator[str]:
        self._walked()
        return super().__iter__()

    def keys(self):  # type: ignore[override]
        self._walked()
        return super().keys()

    def values(self):  # type: ignore[override]
        self._walked()
        return super().values()

    def items(self):  # type: ignore[override]
        self._walked()
        return super().items()


def copies(content: Content, times: int) -> Content:
    """Every law `times` times, each copy with its own ids, cases and variant groups."""
    laws = CountedLaws()
    for n in range(times):
        for law in content.laws.values():
            laws[f"{law.id}-{n}"] = msgspec.structs.replace(
                law, id=f"{law.id}-{n}", case=f"{law.case}-{n}",
                variant_of=f"{law.variant_of}-{n}" if law.variant_of else "",
                related=(), counterparts=())
    return Content(laws=laws, terms=content.terms, games=content.games,
                   sources=content.sources)


@pytest.fixture(scope="module")
def large(content: Content) -> tuple[Content, LawsStore]:
    big = copies(content, COPIES)
    return big, LawsStore(big)  # the store builds the content's indexes (its worker's job)


@pytest.fixture
def walks(large) -> Iterator[None]:
    """Counts walks from here on; the test fails if any screen walked every law on the UI
    thread."""
    CountedLaws.walks = 0
    yield
    assert CountedLaws.walks == 0, "a screen walked every law"


def test_the_tree_counts_every_law_and_lists_a_topics_laws_when_opened(qtbot, large, walks):
    content, store = large
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    model = screen.tree_model
    assert model.law_count() == 8 * COPIES
    games = [model.index(r, 0).data(LINK_ROLE) for r in range(model.rowCount())]
    assert sorted(games) == ["game:ecarte", "game:rubicon-bezique"]
    ecarte = model.index(games.index("game:ecarte"), 0)
    topics = [model.index(r, 0, ecarte) for r in range(model.rowCount(ecarte))]
    assert all(model.rowCount(t) == 0 for t in topics)  # nothing read before a topic opens
    screen.tree.expand(topics[0])
    links = {model.index(r, 0, topics[0]).data(LINK_ROLE) for r in range(model.rowCount(topics[0]))}
    topic = topics[0].data(LINK_ROLE).partition("/")[2]
    expected = {f"law:{law.id}" for law in content.laws_of_topic("ecarte", topic)}
    assert links == expected and len(links) % COPIES == 0


def test_the_code_filter_shows_that_codes_laws_only(qtbot, large, walks):
    content, store = large
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    screen.filters.set_game("ecarte")
    screen.filters.set_code("french")
    assert screen.tree_model.law_count() == COPIES  # one French law of Écarté per copy
    screen.show_law("ecarte.french.bystander-advice-7")
    assert screen.tree.currentIndex().data(LINK_ROLE) == "law:ecarte.french.bystander-advice-7"
    assert "Bystander" in screen.page.toPlainText()
    screen.filters.set_code("english")
    links = _fetched_links(screen)
    assert links and all(".english." in link for link in links if link.startswith("law:"))


def test_a_search_lists_whole_situations_from_the_copies(qtbot, large, walks):
    content, store = large
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    screen.search("misdeal")
    model = screen.results_model
    assert model.rowCount() > 1
    for row in range(model.rowCount()):
        situation = model.situation(row)
        copy = situation.best.law_id.rsplit("-", 1)[1]
        assert all(hit.law_id.endswith(f"-{copy}") for hit in situation.hits)
        assert {hit.code for hit in situation.hits} == {"english", "american"}


def test_the_glossary_lists_the_terms_and_a_terms_laws(qtbot, large, walks):
    content, store = large
    screen = GlossaryScreen(store, content)
    qtbot.addWidget(screen)
    listed = [screen.model.index(r, 0).data(TERM_ID_ROLE) for r in range(screen.model.rowCount())]
    assert listed == ["misdeal", "pone", "talon"]
    screen.show_term("talon")
    laws = [link for link in page_links(screen.page) if link.startswith("law:")]
    assert len(laws) >= 50  # a page of laws, each a copy that says "talon"
    assert all("talon" in content.laws[link[4:]].text.lower() for link in laws[:50])


def test_before_the_index_is_open_a_term_shows_at_once_and_its_laws_follow(
        qtbot, large, walks, monkeypatch):
    content, _ = large
    opened_on: list[threading.Thread] = []
    cached = LawsStore.cached

    def spy(content, *args, **kwargs):
        opened_on.append(threading.current_thread())
        return cached(content, *args, **kwargs)

    monkeypatch.setattr(LawsStore, "cached", spy)
    searched_on: list[threading.Thread] = []
    laws_using = LawsStore.laws_using

    def spy_search(self, *args, **kwargs):
        searched_on.append(threading.current_thread())
        return laws_using(self, *args, **kwargs)

    monkeypatch.setattr(LawsStore, "laws_using", spy_search)
    store = DeferredStore(content)
    screen = GlossaryScreen(store, content)
    qtbot.addWidget(screen)
    screen.show_term("talon")
    text = screen.page.toPlainText()
    assert "The undealt cards left face down" in text
    assert "Finding the laws that use this term" in text
    qtbot.waitUntil(lambda: any(link.startswith("law:") for link in page_links(screen.page)))
    assert opened_on and opened_on[0] is not threading.main_thread()
    # Its laws are searched on a worker too, once: showing the term again asks nothing more.
    assert searched_on and all(t is not threading.main_thread() for t in searched_on)
    screen.show_term("pone")
    qtbot.waitUntil(lambda: len(searched_on) == 2)
    screen.show_term("talon")
    assert any(link.startswith("law:") for link in page_links(screen.page))
    assert len(searched_on) == 2


def test_a_filter_typed_before_the_index_is_open_applies_when_it_is(qtbot, content):
    store = DeferredStore(content)
    screen = GlossaryScreen(store, content)
    qtbot.addWidget(screen)
    screen.search_box.setText("pioche")
    screen.search_box.flush()
    qtbot.waitUntil(lambda: screen.model.rowCount() == 1)
    assert screen.model.index(0, 0).data(TERM_ID_ROLE) == "talon"
    assert "pioche" in screen.page.toPlainText()


def _fetched_links(screen: BrowserScreen) -> set[str]:
    model = screen.tree_model
    found: set[str] = set()

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            found.add(index.data(LINK_ROLE))
            if model.canFetchMore(index):
                model.fetchMore(index)
            walk(index)

    walk(QModelIndex())
    return found
