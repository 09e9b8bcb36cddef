"""`python -m app progress ...`: check, backup, restore, export, import, with plain errors."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from app.__main__ import main as cli
from app.progress import FILE_NAME, ProgressStore, backups

ROOT = Path(__file__).resolve().parent.parent


def _ann(folder: Path) -> None:
    with ProgressStore.open(folder, keep_backups=0) as store:
        store.create_profile("Ann")


def test_check_creates_a_missing_store_and_reports_it_healthy(tmp_path, capsys):
    folder = tmp_path / "new"
    assert cli(["progress", "check", "--data-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert (folder / FILE_NAME).exists()
    assert "profiles: 0; answers recorded: 0" in out and "health: OK" in out


def test_check_moves_a_damaged_file_aside_and_says_so(tmp_path, capsys):
    (tmp_path / FILE_NAME).write_bytes(b"not a database at all" * 100)
    assert cli(["progress", "check", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "could not be read (it is not a database file)" in captured.err
    assert list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))


def test_check_exits_non_zero_without_a_traceback_when_the_file_is_locked(tmp_path):
    _ann(tmp_path)
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO profiles (name, created) VALUES ('x', 'y')")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "app", "progress", "check", "--data-dir", str(tmp_path)],
            capture_output=True, text=True, cwd=ROOT, timeout=1800,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    finally:
        holder.rollback()
        holder.close()
    assert done.returncode == 1
    assert "Another program is using the progress file" in done.stderr
    assert "Traceback" not in done.stderr


def test_backup_restore_export_import_round_trip(tmp_path, capsys):
    data = str(tmp_path / "data")
    _ann(tmp_path / "data")
    assert cli(["progress", "backup", "--data-dir", data]) == 0
    assert "backup written to" in capsys.readouterr().out
    (made,) = backups(tmp_path / "data")
    with ProgressStore.open(data, keep_backups=0) as store:
        store.create_profile("Bob")
    assert cli(["progress", "restore", "--list", "--data-dir", data]) == 0
    assert str(made) in capsys.readouterr().out
    assert cli(["progress", "restore", "--data-dir", data]) == 0
    assert "the previous progress file is kept as" in capsys.readouterr().out
    with ProgressStore.open(data, keep_backups=0) as store:
        assert [p.name for p in store.profiles()] == ["Ann"]
    target = tmp_path / "ann.json"
    assert cli(["progress", "export", "Ann", str(target), "--data-dir", data]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["profile"]["name"] == "Ann"
    assert cli(["progress", "import", str(target), "--name", "Ann again", "--data-dir", data]) == 0
    assert "imported as the profile 'Ann again'" in capsys.readouterr().out
    assert cli(["progress", "backup", "--to", str(tmp_path / "copy.sqlite"),
                "--data-dir", data]) == 0
    with sqlite3.connect(tmp_path / "copy.sqlite") as copy:
        assert copy.execute("SELECT count(*) FROM profiles").fetchone()[0] == 2
    copy.close()


def test_failures_are_one_sentence_each(tmp_path, capsys):
    data = str(tmp_path)
    assert cli(["progress", "restore", "--data-dir", data]) == 1
    assert "there is no backup" in capsys.readouterr().err
    assert cli(["progress", "export", "Nobody", str(tmp_path / "x.json"), "--data-dir", data]) == 1
    assert "no profile 'Nobody'" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardlaws-progress", "version": 1.5}', encoding="utf-8")
    assert cli(["progress", "import", str(bad), "--data-dir", data]) == 2
    err = capsys.readouterr().err
    assert "nothing was imported" in err and "version" in err
    (tmp_path / "not-a-backup.sqlite").write_bytes(b"garbage" * 50)
    assert cli(["progress", "restore", str(tmp_path / "not-a-backup.sqlite"),
                "--data-dir", data]) == 2
    assert "cannot be restored" in capsys.readouterr().err
