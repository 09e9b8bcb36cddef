"""The deferred store is built on first use, not at start-up."""

from __future__ import annotations

from ui.deferred_store import DeferredStore


def test_nothing_is_built_until_asked(content):
    store = DeferredStore(content)
    assert not store.ready
    store.warm()
    assert store.ready


def test_it_answers_like_the_store(content, store):
    deferred = DeferredStore(content)
    assert [h.law_id for h in deferred.search("misdeal")] == [
        h.law_id for h in store.search("misdeal")]
    assert deferred.law("ecarte.french.bystander-advice").code == "french"
    assert deferred.browse(game="ecarte", code="english") == store.browse(game="ecarte",
                                                                          code="english")
    assert deferred.term_for("pioche").id == "talon"
    assert [t.id for t in deferred.terms_search("pone")] == ["pone"]


def test_the_browser_opens_without_building_it(qtbot, content):
    from ui.browser.browser_screen import BrowserScreen

    store = DeferredStore(content)
    screen = BrowserScreen(store, content)
    qtbot.addWidget(screen)
    assert not store.ready
    screen.search("misdeal")  # the index opens on a worker thread; the results follow
    assert "Building the search index" in screen.search_status.text()
    qtbot.waitUntil(lambda: screen.left_pages.currentWidget() is screen.results)
    assert store.ready
    assert screen.results_model.hit(0).law_id in {
        "ecarte.american.wrong-count-dealt", "ecarte.english.wrong-count-dealt"}


def test_laws_and_browsing_never_wait_for_the_index(content, store):
    deferred = DeferredStore(content)
    assert deferred.law("ecarte.french.bystander-advice").code == "french"
    assert deferred.browse(game="ecarte") == store.browse(game="ecarte")
    assert deferred.browse(topic="scoring") == store.browse(topic="scoring")
    assert not deferred.ready


def test_a_store_let_go_while_its_worker_builds_is_destroyed_on_the_ui_thread(
        qtbot, content, monkeypatch):
    # Destroyed on the worker as it ended, the store took a running timer it held with it,
    # which the UI thread's event loop then delivered to freed memory: a crash, once, in CI.
    import gc
    import threading
    import weakref

    from app.search.store import LawsStore
    from ui.threads import held_workers

    go_on = threading.Event()
    opened = LawsStore.opened

    def slow(*args, **kwargs):
        go_on.wait(600)  # a guard against a hang (the conftest's WAIT_MS), never a time limit
        return opened(*args, **kwargs)

    monkeypatch.setattr(LawsStore, "opened", slow)
    store = DeferredStore(content)
    store.warm_in_background()
    destroyed_on: list[str] = []
    weakref.finalize(store, lambda: destroyed_on.append(threading.current_thread().name))
    del store
    gc.collect()
    assert destroyed_on == []  # its worker still needs it
    go_on.set()
    qtbot.waitUntil(lambda: destroyed_on != [])
    assert destroyed_on == [threading.main_thread().name]
    assert held_workers() == 0


def test_an_index_not_built_yet_is_built_by_another_process_and_then_answers(
        qtbot, tmp_path, monkeypatch):
    # A club's own laws at their first start: the window's process builds no index (seconds
    # of Python that would take turns with the UI thread); `python -m app prepare` does.
    from conftest import FIXTURE_CONTENT

    import app.search.index
    from app.corpus.loading import load_content

    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path))
    content = load_content(FIXTURE_CONTENT, None, cached=True)

    def never(*args, **kwargs):
        raise AssertionError("the index was built in the window's process")

    monkeypatch.setattr(app.search.index, "build", never)
    store = DeferredStore(content)
    with qtbot.waitSignal(store.became_ready):
        store.warm_in_background()
    assert store.ready
    assert [h.law_id for h in store.search("misdeal")]
    assert len(list(tmp_path.glob("search-*.sqlite"))) == 1
