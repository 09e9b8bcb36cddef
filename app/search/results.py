"""Search's shared vocabulary: folded words, hits, situations (hits grouped by case), snippets.

How a query is read is app/search/query.py (with app/search/lexicon.py and app/search/spelling.py);
how it runs against the index is app/search/store.py.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

# Snippet highlight markers: C0 control characters, which the store strips from law text
# before indexing, so neither content nor a query can forge a highlight (and so markup).
MARK_START = "\x02"
MARK_END = "\x03"

# A search box never holds more meaningful text than this; capping bounds the work done on a
# pasted novel and keeps the MATCH expression (one group per word) small.
MAX_QUERY_CHARS = 1000
MAX_WORDS = 24

_WORD = re.compile(r"[^\W_]+")
# "dealer's" means the dealer: drop the possessive so the word stems like "dealer".
_POSSESSIVE = re.compile(r"(?<=[^\W_])['’]s\b")


def fold(text: str) -> str:
    """Lower-case `text` and strip its accents (écarté -> ecarte), as the FTS5 tokenizer does."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # Recompose what is left (Hangul, for one) so it matches the un-normalised index.
    return unicodedata.normalize("NFC", bare).lower()


def words(text: str) -> list[str]:
    """The folded words of `text`: runs of letters and digits, everything else a separator."""
    return _WORD.findall(_POSSESSIVE.sub("", fold(text)))


@dataclass(frozen=True)
class Match:
    """Why a law matched one clause of the query."""

    typed: str  # the clause as typed
    found: str  # the phrase found in the law (the clause itself, a synonym or a correction)
    how: str  # "word", "correction", "synonym" (with `source`), or "prefix"
    source: str = ""  # "glossary:<term>" or "thesaurus:<group>" for a synonym


@dataclass(frozen=True)
class SearchHit:
    """One law found by a search, with a snippet of its text around the matches."""

    law_id: str
    title: str
    game: str
    code: str
    topic: str
    snippet: str
    rank: float  # FTS5 bm25 with column weights: lower (more negative) is a better match
    case: str = ""
    matched: tuple[Match, ...] = ()  # one per clause the law matches (empty: same situation)
    missed: tuple[str, ...] = ()  # clauses it does not match (any-word results only)


def snippet_html(hit: SearchHit) -> str:
    """The snippet as HTML: text escaped, matches in <b>..</b>."""
    escaped = html.escape(hit.snippet)
    return escaped.replace(MARK_START, "<b>").replace(MARK_END, "</b>")


def snippet_text(hit: SearchHit) -> str:
    """The snippet as plain text with matches wrapped in **..**."""
    return hit.snippet.replace(MARK_START, "**").replace(MARK_END, "**")


@dataclass(frozen=True)
class Situation:
    """One case of one game: the hits of every code ruling it, the best first."""

    game: str
    case: str
    hits: tuple[SearchHit, ...]

    @property
    def best(self) -> SearchHit:
        """The hit that ranked highest."""
        return self.hits[0]

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes ruling this situation, in the order their laws ranked."""
        return tuple(dict.fromkeys(h.code for h in self.hits))


def situations(hits: Sequence[SearchHit]) -> list[Situation]:
    """Hits grouped by (game, case) in the order of each group's best hit."""
    groups: dict[tuple[str, str], list[SearchHit]] = {}
    for hit in hits:
        groups.setdefault((hit.game, hit.case or hit.law_id), []).append(hit)
    return [Situation(game, case, tuple(found)) for (game, case), found in groups.items()]


@dataclass(frozen=True)
class SearchResults:
    """A search's hits (best first), grouped by situation, with how the query was read."""

    query: str
    hits: tuple[SearchHit, ...] = ()
    mode: str = "all"  # "all": every clause matched; "any": ranked by how many did
    corrections: tuple[tuple[str, str], ...] = ()
    corrected_text: str = ""
    games: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    groups: tuple[Situation, ...] = field(default=())

    @property
    def corrected(self) -> bool:
        """Whether the search ran on a spelling-corrected query."""
        return bool(self.corrections)
