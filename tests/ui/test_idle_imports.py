"""Loading the screens' modules while the window is idle, one a turn (ui/idle_imports.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from prepared_support import store_prepared

from ui.idle_imports import import_slices

MODULES = {
    "__init__.py": "",
    "screen.py": (
        "from typing import TYPE_CHECKING\n"
        "from slicepkg import widgets\n"
        "from slicepkg.model import Model\n"
        "if TYPE_CHECKING:\n"
        "    from slicepkg import typing_only\n"
        "def later():\n"
        "    from slicepkg import lazy\n"
        "LOADED.append('screen')\n"
    ),
    "widgets.py": "from slicepkg.model import Model\nLOADED.append('widgets')\n",
    "model.py": "class Model: ...\nLOADED.append('model')\n",
    "broken.py": "raise RuntimeError('a module that cannot load')\n",
    "engine/__init__.py": "from slicepkg.engine.core import rule\nLOADED.append('engine')\n",
    "engine/core.py": "from slicepkg.model import Model\nfrom slicepkg import cards\n"
                      "rule = 1\nLOADED.append('core')\n",
    "cards.py": "LOADED.append('cards')\n",
    "typing_only.py": "LOADED.append('typing_only')\n",
    "lazy.py": "LOADED.append('lazy')\n",
}


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A package whose modules note, in a shared list, the order they ran in."""
    root = tmp_path / "slicepkg"
    root.mkdir()
    (root / "engine").mkdir()
    for name, text in MODULES.items():
        (root / name).write_text("import builtins\nLOADED = builtins.SLICE_LOG\n" + text
                                 if text else "")
    loaded: list[str] = []
    monkeypatch.setattr("builtins.SLICE_LOG", loaded, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield loaded
    for name in [m for m in sys.modules if m == "slicepkg" or m.startswith("slicepkg.")]:
        del sys.modules[name]


def test_a_module_that_fails_is_skipped_and_the_rest_load(package):
    list(import_slices(["slicepkg.broken", "slicepkg.screen"]))
    assert "slicepkg.broken" not in sys.modules
    assert "slicepkg.screen" in sys.modules


def test_a_package_star_loads_every_module_of_the_package_one_per_step(package):
    # Like the engine's handlers: modules their package never imports by name.
    steps = list(import_slices(["slicepkg.*"]))
    modules = {f"slicepkg.{n.split('/')[0].removesuffix('.py')}" for n in MODULES
               if n != "__init__.py" and n != "broken.py"}
    assert modules <= set(sys.modules)  # each loaded, in a step of its own or by another
    assert set(steps) <= modules and len(steps) == len(set(steps))
    assert "slicepkg.broken" not in sys.modules


# In a fresh interpreter (this one has imported everything): the window shown, its idle
# imports left to finish, then the quiz screen opened as a learner opens it.
WINDOW_SCRIPT = """
import sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication
app = QApplication([])
import ui.idle_imports as idle
from app.corpus.loading import load_content
from ui.deferred_store import DeferredStore
from ui.main_window import MainWindow
from ui.settings import UiSettings

steps = []
sliced = idle.import_slices
def logged(roots):
    before = set(sys.modules)
    for name in sliced(roots):
        now = set(sys.modules)
        steps.append(sorted(now - before))
        before = now
        yield name
idle.import_slices = logged
content = load_content()
window = MainWindow(DeferredStore(content), content, UiSettings.ephemeral(),
                    data_dir=Path(tempfile.mkdtemp()))
window.show()
while not window.idle_imports.done:
    app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
import threading
class Watch:  # notes the modules the UI thread imports from here on
    seen = []
    def find_spec(self, name, path=None, target=None):
        if threading.current_thread() is threading.main_thread():
            self.seen.append(name)
        return None
sys.meta_path.insert(0, Watch())
window.open_screen("quizzes")
while window.trainer.state == "idle" or window.trainer.state == "preparing":
    app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
print("state", window.trainer.state)
print("new", sorted(m for m in Watch.seen
                    if m.split(".")[0] in ("app", "quizzes", "sqlite_utils", "click", "pluggy")))
for step in steps:
    print("step", " ".join(step))
window.trainer.close()
window.close()
"""


def test_the_window_loads_the_trainers_modules_while_idle(tmp_path, prepared_data):
    # Opening the quizzes first imported the progress store there and then: sqlite_utils and
    # its packages, 40-80 ms of a frozen window, in one block.
    # The bank's survey and catalogue stored as the package ships them (derived once per
    # test process): the window reads them, as an installed app does, instead of deriving
    # them for half a minute (minutes on a busy machine) before the trainer is ready.
    store_prepared(tmp_path, prepared_data)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CARDLAWS_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", WINDOW_SCRIPT], env=env, capture_output=True,
                          text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "state ready" in lines
    assert "new []" in lines, "the UI thread imports nothing of the trainer's when it opens"
    steps = [line.split()[1:] for line in lines if line.startswith("step ")]
    loaded = {m for step in steps for m in step}
    for module in ("app.progress", "quizzes", "sqlite_utils", "app.engine.handlers.cinch"):
        assert module in loaded, f"{module} is loaded while idle"


def test_a_package_whose_folder_is_not_on_disk_is_passed_over(monkeypatch):
    """In the standalone folder the modules live in an archive: the package's folder is not
    there, and the idle imports pass it over instead of raising (which printed a traceback)."""
    import types

    from ui.idle_imports import import_slices

    frozen = types.ModuleType("frozenpkg")
    frozen.__path__ = ["/nonexistent/frozenpkg"]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "frozenpkg", frozen)
    slices = list(import_slices(["frozenpkg.*"]))  # raised FileNotFoundError once
    assert all(not name.startswith("frozenpkg.") for name in slices)
