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
        # #155: an English question citing a French law, not marked as comparing codes.
        (
            lambda t: t.replace('["ecarte.english.game-five-up"]',
                                '["ecarte.english.game-five-up", "ecarte.french.game-length"]'),
            "good-two",
            "laws",
        ),
        (
            lambda t: t.replace('id = "good-two"', 'id = "good-two"\ncompares_codes = true'),
            "good-two",
            "compares_codes",
        ),
        # #112: the Club Code's law 23 asked without law 24, its exception.
        (
            lambda t: t.replace('"ecarte.english.game-five-up"',
                                '"ecarte.english.king-in-hand-announced"'),
            "good-two",
            "laws",
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


def _plain(text: str) -> str:
    """Text without accents, casefolded: "Écarté" and "ecarte" read alike."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


# How a prompt may name each game (its name in content/games, its other names in brackets).
GAME_WORDS: dict[str, tuple[str, ...]] = {
    "auction-pitch": ("auction pitch", "sell out", "commercial pitch"),
    "bezique": ("bezique",),
    "cinch": ("cinch", "double pedro", "high five"),
    "conquian": ("conquian", "cooncan"),
    "ecarte": ("ecarte",),
    "general": ("general laws", "all card games", "any card game"),
    "pinochle": ("pinochle",),
    "rubicon-bezique": ("rubicon bezique",),
}
# How a prompt (or, for an item contrasting codes, its choices) may name each code.
CODE_WORDS: dict[str, tuple[str, ...]] = {
    "english": ("english", "club code", "portland", "england"),
    "french": ("french", "france"),
    "american": ("american", "foster"),
}


def _names_game(text: str, game: str) -> bool:
    plain = _plain(text)
    if game == "bezique":  # Bézique named as itself, not as part of "Rubicon Bézique"
        plain = plain.replace("rubicon bezique", "")
    return any(word in plain for word in GAME_WORDS[game])


def test_every_authored_item_names_its_game_and_the_code_where_the_game_has_several():
    # An item is read alone, in a mixed session: the learner must know which game, and which
    # code of laws where the game has more than one, the question is about (audit: a Cinch
    # failed bid read as Auction Pitch, carte blanche read as Piquet's).
    items = load_authored(CONTENT)
    assert set(GAME_WORDS) == {law.game for law in CONTENT.laws.values()}
    codes_of: dict[str, set[str]] = {}
    for law in CONTENT.laws.values():
        codes_of.setdefault(law.game, set()).add(law.code)
    unnamed, uncoded = [], []
    for item in items.values():
        game = CONTENT.laws[item.laws[0]].game
        if not _names_game(item.prompt, game):
            unnamed.append(item.id)
        if len(codes_of[game]) < 2:
            continue
        cited = {CONTENT.laws[law].code for law in item.laws}
        # One code: the prompt names it. Several: the item contrasts them, and prompt and
        # choices together name each.
        text = _plain(item.prompt if len(cited) == 1
                      else " ".join([item.prompt, *(item.choices or ())]))
        if not all(any(w in text for w in CODE_WORDS[code]) for code in cited):
            uncoded.append(item.id)
    assert unnamed == [], "prompts that do not name their game"
    assert uncoded == [], "prompts that do not name the code of a game with several"


def test_the_naming_check_tells_a_rubicon_prompt_from_a_bezique_one():
    assert _names_game("At Rubicon Bézique, who deals?", "rubicon-bezique")
    assert not _names_game("At Rubicon Bézique, who deals?", "bezique")
    assert _names_game("At Bézique (not Rubicon Bézique), who deals?", "bezique")
    assert not _names_game("Who scores the point for high?", "cinch")


def test_a_question_s_laws_line_holds_its_own_code_and_counterparts_apart(capsys):
    # #155: the French counterpart of an English law read as one of the laws asked.
    assert cli(["quiz", "show", "authored:ecarte-treble-game", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    laws = next(line for line in lines if line.startswith("laws: "))
    assert "ecarte.french." not in laws
    assert any(line.startswith("compare (other codes' counterparts): ecarte.french.")
               for line in lines)
