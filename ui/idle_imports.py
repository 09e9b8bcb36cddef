"""Importing the screens' modules while the window is idle, one module at a time.

A screen is built the first time it is shown, and its modules were imported then too: a few
dozen modules read, compiled (when no bytecode cache is kept) and run in one block, well over
the 50 ms a click may take. Once the window has painted, IdleImports imports what the screens
need in small slices on the UI thread, each slice one module whose own imports are already
loaded, so the event loop runs between any two slices and no slice holds it long.

The order comes from the modules' top-level import statements (leaves first); imports
inside functions or under TYPE_CHECKING are lazy on purpose and are left alone. A module that fails
to import is skipped: the screen's own import reports the error when it is opened.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QObject, QTimer, Signal

# Packages read for their import statements; other modules (Qt, the standard library,
# other third-party packages) are imported whole, each in a slice of its own.
FIRST_PARTY = ("app", "ui", "quizzes")
# Third-party packages read the same way: sqlite_utils (the progress store's) imported whole
# holds the UI thread 30-50 ms; read, its largest slice is its own module, 10-20 ms. A
# top-level import these packages make only on some platforms or versions is indented (in an
# `if` or a `try`) and so left to them; a slice that fails is imported whole later.
SLICED = (*FIRST_PARTY, "sqlite_utils", "click", "dateutil", "pluggy", "tabulate")


# An import statement at the start of a line (top level: imports under TYPE_CHECKING or in a
# function are indented and so left alone). A regular expression rather than `ast`: parsing a
# module to find its imports would cost as much as compiling it.
_IMPORT = re.compile(
    r"^(?:from[ \t]+(?P<base>\.*[\w.]*)[ \t]+import[ \t]+(?P<names>\(?[\w, \t]*)"
    r"|import[ \t]+(?P<modules>[\w., \t]+))",
    re.MULTILINE)


def _top_level_imports(source: str, package: str) -> Iterator[str]:
    """The absolute names a module imports at its top level: each module, and each name of a
    `from X import name` written on the same line (it may be a submodule)."""
    for match in _IMPORT.finditer(source):
        if match["modules"] is not None:
            for part in match["modules"].split(","):
                name = part.split(" as ")[0].strip()
                if name:
                    yield name
            continue
        base = match["base"]
        if base.startswith("."):
            dots = len(base) - len(base.lstrip("."))
            try:
                base = importlib.util.resolve_name("." * dots + base[dots:], package) \
                    if base[dots:] else importlib.util.resolve_name("." * dots, package)
            except (ImportError, ValueError):
                continue
        yield base
        for part in match["names"].strip("( \t").split(","):
            name = part.split(" as ")[0].strip()
            if name and name != "*":
                yield f"{base}.{name}"


class _Source(NamedTuple):
    path: Path
    package: str  # the package relative imports start from
    locations: tuple[str, ...]  # a package's folders (where its modules are); () for a module


def _source(name: str, first_party: Sequence[str],
            packages: dict[str, tuple[str, ...]]) -> _Source | None:
    """A first-party module's source file, when it has one and is not loaded. Found without
    importing its package when the package's folders are known (a package whose own code
    imports this module, not run yet)."""
    if name in sys.modules or name.split(".")[0] not in first_party:
        return None
    parent, _, last = name.rpartition(".")
    if parent in packages and parent not in sys.modules:
        for folder in map(Path, packages[parent]):
            for path, locations in ((folder / last / "__init__.py", (str(folder / last),)),
                                    (folder / f"{last}.py", ())):
                if path.is_file():
                    return _Source(path, name if locations else parent, locations)
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not isinstance(spec.origin, str) or not spec.origin.endswith(".py"):
        return None
    locations = tuple(spec.submodule_search_locations or ())
    return _Source(Path(spec.origin), name if locations else parent, locations)


def import_slices(roots: Sequence[str], first_party: Sequence[str] = SLICED
                  ) -> Iterator[str]:
    """Import `roots` and everything they import, one module per step, leaves first.

    A root `package.*` stands for every module of the package (the engine's handlers, which
    their package imports only when a game needs them).

    Each step (a `next()`) imports one module whose own imports are loaded, and yields its
    name; a module that fails to import is skipped. A package's modules that its own code
    imports load with it (Python runs a package before its modules), but what they import
    loads first, each in a step of its own.
    """
    seen: set[str] = set()
    packages: dict[str, tuple[str, ...]] = {}  # first-party packages met: their folders

    def visit(name: str) -> Iterator[str]:
        if name in seen or name in sys.modules:
            return
        seen.add(name)
        parent = name.rpartition(".")[0]
        inside_parent = parent in seen and parent not in sys.modules  # the parent's own import
        if inside_parent and parent not in packages:
            return  # `from module import name` while the module is read: a name
        if parent and not inside_parent:
            yield from visit(parent)
            if parent not in sys.modules:
                return  # the parent failed: its modules cannot load
            if not hasattr(sys.modules[parent], "__path__"):
                return  # `from module import name`: a name, not a module
        found = _source(name, first_party, packages)
        if found is not None:
            if found.locations:
                packages[name] = found.locations
            try:
                text = found.path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                return
            for dep in _top_level_imports(text, found.package):
                yield from visit(dep)
        elif name.split(".")[0] in first_party:
            return  # not a module (a name imported from a package)
        if inside_parent or name in sys.modules:
            return  # loads with its package
        try:
            importlib.import_module(name)
        except Exception:  # the screen's own import reports it when opened
            return
        yield name

    for root in roots:
        if not root.endswith(".*"):
            yield from visit(root)
            continue
        # Every module of a package: those it imports by name when asked (a registry).
        package = root[:-2]
        yield from visit(package)
        found = sys.modules.get(package)
        for folder in getattr(found, "__path__", ()):
            try:
                with os.scandir(folder) as entries:
                    names = sorted(e.name[:-3] for e in entries
                                   if e.name.endswith(".py") and e.name != "__init__.py")
            except OSError:
                # A frozen build (the standalone folder) keeps its modules in an archive, not
                # in a folder: they load when asked, and nothing is imported ahead here.
                continue
            for name in names:
                yield from visit(f"{package}.{name}")


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
