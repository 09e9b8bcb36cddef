"""`python -m ui`: all-or-nothing loading, and the --screenshots mode."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURE_CONTENT
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from ui.__main__ import main
from ui.main_window import MainWindow
from ui.screenshots import SHOTS


def _broken_content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, root)
    law_file = root / "laws" / "ecarte.toml"
    law_file.write_text(law_file.read_text().replace('topic = "general-principles"',
                                                     'topic = "no-such-topic"'))
    return root


def test_invalid_content_is_reported_and_no_window_opens(qapp, tmp_path, capsys):
    reported = []

    def windows() -> list[MainWindow]:  # an earlier test's may wait for the collector still
        return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]

    before = windows()
    code = main(["--content", str(_broken_content(tmp_path))], report_error=reported.append)
    assert code != 0
    assert len(reported) == 1
    assert any(p.field == "topic" for p in reported[0].problems)
    assert "no-such-topic" in capsys.readouterr().err
    assert [w for w in windows() if all(w is not b for b in before)] == []


def test_the_error_dialog_names_the_file_entry_and_field(qapp, tmp_path):
    from app.corpus.checks import ContentError
    from app.corpus.loading import load_content
    from ui.__main__ import content_error_box

    with pytest.raises(ContentError) as caught:
        load_content(_broken_content(tmp_path), seeds_dir=None)
    box = content_error_box(caught.value)
    assert "1 problem(s)" in box.text()
    assert "laws/ecarte.toml" in box.informativeText()
    assert "'ecarte.french.bystander-advice'" in box.informativeText()
    assert "'topic'" in box.informativeText()


def test_invalid_content_in_screenshot_mode_goes_to_stderr(qapp, tmp_path, capsys):
    def fail(exc: Exception) -> None:
        raise AssertionError("no dialog in screenshot mode")

    code = main(["--content", str(_broken_content(tmp_path)), "--screenshots",
                 str(tmp_path / "shots")], report_error=fail)
    assert code != 0
    assert "no-such-topic" in capsys.readouterr().err
    assert not (tmp_path / "shots").exists()


def test_screenshots_are_written_for_every_screen(qapp, tmp_path, capsys):
    out = tmp_path / "shots"
    code = main(["--content", str(FIXTURE_CONTENT), "--screenshots", str(out),
                 "--size", "800x600"])
    assert code == 0
    for name in SHOTS:
        image = QImage(str(out / f"{name}.png"))
        assert (image.width(), image.height()) == (800, 600), name
    assert {"browser-law", "browser-search", "compare", "glossary"} <= set(SHOTS)
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow):
            widget.deleteLater()


def test_the_window_shows_then_the_search_index_is_built(tmp_path):
    # In a child process: app.exec() must not run inside the test session (after it has
    # returned, Qt stops firing timers in this process).
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-m", "ui", "--content", str(FIXTURE_CONTENT),
         "--settings", str(tmp_path / "ui.ini"), "--exit-after-show"],
        env=env, capture_output=True, text=True, timeout=1800, check=False,
    )
    assert done.returncode == 0, done.stderr
    stamps = dict(line.split() for line in done.stdout.splitlines())
    assert float(stamps["shown"]) <= float(stamps["ready"])
    assert (tmp_path / "ui.ini").exists()
