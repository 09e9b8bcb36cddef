"""Authored quiz items: the real files validate; a broken file is refused whole, naming places."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.__main__ import main as cli
from app.corpus.checks import ContentError
from quizzes.authored import QUIZ_DIR, load_authored
from quizzes.bank import default_bank

CONTENT = default_bank().content

GOOD = """
[[item]]
id = "good-one"
kind = "true-false"
laws = ["rubicon-bezique.english.tie-after-brisques"]
prompt = "A tie after brisques voids the game."
answer = true
explanation = "It does."

[[item]]
id = "good-two"
kind = "choice"
laws = ["ecarte.english.game-five-up"]
prompt = "How many points make an Écarté game?"
choices = ["5", "7", "10"]
answer = "5"
explanation = "Five."
"""


def write(tmp_path: Path, text: str, name: str = "items.toml") -> Path:
    folder = tmp_path / "quiz"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_the_real_items_load_and_cite_existing_laws():
    items = load_authored(CONTENT)
    assert len(items) >= 25
    assert {CONTENT.laws[i.laws[0]].game for i in items.values()} >= {
        "rubicon-bezique",
        "bezique",
        "ecarte",
        "pinochle",
        "cinch",
        "auction-pitch",
        "conquian",
        "general",
    }
    kinds = {i.kind for i in items.values()}
    assert kinds == {"true-false", "choice"}


def test_a_good_file_loads(tmp_path):
    items = load_authored(CONTENT, write(tmp_path, GOOD))
    assert set(items) == {"good-one", "good-two"}
    assert items["good-one"].answer is True
    assert (
        items["good-two"].ordered_choices
        == load_authored(CONTENT, write(tmp_path, GOOD))["good-two"].ordered_choices
    )


@pytest.mark.parametrize(
    ("edit", "entry", "field"),
    [
        (lambda t: t.replace('kind = "true-false"', 'kind = "essay"'), "good-one", "kind"),
        (lambda t: t.replace("answer = true", 'answer = "yes"'), "good-one", "answer"),
        (lambda t: t.replace('answer = "5"', 'answer = "6"'), "good-two", "answer"),
        (lambda t: t.replace('["5", "7", "10"]', '["5"]'), "good-two", "choices"),
        (lambda t: t.replace('["5", "7", "10"]', '["5", "5", "10"]'), "good-two", "choices"),
        (
            lambda t: t.replace("ecarte.english.game-five-up", "ecarte.english.no-such-law"),
            "good-two",
            "laws",
        ),
        (lambda t: t.replace('prompt = "How many', 'promt = "How many'), "good-two", "promt"),
        (lambda t: t.replace('explanation = "It does."', ""), "good-one", "explanation"),
        (lambda t: t.replace('id = "good-two"', 'id = "Good Two"'), "Good Two", "id"),
        (lambda t: t.replace('id = "good-two"', 'id = "good-one"'), "good-one", "id"),
        (
            lambda t: t.replace("answer = true", "answer = true\nchoices = []"),
            "good-one",
            "choices",
        ),
    ],
)
def test_a_broken_item_is_refused_naming_file_entry_and_field(tmp_path, edit, entry, field):
    folder = write(tmp_path, edit(GOOD))
    with pytest.raises(ContentError) as caught:
        load_authored(CONTENT, folder)
    places = {(p.file, p.entry, p.field) for p in caught.value.problems}
    assert ("quiz/items.toml", entry, field) in places, caught.value


def test_one_bad_file_means_nothing_is_loaded(tmp_path):
    folder = write(tmp_path, GOOD, "a.toml")
    write(tmp_path, "[[item]\nthis is not toml", "b.toml")
    with pytest.raises(ContentError) as caught:
        load_authored(CONTENT, folder)
    assert caught.value.problems[0].file == "quiz/b.toml"
    assert "malformed TOML" in caught.value.problems[0].message


def test_a_file_without_items_is_refused(tmp_path):
    with pytest.raises(ContentError, match="item"):
        load_authored(CONTENT, write(tmp_path, 'title = "nothing here"\n'))


def test_quiz_validate_command(tmp_path, capsys):
    assert cli(["quiz", "validate"]) == 0
    assert "authored items" in capsys.readouterr().out
    broken = tmp_path / "copy"
    shutil.copytree(QUIZ_DIR, broken)
    (broken / "zz.toml").write_text('[[item]]\nid = "x"\n', encoding="utf-8")
    assert cli(["quiz", "validate", str(broken)]) == 1
    assert "quiz/zz.toml" in capsys.readouterr().err


def test_quiz_show_command_prints_the_question_of_an_id(capsys):
    qid = "ruling:rubicon-bezique.english.surplus-after-first-trick:1234"
    assert cli(["quiz", "show", qid]) == 0
    out = capsys.readouterr().out
    # The id (which names the law) comes last, after the answer, as the source does.
    assert "answer:" in out and out.rstrip().endswith(f"id: {qid}")
    assert out.index("answer:") < out.index("source:")
    assert cli(["quiz", "show", "ruling:no.such.law:1"]) == 2


def test_every_authored_item_listed_by_quiz_items_can_be_shown(capsys):
    # `quiz items` keys an authored item by its law; `quiz show` must take that key.
    assert cli(["quiz", "items", "--type", "authored"]) == 0
    keys = capsys.readouterr().out.split()
    assert keys and all(k.startswith("authored:") for k in keys)
    for key in keys:
        assert cli(["quiz", "show", key]) == 0, key
        out = capsys.readouterr().out
        assert "answer:" in out and "\nid: authored:" in out
