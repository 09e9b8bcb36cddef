"""`validate` is total and bounded on hostile content: each problem named, no traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.checks import ContentError
from app.corpus.loading import CONTENT_DIR, load_content

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _validate(tree: Path) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "app", "validate", str(tree)],
                          capture_output=True, text=True, cwd=ROOT, timeout=1800)  # never hangs
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return done.returncode, done.stderr


HOSTILE = {
    "a list where a string is expected": (
        "laws/ecarte.toml", 'title = "', 'title = ["a", "b"]\nignored = "', "title"),
    "deeply nested arrays": (
        "glossary.toml", "[[term]]", "deep = " + "[" * 5000 + "]" * 5000 + "\n[[term]]",
        "malformed TOML"),
    "deeply dotted keys": (
        "glossary.toml", "[[term]]", ".".join(["a"] * 5000) + " = 1\n[[term]]",
        "nested deeper"),
    "an empty pack": ("games/ecarte.toml", "[pack]", "[pack]\n[unused_pack]", "pack"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_content_is_a_clear_error(tree, case):
    rel, old, new, expected = HOSTILE[case]
    _edit(tree / rel, old, new)
    if case == "an empty pack":
        text = (tree / rel).read_text(encoding="utf-8")
        head, _, rest = text.partition("[pack]\n")
        _, _, tail = rest.partition("\n[")
        (tree / rel).write_text(head + "[pack]\n" + "\n[" + tail, encoding="utf-8")
    code, err = _validate(tree)
    assert code == 1 and rel in err and expected in err, err[-1500:]


def test_a_duplicated_games_file_is_a_clear_error(tree):
    shutil.copy(tree / "games" / "ecarte.toml", tree / "games" / "ecarte-copy.toml")
    code, err = _validate(tree)
    assert code == 1 and "games/ecarte-copy.toml" in err, err[-1500:]


def test_an_oversized_file_is_refused_without_reading_it(tree):
    with (tree / "laws" / "huge.toml").open("wb") as fh:
        fh.truncate(9 * 1024 * 1024)
    with pytest.raises(ContentError) as info:
        load_content(tree)
    assert any("larger than 8 MB" in str(p) for p in info.value.problems)


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ('family = "bezique"', 'familly = "bezique"', "familly", "unknown field"),
        ('family = "bezique"', 'family = "Bézique family"', "family", "lower-case name"),
        ('family = "bezique"', "family = 3", "family", "lower-case name"),
    ],
)
def test_a_games_file_with_a_misspelt_or_bad_family_names_it(tree, old, new, field, words):
    # The family decides which games' laws are offered by analogy when a code is silent: a
    # misspelt one would silently drop Pinochle from Bézique's analogues.
    _edit(tree / "games" / "pinochle.toml", old, new)
    with pytest.raises(ContentError) as info:
        load_content(tree)
    found = [p for p in info.value.problems if p.file == "games/pinochle.toml"]
    assert [(p.entry, p.field) for p in found] == [("pinochle", field)]
    assert words in found[0].message
