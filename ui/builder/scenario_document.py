"""The builder's document: the scenario mapping, its name, where it lives on disk, unsaved
changes, and the history of edits (undo and redo)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.model.games import Game
from app.table_builder import read_scenario_file, write_scenario_file

UNTITLED = "Untitled"


class _Edit(QUndoCommand):
    """One edit of the table: the mapping before and after. Edits with the same merge key
    in a row (typing a score digit by digit) are one step of the history."""

    def __init__(self, document: ScenarioDocument, before: dict[str, Any],
                 after: dict[str, Any], text: str, merge_key: str | None) -> None:
        super().__init__(text)
        self._document = document
        self.before, self.after = before, after
        self.merge_key = merge_key

    def redo(self) -> None:
        self._document._set_raw(self.after)

    def undo(self) -> None:
        self._document._set_raw(self.before)

    def id(self) -> int:
        return 1 if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _Edit) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True


class ScenarioDocument(QObject):
    """The scenario being built. Reading and writing go through app.table_builder; every
    edit goes on `undo_stack`, whose clean state is the saved (or opened) scenario.

    Signals:
        changed(): the scenario mapping changed.
        state_changed(): the name, the file path or the unsaved-changes flag changed.
    """

    changed = Signal()
    state_changed = Signal()

    def __init__(self, games: Mapping[str, Game], raw: Mapping[str, Any],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._games = games
        self._raw: dict[str, Any] = copy.deepcopy(dict(raw))
        self._path: Path | None = None
        self._title = ""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, _clean: bool) -> None:
        # A bound slot, not a lambda: Qt drops it with the document, before the stack goes.
        self.state_changed.emit()

    @property
    def raw(self) -> dict[str, Any]:
        """The scenario mapping (a copy: change it through replace())."""
        return copy.deepcopy(self._raw)

    @property
    def path(self) -> Path | None:
        """The file the scenario was opened from or saved to (None: never saved)."""
        return self._path

    @property
    def dirty(self) -> bool:
        """Whether there are changes not saved to a file."""
        return not self.undo_stack.isClean()

    @property
    def name(self) -> str:
        """The file's name; for an example not yet saved its title; else 'Untitled'."""
        if self._path is not None:
            return self._path.name
        title = self._raw.get("title")
        return self._title or (title.strip() if isinstance(title, str) else "") or UNTITLED

    def suggested_path(self, suffix: str = ".json") -> Path | None:
        """Where to offer to save: the file itself, or a file named after the title."""
        if self._path is not None:
            return self._path.with_suffix(suffix)
        stem = "".join(c if c.isalnum() else "-" for c in self._title.lower()).strip("-")
        stem = "-".join(part for part in stem.split("-") if part)
        return Path(stem + suffix) if stem else None

    def replace(self, raw: Mapping[str, Any], text: str = "edit the table",
                merge_key: str | None = None) -> None:
        """Take an edited mapping as one step of the history (`text` says what it did, for
        the Edit menu); an edit that changes nothing is not a change."""
        if dict(raw) == self._raw:
            return
        self.undo_stack.push(_Edit(self, copy.deepcopy(self._raw), copy.deepcopy(dict(raw)),
                                   text, merge_key))

    def _set_raw(self, raw: dict[str, Any]) -> None:
        self._raw = copy.deepcopy(raw)
        self.changed.emit()

    def start(self, raw: Mapping[str, Any], path: Path | None = None, title: str = "") -> None:
        """Start over with a mapping that has no unsaved changes and no history (new, example
        or opened); `title` names an example until it is saved to a file."""
        self._raw = copy.deepcopy(dict(raw))
        self._path, self._title = path, title
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.state_changed.emit()
        self.changed.emit()

    def load(self, path: Path) -> None:
        """Open a scenario file; ScenarioError (and nothing changed) if it is invalid."""
        raw, _ = read_scenario_file(Path(path), self._games)
        self.start(raw, Path(path))

    def save(self, path: Path | None = None) -> Path:
        """Write the scenario to a file (its own path when none is given); the path written."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file to save to: choose one")
        write_scenario_file(target, self._raw)
        self._path = target
        self.undo_stack.setClean()
        self.state_changed.emit()
        return target
