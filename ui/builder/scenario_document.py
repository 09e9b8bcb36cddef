"""The builder's document: the scenario mapping, where it lives on disk, and unsaved changes."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.games import Game
from app.table_builder import read_scenario_file, write_scenario_file


class ScenarioDocument(QObject):
    """The scenario being built. Reading and writing go through app.table_builder.

    Signals:
        changed(): the scenario mapping changed.
        state_changed(): the file path or the unsaved-changes flag changed.
    """

    changed = Signal()
    state_changed = Signal()

    def __init__(self, games: Mapping[str, Game], raw: Mapping[str, Any],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._games = games
        self._raw: dict[str, Any] = copy.deepcopy(dict(raw))
        self._path: Path | None = None
        self._dirty = False

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
        return self._dirty

    @property
    def name(self) -> str:
        """The file's name, or 'Untitled'."""
        return self._path.name if self._path else "Untitled"

    def replace(self, raw: Mapping[str, Any]) -> None:
        """Take an edited mapping; an edit that changes nothing is not a change."""
        if dict(raw) == self._raw:
            return
        self._raw = copy.deepcopy(dict(raw))
        self._set_state(self._path, True)
        self.changed.emit()

    def start(self, raw: Mapping[str, Any], path: Path | None = None) -> None:
        """Start over with a mapping that has no unsaved changes (new, example or opened)."""
        self._raw = copy.deepcopy(dict(raw))
        self._set_state(path, False)
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
        self._set_state(target, False)
        return target

    def _set_state(self, path: Path | None, dirty: bool) -> None:
        if (path, dirty) != (self._path, self._dirty):
            self._path, self._dirty = path, dirty
            self.state_changed.emit()
