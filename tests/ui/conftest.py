"""Fixtures for the widget tests: a small content set, its store, and windows over them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.main_window import MainWindow
from ui.settings import UiSettings

FIXTURE_CONTENT = Path(__file__).parent / "fixture_content"


@pytest.fixture(scope="session")
def content() -> Content:
    """The fixture content: two games' laws and three glossary terms."""
    return load_content(FIXTURE_CONTENT, seeds_dir=None)


@pytest.fixture(scope="session")
def store(content: Content) -> LawsStore:
    """The laws store over the fixture content."""
    return LawsStore(content)


@pytest.fixture
def ui_settings(tmp_path: Path) -> UiSettings:
    """Window state kept in a temporary INI file, past the first-run welcome (its own tests
    start from a fresh file)."""
    settings = UiSettings.in_file(str(tmp_path / "ui.ini"))
    settings.welcomed = True
    return settings


@pytest.fixture
def window(qtbot, store, content: Content, ui_settings: UiSettings) -> Iterator[MainWindow]:
    """The main window over the fixture content, shown."""
    win = MainWindow(store, content, ui_settings)
    qtbot.addWidget(win)
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    yield win
