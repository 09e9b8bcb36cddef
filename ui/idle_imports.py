"""Importing the screens' modules while the window is idle, one module a turn.

A screen is built the first time it is shown, and its modules were imported then too: a few
dozen modules run in one block, well over the 50 ms a click may take. Once the window has
painted, IdleImports imports what the screens need on the UI thread, each root module whole
in a turn of the event loop of its own, so that input and paints come between any two. A
module that fails to import is skipped: the screen's own import reports the error when it
is opened.

It pays: bench/ui_stalls.py at ×10 (four walks each, round robin, on a busy machine) had a
longest stall of 322 ms and stalls summing 965 ms with it, 450 ms and 1,471 ms without.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType

from PySide6.QtCore import QObject, QTimer, Signal


def import_slices(roots: Sequence[str]) -> Iterator[str]:
    """Import each of `roots`, one per step (a `next()`), and yield its name; a root
    `package.*` stands for every module of the package (the engine's handlers, which their
    package imports only when a game needs them). A module already loaded is passed over,
    one that fails to import skipped."""
    for root in roots:
        names = [root]
        if root.endswith(".*"):
            package = _imported(root[:-2])
            if package is None:
                continue
            # Through the package's own loader: a frozen build keeps its modules in an archive.
            found = pkgutil.iter_modules(getattr(package, "__path__", ()))
            names = [f"{package.__name__}.{module.name}" for module in found]
        for name in names:
            if name not in sys.modules and _imported(name) is not None:
                yield name


def _imported(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except Exception:  # the screen's own import reports it when opened
        return None


class IdleImports(QObject):
    """Runs import_slices on the UI thread, one slice per turn of the event loop.

    Signals:
        finished(): every module is imported (or skipped).
    """

    finished = Signal()

    def __init__(self, roots: Sequence[str], parent: QObject | None = None,
                 *, then: Callable[[], None] | None = None) -> None:
        super().__init__(parent)
        self._slices = import_slices(roots)
        self._then = then
        self._timer = QTimer(self)
        self._timer.setInterval(0)  # between events: input and paints come first
        self._timer.timeout.connect(self._step)
        self.done = False

    def start(self) -> None:
        """Begin importing (after the first paint: call from a timer or once shown)."""
        if not self.done:
            self._timer.start()

    def _step(self) -> None:
        if next(self._slices, None) is None:
            self._timer.stop()
            self.done = True
            if self._then is not None:
                self._then()
            self.finished.emit()
