"""Importing the screens' modules while the window is idle, one module at a time.

A screen is built the first time it is shown, and its modules were imported then too: a few
dozen modules read, compiled (when no bytecode cache is kept) and run in one block, well over
the 50 ms a click may take. Once the window has painted, IdleImports imports what the screens
need in small slices on the UI thread, each slice one module whose own imports are already
loaded, so the event loop runs between any two slices and no slice holds it long.

The order comes from the modules' top-level import statements (read with `ast`, leaves
first); imports inside functions are lazy on purpose and are left alone. A module that fails
to import is skipped: the screen's own import reports the error when it is opened.
Then the heap is told that what was loaded is kept (ui/heap.py).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

# Packages read for their import statements; other modules (Qt, the standard library,
# third-party) are imported whole, each in a slice of its own.
FIRST_PARTY = ("app", "ui", "quizzes")


def _top_level_imports(tree: ast.Module, package: str) -> Iterator[str]:
    """The absolute names a module imports when it runs (not under TYPE_CHECKING, not in a
    function): each module, and each name of a `from X import name` that may be a module."""
    def walk(body: list[ast.stmt]) -> Iterator[str]:
        for node in body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = importlib.util.resolve_name("." * node.level + base, package)
                if base:
                    yield base
                    for alias in node.names:
                        yield f"{base}.{alias.name}"
            elif isinstance(node, ast.If) and not _is_type_checking(node.test):
                yield from walk(node.body)
                yield from walk(node.orelse)
            elif isinstance(node, ast.Try):
                yield from walk(node.body)
    return walk(tree.body)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _source(name: str, first_party: Sequence[str]) -> tuple[Path, str] | None:
    """A first-party module's source file and package, when it has one and is not loaded."""
    if name in sys.modules or name.split(".")[0] not in first_party:
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not isinstance(spec.origin, str) or not spec.origin.endswith(".py"):
        return None
    package = name if spec.submodule_search_locations is not None else name.rpartition(".")[0]
    return Path(spec.origin), package


def import_slices(roots: Sequence[str], first_party: Sequence[str] = FIRST_PARTY
                  ) -> Iterator[str]:
    """Import `roots` and everything they import, one module per step, leaves first.

    Each step (a `next()`) reads one module's imports or imports one module whose imports are
    loaded, and yields that module's name; a module that fails to import is skipped.
    """
    seen: set[str] = set()

    def visit(name: str) -> Iterator[str]:
        if name in seen or name in sys.modules:
            return
        seen.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            yield from visit(parent)
            if parent not in sys.modules:
                return  # the parent failed: its children cannot load
            parent_module = sys.modules[parent]
            if not hasattr(parent_module, "__path__"):
                return  # `from module import name`: a name, not a submodule
        found = _source(name, first_party)
        if found is not None:
            path, package = found
            try:
                tree = ast.parse(path.read_bytes(), str(path))
            except (OSError, SyntaxError, ValueError):
                return
            yield name  # reading was one slice
            for dep in _top_level_imports(tree, package):
                yield from visit(dep)
        elif name.split(".")[0] in first_party:
            return  # not a module (a name imported from a package)
        if name in sys.modules:
            return
        try:
            importlib.import_module(name)
        except Exception:  # the screen's own import reports it when opened
            return
        yield name

    for root in roots:
        yield from visit(root)


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
