"""The pure presentation helpers of ui/: words, links, term markup, history, compare rows."""

from __future__ import annotations

from app.corpus.laws import Counterpart, Law, Term
from ui.browser.history import History
from ui.browser.pages import law_page_html
from ui.browser.term_markup import TermMarker
from ui.compare.compare_grid import NOT_COVERED, cell_text, compare_rows
from ui.links import Link, href, parse
from ui.words import counterpart_label, trick_rule_words

TALON = Term("talon", "talon", "The undealt cards.", french=("pioche",), synonyms=("stock",))
CARTE = Term("carte-blanche", "carte blanche", "A hand without a court card.")


def _law(law_id: str, code: str, case: str, **extra) -> Law:
    fields = dict(
        id=law_id, game="rubicon-bezique", code=code, authority="A", topic="scoring",
        case=case, title=f"Title {law_id}", text="Text", situation="S", remedy="R",
        brief=f"Brief {law_id}", source="s", book="B", section="S",
    )
    fields.update(extra)
    return Law(**fields)


def test_a_counterpart_reads_as_the_inverse_of_the_linking_tag():
    assert counterpart_label("stricter", "french") == "French: more lenient"
    assert counterpart_label("more-lenient", "english") == "English: stricter"
    assert counterpart_label("same", "american") == "American: same ruling"


def test_trick_rules_are_put_in_words():
    assert "trump if able" in trick_rule_words("follow-and-win", trump_when_void=True)
    assert "any card" in trick_rule_words("follow-and-win", trump_when_void=False)
    assert trick_rule_words("free").startswith("Free play")


def test_links_round_trip_and_reject_foreign_urls():
    assert parse(href("law", "a.b.c")) == Link("law", "a.b.c")
    assert parse("https://example.com") is None
    assert parse("law:") is None


def test_terms_are_marked_once_with_their_definition():
    html = TermMarker([TALON]).mark("Draw from the stock; the stock is then smaller.")
    assert html.count('href="term:talon"') == 1
    assert 'title="talon: The undealt cards."' in html


def test_markup_escapes_the_text_around_terms():
    html = TermMarker([TALON]).mark("<b>talon</b> & co")
    assert html.startswith("&lt;b&gt;<a ")
    assert "&amp; co" in html and "<b>" not in html


def test_the_longest_form_wins_and_plurals_count():
    html = TermMarker([CARTE, Term("carte", "carte", "A card.")]).mark("Two carte blanches.")
    assert 'href="term:carte-blanche"' in html and "term:carte\"" not in html
    assert ">carte blanches</a>" in html


def test_a_term_of_one_game_is_not_marked_in_another_games_law():
    draw = Term("tableau", "tableau", "A drawn game.", synonyms=("draw",), games=("conquian",))
    assert "<a" not in TermMarker([draw], game="bezique").mark("Forgot to draw.")
    assert "<a" in TermMarker([draw], game="conquian").mark("A draw.")


def test_a_term_is_not_marked_inside_another_word():
    assert "<a" not in TermMarker([TALON]).mark("stockade")


def test_history_goes_back_and_forward_and_drops_the_future_on_a_new_visit():
    history = History()
    for page in ("a", "b", "c"):
        history.visit(page)
    assert history.back() == "b"
    assert history.back() == "a"
    assert history.back() is None
    assert history.forward() == "b"
    history.visit("d")
    assert not history.can_go_forward()
    assert history.back() == "b"


def test_revisiting_the_current_page_adds_no_history():
    history = History()
    history.visit("a")
    history.visit("a")
    assert not history.can_go_back()


def test_compare_rows_put_each_code_in_its_column_and_read_the_contrast():
    en = _law("g.english.x", "english", "x",
              counterparts=(Counterpart("g.french.x", "stricter"),))
    fr = _law("g.french.x", "french", "x",
              counterparts=(Counterpart("g.english.x", "more-lenient"),))
    only = _law("g.english.y", "english", "y")
    rows = compare_rows([en, fr, only], ["english", "french"])
    assert [r.case for r in rows] == ["x", "y"]
    assert rows[0].tag_text() == "English stricter than French"
    assert rows[0].differs
    assert rows[1].only_here == "english"
    assert cell_text(rows[1].cells["french"]) == NOT_COVERED


def test_the_usual_reading_comes_first_in_a_cell():
    usual = _law("g.english.a", "english", "x", variant_of="v", variant_default=True)
    other = _law("g.english.b", "english", "x", variant_of="v")
    rows = compare_rows([other, usual], ["english"])
    assert cell_text(rows[0].cells["english"]).startswith("Usual reading: Brief g.english.a")


def test_the_law_page_escapes_content_and_links_counterparts():
    fr = _law("g.french.x", "french", "x")
    en = _law("g.english.x", "english", "x", title="A <b> & B",
              counterparts=(Counterpart("g.french.x", "stricter"),))
    laws = {law.id: law for law in (en, fr)}
    html = law_page_html(en, laws.__getitem__, TermMarker([]))
    assert "A &lt;b&gt; &amp; B" in html
    assert '<a href="law:g.french.x">French: more lenient</a>' in html
