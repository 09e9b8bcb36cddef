"""Before Qt starts on Linux's X11 platform (xcb): the system libraries its plugin needs.

When one is missing, Qt aborts the whole process with a message that names the wrong library
(or none) and cannot be caught. This module looks for the libraries first, with the dynamic
loader itself, so the app can say in one sentence which packages to install instead.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

# Every system library that PySide6's libqxcb.so and libQt6XcbQpa.so.6 load (directly or
# through each other) beyond what the offscreen platform already needs, by file name, with the
# Debian/Ubuntu package that holds it. tests/test_platform_check.py checks this list against
# `ldd` on the plugin, so a new PySide6 that needs one more library cannot slip by.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}


def loads(name: str) -> bool:
    """Whether the dynamic loader finds the library `name`, as Qt's plugin would ask it."""
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def platform_is_xcb(environ: Mapping[str, str], system: str = sys.platform) -> bool:
    """Whether Qt, started in this environment, would use its X11 (xcb) platform first."""
    if not system.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        first = chosen.split(";")[0]
        return first == "xcb" or first.startswith("xcb:")
    # Unset: Qt tries Wayland first in a Wayland session (and X11 only if that fails).
    return environ.get("XDG_SESSION_TYPE", "") != "wayland"


def missing_packages(found: Callable[[str], bool] | None = None) -> list[str]:
    """The packages holding the xcb plugin's libraries that the loader cannot find, in order."""
    found = found or loads
    return sorted({package for name, package in XCB_LIBRARIES.items() if not found(name)})


def problem(environ: Mapping[str, str] | None = None,
            found: Callable[[str], bool] | None = None) -> str | None:
    """One sentence saying which packages to install, or None when Qt can start."""
    if not platform_is_xcb(os.environ if environ is None else environ):
        return None
    missing = missing_packages(found)
    if not missing:
        return None
    return ("Card Laws cannot open its window: Qt's X11 platform needs "
            f"{len(missing)} system {'library' if len(missing) == 1 else 'libraries'} "
            f"this machine lacks; install {'it' if len(missing) == 1 else 'them'} with "
            f"`sudo apt-get install {' '.join(missing)}` (Debian, Ubuntu) and start again.")
