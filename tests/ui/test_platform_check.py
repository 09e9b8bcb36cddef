"""Starting on X11 without the xcb plugin's system libraries: one sentence naming the packages."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import PySide6
import pytest

from ui import platform_check

REPO = Path(__file__).resolve().parents[2]
QT = Path(PySide6.__file__).parent / "Qt"
PLUGIN_FILES = (QT / "plugins" / "platforms" / "libqxcb.so", QT / "lib" / "libQt6XcbQpa.so.6")


def test_the_app_names_the_missing_packages_before_qt_aborts(tmp_path):
    # A fresh Debian desktop lacks these two; the loader is told so, and nothing else changes:
    # the app runs as `cardlaws` runs, on X11, with no display at all. Had Qt been started, it
    # would abort (exit 134) with its own plugin message instead.
    script = (
        "import sys\n"
        "from ui import platform_check\n"
        "present = platform_check.loads\n"
        "platform_check.loads = lambda name: name not in "
        "('libxcb-icccm.so.4', 'libxcb-keysyms.so.1') and present(name)\n"
        "from ui.__main__ import main\n"
        f"sys.exit(main(['--settings', {str(tmp_path / 'ui.ini')!r}]))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="xcb", PYTHONPATH=str(REPO),
               CARDLAWS_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=1800, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "`sudo apt-get install libxcb-icccm4 libxcb-keysyms1`" in lines[0]
    assert "qt.qpa" not in done.stderr


def test_one_missing_library_is_named_in_the_singular():
    said = platform_check.problem({"QT_QPA_PLATFORM": "xcb"},
                                  found=lambda name: name != "libxcb-cursor.so.0")
    assert said is not None
    assert "needs 1 system library this machine lacks; install it with " \
           "`sudo apt-get install libxcb-cursor0`" in said


@pytest.mark.parametrize(("environ", "checked"), [
    ({}, True),
    ({"QT_QPA_PLATFORM": "xcb"}, True),
    ({"QT_QPA_PLATFORM": "xcb:no-display"}, True),
    ({"QT_QPA_PLATFORM": "offscreen"}, False),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, False),
    ({"XDG_SESSION_TYPE": "wayland"}, False),
    ({"XDG_SESSION_TYPE": "x11"}, True),
])
def test_only_a_start_on_x11_is_checked(environ, checked):
    # Everything missing: the answer says only whether the check ran at all.
    said = platform_check.problem(environ, found=lambda name: False)
    assert (said is not None) == checked


def test_nothing_is_said_when_every_library_loads():
    assert platform_check.problem({"QT_QPA_PLATFORM": "xcb"}, found=lambda name: True) is None


@pytest.mark.skipif(shutil.which("ldd") is None, reason="ldd is not on this machine")
def test_the_list_holds_every_x11_library_the_plugin_loads():
    # ldd lists the libraries found and those "not found" alike, so this holds on any machine.
    needed: set[str] = set()
    for path in PLUGIN_FILES:
        listing = subprocess.run(["ldd", str(path)], capture_output=True, text=True,
                                 check=True).stdout
        needed |= set(re.findall(r"^\s*(\S+)\s+=>", listing, re.MULTILINE))
    x11 = {name for name in needed
           if name.startswith(("libxcb", "libX", "libxkb", "libEGL", "libGL.", "libfontconfig"))}
    assert x11, "ldd listed no X11 library: the plugin's path has moved"
    assert x11 <= set(platform_check.XCB_LIBRARIES)
