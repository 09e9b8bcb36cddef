"""Searching the laws: accents, stems, prefixes, glossary forms, filters, ranking, snippets."""

from __future__ import annotations

import dataclasses
import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.__main__ import main
from app.corpus.checks import ContentError, Problem
from app.corpus.laws import Content, Law, Term
from app.corpus.loading import load_content
from app.search.results import MARK_END, MARK_START, SearchHit, snippet_html, snippet_text, words
from app.search.store import LawsStore
from cli import search as search_command


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
    make_law("revoke-after-trick", "Revoke discovered after the trick is turned",
             "A player who revoked loses the two points of the hand.",
             topic="trick-obligations-and-revokes"),
    make_law("draw-from-stock", "Drawing out of turn",
             "A player who draws from the stock before his adversary pays a penalty of ten.",
             topic="drawing-from-the-stock", game="bezique"),
    make_law("pone-exposed", "Card shown while dealing",
             "If the non-dealer sees a card while the dealer gives it, he may claim a new deal.",
             topic="exposed-cards"),
    make_law("dealer-and-non", "Dealer fails to cut",
             "The dealer cuts; a non playing bystander may not.", topic="dealing-and-misdeals"),
    make_law("king-turned", "The king turned up scores one",
             "The dealer marks one point for the king.", code="english", topic="scoring"),
    make_law("king-in-hand", "Holding the trump honour",
             "A player holding the king of trumps marks it before he plays his first card.",
             code="english", topic="scoring"),
    make_law("ecarte-name", "Rules of écarté",
             "At écarté the players are dealt five cards each.", code="english"),
    make_law("dealing-packets", "Packets of the deal",
             "Dealing is by packets of three and two; players must not look at their cards.",
             topic="dealing-and-misdeals"),
    make_law("markup", "Markup in text",
             "Scores are 5 < 6 & the <b>bold</b> \x02forged\x03 claim is void.",
             game="cinch", code="american"),
]

TERMS = [
    Term("talon", "talon", "The undealt cards, drawn from during play.",
         french=("talon", "pioche"), synonyms=("stock",)),
    Term("revoke", "revoke", "Failing to follow suit when able.",
         french=("renonce",), synonyms=("renege",)),
    Term("pone", "pone", "The dealer's adversary in a two-handed game.",
         synonyms=("non-dealer", "elder hand")),
]


def fixture_content(laws: list[Law] = LAWS, terms: list[Term] = TERMS) -> Content:
    """A small Content built in code, independent of the real content files."""
    return Content(laws={law.id: law for law in laws}, terms={t.id: t for t in terms}, games={})


@pytest.fixture(scope="module")
def store() -> LawsStore:
    return LawsStore(fixture_content())


def ids(hits: list[SearchHit]) -> list[str]:
    return [hit.law_id for hit in hits]


def slugs(hits: list[SearchHit]) -> set[str]:
    return {hit.law_id.rsplit(".", 1)[1] for hit in hits}


# --- words and accents -------------------------------------------------------------------------


def test_words_are_letters_and_digits_with_accents_folded() -> None:
    assert words("Écarté: the KING's 1300-point “rule”!") == ["ecarte", "the", "king", "1300",
                                                             "point", "rule"]


def test_unaccented_query_finds_accented_text(store: LawsStore) -> None:
    assert "ecarte-name" in slugs(store.search("ecarte"))


def test_accented_query_finds_the_same_laws_as_unaccented(store: LawsStore) -> None:
    assert ids(store.search("ÉCARTÉ")) == ids(store.search("ecarte"))


# --- stems and prefixes ------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["revoke", "revokes", "revoked", "revoking"])
def test_inflected_forms_find_the_law_that_says_revoked(store: LawsStore, query: str) -> None:
    assert "revoke-after-trick" in slugs(store.search(query))


def test_last_word_matches_as_a_prefix(store: LawsStore) -> None:
    assert "draw-from-stock" in slugs(store.search("penalty of te"))


def test_words_before_the_last_must_match_whole(store: LawsStore) -> None:
    # "pen" is no prefix of "penalty" here: only laws holding "ten" are offered, marked so.
    results = store.find("pen ten")
    assert results.mode == "any"
    assert all(hit.missed == ("pen",) for hit in results.hits)


@pytest.mark.parametrize("word", ["dealing", "players", "packets", "their"])
def test_every_keystroke_of_a_word_keeps_finding_its_law(store: LawsStore, word: str) -> None:
    # The index holds stems ("dealing" -> "deal", "play" -> "plai"), which a bare prefix
    # query half-way through the word would miss.
    for end in range(1, len(word) + 1):
        assert "dealing-packets" in slugs(store.search(word[:end], limit=1000)), word[:end]


def test_laws_matching_every_word_come_before_those_matching_some(store: LawsStore) -> None:
    hits = store.search("king dealer")
    assert [h.law_id.rsplit(".", 1)[1] for h in hits if not h.missed] == ["king-turned"]
    assert hits[0].law_id.endswith("king-turned")
    assert all(h.missed for h in hits[1:])


# --- glossary forms ----------------------------------------------------------------------------


def test_synonym_finds_laws_that_use_another_form(store: LawsStore) -> None:
    assert "draw-from-stock" in slugs(store.search("talon"))


def test_french_equivalent_finds_the_english_law(store: LawsStore) -> None:
    assert "revoke-after-trick" in slugs(store.search("renonce"))


def test_french_form_with_accents_and_capitals_finds_the_law(store: LawsStore) -> None:
    assert "draw-from-stock" in slugs(store.search("PIOCHE"))


def test_term_finds_laws_using_its_multi_word_synonym(store: LawsStore) -> None:
    assert "pone-exposed" in slugs(store.search("pone"))


def test_multi_word_form_matches_only_as_a_phrase(store: LawsStore) -> None:
    # "dealer-and-non" has both words, apart: it is not about the non-dealer.
    assert "dealer-and-non" not in slugs(store.search("pone"))


def test_multi_word_form_typed_finds_laws_naming_the_term(store: LawsStore) -> None:
    assert store.match_expression("non-dealer claims") is not None
    assert "pone" in (store.match_expression("non-dealer claims") or "")
    assert "pone-exposed" in slugs(store.search("non-dealer claim"))


def test_glossary_word_among_others_still_requires_the_others(store: LawsStore) -> None:
    hits = store.search("talon penalty")
    assert [h.law_id.rsplit(".", 1)[1] for h in hits if not h.missed] == ["draw-from-stock"]
    # No law has both: the laws having either follow, each saying which word it lacks.
    results = store.find("talon king")
    assert results.mode == "any" and results.hits
    assert all(len(h.missed) == 1 for h in results.hits)


# --- filters and ranking -----------------------------------------------------------------------


def test_game_filter_keeps_only_that_game(store: LawsStore) -> None:
    assert {h.game for h in store.search("player")} == {"ecarte", "bezique"}
    assert {h.game for h in store.search("player", game="bezique")} == {"bezique"}


def test_code_and_topic_filters_combine_with_the_query(store: LawsStore) -> None:
    assert slugs(store.search("king", code="english", topic="scoring")) == {
        "king-turned", "king-in-hand"}
    assert store.search("king", code="french") == []
    assert store.search("king", game="bezique", topic="scoring") == []


def test_title_match_ranks_above_body_only_match(store: LawsStore) -> None:
    hits = store.search("king")
    assert ids(hits)[:2] == ["ecarte.english.king-turned", "ecarte.english.king-in-hand"]
    assert hits[0].rank < hits[1].rank


def test_limit_caps_the_number_of_hits(store: LawsStore) -> None:
    assert len(store.search("the", limit=2)) == 2
    assert store.search("the", limit=0) == []


def test_hit_carries_the_law_fields(store: LawsStore) -> None:
    (hit,) = store.search("packets three")
    law = store.law(hit.law_id)
    assert (hit.title, hit.game, hit.code, hit.topic) == (law.title, law.game, law.code,
                                                          law.topic)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.title = "changed"  # type: ignore[misc]


# --- hostile input -----------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["", "   ", "\t\n", '"', "*", "-", "()", "…", "🂡🂮", "_"])
def test_input_without_words_returns_no_hits(store: LawsStore, query: str) -> None:
    assert store.search(query) == []
    assert store.match_expression(query) is None


@pytest.mark.parametrize("query", [
    'revoke"', '"revoke', "revoke*", "revoke AND", "AND revoke", "NOT revoke", "revoke OR talon",
    "NEAR(revoke talon)", "(revoke", "revoke)", "title:revoke", "{title}: revoke", "-revoke",
    "^revoke", "revoke +", "revoke:", "'revoke'", "rev\x00oke", "revoke 🃏", "a" * 10_000,
    "revoke " * 2_000,
])
def test_query_syntax_characters_are_taken_literally(store: LawsStore, query: str) -> None:
    assert isinstance(store.search(query), list)


def test_operator_words_are_searched_as_words(store: LawsStore) -> None:
    # As operators, NEAR would join the two words and AND would be syntax; as words, no law
    # holds "near", so every law offered says it lacks it.
    assert '"near"' in (store.match_expression("NEAR revoke") or "")
    assert all(h.missed == ("near",) for h in store.search("NEAR revoke"))
    assert all("near" in h.missed for h in store.search("revoked NEAR dealer"))


def test_many_glossary_words_build_a_query_fts5_accepts(store: LawsStore) -> None:
    expression = store.match_expression("talon pone renonce non-dealer " * 20)
    assert expression is not None
    store.conn.execute("SELECT rowid FROM laws_fts WHERE laws_fts MATCH ?", (expression,))


_SYNTAX = st.sampled_from([
    *'"*-+():^{}.,;\'` ', "AND", "OR", "NOT", "NEAR", "NEAR/2", "title", "talon", "non-dealer", "é",
])


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text() | st.lists(_SYNTAX | st.text(max_size=3)).map("".join)
       | st.text(min_size=2_000, max_size=12_000))
def test_any_text_searches_without_error(store: LawsStore, text: str) -> None:
    assert isinstance(store.search(text), list)
    # search() turns an SQLite error into "no hits"; the expression itself must not cause one.
    expression = store.match_expression(text)
    if expression is not None:
        try:
            store.conn.execute(
                "SELECT rowid FROM laws_fts WHERE laws_fts MATCH ?", (expression,)
            ).fetchall()
        except sqlite3.Error as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"{expression!r} is not valid FTS5: {exc}")


# --- snippets ----------------------------------------------------------------------------------


def test_snippet_text_wraps_matches_in_stars(store: LawsStore) -> None:
    (hit,) = store.search("packets three")
    assert "**three**" in snippet_text(hit)
    assert MARK_START not in snippet_text(hit) and MARK_END not in snippet_text(hit)


def test_snippet_html_escapes_law_text_and_bolds_matches(store: LawsStore) -> None:
    hit = store.search("claim void")[0]
    html = snippet_html(hit)
    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert "5 &lt; 6 &amp;" in html
    assert "<b>claim</b>" in html and "<b>void</b>" in html


def test_law_text_cannot_forge_a_highlight(store: LawsStore) -> None:
    hit = store.search("claim void")[0]
    assert "<b>forged</b>" not in snippet_html(hit)
    assert "**forged**" not in snippet_text(hit)


def test_snippet_helpers_escape_markup_outside_the_markers() -> None:
    hit = SearchHit("x", "t", "g", "c", "p", f"a<i> {MARK_START}b&c{MARK_END} d", -1.0)
    assert snippet_html(hit) == "a&lt;i&gt; <b>b&amp;c</b> d"
    assert snippet_text(hit) == "a<i> **b&c** d"


# --- the command line --------------------------------------------------------------------------


def test_search_command_prints_id_title_and_marked_snippet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(search_command, "load_content", lambda **_: fixture_content())
    assert main(["search", "talon", "--game", "bezique"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == ["bezique.french.draw-from-stock", "  Drawing out of turn"]
    assert "**stock**" in out


def test_search_command_with_no_hits_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(search_command, "load_content", lambda **_: fixture_content())
    assert main(["search", "qqqq", "--limit", "3"]) == 0
    assert capsys.readouterr().out == "no laws match\n"


def test_search_command_refuses_a_limit_past_its_bound_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["search", "revoke", "--limit", "9223372036854775808"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --limit: must be from 1 to 1,000,000" in err
    assert "Traceback" not in err


def test_search_command_json_says_why_each_law_matched(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(search_command, "load_content", lambda **_: fixture_content())
    assert main(["search", "talln", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["corrections"] == [{"typed": "talln", "used": "talon"}]
    first = data["situations"][0]
    assert first["rank"] == 1
    law = first["laws"][0]
    assert law["id"] == "bezique.french.draw-from-stock"
    assert law["matched"] == [
        {"typed": "talln", "found": "stock", "how": "synonym", "source": "glossary:talon"}
    ]


def test_search_command_on_invalid_content_prints_the_problem_and_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(**_: object) -> Content:
        raise ContentError([Problem("laws/x.toml", "x.y", "title", "missing required field")])

    monkeypatch.setattr(search_command, "load_content", broken)
    assert main(["search", "talon"]) == 1
    assert "laws/x.toml: entry 'x.y': field 'title'" in capsys.readouterr().err


# --- the real content --------------------------------------------------------------------------


def _real_content() -> tuple[Content | None, str]:
    try:
        return load_content(), ""
    except ContentError as exc:
        return None, f"content/ does not validate yet ({len(exc.problems)} problems)"


REAL, WHY_NOT = _real_content()
needs_real_content = pytest.mark.skipif(REAL is None, reason=WHY_NOT)


@pytest.fixture(scope="module")
def real_store() -> LawsStore:
    assert REAL is not None
    return LawsStore(REAL)


def _text(law: Law) -> str:
    return " ".join(words(" ".join((law.title, law.text, law.situation, law.remedy, law.brief))))


@needs_real_content
def test_real_talon_finds_laws_that_only_say_stock(real_store: LawsStore) -> None:
    texts = [_text(real_store.law(h.law_id)) for h in real_store.search("talon", limit=500)]
    assert any("stock" in t.split() and "talon" not in t.split() for t in texts)


@needs_real_content
def test_real_renonce_finds_revoke_laws(real_store: LawsStore) -> None:
    titles = [h.title.lower() for h in real_store.search("renonce", limit=500)]
    assert any("revoke" in t for t in titles)


@needs_real_content
def test_real_pone_finds_laws_about_the_non_dealer(real_store: LawsStore) -> None:
    texts = [_text(real_store.law(h.law_id)) for h in real_store.search("pone", limit=500)]
    assert any("non dealer" in t and "pone" not in t.split() for t in texts)


@needs_real_content
@pytest.mark.parametrize("query", ["revoke", "misdeal", "last trick", "exposed card", "trump"])
def test_real_everyday_queries_find_laws(real_store: LawsStore, query: str) -> None:
    assert real_store.search(query)


@needs_real_content
def test_real_titles_are_found_at_every_keystroke(real_store: LawsStore) -> None:
    assert REAL is not None
    laws = list(REAL.laws.values())
    found: dict[str, set[str]] = {}  # what each prefix finds: searched once, however many share it
    for law in laws[:: max(1, len(laws) // 20)]:
        for word in set(words(law.title)):
            for end in range(1, len(word) + 1):
                typed = word[:end]
                if typed not in found:
                    found[typed] = set(ids(real_store.search(typed, limit=100_000)))
                assert law.id in found[typed], (law.id, typed)


def test_the_command_line_and_the_search_box_share_one_page_size() -> None:
    import app.search.store
    from ui.deferred_store import DeferredStore

    assert search_command.PAGE == app.search.store.PAGE
    assert search_command.MAX_LIMIT == app.search.store.MAX_LIMIT
    default = DeferredStore.find.__kwdefaults__["limit"]
    assert default == app.search.store.PAGE


def test_spelling_keeps_the_first_letter_beyond_one_edit() -> None:
    from app.search.spelling import Speller

    speller = Speller({"treating": 5, "revoke": 9, "pitcher": 2, "turn": 7})
    assert speller.correct("cheating") is None
    assert speller.correct("pichter") == "pitcher"
    assert speller.correct("trun") == "turn"
    assert speller.correct("revokd") == "revoke"
    assert speller.correct("rev") is None  # too short to guess
