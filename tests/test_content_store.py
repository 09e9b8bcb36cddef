"""The content store answers exactly as the TOML does, is built once per content version, and a
damaged, foreign or planted store is ignored and rebuilt: it never runs code nor stops a start."""

from __future__ import annotations

import os
import pickle
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from app.corpus import cache as content_cache
from app.corpus.loading import CONTENT_DIR, load_content
from app.corpus.store import FORMAT, store_path
from app.corpus.stored import StoredContent
from app.model.games import build_games

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "ui" / "fixture_content"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_prepared_data: None) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(content_cache.ENV_DIR, str(folder))
    return folder


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return root


@pytest.fixture
def small(tmp_path: Path) -> Path:
    root = tmp_path / "small"
    shutil.copytree(FIXTURE, root)
    return root


def _stored(root: Path | None = None) -> StoredContent:
    content = load_content(root, cached=True)  # built first when there is no store
    assert isinstance(content, StoredContent)
    return content


def test_the_store_answers_every_question_as_the_toml_does(cache):
    memory = load_content()
    stored = _stored()
    assert len(stored.laws) == len(memory.laws)
    assert list(stored.laws) == list(memory.laws)
    assert list(stored.laws.values()) == list(memory.laws.values())
    assert dict(stored.laws.items()) == dict(memory.laws.items())
    assert dict(stored.terms) == dict(memory.terms) and list(stored.terms) == list(memory.terms)
    assert dict(stored.games) == dict(memory.games) and list(stored.games) == list(memory.games)
    assert dict(stored.sources) == dict(memory.sources)
    assert list(stored.variants) == list(memory.variants)
    assert dict(stored.variants) == dict(memory.variants)
    games = {law.game for law in memory.laws.values()} | set(memory.games) | {"no-such-game"}
    fresh_store = _stored()
    codes = {law.code for law in memory.laws.values()} | {"no-such-code"}
    assert stored.laws_for() == memory.laws_for()
    for game in games:
        assert stored.laws_for(game) == memory.laws_for(game), game
        assert fresh_store.rulings_of(game) == memory.rulings_of(game), game
        groups, expected = stored.variant_groups_of(game), memory.variant_groups_of(game)
        assert list(groups) == list(expected) and dict(groups) == dict(expected), game
        assert groups.changing_defaults() == expected.changing_defaults(), game
        assert fresh_store.cases_of(game) == memory.cases_of(game), game  # no law decoded
        topics = fresh_store.situations_by_topic(game)
        for words in ("", "REVOKE", "écarté", "no such words"):
            assert fresh_store.cases_matching(game, words) == memory.cases_matching(
                game, words), (game, words)
        assert topics == memory.situations_by_topic(game), game
        for topic in {t.topic for t in topics} | {"no-such-topic"}:
            assert fresh_store.lone_situations(game, topic) == memory.lone_situations(
                game, topic), (game, topic)
        for code in codes:
            assert stored.laws_for(game, code) == memory.laws_for(game, code), (game, code)
            assert stored.laws_for(code=code) == memory.laws_for(code=code), code
    for game in games:
        for code in (*codes, None):
            assert stored.topic_counts(game, code) == memory.topic_counts(game, code)
            assert list(stored.topic_counts(game, code)) == list(memory.topic_counts(game, code))
            assert stored.topic_counts(None, code) == memory.topic_counts(None, code)
            for topic in {law.topic for law in memory.laws.values()} | {"no-such-topic"}:
                assert stored.laws_of_topic(game, topic, code) == memory.laws_of_topic(
                    game, topic, code), (game, topic, code)
                assert list(fresh_store.iter_laws_of_topic(game, topic, code)) == list(
                    memory.iter_laws_of_topic(game, topic, code)) == list(
                    memory.laws_of_topic(game, topic, code)), (game, topic, code)
    assert list(stored.topic_counts()) == list(memory.topic_counts())
    for law in memory.laws.values():
        key = (law.game, law.code, law.case)
        assert stored.laws_of_case(*key) == memory.laws_of_case(*key), key
        assert law.id in stored.laws
    assert stored.laws_of_case("ecarte", "french", "no-such-case") == ()
    assert "no-such.law" not in stored.laws and stored.laws.get("no-such.law") is None
    assert stored.variants.get("no-such-group") is None
    fresh = _stored()  # positions asked before any law was read, then after
    for law in memory.laws.values():
        assert fresh.file_order(law) == memory.file_order(law)
        assert stored.file_order(law) == memory.file_order(law)
    assert stored == memory


def test_a_ruling_reads_only_the_laws_it_cites_and_not_the_glossary(cache):
    from app.engine import rule
    from app.model.scenario import load_scenario_file

    stored = _stored()
    scenario_file = CONTENT_DIR / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"
    games = build_games(stored)
    ruling = rule(load_scenario_file(scenario_file, games), games, stored)
    memory = load_content()
    expected = rule(load_scenario_file(scenario_file, build_games(memory)),
                    build_games(memory), memory)
    assert ruling.to_json() == expected.to_json()
    assert 0 < len(stored._decoded) < len(memory.laws) // 4
    assert stored._glossary_terms is None
    assert stored.terms == memory.terms  # read when first asked for


def test_a_topic_read_as_a_stream_decodes_only_the_laws_taken(cache, small):
    stored = _stored(small)
    memory = load_content(small)
    (game, topic), _ = max(memory.topic_counts().items(), key=lambda kv: kv[1])
    laws = memory.laws_of_topic(game, topic)
    assert len(laws) >= 3
    stream = stored.iter_laws_of_topic(game, topic)
    assert next(stream) == laws[0] and next(stream) == laws[1]
    assert list(stored._decoded) == [laws[0].id, laws[1].id]  # the rest not decoded
    stream.close()
    assert list(stored.iter_laws_of_topic(game, topic)) == list(laws)


def _identity(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_ino, st.st_mtime_ns


def test_a_second_start_builds_nothing_and_an_edit_rebuilds(cache, tree):
    first = load_content(tree, cached=True)
    assert isinstance(first, StoredContent)  # built from the TOML, then served from the store
    path = store_path(tree)
    built = _identity(path)
    again = load_content(tree, cached=True)
    assert isinstance(again, StoredContent) and _identity(path) == built
    law = next(iter(first.laws.values()))
    laws_file = tree / law.file
    text = laws_file.read_text(encoding="utf-8")
    assert f'title = "{law.title}"' in text
    laws_file.write_text(text.replace(f'title = "{law.title}"', 'title = "A title edited"', 1),
                         encoding="utf-8")
    edited = load_content(tree, cached=True)
    assert edited.laws[law.id].title == "A title edited"
    assert again.version != load_content(tree, cached=True).version
    assert _identity(path) != built
    assert load_content(tree, cached=True).laws[law.id].title == "A title edited"


@pytest.mark.skipif(os.name == "nt", reason="Windows keeps no change time; there the store "
                    "goes by the modification time")
def test_an_edit_in_place_at_the_same_size_with_its_time_put_back_is_seen(cache, small):
    title = "Bystanders may advise"
    assert load_content(small, cached=True).laws["ecarte.french.bystander-advice"].title == title
    path = small / "laws" / "ecarte.toml"
    before = path.stat()
    data = path.read_bytes()
    with path.open("r+b") as f:  # the same file (inode), the same size
        f.write(data.replace(title.encode(), b"Bystanders MAY advise"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as `touch -r` or `cp -p` do
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino, before.st_size, before.st_mtime_ns)
    stored = load_content(small, cached=True)
    assert stored.laws["ecarte.french.bystander-advice"].title == "Bystanders MAY advise"


def test_a_laws_file_added_removed_or_renamed_is_seen(cache, small):
    laws = small / "laws"
    law_id = "ecarte.french.bystander-advice"
    assert load_content(small, cached=True).laws[law_id].file == "laws/ecarte.toml"
    text = (laws / "ecarte.toml").read_text(encoding="utf-8")
    block = text[text.index(f'[[law]]\nid = "{law_id}"'):]
    (laws / "ecarte-more.toml").write_text(
        'game = "ecarte"\n\n' + block.replace(law_id, law_id + "-again")
        .replace('case = "bystander-advice"', 'case = "bystander-advice-again"'),
        encoding="utf-8")
    assert load_content(small, cached=True).laws[law_id + "-again"].title == (
        "Bystanders may advise")
    (laws / "ecarte-more.toml").rename(laws / "ecarte-again.toml")
    assert load_content(small, cached=True).laws[law_id + "-again"].file == (
        "laws/ecarte-again.toml")
    (laws / "ecarte-again.toml").unlink()
    stored = load_content(small, cached=True)
    assert law_id + "-again" not in stored.laws and law_id in stored.laws
    assert stored == load_content(small)


def test_a_store_of_another_format_or_content_is_rebuilt(cache, small):
    fresh = load_content(small)
    load_content(small, cached=True)
    path = store_path(small)
    for name, value in (("format", "cardlaws-content-store/0"), ("manifest", "other content"),
                        ("laws", "3")):
        conn = sqlite3.connect(path)
        conn.execute("UPDATE meta SET value = ? WHERE name = ?", (value, name))
        conn.commit()
        conn.close()
        served = load_content(small, cached=True)
        assert served == fresh
        meta = dict(sqlite3.connect(path).execute("SELECT name, value FROM meta"))
        assert meta["format"] == FORMAT and meta["laws"] == str(len(fresh.laws))


def test_a_damaged_row_falls_back_to_the_toml_and_the_store_is_rebuilt(cache, small):
    fresh = load_content(small)
    stored = _stored(small)
    law_id = list(fresh.laws)[-1]
    conn = sqlite3.connect(store_path(small))
    conn.execute("UPDATE laws SET text = replace(text, 'the', 'a') WHERE id = ?", (law_id,))
    conn.commit()
    conn.close()
    stored = load_content(small, cached=True)
    assert isinstance(stored, StoredContent)
    assert stored.laws[law_id] == fresh.laws[law_id]  # from the TOML, the store removed
    assert not store_path(small).exists()
    assert stored == fresh
    assert isinstance(load_content(small, cached=True), StoredContent)  # rebuilt


def test_three_hundred_random_corruptions_are_each_ignored_and_rebuilt(cache, small):
    fresh = load_content(small)
    load_content(small, cached=True)
    path = store_path(small)
    good = path.read_bytes()
    rng = random.Random(11)
    for _ in range(300):
        data = bytearray(good)
        how = rng.randrange(4)
        if how == 0:
            data = data[: rng.randrange(len(data))]  # truncated
        elif how == 1:
            for _ in range(rng.randint(1, 8)):  # flipped bytes
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif how == 2:
            start = rng.randrange(len(data))  # a zeroed run
            data[start : start + rng.randint(1, 4096)] = bytes(min(4096, len(data) - start))
        else:
            data = bytearray(rng.randbytes(rng.randint(0, 2048)))  # garbage
        path.write_bytes(bytes(data))
        served = load_content(small, cached=True)
        assert served == fresh  # every law, term and game read, from the store or the TOML
        assert load_content(small, cached=True) == fresh  # a damaged store was rebuilt


MARKER = Path(tempfile.gettempdir()) / "cardlaws-planted-store-ran"


class _Planted:
    """What an attacker would plant: unpickling it creates MARKER."""

    def __reduce__(self):
        return (Path.touch, (MARKER,))


def test_a_planted_file_is_never_run(cache):
    MARKER.unlink(missing_ok=True)
    fresh = load_content()
    path = store_path(CONTENT_DIR)
    path.parent.mkdir(parents=True)
    path.write_bytes(pickle.dumps(_Planted()))
    assert load_content(cached=True) == fresh
    assert not MARKER.exists()
    assert isinstance(load_content(cached=True), StoredContent)


def test_an_unwritable_cache_folder_costs_only_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(content_cache.ENV_DIR, str(blocker / "cache"))
    assert load_content(cached=True) == load_content()


def test_processes_starting_at_once_each_get_whole_content(cache, small):
    script = ("from app.corpus.loading import load_content; "
              "c = load_content(__import__('sys').argv[1],"
              " cached=True); print(len(c.laws), len(list(c.laws.values())), len(c.games))")
    env = dict(os.environ, **{content_cache.ENV_DIR: str(cache)})
    procs = [subprocess.Popen([sys.executable, "-c", script, str(small)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    outputs = [p.communicate(timeout=1800) for p in procs]
    fresh = load_content(small)
    expected = f"{len(fresh.laws)} {len(fresh.laws)} {len(fresh.games)}"
    for p, (out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0 and out.strip() == expected, err
    assert _stored(small) == fresh
    assert [p.name for p in cache.iterdir()] == [store_path(small).name]  # no temp files left


def test_threads_read_the_store_at_once(cache):
    memory = load_content()
    stored = _stored()
    seen: list[list[str]] = []
    errors: list[BaseException] = []

    def walk() -> None:
        try:
            seen.append([law.id for law in stored.laws.values()])
        except BaseException as exc:
            errors.append(exc)

    workers = [threading.Thread(target=walk) for _ in range(3)]
    for w in workers:
        w.start()
    for game in memory.games:
        for code in memory.games[game].codes:
            assert stored.laws_for(game, code) == memory.laws_for(game, code)
    for w in workers:
        w.join()
    assert not errors and seen == [list(memory.laws)] * 3


def test_the_games_list_comes_from_the_store_not_the_games_files(cache, tree, monkeypatch):
    from app.corpus import game_index
    from app.corpus.vocabulary import GAMES

    expected = game_index.read_game_names(tree / "games")
    load_content(tree, cached=True)
    monkeypatch.setenv("CARDLAWS_CONTENT_DIR", str(tree))
    parsed: list[Path] = []
    real = game_index.read_game_names
    monkeypatch.setattr(game_index, "read_game_names",
                        lambda folder: parsed.append(folder) or real(folder))
    load_content(cached=True)  # from the store
    assert list(GAMES.items()) == list(expected.items())
    assert parsed == []


def test_every_question_but_a_walk_is_answered_from_an_index(cache, monkeypatch):
    from app.corpus.store import StoreReader

    stored = _stored()
    asked: list[tuple[str, tuple]] = []
    for name in ("rows", "stream"):
        real = getattr(StoreReader, name)

        def spy(self, sql, params=(), *rest, real=real):
            asked.append((sql, tuple(params)))
            return real(self, sql, params, *rest)

        monkeypatch.setattr(StoreReader, name, spy)
    law = load_content().laws["ecarte.english.repeated-proposals"]
    assert law.variant_of
    stored.laws_for(law.game, law.code)
    stored.laws_of_case(law.game, law.code, law.case)
    stored.laws_of_topic(law.game, law.topic, law.code)
    stored.laws_of_topic(law.game, law.topic)
    list(stored.iter_laws_of_topic(law.game, law.topic, law.code))
    groups = stored.variant_groups_of(law.game)
    assert law.variant_of in groups
    assert law in groups[law.variant_of]
    groups.changing_defaults()
    stored.file_order(law)
    stored.rulings_of(law.game)
    assert law.id in stored.laws and stored.laws[law.id] == law
    conn = sqlite3.connect(store_path(CONTENT_DIR))
    for sql, params in asked:
        plan = " / ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params))
        assert "SCAN laws" not in plan, (sql, plan)  # a walk of every law
    (changing,) = [sql for sql, _ in asked if "changes = 1" in sql]
    plan = str(conn.execute(f"EXPLAIN QUERY PLAN {changing}", (law.game,)).fetchall())
    assert "laws_changing" in plan


@pytest.mark.skipif(os.name == "nt", reason="Windows keeps no change time")
def test_a_time_too_large_for_the_manifests_array_is_said_in_full(small, monkeypatch):
    from app.corpus import store as content_store

    class Narrow:  # as if every time were past 2262
        def __init__(self, code: str) -> None:
            pass

        def append(self, value: int) -> None:
            raise OverflowError(value)

    before = content_store.manifest(small)
    monkeypatch.setattr(content_store, "array", Narrow)
    full = content_store.manifest(small)
    assert full != before and "[(" in full
    path = small / "laws" / "ecarte.toml"
    st = path.stat()
    path.write_bytes(path.read_bytes().replace(b"Bystanders may", b"Bystanders MAY"))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert content_store.manifest(small) != full
