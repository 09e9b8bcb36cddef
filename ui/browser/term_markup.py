"""Terms of art found in a law's text, marked up at render time as links with their definition."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from app.corpus.laws import Term
from ui.links import href


class TermMarker:
    """Escapes text for HTML and marks the glossary forms it contains.

    Each term is marked at its first occurrence only (per `seen` set), so a page
    underlines a term once rather than on every line. Given a game, terms that name the
    games they belong to are marked only in that game's laws ("draw" is a Conquian term,
    not a Bézique one).
    """

    def __init__(self, terms: Iterable[Term], game: str | None = None) -> None:
        self._by_form: dict[str, Term] = {}
        for term in terms:
            if game is not None and term.games and game not in term.games:
                continue
            for form in term.forms:
                self._by_form.setdefault(form.casefold(), term)
        forms = sorted(self._by_form, key=len, reverse=True)
        self._pattern = (
            re.compile(r"\b(" + "|".join(re.escape(f) for f in forms) + r")(?:s|es)?\b",
                       re.IGNORECASE)
            if forms else None
        )

    def mark(self, text: str, seen: set[str] | None = None) -> str:
        """HTML for `text`: escaped, with first occurrences of terms as underlined links."""
        if self._pattern is None:
            return html.escape(text)
        seen = set() if seen is None else seen
        parts: list[str] = []
        last = 0
        for match in self._pattern.finditer(text):
            term = self._by_form[match.group(1).casefold()]
            if term.id in seen:
                continue
            seen.add(term.id)
            parts.append(html.escape(text[last:match.start()]))
            parts.append(
                f'<a class="term" href="{href("term", term.id)}" '
                f'title="{html.escape(term_tooltip(term))}">{html.escape(match.group(0))}</a>'
            )
            last = match.end()
        parts.append(html.escape(text[last:]))
        return "".join(parts)


def term_tooltip(term: Term) -> str:
    """The hover text of a marked term: the term and its definition."""
    return f"{term.term}: {term.definition}"
