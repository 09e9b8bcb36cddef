"""The content files: every file validates, every seed paragraph is cited, broken files fail."""

import shutil
from pathlib import Path

import pytest

from app.__main__ import main as cli
from app.corpus.checks import ContentError
from app.corpus.loading import CONTENT_DIR, load_content, seed_paragraphs

# The seed texts the laws were written from, when they lie beside the repository (the
# project needs none of them: these checks are skipped without them).
SEEDS_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"

CONTENT = load_content()


def test_all_content_validates_and_covers_every_game():
    # The games are whatever content/games/ holds; each has laws, and so do the principles.
    games = {path.stem for path in (CONTENT_DIR / "games").glob("*.toml")}
    assert set(CONTENT.games) == games
    assert {law.game for law in CONTENT.laws.values()} == games | {"general"}
    assert len(CONTENT.terms) >= 40


def test_every_paragraph_of_every_listed_source_is_cited_by_a_law_or_a_glossary_entry():
    cited = {law.seed_citation for law in CONTENT.laws.values()}
    cited |= {
        (t.source.split(":")[0], int(t.source.split(":")[1]))
        for t in CONTENT.terms.values()
        if t.source[:3].isdigit() and ":" in t.source
    }
    assert len([s for s in CONTENT.sources.values() if s.paragraphs]) == 4  # the seeds
    every = {(s.id, n) for s in CONTENT.sources.values() for n in range(1, s.paragraphs + 1)}
    assert not sorted(every - cited)


@pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason="the shared seeds are not beside the repo")
def test_the_source_manifest_agrees_with_the_seed_texts_beside_the_repository():
    content = load_content(seeds_dir=SEEDS_DIR)  # raises, naming the source, on any mismatch
    texts = {(stem, n) for stem, n, _ in seed_paragraphs(SEEDS_DIR)}
    listed = {(s.id, n) for s in content.sources.values() for n in range(1, s.paragraphs + 1)}
    assert texts == listed  # and no paragraph of the texts is blank


def test_a_manifest_that_disagrees_with_the_texts_is_reported(tree, tmp_path):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "004_bb42571dc37fd99d.txt").write_text("one\ntwo\n", encoding="utf-8")
    (seeds / "009_0123456789abcdef.txt").write_text("one\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(tree, seeds_dir=seeds)
    found = [str(p) for p in info.value.problems]
    assert any("'004_bb42571dc37fd99d'" in p and "the seed text has 2 paragraphs" in p
               for p in found), found
    assert any("seed 009_0123456789abcdef.txt is not in the manifest" in p for p in found)


def test_a_citation_of_a_source_the_manifest_does_not_list_is_rejected(tree):
    (tree / "sources.toml").write_text(
        (tree / "sources.toml").read_text(encoding="utf-8").replace("004_bb", "005_bb"),
        encoding="utf-8",
    )
    assert any(
        p.startswith("laws/ecarte.toml") and "cites 004_bb42571dc37fd99d, which sources.toml "
        "does not list" in p
        for p in problems(tree)
    )


def test_counterpart_links_are_mutual_with_inverse_tags():
    inverse = {
        "same": "same",
        "stricter": "more-lenient",
        "more-lenient": "stricter",
        "different-remedy": "different-remedy",
    }
    pairs = 0
    for law in CONTENT.laws.values():
        for cp in law.counterparts:
            other = CONTENT.laws[cp.law]
            back = {c.law: c.contrast for c in other.counterparts}
            assert back[law.id] == inverse[cp.contrast]
            assert other.game == law.game and other.code != law.code
            pairs += 1
    assert pairs >= 20


def test_every_variant_group_has_two_members_and_one_default():
    groups: dict[str, list] = {}
    for law in CONTENT.laws.values():
        if law.variant_of:
            groups.setdefault(law.variant_of, []).append(law)
    assert len(groups) >= 8
    for name, members in groups.items():
        assert len(members) >= 2, name
        assert sum(m.variant_default for m in members) == 1, name


def test_topic_counts_and_a_topics_laws_agree_with_the_laws_themselves():
    # What the browser shows without walking every law: counts per game and topic, and one
    # topic's laws, for every game and code filter.
    laws = list(CONTENT.laws.values())
    for game in (None, "ecarte", "pinochle"):
        for code in (None, "english", "french"):
            chosen = [law for law in laws
                      if (game is None or law.game == game) and (code is None or law.code == code)]
            expected: dict[tuple[str, str], int] = {}
            for law in chosen:
                expected[(law.game, law.topic)] = expected.get((law.game, law.topic), 0) + 1
            assert CONTENT.topic_counts(game, code) == expected
            for (g, topic), n in expected.items():
                listed = CONTENT.laws_of_topic(g, topic, code)
                assert [law.id for law in listed] == [
                    law.id for law in chosen if law.game == g and law.topic == topic]
                assert len(listed) == n
    assert CONTENT.topic_counts("no-such-game") == {}
    assert CONTENT.laws_of_topic("ecarte", "no-such-topic") == ()


def test_the_validate_command_passes_on_the_real_content(capsys):
    assert cli(["validate"]) == 0
    assert "content OK" in capsys.readouterr().out


# --- broken fixtures: one per validation rule -------------------------------------------

GOOD_LAW = """
[[law]]
id = "ecarte.american.{slug}"
code = "american"
authority = "Foster 1897"
topic = "scoring"
case = "{slug}"
title = "A title"
text = "Some text."
situation = "When."
remedy = "What."
brief = "Brief."
source = "004_bb42571dc37fd99d:8"
book = "Foster"
section = "Écarté"
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR / "games", root / "games")
    shutil.copy(CONTENT_DIR / "glossary.toml", root / "glossary.toml")
    shutil.copy(CONTENT_DIR / "sources.toml", root / "sources.toml")
    (root / "laws").mkdir()
    (root / "laws" / "ecarte.toml").write_text(
        'game = "ecarte"\n' + GOOD_LAW.format(slug="one"), encoding="utf-8"
    )
    return root


def problems(root: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_content(root)
    return [str(p) for p in info.value.problems]


def test_the_fixture_itself_is_valid(tree):
    assert list(load_content(tree).laws) == ["ecarte.american.one"]


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda t: t.replace('code = "american"', 'code = "klingon"'),
            "field 'code': unknown code 'klingon'",
        ),
        (
            lambda t: t.replace('topic = "scoring"', 'topic = "cheating"'),
            "field 'topic': unknown topic 'cheating'",
        ),
        (
            lambda t: t.replace('game = "ecarte"', 'game = "snap"'),
            "field 'game': unknown or missing game 'snap'",
        ),
        (lambda t: t.replace('title = "A title"\n', ""), "field 'title': missing required field"),
        (lambda t: t + GOOD_LAW.format(slug="one"), "field 'id': duplicate id"),
        (
            lambda t: t + 'related = ["ecarte.american.nowhere"]\n',
            "field 'related': links to missing law 'ecarte.american.nowhere'",
        ),
        (  # checked against content/sources.toml: no seed text is needed
            lambda t: t.replace("004_bb42571dc37fd99d:8", "004_bb42571dc37fd99d:99"),
            "field 'source': seed 004_bb42571dc37fd99d has 10 paragraphs",
        ),
        (lambda t: t + "[[law\n", "entry '-': field '-': malformed TOML"),
        (lambda t: t + 'colour = "red"\n', "field 'colour': unknown field"),
        (
            lambda t: t.replace('id = "ecarte.american.one"', 'id = "pinochle.american.one"'),
            "field 'id': must start with 'ecarte.american.'",
        ),
        (
            lambda t: t + 'counterparts = [{ law = "ecarte.american.one", contrast = "odd" }]\n',
            "unknown contrast 'odd'",
        ),
        (
            lambda t: t + 'variant_of = "lonely"\nvariant_default = true\n',
            "variant group 'lonely' has one member",
        ),
    ],
)
def test_a_broken_law_file_is_rejected_naming_file_entry_and_field(tree, edit, expected):
    path = tree / "laws" / "ecarte.toml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    found = problems(tree)
    assert any(expected in p and p.startswith("laws/ecarte.toml") for p in found), found


def test_a_one_way_counterpart_link_is_rejected(tree):
    path = tree / "laws" / "ecarte.toml"
    text = (
        path.read_text(encoding="utf-8")
        .replace("american", "english")
        .replace("ecarte.english.one", "ecarte.english.two")
    )
    text += 'counterparts = [{ law = "ecarte.american.one", contrast = "stricter" }]\n'
    path.write_text(path.read_text(encoding="utf-8") + text.split("\n", 1)[1], encoding="utf-8")
    assert any("does not link back" in p for p in problems(tree))


def test_a_glossary_entry_without_definition_is_rejected(tree):
    (tree / "glossary.toml").write_text(
        '[[term]]\nid = "talon"\nterm = "talon"\n', encoding="utf-8"
    )
    assert "glossary.toml: entry 'talon': field 'definition': missing required field" in problems(
        tree
    )


def test_laws_of_a_game_without_its_game_facts_file_are_rejected(tree):
    (tree / "games" / "ecarte.toml").unlink()
    assert any(p.startswith("laws/ecarte.toml") and "games/ecarte.toml" in p
               and "missing game facts" in p for p in problems(tree))


def test_games_are_discovered_from_their_files(tree):
    # A new games file is a new game: nothing else lists the games.
    text = (tree / "games" / "ecarte.toml").read_text(encoding="utf-8")
    (tree / "games" / "ecarte-a-trois.toml").write_text(
        text.replace('id = "ecarte"', 'id = "ecarte-a-trois"'), encoding="utf-8")
    assert {"ecarte", "ecarte-a-trois"} <= set(load_content(tree).games)


def test_a_bad_game_model_field_is_rejected_naming_file_entry_and_field(tree):
    path = tree / "games" / "ecarte.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'trumps = "turn-up"', 'trumps = "by-lot"'), encoding="utf-8")
    assert any(p.startswith("games/ecarte.toml: entry 'ecarte': field 'model.trumps'")
               for p in problems(tree))


def test_a_bad_trick_rule_in_game_facts_is_rejected(tree):
    path = tree / "games" / "ecarte.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('"follow-and-win"', '"whatever"'), encoding="utf-8"
    )
    assert any("stages.play.rule" in p for p in problems(tree))


def test_validate_command_exits_non_zero_on_broken_content(tree, capsys):
    (tree / "laws" / "ecarte.toml").write_text("nonsense = [", encoding="utf-8")
    assert cli(["validate", str(tree)]) == 1
    assert "laws/ecarte.toml" in capsys.readouterr().err


def test_cached_content_is_reused_and_invalidated_by_an_edit(tree, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path / "cache"))
    first = load_content(tree, cached=True)
    assert list((tmp_path / "cache").glob("content-*.sqlite"))
    assert load_content(tree, cached=True) == first
    path = tree / "laws" / "ecarte.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("A title", "Another title"),
                    encoding="utf-8")
    assert load_content(tree, cached=True).laws["ecarte.american.one"].title == "Another title"


def test_invalid_content_is_never_cached(tree, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path / "cache"))
    (tree / "laws" / "ecarte.toml").write_text("nonsense = [", encoding="utf-8")
    with pytest.raises(ContentError):
        load_content(tree, cached=True)
    assert not list((tmp_path / "cache").glob("content-*.sqlite"))


def test_a_corrupt_cache_file_is_ignored(tree, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAWS_CACHE_DIR", str(tmp_path / "cache"))
    load_content(tree, cached=True)
    for cached in (tmp_path / "cache").glob("content-*.sqlite"):
        cached.write_bytes(b"garbage")
    assert "ecarte.american.one" in load_content(tree, cached=True).laws


def test_the_situations_of_a_game_are_listed_once_each_with_the_codes_ruling_on_them():
    cases = CONTENT.cases_of("rubicon-bezique")
    laws = CONTENT.laws_for("rubicon-bezique")
    assert [c.case for c in cases] == list(dict.fromkeys(law.case for law in laws))
    for summary in cases:
        ruling = {law.code for law in laws if law.case == summary.case}
        assert set(summary.codes) == ruling and len(summary.codes) == len(ruling)
        assert all(CONTENT.laws_of_case("rubicon-bezique", code, summary.case)
                   for code in summary.codes)
    assert CONTENT.cases_of("no-such-game") == ()
