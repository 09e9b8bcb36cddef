"""The scenario files opened or saved lately, newest first, kept in QSettings (UI state)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

KEY = "builder/recent_files"
LIMIT = 8


class RecentFiles:
    """A short list of paths in QSettings, or in memory when no settings are given."""

    def __init__(self, settings: QSettings | None = None, *, user: bool = False) -> None:
        self._given = settings
        self._user = user
        self._memory: list[str] = []

    @classmethod
    def for_user(cls) -> RecentFiles:
        """The list in the user's own settings (organisation CardLaws), opened when first used
        (opening them costs a few milliseconds the window's first paint need not wait for)."""
        return cls(user=True)

    @property
    def _settings(self) -> QSettings | None:
        if self._given is None and self._user:
            from ui.settings import APPLICATION, ORGANIZATION

            self._given = QSettings(ORGANIZATION, APPLICATION)
        return self._given

    def paths(self) -> list[Path]:
        """The recent files, newest first."""
        if self._settings is None:
            values: object = self._memory
        else:
            values = self._settings.value(KEY, [])
        # QSettings gives back a one-item list as a plain string, and an empty one as None.
        if isinstance(values, str):
            values = [values]
        if not isinstance(values, list):
            return []
        return [Path(v) for v in values if isinstance(v, str) and v]

    def add(self, path: Path) -> None:
        """Put a file at the top of the list."""
        text = str(Path(path).resolve())
        self._store([text, *(str(p) for p in self.paths() if str(p) != text)][:LIMIT])

    def remove(self, path: Path) -> None:
        """Drop a file from the list (it could not be opened)."""
        text = str(Path(path).resolve())
        self._store([str(p) for p in self.paths() if str(p) != text])

    def clear(self) -> None:
        """Forget every recent file."""
        self._store([])

    def _store(self, values: list[str]) -> None:
        if self._settings is None:
            self._memory = values
        else:
            self._settings.setValue(KEY, values)
