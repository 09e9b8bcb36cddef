"""Desktop integration shipped in the wheel: the application icon, a .desktop file, AppStream.

`install_hint()` tells a packager where each file goes; the icon is also the window icon.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

APP_ID = "io.github.cardlaws.CardLaws"


def data_file(name: str) -> Path:
    """A file of this package, wherever it is installed (wheel, source tree, frozen build)."""
    return Path(str(resources.files(__name__).joinpath(name)))


def icon_path() -> Path:
    """The scalable application icon."""
    return data_file("cardlaws.svg")


def desktop_file() -> Path:
    """The freedesktop.org launcher entry."""
    return data_file(f"{APP_ID}.desktop")


def metainfo_file() -> Path:
    """The AppStream metadata."""
    return data_file(f"{APP_ID}.metainfo.xml")


def install_hint(prefix: str = "~/.local") -> list[tuple[Path, str]]:
    """(file, destination) for installing the launcher under a prefix (freedesktop layout)."""
    return [
        (icon_path(), f"{prefix}/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
        (desktop_file(), f"{prefix}/share/applications/{APP_ID}.desktop"),
        (metainfo_file(), f"{prefix}/share/metainfo/{APP_ID}.metainfo.xml"),
    ]
