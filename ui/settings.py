"""UI state kept between runs through QSettings: window geometry and state, splitters, last screen.

Only UI state lives here; nothing a learner does is stored in QSettings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

ORGANIZATION = "CardLaws"
ZOOM_MIN, ZOOM_MAX = -4, 8  # zoom steps either side of the normal size
APPLICATION = "Card Laws"


class UiSettings:
    """Reads and writes the window's state; backed by QSettings, or by a dict when ephemeral."""

    def __init__(self, settings: QSettings | None) -> None:
        self._settings = settings
        self._memory: dict[str, Any] = {}

    @classmethod
    def for_user(cls) -> UiSettings:
        """The user's own settings (platform location, organisation CardLaws)."""
        return cls(QSettings(ORGANIZATION, APPLICATION))

    @classmethod
    def in_file(cls, path: str) -> UiSettings:
        """Settings kept in an INI file (tests, benchmarks)."""
        return cls(QSettings(path, QSettings.Format.IniFormat))

    @classmethod
    def ephemeral(cls) -> UiSettings:
        """Settings that are never written anywhere (screenshots)."""
        return cls(None)

    def _get(self, key: str) -> Any:
        return self._memory.get(key) if self._settings is None else self._settings.value(key)

    def _set(self, key: str, value: Any) -> None:
        if self._settings is None:
            self._memory[key] = value
        else:
            self._settings.setValue(key, value)

    def restore_window(self, window: QMainWindow) -> bool:
        """Give the window its saved geometry and state; False when none was saved."""
        geometry = self._get("window/geometry")
        if not isinstance(geometry, QByteArray) or not window.restoreGeometry(geometry):
            return False
        state = self._get("window/state")
        if isinstance(state, QByteArray):
            window.restoreState(state)
        return True

    def save_window(self, window: QMainWindow) -> None:
        """Remember the window's geometry and state."""
        self._set("window/geometry", window.saveGeometry())
        self._set("window/state", window.saveState())

    def restore_splitter(self, name: str, splitter: QSplitter) -> None:
        """Give a splitter its saved sizes, if any."""
        state = self._get(f"splitters/{name}")
        if isinstance(state, QByteArray):
            splitter.restoreState(state)

    def save_splitter(self, name: str, splitter: QSplitter) -> None:
        """Remember a splitter's sizes."""
        self._set(f"splitters/{name}", splitter.saveState())

    @property
    def last_screen(self) -> str | None:
        """The name of the screen shown when the app was last closed."""
        value = self._get("window/screen")
        return value if isinstance(value, str) else None

    @last_screen.setter
    def last_screen(self, name: str) -> None:
        self._set("window/screen", name)

    @property
    def last_profile(self) -> int | None:
        """The learner profile chosen when the app was last used."""
        value = self._get("quiz/profile")
        try:
            return int(value) if value is not None else None
        except (TypeError, ValueError):
            return None

    @last_profile.setter
    def last_profile(self, profile_id: int) -> None:
        self._set("quiz/profile", profile_id)

    @property
    def theme(self) -> str:
        """The colour scheme chosen in View: 'system' (the default), 'light' or 'dark'."""
        value = self._get("view/theme")
        return value if value in ("system", "light", "dark") else "system"

    @theme.setter
    def theme(self, choice: str) -> None:
        self._set("view/theme", choice)

    @property
    def zoom(self) -> int:
        """Zoom steps of the reading text (law pages, rulings, quizzes): 0 is normal size."""
        value = self._get("view/zoom")
        try:
            return max(ZOOM_MIN, min(ZOOM_MAX, int(value))) if value is not None else 0
        except (TypeError, ValueError):
            return 0

    @zoom.setter
    def zoom(self, steps: int) -> None:
        self._set("view/zoom", steps)

    @property
    def welcomed(self) -> bool:
        """True once the first-run welcome has been shown."""
        value = self._get("help/welcomed")
        return value in (True, "true", "1", 1)

    @welcomed.setter
    def welcomed(self, seen: bool) -> None:
        self._set("help/welcomed", seen)

    @property
    def qsettings(self) -> QSettings | None:
        """The backing QSettings, for lists other widgets keep (None when ephemeral)."""
        return self._settings

    def sync(self) -> None:
        """Write pending changes to storage now."""
        if self._settings is not None:
            self._settings.sync()
