"""HTML of a glossary term's page."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as e

from app.corpus.laws import Term
from app.search.results import SearchHit
from ui.links import href
from ui.words import game_name, short_code_name


def term_page_html(term: Term, hits: Sequence[SearchHit] | None) -> str:
    """The term, its French and English forms, its definition and the laws that use it
    (None: not known yet, the search index is still being opened)."""
    rows = []
    if term.french:
        rows.append(("French", ", ".join(term.french)))
    if term.synonyms:
        rows.append(("Also called", ", ".join(term.synonyms)))
    if term.games:
        rows.append(("Games", ", ".join(game_name(g) for g in term.games)))
    table = "".join(f'<tr><td class="label">{e(k)}</td><td>{e(v)}</td></tr>' for k, v in rows)
    laws = "" if hits is None else "".join(
        f'<li><a href="{href("law", hit.law_id)}">{e(hit.title)}</a> '
        f'<span class="label">· {e(game_name(hit.game))} · {e(short_code_name(hit.code))}</span>'
        "</li>"
        for hit in hits
    )
    if hits is None:
        found = '<p class="note">Finding the laws that use this term…</p>'
    elif laws:
        found = f"<ul>{laws}</ul>"
    else:
        found = '<p class="note">No law uses this term.</p>'
    return (
        f"<h1>{e(term.term)}</h1>"
        + (f"<table>{table}</table>" if table else "")
        + f"<p>{e(term.definition)}</p>"
        + "<h2>Laws using this term</h2>"
        + found
    )
