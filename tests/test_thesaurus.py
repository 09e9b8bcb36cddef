"""The thesaurus content file: loading, validation messages, and what it does to a search."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.corpus.checks import ContentError
from app.corpus.laws import Content, Law
from app.search.store import LawsStore
from app.search.thesaurus import load_thesaurus


def _law(slug: str, title: str, text: str) -> Law:
    return Law(
        id=f"ecarte.english.{slug}", game="ecarte", code="english", authority="t",
        topic="general-principles", case=slug, title=title, text=text, situation="",
        remedy="", brief="", source="t", book="t", section="",
    )


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "thesaurus.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_the_shipped_thesaurus_loads() -> None:
    thesaurus = load_thesaurus()
    assert {"surplus", "short", "erroneous", "exposed", "stake", "misdeal", "draw"} <= {
        g.id for g in thesaurus.groups
    }
    assert ("besigue", "bezique") in thesaurus.game_names
    assert "how" in thesaurus.stop_words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[[group]]\nid = "x"\nforms = ["one"]\n',
         "thesaurus.toml: entry 'x': field 'forms': a group needs at least two forms"),
        ('[[group]]\nid = "x"\nforms = ["a b", 3]\n',
         "thesaurus.toml: entry 'x': field 'forms': must be a list of non-empty strings"),
        ('[[group]]\nforms = ["a", "b"]\n',
         "thesaurus.toml: entry 'group #1': field 'id': missing required field"),
        ('[[group]]\nid = "x"\nforms = ["aa", "bb"]\n[[group]]\nid = "y"\nforms = ["AA", "cc"]\n',
         "thesaurus.toml: entry 'y': field 'forms': 'AA' is already in group 'x'"),
        ('[[game]]\ngame = "snap"\nnames = ["snap"]\n',
         "thesaurus.toml: entry 'snap': field 'game': unknown game 'snap'"),
        ('[[group]]\nid = "x"\nforms = ["a", "b"]\ncolour = "red"\n',
         "thesaurus.toml: entry 'x': field 'colour': unknown field"),
        ('stop_words = "the"\n',
         "thesaurus.toml: entry '-': field 'stop_words': must be a list of non-empty strings"),
        ("[[group]\n", "thesaurus.toml: entry '-': field '-': malformed TOML"),
    ],
)
def test_a_broken_thesaurus_is_rejected_naming_file_entry_and_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    with pytest.raises(ContentError) as error:
        load_thesaurus(_write(tmp_path, text))
    assert any(str(p).startswith(expected) for p in error.value.problems), error.value


def test_a_new_row_takes_effect_without_reindexing(tmp_path: Path) -> None:
    laws = [_law("surplus", "Hand too long", "The hand holds a surplus card.")]
    content = Content(laws={law.id: law for law in laws}, terms={}, games={})
    before = LawsStore(content, thesaurus=load_thesaurus(_write(tmp_path, "")))
    assert before.find("overfull", literal=True).hits == ()
    row = '[[group]]\nid = "s"\nforms = ["surplus", "overfull"]\n'
    added = load_thesaurus(_write(tmp_path, row))
    after = LawsStore(content, thesaurus=added, conn=before.conn)
    (hit,) = after.find("overfull").hits
    assert [(m.found, m.how, m.source) for m in hit.matched] == [
        ("surplus", "synonym", "thesaurus:s")]


def test_stop_words_are_dropped_unless_nothing_else_is_typed(tmp_path: Path) -> None:
    laws = [_law("how", "How to deal", "Deal five cards.")]
    content = Content(laws={law.id: law for law in laws}, terms={}, games={})
    store = LawsStore(content, thesaurus=load_thesaurus(_write(tmp_path, 'stop_words = ["how"]\n')))
    assert store.find("how deal").dropped == ("how",)
    assert [h.law_id for h in store.find("how ").hits] == ["ecarte.english.how"]


def test_validate_command_reports_thesaurus_problems(tmp_path: Path, capsys) -> None:
    import shutil

    from app.__main__ import main
    from app.corpus.loading import CONTENT_DIR

    shutil.copytree(CONTENT_DIR, tmp_path / "content", ignore=shutil.ignore_patterns("*.py*"))
    _write(tmp_path / "content", '[[group]]\nid = "x"\nforms = ["only"]\n')
    assert main(["validate", str(tmp_path / "content")]) == 1
    assert "thesaurus.toml: entry 'x': field 'forms'" in capsys.readouterr().err
