"""What a wheel ships: every content file, the desktop files, one version everywhere.

The wheel itself is built, installed into a fresh environment and used from outside the
repository by .ci/run; these tests keep the package-data globs and the desktop files honest.
"""

from __future__ import annotations

import configparser
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath

from app import __version__
from ui.desktop import APP_ID, desktop_file, icon_path, install_hint, metainfo_file

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DATA = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]["package-data"]


def _shipped(package: str, path: Path) -> bool:
    rel = PurePosixPath(path.relative_to(ROOT / package.replace(".", "/")).as_posix())
    patterns = [*PACKAGE_DATA.get(package, []), *PACKAGE_DATA.get("*", [])]
    # A "**/" pattern also matches files at the package's top level.
    return any(rel.match(p) or rel.match(p.removeprefix("**/")) for p in patterns)


def test_every_content_file_matches_a_package_data_glob():
    files = [p for p in (ROOT / "content").rglob("*") if p.is_file() and p.suffix != ".pyc"]
    files = [p for p in files if p.suffix != ".py" and "__pycache__" not in p.parts
             and "prepared" not in p.relative_to(ROOT / "content").parts[:1]]  # the build's
    assert len(files) > 100
    missing = [str(p.relative_to(ROOT)) for p in files if not _shipped("content", p)]
    assert not missing, f"content files a wheel would leave out: {missing}"


def test_every_data_file_of_the_code_packages_ships():
    # A data file the code reads (app/search/english_words.json, the desktop icons) left out of the
    # wheel degrades the app without an error: search then "corrects" hearts to harms.
    missing = []
    for package in ("app", "ui", "quizzes", "cli"):
        for path in (ROOT / package).rglob("*"):
            if (path.is_file() and path.suffix not in (".py", ".pyc")
                    and "__pycache__" not in path.parts):
                dotted = ".".join(path.parent.relative_to(ROOT).parts)
                if not (_shipped(dotted, path) or _shipped(package, path)):
                    missing.append(str(path.relative_to(ROOT)))
    assert (ROOT / "app" / "search" / "english_words.json").is_file()
    assert not missing, f"data files a wheel would leave out: {missing}"


def test_the_desktop_files_ship_and_agree_with_each_other():
    for path in (icon_path(), desktop_file(), metainfo_file()):
        assert path.is_file() and _shipped("ui.desktop", path), path
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(desktop_file(), encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == "cardlaws" and section["Icon"] == APP_ID
    meta = ET.parse(metainfo_file()).getroot()
    assert meta.findtext("id") == APP_ID
    assert meta.find("launchable").text == desktop_file().name
    assert meta.find("releases/release").get("version") == __version__
    assert ET.parse(icon_path()).getroot().tag.endswith("svg")
    assert [dest for _, dest in install_hint("/usr")][1] == (
        f"/usr/share/applications/{APP_ID}.desktop"
    )


def test_both_commands_print_the_version():
    for module in ("app", "ui"):
        out = subprocess.run(
            [sys.executable, "-m", module, "--version"], capture_output=True, text=True, check=True
        ).stdout
        assert out.strip() == f"Card Laws {__version__}"


def test_the_window_has_the_application_icon(qtbot):
    from app.corpus.loading import load_content
    from app.search.store import LawsStore
    from ui.main_window import MainWindow
    from ui.settings import UiSettings

    content = load_content(ROOT / "tests" / "ui" / "fixture_content")
    window = MainWindow(LawsStore(content), content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    assert not window.windowIcon().pixmap(64).isNull()  # the SVG was found and rendered
