"""The builder's menu commands, made before the screen exists so the menus cost nothing at
startup: New, Open…, Save, Save As…, Open Recent, Export PDF…, Print…, Undo and Redo, and the
Examples menu.

Each command brings the builder screen forward (building it the first time) and calls it.
Once the screen is built (`attach`), Undo and Redo follow its history and the window's title
names its scenario while the builder is in front.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, SignalInstance
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMenu, QWidget

from ui.builder.file_drop import ScenarioDropFilter
from ui.builder.recent_files import RecentFiles
from ui.compat import pin_bools
from ui.widgets.plain_label import plain_tip, plain_tooltip

if TYPE_CHECKING:
    from ui.builder.builder_screen import BuilderScreen


class BuilderActions(QObject):
    """QActions and menus for the builder; `screen` shows the builder screen and returns it.

    `built` answers whether the screen exists yet (an unbuilt screen has nothing unsaved).
    """

    def __init__(self, window: QWidget, screen: Callable[[], BuilderScreen],
                 built: Callable[[], BuilderScreen | None], examples_dir: Path,
                 recent: RecentFiles) -> None:
        super().__init__(window)
        pin_bools()  # before any screen emits signals (see ui/compat.py)
        self._window = window
        self._screen = screen
        self._built = built
        self.examples_dir = examples_dir
        self.recent = recent
        self.new_action = self._action("&New scenario", "Ctrl+N",
                                       lambda: self._screen().new_scenario())
        self.open_action = self._action("&Open scenario…", "Ctrl+O",
                                        lambda: self._screen().open_dialog())
        self.save_action = self._action("&Save scenario", "Ctrl+S",
                                        lambda: self._screen().save())
        self.save_as_action = self._action("Save scenario &as…", "Ctrl+Shift+S",
                                           lambda: self._screen().save_as())
        self.export_action = self._action("&Export ruling as PDF…", "Ctrl+E",
                                          lambda: self._screen().export_pdf())
        self.print_action = self._action("&Print ruling…", "Ctrl+P",
                                         lambda: self._screen().print_ruling())
        self.undo_action = self._action("&Undo", "Ctrl+Z", self._undo)
        self.redo_action = self._action("&Redo", "Ctrl+Shift+Z", self._redo)
        for action in (self.undo_action, self.redo_action):
            action.setEnabled(False)
        self._attached: BuilderScreen | None = None
        self._stack: QUndoStack | None = None  # the attached screen's history
        self._in_front = False
        self.recent_menu = QMenu("Open &recent", window)
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        self.examples_menu = QMenu("E&xamples", window)
        self.examples_menu.aboutToShow.connect(self.fill_examples_menu)
        self.drop_filter = ScenarioDropFilter(window, self.open_path)
        # Set by the window: opens a rehearsal file (the Examples menu lists shipped ones).
        self.rehearsal_opener: Callable[[Path], object] | None = None

    def _action(self, text: str, shortcut: str, slot: Callable[[], object]) -> QAction:
        # Plain key strings: the first QKeySequence.StandardKey lookup costs ~13 ms at startup.
        action = QAction(text, self._window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def populate_file_menu(self, menu: QMenu) -> None:
        """Add the builder's commands to a File menu."""
        for action in (self.new_action, self.open_action):
            menu.addAction(action)
        menu.addMenu(self.recent_menu)
        menu.addSeparator()
        menu.addAction(self.save_action)
        menu.addAction(self.save_as_action)
        menu.addSeparator()
        menu.addAction(self.export_action)
        menu.addAction(self.print_action)

    def populate_edit_menu(self, menu: QMenu) -> None:
        """Add Undo and Redo (of the builder's table edits) to an Edit menu."""
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)

    def attach(self, screen: BuilderScreen) -> None:
        """Follow a newly built builder screen: its history and its scenario's name."""
        self._attached = screen
        stack = self._stack = screen.document.undo_stack
        for signal in self._history_signals(stack):
            signal.connect(self._show_history)
        # The stack, a child of the document, clears itself as it is destroyed and signals as
        # it goes, when its wrapper is already dead: let go of it as the document goes, which
        # Qt signals before it destroys the document's children.
        screen.document.destroyed.connect(lambda *_: self._detach(stack))
        screen.document.state_changed.connect(self._show_title)
        changed = getattr(self._window, "screen_changed", None)
        if changed is not None:
            changed.connect(self.screen_shown)
        self.screen_shown("builder" if screen.isVisibleTo(self._window) else "")

    @staticmethod
    def _history_signals(stack: QUndoStack) -> tuple[SignalInstance, ...]:
        return (stack.canUndoChanged, stack.canRedoChanged, stack.undoTextChanged,
                stack.redoTextChanged, stack.cleanChanged)

    def _detach(self, stack: QUndoStack) -> None:
        """Stop following a builder's history (its document is being destroyed)."""
        if stack is not self._stack:
            return  # a screen followed before this one
        self._stack, self._attached = None, None
        for signal in self._history_signals(stack):
            with contextlib.suppress(RuntimeError, TypeError):  # already let go
                signal.disconnect(self._show_history)

    def screen_shown(self, name: str) -> None:
        """Another screen came to the front: Undo and Redo act only on the builder in front."""
        self._in_front = name == "builder"
        self._show_history()
        self._show_title()

    def _show_history(self, *_: object) -> None:
        stack = self._attached.document.undo_stack if self._attached else None
        live = stack is not None and self._in_front
        self.undo_action.setEnabled(live and stack.canUndo())  # type: ignore[union-attr]
        self.redo_action.setEnabled(live and stack.canRedo())  # type: ignore[union-attr]
        undo = stack.undoText() if live and stack.canUndo() else ""  # type: ignore[union-attr]
        redo = stack.redoText() if live and stack.canRedo() else ""  # type: ignore[union-attr]
        self.undo_action.setText(f"&Undo {undo}" if undo else "&Undo")
        self.redo_action.setText(f"&Redo {redo}" if redo else "&Redo")

    def _show_title(self) -> None:
        # "[*]" is where Qt shows the modified mark (a star, or the close button's dot).
        if self._attached is not None and self._in_front:
            document = self._attached.document
            self._window.setWindowTitle(f"{document.name}[*] — Card Laws")
            self._window.setWindowModified(document.dirty)
        else:
            self._window.setWindowTitle("Card Laws")
            self._window.setWindowModified(False)

    def _undo(self) -> None:
        if self._attached is not None and self._in_front:
            self._attached.document.undo_stack.undo()

    def _redo(self) -> None:
        if self._attached is not None and self._in_front:
            self._attached.document.undo_stack.redo()

    def fill_recent_menu(self) -> None:
        """List the recent files (rebuilt each time the menu opens)."""
        self.recent_menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths, start=1):
            action = self.recent_menu.addAction(f"&{i} {path.name}")
            plain_tooltip(action, str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not paths:
            self.recent_menu.addAction("No recent scenarios").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("&Clear the list", self.recent.clear)

    def fill_examples_menu(self) -> None:
        """List the example scenarios by game, with their titles (read once)."""
        if self.examples_menu.actions():
            return
        from app.table_builder import examples_by_game
        from ui.words import game_name

        groups = examples_by_game(self.examples_dir)
        for game, examples in groups.items():
            sub = self.examples_menu.addMenu(game_name(game))
            for example in examples:
                action = sub.addAction(example.title)
                action.setToolTip(plain_tip(example.description))
                action.setStatusTip(example.description)
                action.triggered.connect(
                    lambda _=False, p=example.path: self._screen().open_example(p))
        if not groups:
            self.examples_menu.addAction("No example scenarios found").setEnabled(False)
        self._add_rehearsals()

    def _add_rehearsals(self) -> None:
        """The shipped rehearsals (a deal played with an irregularity), beside the tables."""
        from app.rehearsal.document import read_title

        opener = self.rehearsal_opener
        paths = sorted((self.examples_dir.parent / "rehearsals").glob("*.json"))
        if opener is None or not paths:
            return
        self.examples_menu.addSeparator()
        sub = self.examples_menu.addMenu("&Rehearsals")
        for path in paths:
            action = sub.addAction(read_title(path) or path.stem)
            action.triggered.connect(lambda _=False, p=path: opener(p))

    def open_path(self, path: Path) -> bool:
        """Open a scenario file in the builder (a recent file, or one dropped on the window)."""
        return self._screen().open_path(path)

    def may_close(self) -> bool:
        """Whether the window may close: nothing unsaved, or the user said so."""
        screen = self._built()
        return screen is None or screen.maybe_discard()
