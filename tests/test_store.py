"""The laws store: loading, lookup, browse order, the glossary, and searching past RANK_LIMIT."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.search.store
from app.corpus.laws import Content, Law, Term
from app.search.store import LawsStore


def make_law(slug: str, title: str, text: str = "", **fields: str) -> Law:
    """A law with every required field filled in; `fields` override the defaults."""
    values = {
        "game": "ecarte", "code": "french", "topic": "general-principles", "authority": "test",
        "case": slug, "situation": "", "remedy": "", "brief": "", "source": "test",
        "book": "test", "section": "",
    }
    values.update(fields)
    law_id = f"{values['game']}.{values['code']}.{slug}"
    return Law(id=law_id, title=title, text=text, **values)  # type: ignore[arg-type]


LAWS = [
    make_law("zebra", "Zebra law", "About scoring.", game="cinch", code="american",
             topic="scoring"),
    make_law("b-misdeal", "B misdeal", "A misdeal.", topic="dealing-and-misdeals"),
    make_law("a-misdeal", "a misdeal", "Another misdeal.", topic="dealing-and-misdeals"),
    make_law("english-misdeal", "Misdeal (English)", "A misdeal.", code="english",
             topic="dealing-and-misdeals"),
    make_law("exposed", "Exposed card", "A card exposed.", topic="exposed-cards"),
    make_law("bezique-stock", "Drawing", "Drawing from the stock.", game="bezique",
             topic="drawing-from-the-stock"),
    make_law("general", "General rule", "Error in the pack.", game="general", code="english"),
]

TERMS = [
    Term("talon", "talon", "The undealt cards, drawn from during play.",
         french=("talon", "pioche"), synonyms=("stock",)),
    Term("revoke", "revoke", "Failing to follow suit when able.",
         french=("renonce",), synonyms=("renege",)),
    Term("pone", "pone", "The dealer's adversary in a two-handed game.",
         synonyms=("non-dealer", "elder hand")),
    Term("renounce", "renounce", "Playing another suit, having none of the suit led.",
         french=("renonce",)),
]


def fixture_content(laws: list[Law] = LAWS) -> Content:
    """A small Content built in code, independent of the real content files."""
    return Content(laws={law.id: law for law in laws}, terms={t.id: t for t in TERMS}, games={})


@pytest.fixture(scope="module")
def store() -> LawsStore:
    return LawsStore(fixture_content())


def test_every_law_is_a_row_of_the_index(store: LawsStore) -> None:
    assert store.conn.execute("SELECT count(*) FROM laws_fts").fetchone()[0] == len(LAWS)
    row = store.conn.execute(
        "SELECT title FROM laws_fts WHERE law_id = ?", ("bezique.french.bezique-stock",)
    ).fetchone()
    assert row == ("Drawing",)


def test_law_returns_the_law_by_id(store: LawsStore) -> None:
    assert store.law("ecarte.french.exposed") == LAWS[4]


def test_unknown_law_id_raises_key_error(store: LawsStore) -> None:
    with pytest.raises(KeyError):
        store.law("ecarte.french.nothing")


def test_browse_orders_by_game_topic_code_then_title(store: LawsStore) -> None:
    # Games, topics and codes in the vocabulary's order (the order a game unfolds).
    assert [law.id.split(".", 2)[2] for law in store.browse()] == [
        "bezique-stock", "zebra", "english-misdeal", "a-misdeal", "b-misdeal", "exposed",
        "general",
    ]


def test_browse_order_of_the_real_laws_is_one_sort_by_game_topic_code_and_title() -> None:
    # browse_order sorts shelf by shelf (see its words); the order must be the one sort's.
    import random

    from app.corpus.loading import load_content
    from app.corpus.vocabulary import CODES, GAMES, TOPICS

    laws = list(load_content().laws.values())
    game, topic, code = ({v: n for n, v in enumerate(vocab)} for vocab in (GAMES, TOPICS, CODES))

    def one_key(law: Law) -> tuple[object, ...]:
        return (game[law.game], topic[law.topic], code[law.code], law.title.casefold(), law.id)

    expected = [law.id for law in sorted(laws, key=one_key)]
    random.Random(7).shuffle(laws)
    assert [law.id for law in app.search.store.browse_order(laws)] == expected
    assert len({law.game for law in laws}) > 3 and len(expected) > 300


def test_browse_filters_by_game_code_and_topic(store: LawsStore) -> None:
    assert [law.title for law in store.browse(game="ecarte", code="english")] == [
        "Misdeal (English)"]
    assert [law.title for law in store.browse(topic="dealing-and-misdeals", code="french")] == [
        "a misdeal", "B misdeal"]
    assert store.browse(game="pinochle") == []


def test_empty_filters_mean_all(store: LawsStore) -> None:
    assert store.browse(game="", code="", topic="") == store.browse()
    assert len(store.search("misdeal", game="")) == 3


def test_store_in_a_file_is_rebuilt_from_the_content(tmp_path: Path) -> None:
    path = tmp_path / "laws.db"
    LawsStore(fixture_content(), path).close()
    fewer = LawsStore(fixture_content(LAWS[:2]), path)
    assert [h.law_id for h in fewer.search("misdeal")] == ["ecarte.french.b-misdeal"]
    assert fewer.conn.execute("SELECT count(*) FROM laws_fts").fetchone()[0] == 2
    fewer.close()


def test_store_of_no_laws_finds_nothing() -> None:
    empty = LawsStore(fixture_content([]))
    assert empty.search("misdeal") == []
    assert empty.browse() == []


# --- the glossary ------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["talon", "Talon", "STOCK", "pioche", "Pioché", "stocks"])
def test_term_for_finds_the_term_by_any_form(store: LawsStore, word: str) -> None:
    term = store.term_for(word)
    assert term is not None and term.id == "talon"


@pytest.mark.parametrize("word", ["non-dealer", "Non Dealer", "NON-DEALER", "elder  hand"])
def test_term_for_finds_multi_word_forms(store: LawsStore, word: str) -> None:
    term = store.term_for(word)
    assert term is not None and term.id == "pone"


def test_term_for_a_form_two_terms_share_prefers_the_headword(store: LawsStore) -> None:
    term = store.term_for("renounce")
    assert term is not None and term.id == "renounce"
    shared = store.term_for("renonce")
    assert shared is not None and shared.id in {"revoke", "renounce"}


@pytest.mark.parametrize("word", ["", "  ", "dealer", "non", '"', "x" * 5000])
def test_term_for_other_words_is_none(store: LawsStore, word: str) -> None:
    assert store.term_for(word) is None


def test_terms_search_without_words_lists_every_term_by_name(store: LawsStore) -> None:
    assert [t.id for t in store.terms_search("  ")] == ["pone", "renounce", "revoke", "talon"]


def test_terms_search_puts_named_terms_before_prefix_and_definition_matches(
    store: LawsStore,
) -> None:
    assert [t.id for t in store.terms_search("renonce")] == ["renounce", "revoke"]
    assert [t.id for t in store.terms_search("ren")] == ["renounce", "revoke"]
    assert [t.id for t in store.terms_search("undealt")] == ["talon"]
    assert [t.id for t in store.terms_search("suit")] == ["renounce", "revoke"]
    assert store.terms_search("zebra") == []


def test_terms_search_ignores_accents_and_syntax(store: LawsStore) -> None:
    assert [t.id for t in store.terms_search('"PIOCHÉ*')] == ["talon"]


# --- past RANK_LIMIT ---------------------------------------------------------------------------


@pytest.fixture
def broad_store(monkeypatch: pytest.MonkeyPatch) -> LawsStore:
    """A store whose rank limit is tiny, so ordinary queries take the unranked path."""
    monkeypatch.setattr(app.search.store, "RANK_LIMIT", 2)
    return LawsStore(fixture_content())


def test_a_terms_laws_are_the_laws_its_search_finds_first(store: LawsStore) -> None:
    # The glossary page lists the laws a search for the term finds (its French and other
    # forms too), without the other codes' laws the search box adds to each situation.
    for term in ("talon", "misdeal", "revoke", "no-such-word-anywhere"):
        found = [h.law_id for h in store.search(term) if h.matched]
        listed = store.laws_using(term)
        assert [h.law_id for h in listed] == found
        assert all(store.law(h.law_id).title == h.title for h in listed)
    assert store.laws_using("talon", limit=1) == store.laws_using("talon")[:1]


def test_too_broad_query_lists_title_matches_first_then_the_rest_in_browse_order(
    broad_store: LawsStore,
) -> None:
    hits = broad_store.search("misdeal")
    assert [h.law_id.split(".", 2)[2] for h in hits] == ["english-misdeal", "a-misdeal",
                                                         "b-misdeal"]
    hits = broad_store.search("a")
    assert [h.law_id.split(".", 2)[2] for h in hits] == [
        # "a" in the title, in browse order, then "a", "another", "about" in the text only.
        "a-misdeal", "zebra", "english-misdeal", "b-misdeal", "exposed",
    ]


def test_too_broad_query_keeps_filters_and_limit(broad_store: LawsStore) -> None:
    assert [h.law_id for h in broad_store.search("misdeal", code="english")] == [
        "ecarte.english.english-misdeal"]
    assert len(broad_store.search("a", limit=2)) == 2


def test_narrow_query_is_ranked_even_with_a_tiny_limit(broad_store: LawsStore) -> None:
    assert [h.law_id for h in broad_store.search("stock")] == ["bezique.french.bezique-stock"]


# --- the index kept in the cache directory -----------------------------------------------------


def test_the_kept_index_is_built_once_and_reopened_unchanged(tmp_path: Path) -> None:
    from app.search import index

    laws = sorted(LAWS, key=lambda law: law.id)
    conn, built = index.open_cached(tmp_path, laws)
    conn.close()
    assert built
    (path,) = tmp_path.glob("search-*.sqlite")
    stamp = path.stat().st_ino  # a rebuilt index replaces the file
    conn, built = index.open_cached(tmp_path, laws)
    conn.close()
    assert not built and path.stat().st_ino == stamp
    store = LawsStore.cached(fixture_content(), tmp_path)
    assert [h.law_id for h in store.search("zebra")] == ["cinch.american.zebra"]
    store.close()


def test_a_changed_law_rebuilds_the_kept_index_and_keeps_only_the_newest_few(
        tmp_path: Path) -> None:
    from app.search.index import KEPT

    def with_rule(word: str) -> list[Law]:
        return [*LAWS[:-1], make_law("general", "General rule", f"{word} in the pack.",
                                     game="general", code="english")]

    LawsStore.cached(fixture_content(), tmp_path).close()
    (first,) = tmp_path.glob("search-*.sqlite")
    store = LawsStore.cached(fixture_content(with_rule("Okapi")), tmp_path)
    assert [h.law_id for h in store.search("okapi")] == ["general.english.general"]
    store.close()
    assert len(list(tmp_path.glob("search-*.sqlite"))) == 2  # another corpus's stays
    LawsStore.cached(fixture_content(), tmp_path).close()  # used again: the newest now
    for word in ("Gnu", "Yak", "Emu")[: KEPT - 1]:
        LawsStore.cached(fixture_content(with_rule(word)), tmp_path).close()
    kept = set(tmp_path.glob("search-*.sqlite"))
    assert len(kept) == KEPT and first in kept
    okapi = fixture_content(with_rule("Okapi"))
    store = LawsStore.cached(okapi, tmp_path)  # the least recently used was removed
    assert len(set(tmp_path.glob("search-*.sqlite")) - kept) == 1
    assert [h.law_id for h in store.search("okapi")] == ["general.english.general"]
    store.close()


def test_a_build_left_unfinished_long_ago_is_cleared_and_one_under_way_is_not(
        tmp_path: Path) -> None:
    import os
    import time

    from app.search.index import ABANDONED_AFTER

    abandoned = tmp_path / "search-abcd.tmp"
    abandoned.write_bytes(b"half an index")
    old = time.time() - ABANDONED_AFTER - 60
    os.utime(abandoned, (old, old))
    under_way = tmp_path / "search-efgh.tmp"
    under_way.write_bytes(b"being written")
    LawsStore.cached(fixture_content(), tmp_path).close()
    assert not abandoned.exists() and under_way.exists()


def test_the_kept_index_is_found_by_the_contents_version_without_digesting_its_laws(
        tmp_path: Path, monkeypatch) -> None:
    from app.search import index

    content = fixture_content()
    LawsStore.cached(content, tmp_path).close()
    read: list[int] = []
    monkeypatch.setattr(index, "digest", lambda laws: read.append(1) or "")
    store = LawsStore.cached(content, tmp_path)
    assert read == []  # the key came from content.version
    assert [h.law_id for h in store.search("zebra")] == ["cinch.american.zebra"]
    store.close()


def test_an_unwritable_cache_costs_only_speed(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    store = LawsStore.cached(fixture_content(), blocker / "cache")
    assert [h.law_id for h in store.search("zebra")] == ["cinch.american.zebra"]
    store.close()


def test_opening_the_store_does_not_import_sqlite_utils() -> None:
    import subprocess
    import sys

    code = "import sys, app.search.store; print('sqlite_utils' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_an_index_written_in_batches_holds_every_law_and_the_same_words(monkeypatch) -> None:
    # The real laws are fewer than one batch; written 50 at a time, the index must hold
    # the same rows and count each word's laws the same (each law's words counted once).
    import sqlite3

    from app.corpus.loading import load_content
    from app.search import index

    content = load_content()
    laws = app.search.store.browse_order(content.laws.values())

    def built() -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
        conn = sqlite3.connect(":memory:")
        index.build(conn, laws, "key")
        rows = conn.execute("SELECT rowid, law_id, title FROM laws_fts ORDER BY rowid").fetchall()
        vocab = conn.execute("SELECT word, stem, docs FROM vocab ORDER BY word").fetchall()
        return rows, vocab

    whole = built()
    monkeypatch.setattr(index, "_BATCH", 50)
    batched = built()
    assert batched == whole
    assert len(whole[0]) == len(laws) > 300
    revoke = dict((w, n) for w, _, n in whole[1])["revoke"]
    assert revoke == sum("revoke" in words_of(law) for law in laws)


def words_of(law: Law) -> set[str]:
    from app.search.index import fields
    from app.search.results import words

    return set(words(" ".join(fields(law))))
