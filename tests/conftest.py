"""Test-wide setup: Qt runs offscreen, and no test can touch the user's settings."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

# Must happen before any QApplication exists: with no display Qt aborts otherwise.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Caches and learner data go to throw-away folders, never the user's own.
os.environ["CARDLAWS_CACHE_DIR"] = tempfile.mkdtemp(prefix="cardlaws-test-cache-")
os.environ["CARDLAWS_DATA_DIR"] = tempfile.mkdtemp(prefix="cardlaws-test-data-")

from hypothesis import settings
from pytestqt.qtbot import QtBot

from ui.compat import pin_refcount_drifts  # after the platform is chosen

# No wall-clock limits in tests: speed is measured by bench/, as ratios. Hypothesis's default
# 200 ms deadline fails a correct test on a loaded machine.
settings.register_profile("cardlaws", deadline=None)
settings.load_profile("cardlaws")

# The same for pytest-qt's waits: a condition is waited for up to ten minutes, not 5 s, so a
# worker that a busy machine slows down is still waited for (a wait that succeeds returns at
# once). A child process is given half an hour (timeout=1800): a guard against a hang, never a
# limit on speed (a suite run beside others took a minute and a half for one window script).
WAIT_MS = 600_000
for _wait in (QtBot.waitUntil, QtBot.waitSignal, QtBot.waitSignals, QtBot.waitCallback,
              QtBot.waitExposed, QtBot.waitActive):
    assert _wait.__kwdefaults__ is not None and "timeout" in _wait.__kwdefaults__, _wait
    _wait.__kwdefaults__["timeout"] = WAIT_MS

# PySide6 6.12 on Python 3.11 drops a reference to None per void call (see ui/compat.py);
# a whole test session makes enough calls to abort the interpreter at exit without this.
pin_refcount_drifts()


def pytest_configure(config: pytest.Config) -> None:
    """Ignore the one warning the offscreen platform gives for every window with a layout."""
    config.addinivalue_line("qt_log_ignore", "This plugin does not support propagateSizeHints")


@pytest.fixture(autouse=True, scope="session")
def _no_user_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Any QSettings a test forgets to redirect lands in a temporary directory."""
    from PySide6.QtCore import QSettings

    where = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, where)


@pytest.fixture(autouse=True)
def _collect_on_the_main_thread() -> Iterator[None]:
    """Once a test has started a worker, automatic collection is off for the session and a
    timer on the UI thread collects (ui/collector.py); between tests no event loop runs, so
    what is due is collected here, keeping a long session's heap bounded."""
    yield
    from ui.collector import collect_due

    collect_due()


@pytest.fixture(scope="session")
def prepared_data():  # -> quizzes.prepared.Prepared
    """The app's own content's prepared quiz data (survey, catalogue, new-item order), derived
    once per test process (tests/prepared_support.py): set up before the test's own fixtures,
    so none of them sees the default bank derive into its cache folder."""
    from prepared_support import derived

    return derived()


@pytest.fixture
def no_prepared_data(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's own content as if the package build had prepared nothing for it (a source
    checkout never installed): what the app derives is built into, and read from, the user
    cache (for the tests of that cache)."""
    from app.corpus import cache

    nowhere = tmp_path_factory.mktemp("no-prepared") / cache.PREPARED
    monkeypatch.setattr(cache, "shipped_dir", lambda: nowhere)
