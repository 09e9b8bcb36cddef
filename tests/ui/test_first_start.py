"""The first start of a new content version: laws read on a worker, the progress shown."""

from __future__ import annotations

import itertools
import re
import shutil
import threading
from pathlib import Path

import pytest
from conftest import FIXTURE_CONTENT
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.corpus.checks import ContentError
from app.corpus.loading import load_content, stored_content
from ui import first_start
from ui.first_start import ReadingLaws

# A law id in quotes (its own, or one it links to), and a case or variant group it names.
_LAW_ID = re.compile(r'"([a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+)"')
_CASE = re.compile(r'^((?:case|variant_of) = ")([a-z0-9-]+)(")', re.MULTILINE)


def _content(tmp_path: Path, copies: int = 1) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, root)
    laws = root / "laws"
    for n in range(1, copies):  # more law files, each law under a new id
        for path in sorted(laws.glob("*.toml")):
            if "-copy" not in path.stem:
                text = _LAW_ID.sub(rf'"\1-c{n}"', path.read_text())
                text = _CASE.sub(rf"\1\2-c{n}\3", text)
                (laws / f"{path.stem}-copy{n}.toml").write_text(text)
    return root


def _windows() -> list[ReadingLaws]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ReadingLaws)]


def _held(monkeypatch, until: threading.Event, first: int) -> None:
    """The law files from the `first`-th on are read only once `until` is set (what the window
    shows meanwhile is the test's to see), as if there were thousands and the disk were slow."""
    import app.corpus.law_files

    real = app.corpus.law_files.read_toml
    calls = itertools.count()

    def held(*args, **kwargs):
        if next(calls) >= first:
            # A guard against a hang (the conftest's WAIT_MS): a busy machine is only slower.
            assert until.wait(600), "the window never showed what the test waited for"
        return real(*args, **kwargs)

    monkeypatch.setattr(app.corpus.law_files, "read_toml", held)


def test_a_new_version_is_read_with_its_progress_shown_then_stored(qapp, tmp_path, monkeypatch):
    root = _content(tmp_path, copies=3)
    counted = threading.Event()  # the window said some files were read, not all
    _held(monkeypatch, counted, first=2)
    assert stored_content(root) is None  # never read: no store yet
    seen: list[tuple[str, int, int]] = []

    def look() -> None:  # what the window says while the worker reads
        for window in _windows():
            if window.isVisible():
                seen.append((window.count.text(), window.bar.value(), window.bar.maximum()))
                if 0 < window.bar.value() < window.bar.maximum():
                    counted.set()

    watch = QTimer()
    watch.timeout.connect(look)
    watch.start(1)
    content = first_start.load(root, show_after_ms=0)
    watch.stop()
    assert content is not None
    assert set(content.laws) == set(load_content(root).laws)
    assert seen, "the window was never shown"
    total = len(list((root / "laws").glob("*.toml")))
    assert all(maximum in (0, total) for _, _, maximum in seen)
    assert any(0 < value < total for _, value, _ in seen)  # it counted files as it went
    assert not any(w.isVisible() for w in _windows())
    # Stored: the next start opens the store and shows nothing.
    assert stored_content(root) is not None
    shown: list[bool] = []
    again = first_start.load(root, show_after_ms=0)
    QApplication.processEvents()
    shown.extend(w.isVisible() for w in _windows())
    assert again is not None and set(again.laws) == set(content.laws)
    assert not any(shown)


def test_the_window_counts_the_files_then_says_they_are_being_put_in_order(qapp):
    window = ReadingLaws()
    window.show_progress(3, 40)
    assert window.count.text() == "3 of 40 law files read"
    assert (window.bar.value(), window.bar.maximum()) == (3, 40)
    window.show_progress(40, 40)
    assert window.count.text() == "All 40 law files read; putting them in order…"


def test_a_quick_read_shows_no_window(qapp, tmp_path):
    shown: list[bool] = []
    watch = QTimer()
    watch.timeout.connect(lambda: shown.extend(w.isVisible() for w in _windows()))
    watch.start(1)
    content = first_start.load(_content(tmp_path), show_after_ms=60_000)
    watch.stop()
    assert content is not None and not any(shown)


def test_bad_content_is_raised_with_every_problem_and_the_window_goes(qapp, tmp_path):
    root = _content(tmp_path)
    law_file = root / "laws" / "ecarte.toml"
    law_file.write_text(law_file.read_text().replace('topic = "general-principles"',
                                                     'topic = "no-such-topic"'))
    with pytest.raises(ContentError) as caught:
        first_start.load(root, show_after_ms=0)
    assert any(p.field == "topic" and "ecarte" in p.file for p in caught.value.problems)
    assert not any(w.isVisible() for w in _windows())


def test_closing_the_window_while_reading_quits_and_stores_nothing_half_done(
        qapp, tmp_path, monkeypatch):
    root = _content(tmp_path)
    closed = threading.Event()
    _held(monkeypatch, closed, first=1)  # the reading goes on once the window is closed

    def close_it() -> None:
        for window in _windows():
            if window.isVisible():
                window.close()
                closed.set()
                return
        QTimer.singleShot(5, close_it)

    QTimer.singleShot(5, close_it)
    assert first_start.load(root, show_after_ms=0) is None
    assert not any(w.isVisible() for w in _windows())
