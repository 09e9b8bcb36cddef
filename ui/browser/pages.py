"""HTML of the browser's pages: a law, a game's facts and a topic's list of laws.

Presentation only: every fact comes from the loaded content, nothing is decided here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from app.corpus.game_facts import GameFacts
from app.corpus.laws import Law
from ui import theme
from ui.badges import badge_html
from ui.browser.term_markup import TermMarker
from ui.links import href
from ui.words import (
    code_name,
    counterpart_label,
    game_name,
    short_code_name,
    topic_name,
    trick_rule_words,
)

if TYPE_CHECKING:  # the engine is imported only once a law page asks what cites it
    from app.rehearsal.citations import Citation


def page_style() -> str:
    """The pages' style sheet in the colours of the scheme in force (ui/theme.py)."""
    c = theme.hex
    return f"""
body {{ font-size: {theme.pt(11)}; }}
h1 {{ font-size: {theme.pt(17)}; margin-bottom: 2px; }}
h2 {{ font-size: {theme.pt(13)}; margin-top: 14px; margin-bottom: 4px; color: {c('heading')}; }}
p {{ margin-top: 3px; margin-bottom: 6px; }}
.meta {{ color: {c('muted')}; }}
.label {{ color: {c('muted')}; }}
.note {{ color: {c('muted')}; font-style: italic; }}
a {{ color: {c('link')}; }}
a.term {{ color: {c('term-link')}; text-decoration: underline; }}
td, th {{ padding: 3px 8px 3px 0px; }}
th {{ text-align: left; }}
"""

e = html.escape
COPY_CITATION = "copy-citation"  # the href kind of a page's 'Copy citation' link


def _link(kind: str, target: str, text: str) -> str:
    return f'<a href="{href(kind, target)}">{e(text)}</a>'


def _section(title: str, body: str) -> str:
    return f"<h2>{e(title)}</h2>{body}" if body else ""


def law_page_html(
    law: Law,
    lookup: Callable[[str], Law],
    marker: TermMarker,
    variants: Sequence[Law] = (),
    cited_by: Sequence[Citation] = (),
) -> str:
    """A law's page: title, text, situation, remedy, links, the example tables and rehearsals
    whose rulings cite it, code and source."""
    seen: set[str] = set()
    meta = " · ".join((
        _link("game", law.game, game_name(law.game)),
        f"{badge_html(law.code)} {e(short_code_name(law.code))}",
        _link("topic", f"{law.game}/{law.topic}", topic_name(law.topic)),
    ))
    parts = [
        f"<h1>{e(law.title)}</h1>",
        f'<p class="meta">{meta}</p>',
        f"<p>{marker.mark(law.text, seen)}</p>",
        _section("Situation", f"<p>{marker.mark(law.situation, seen)}</p>"),
        _section("Remedy", f"<p>{marker.mark(law.remedy, seen)}</p>"),
    ]
    others = [
        f"<li>{badge_html(lookup(cp.law).code)} "
        f"{_link('law', cp.law, counterpart_label(cp.contrast, lookup(cp.law).code))}"
        f" — {e(lookup(cp.law).title)}</li>"
        for cp in law.counterparts
    ]
    parts.append(_section("Other codes", f"<ul>{''.join(others)}</ul>" if others else ""))
    other_variants = [v for v in variants if v.id != law.id]
    if law.variant_of and other_variants:
        reading = "the usual reading" if law.variant_default else "an alternative reading"
        items = "".join(f"<li>{_link('law', v.id, v.title)}"
                        f"{' (usual reading)' if v.variant_default else ''}</li>"
                        for v in other_variants)
        parts.append(_section(
            "Other readings",
            f'<p class="note">The authorities disagree here; this is {reading}.</p>'
            f"<ul>{items}</ul>",
        ))
    related = [_law_item(lookup(rid)) for rid in law.related]
    parts.append(_section("Related laws", f"<ul>{''.join(related)}</ul>" if related else ""))
    cited = [f"<li>{'Example' if c.kind == 'example' else 'Rehearsal'}: "
             f"{_link(c.kind, c.path.name, c.title)}</li>" for c in cited_by]
    parts.append(_section("Examples that cite it", f"<ul>{''.join(cited)}</ul>" if cited else ""))
    parts.append(_section("Code and source", _source_html(law)))
    return "".join(parts)


def _law_item(law: Law) -> str:
    """A law in a list: badge, title as a link, then game and code, so that two laws of the
    same title are told apart."""
    return (f"<li>{badge_html(law.code)} {_link('law', law.id, law.title)}"
            f' <span class="label">· {e(game_name(law.game))} · {e(short_code_name(law.code))}'
            "</span></li>")


def _source_html(law: Law) -> str:
    return (
        f"<p>{badge_html(law.code)} <b>{e(code_name(law.code))}</b> — {e(law.authority)}</p>"
        f"<p>{e(law.citation)}<br/>"
        f'<a href="{COPY_CITATION}:{e(law.id)}">Copy citation</a></p>'
    )


def _row(label: str, value: str) -> str:
    return f'<tr><td class="label">{e(label)}</td><td>{value}</td></tr>'


def game_page_html(
    game: str, facts: GameFacts | None, topics: Iterable[tuple[str, int]]
) -> str:
    """A game's page: players, pack, deal, ranks, trump, stages, target, scores, codes, topics."""
    topic_items = "".join(
        f"<li>{_link('topic', f'{game}/{topic}', topic_name(topic))}"
        f' <span class="label">({count})</span></li>'
        for topic, count in topics
    )
    by_topic = _section("Laws by topic", f"<ul>{topic_items}</ul>" if topic_items else "")
    if facts is None:
        return f"<h1>{e(game_name(game))}</h1>{by_topic}"
    ranks, suits, copies = facts.pack.ranks, facts.pack.suits, facts.pack.copies
    pack_words = f"{facts.pack.size} cards: {' '.join(ranks)} in {len(suits)} suits"
    if copies > 1:
        pack_words += f", {copies} copies of each card"
    players = f"{facts.players}" + (", in partnerships" if facts.partnerships else "")
    facts_table = "".join((
        _row("Players", e(players)),
        _row("Pack", e(pack_words)),
        _row("Hand", e(f"{facts.hand_size} cards")),
        _row("Deal", e(facts.deal)),
        _row("Ranks", e(" ".join(facts.ranks)) + ' <span class="label">(high to low)</span>'),
        _row("Trumps", e(facts.trump)),
        _row("Target", e(facts.target)),
    ))
    stages = "".join(
        f"<li><b>{e(stage.label or name)}</b> "
        f"(hand {e(stage.hand or str(stage.cards or ''))}): "
        f"{e(trick_rule_words(stage.rule, stage.trump_when_void))}"
        "</li>"
        for name, stage in facts.stages.items()
    )
    scores = "".join(
        f"<tr><td>{e(item)}</td><td align=\"right\">{e(points)}</td></tr>"
        for item, points in facts.scores
    )
    codes = "".join(
        f"<p><b>{e(code_name(code))}</b> — {e(info.authority)}<br/>{e(info.principle)}</p>"
        for code, info in facts.codes.items()
    )
    notes = "".join(f"<li>{e(n)}</li>" for n in facts.notes)
    return "".join((
        f"<h1>{e(facts.name)}</h1>",
        f"<table>{facts_table}</table>",
        _section("Stages of play", f"<ul>{stages}</ul>" if stages else ""),
        _section("Notes", f"<ul>{notes}</ul>" if notes else ""),
        _section("Scores", f"<table>{scores}</table>" if scores else ""),
        _section("Codes of laws", codes),
        by_topic,
    ))


def topic_page_html(game: str, topic: str, laws: Sequence[Law]) -> str:
    """A topic's page: the laws of one game under one topic, with their codes."""
    items = "".join(
        f"<li>{badge_html(law.code)} {_link('law', law.id, law.title)}"
        f' <span class="label">· {e(short_code_name(law.code))}</span><br/>{e(law.brief)}</li>'
        for law in laws
    )
    return (
        f"<h1>{e(topic_name(topic))}</h1>"
        f'<p class="meta">{_link("game", game, game_name(game))}</p>'
        + (f"<ul>{items}</ul>" if items else '<p class="note">No laws under this topic.</p>')
    )


def missing_page_html(what: str) -> str:
    """A page saying plainly that something is not in the loaded content."""
    return f'<h1>Not found</h1><p class="note">{e(what)} is not in the loaded laws.</p>'


def home_page_html(games: Iterable[tuple[str, int]]) -> str:
    """The page shown before any other: the games, with how many laws each has."""
    items = "".join(
        f"<li>{_link('game', game, game_name(game))} "
        f'<span class="label">({count} laws)</span></li>'
        for game, count in games
    )
    return (
        "<h1>Card Laws</h1>"
        "<p>The laws of classic card games as the old codes set them down. Choose a game, "
        "browse by topic on the left, or type in the search box.</p>"
        f"<ul>{items}</ul>"
    )
