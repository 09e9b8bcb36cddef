"""Any file, named pipe or device given to a command is read safely or refused with a message:
never a traceback, never a wait for ever, never a device replaced by a file.

Every command that takes a file runs as the learner runs it (a child process). A hang shows as
the child's timeout; the tests assert the exit code and the message, not the time taken.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.location import CONTENT_DIR
from app.input_files import InputFileError, load_json, parse_json, read_bytes
from app.progress import ProgressStore

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = CONTENT_DIR / "scenarios" / "ecarte-dealer-exposes-own-card.json"
REHEARSAL = sorted((CONTENT_DIR / "rehearsals").glob("*.json"))[0]


def run(*words: str, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *words], capture_output=True, text=True, cwd=ROOT,
        timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.fixture(scope="module")
def specials(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A named pipe (no writer ever comes), devices that never end, a folder, a large file."""
    where = tmp_path_factory.mktemp("specials")
    pipe = where / "pipe.json"
    os.mkfifo(pipe)
    large = where / "large.json"
    with large.open("w", encoding="utf-8") as fh:  # valid JSON, 3 MB of it
        fh.write('{"game": "ecarte", "notes": [' + ", ".join(['"' + "x" * 100 + '"'] * 30_000)
                 + "]}")
    return {"pipe": pipe, "zero": Path("/dev/zero"), "urandom": Path("/dev/urandom"),
            "folder": where, "large": large}


def _no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stderr.strip(), "refused without a message"


# --- the done-when: every command taking a file, every kind of file ---------------------------

KINDS = ["pipe", "zero", "urandom", "folder", "large"]


@pytest.mark.parametrize("kind", KINDS)
def test_rule_refuses_what_is_not_a_scenario_file(specials, kind):
    done = run("rule", str(specials[kind]))
    assert done.returncode == 2
    _no_traceback(done)
    assert "invalid scenario" in done.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_progress_import_refuses_what_is_not_an_export(specials, tmp_path, kind):
    done = run("progress", "import", str(specials[kind]), "--data-dir", str(tmp_path))
    assert done.returncode == 2
    _no_traceback(done)
    assert "nothing was imported" in done.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_progress_restore_refuses_what_is_not_a_backup(specials, tmp_path, kind):
    done = run("progress", "restore", str(specials[kind]), "--data-dir", str(tmp_path))
    assert done.returncode == 2
    _no_traceback(done)
    assert "cannot be restored" in done.stderr


@pytest.mark.parametrize("kind", ["pipe", "zero", "urandom", "large"])
@pytest.mark.parametrize("command", [["validate"], ["quiz", "validate"]])
def test_validate_refuses_what_is_not_a_content_folder(specials, kind, command):
    done = run(*command, str(specials[kind]))
    assert done.returncode == 2
    _no_traceback(done)
    assert "is not a content folder" in done.stderr or "is not a folder" in done.stderr


@pytest.mark.parametrize("command", [["validate"], ["quiz", "validate"]])
def test_a_pipe_or_a_folder_among_the_content_files_is_named_not_waited_for(tmp_path, command):
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content, ignore=shutil.ignore_patterns("__pycache__"))
    os.mkfifo(content / "laws" / "pipe.toml")
    os.mkfifo(content / "quiz" / "pipe.toml")
    (content / "laws" / "folder.toml").mkdir()
    (content / "laws" / "loop").symlink_to("..")  # a directory loop under laws/
    where = str(content) if command == ["validate"] else str(content / "quiz")
    done = run(*command, where)
    assert done.returncode == 1
    _no_traceback(done)
    assert "pipe.toml" in done.stderr and "is a named pipe, not a regular file" in done.stderr
    if command == ["validate"]:
        assert "laws/folder.toml" in done.stderr and "is a folder" in done.stderr


def test_a_device_or_pipe_is_never_written_over_by_an_export_or_a_backup(tmp_path):
    with ProgressStore.open(tmp_path, keep_backups=0) as store:
        store.create_profile("Ann")
    pipe = tmp_path / "out.json"
    os.mkfifo(pipe)
    done = run("progress", "export", "Ann", str(pipe), "--data-dir", str(tmp_path))
    assert done.returncode == 2 and "is a named pipe" in done.stderr
    done = run("progress", "backup", "--to", str(pipe), "--data-dir", str(tmp_path))
    assert done.returncode == 2 and "is a named pipe" in done.stderr
    assert pipe.is_fifo()  # not replaced by a regular file


# --- duplicate keys, long numbers (D16, D10) -----------------------------------------------


def test_a_scenario_with_a_key_twice_is_refused_naming_the_key(tmp_path):
    text = SCENARIO.read_text(encoding="utf-8")
    assert text.lstrip().startswith("{")
    twice = tmp_path / "twice.json"
    twice.write_text('{"game": "cinch", ' + text.lstrip()[1:], encoding="utf-8")
    done = run("rule", str(twice))
    assert done.returncode == 2
    assert "the key 'game' appears twice in one object" in done.stderr


def test_a_scenario_with_a_five_thousand_digit_number_is_refused(tmp_path):
    raw = json.loads(SCENARIO.read_text(encoding="utf-8"))
    text = json.dumps(raw).replace("{", '{"seed": ' + "7" * 5000 + ", ", 1)
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    done = run("rule", str(path))
    assert done.returncode == 2
    _no_traceback(done)
    assert "whole number of 5,000 digits" in done.stderr


def test_a_rehearsal_with_a_five_thousand_digit_number_is_refused_with_its_reason(tmp_path):
    from app.corpus.loading import load_content
    from app.model.games import build_games
    from app.rehearsal.document import RehearsalFileError, read_file
    from app.rehearsal.session import Rehearser

    content = load_content(cached=True)
    text = REHEARSAL.read_text(encoding="utf-8").replace('"seed": ', '"seed": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    path = tmp_path / "long.rehearsal.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RehearsalFileError, match=r"5,00\d digits"):
        read_file(path, Rehearser(build_games(content), content))


# --- the reader itself ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"a": {"b": 1, "b": 1}}', "the key 'b' appears twice"),
        ("[" + "1" * 5000 + "]", "whole number of 5,000 digits"),
        ('["\\ud800"]', "lone surrogate"),
        ('{"\\udc00": 1}', "lone surrogate"),
        ('{"x": NaN}', "NaN"),
        ('{"x": 1e999}', "too large"),
        ("[" * 100_000, "nested deeper"),
        ('"' + "x" * 101 + '"', "101 characters long"),
        ('{"name": [["' + "x" * 101 + '"]]}', "the value of 'name'"),
    ],
)
def test_json_is_parsed_totally(text, expected):
    with pytest.raises(InputFileError, match=expected.replace("(", r"\(").replace("[", r"\[")):
        parse_json(text, longest=100)


def test_reads_are_bounded_by_bytes_read_not_by_the_size_stat_reports(specials):
    with pytest.raises(InputFileError, match="is a device"):
        read_bytes("/dev/zero", 1000)
    with pytest.raises(InputFileError, match="is a named pipe"):
        read_bytes(specials["pipe"], 1000)
    with pytest.raises(InputFileError, match="larger than 1000 bytes"):
        load_json(specials["large"], 1000)
    assert load_json(SCENARIO, 1 << 20)["game"] == "ecarte"


# --- validate checks everything the app loads (D15) -----------------------------------------


def _spoil_example(content: Path) -> str:
    path = content / "scenarios" / SCENARIO.name
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["event"]["type"] = "no-such-event"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return f"scenarios/{SCENARIO.name}"


def _spoil_rehearsal(content: Path) -> str:
    (content / "rehearsals" / "only-format.json").write_text(
        '{"format": "cardlaws-rehearsal"}', encoding="utf-8")
    return "rehearsals/only-format.json"


def _spoil_quiz_item(content: Path) -> str:
    path = sorted((content / "quiz").glob("*.toml"))[0]
    text = path.read_text(encoding="utf-8")
    start = text.index('\nid = "')
    end = text.index("\n", start + 1)
    path.write_text(text[:start] + "\nid = 5" + text[end:], encoding="utf-8")
    return f"quiz/{path.name}"


def _spoil_source(content: Path) -> str:
    path = content / "laws" / "cinch.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('\nsource = "')
    end = text.index("\n", start + 1)
    path.write_text(text[:start] + '\nsource = "NOWHERE-X law 3"' + text[end:],
                    encoding="utf-8")
    return "cites 'NOWHERE-X', which sources.toml does not list"


@pytest.mark.parametrize("spoil", [_spoil_example, _spoil_rehearsal, _spoil_quiz_item,
                                   _spoil_source])
def test_validate_refuses_broken_content_beside_the_laws(tmp_path, spoil):
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content, ignore=shutil.ignore_patterns("__pycache__"))
    named = spoil(content)
    done = run("validate", str(content))
    assert done.returncode == 1, done.stdout
    _no_traceback(done)
    assert named in done.stderr


def test_the_examples_and_rehearsals_menus_skip_a_pipe_or_device_without_waiting(tmp_path):
    """The builder reads these files' titles on the UI thread: a pipe among them once hung it,
    a link to /dev/zero filled memory."""
    from app.rehearsal.document import read_title
    from app.table_builder.examples import examples_by_game

    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(SCENARIO, folder / SCENARIO.name)
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    found = examples_by_game(folder)
    assert [e.path.name for games in found.values() for e in games] == [SCENARIO.name]
    os.mkfifo(tmp_path / "pipe.rehearsal.json")
    assert read_title(tmp_path / "pipe.rehearsal.json") is None
    assert read_title(REHEARSAL) == json.loads(REHEARSAL.read_text(encoding="utf-8"))["title"]


@pytest.mark.parametrize("kind", ["pipe", "zero", "large"])
@pytest.mark.parametrize("action", [["check"], ["backup"], ["restore", "--list"]])
def test_a_data_dir_that_is_not_a_folder_is_refused_by_every_progress_action(
    specials, kind, action
):
    done = run("progress", *action, "--data-dir", str(specials[kind]))
    assert done.returncode == 2
    _no_traceback(done)
    assert "is not a folder" in done.stderr


def test_the_app_is_told_a_data_folder_that_is_not_a_folder(specials):
    from app.progress import ProgressUnavailable

    with pytest.raises(ProgressUnavailable, match="is not a folder"):
        ProgressStore.open(specials["large"], keep_backups=0)
