"""Turning what a reader types into a safe FTS5 query, and search hits into marked-up snippets.

Nothing the reader types reaches MATCH as syntax: the text is cut into words (letters and
digits, accents folded), each word is quoted, words are ANDed, and the last word is a prefix
so results follow the keystrokes. A word that names a glossary term (any of its forms, English
or French, multi-word forms included) widens to an OR group of all that term's forms.
"""

from __future__ import annotations

import bisect
import html
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from app.content import Term

# Snippet highlight markers: C0 control characters, which the store strips from law text
# before indexing, so neither content nor a query can forge a highlight (and so markup).
MARK_START = "\x02"
MARK_END = "\x03"

# A search box never holds more meaningful text than this; capping bounds the work done on a
# pasted novel and keeps the MATCH expression (one group per word) small.
MAX_QUERY_CHARS = 1000
MAX_WORDS = 24
# At most this many whole words are added to complete the last, unfinished word (see
# Lexicon._completions); beyond it the prefix is short and broad and `"p"*` suffices.
MAX_COMPLETIONS = 12

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


def _quote(phrase: str) -> str:
    # Words hold letters and digits only, so a double quote can never appear inside.
    return f'"{phrase}"'


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


def snippet_html(hit: SearchHit) -> str:
    """The snippet as HTML: text escaped, matches in <b>..</b>."""
    escaped = html.escape(hit.snippet)
    return escaped.replace(MARK_START, "<b>").replace(MARK_END, "</b>")


def snippet_text(hit: SearchHit) -> str:
    """The snippet as plain text with matches wrapped in **..**."""
    return hit.snippet.replace(MARK_START, "**").replace(MARK_END, "**")


class Lexicon:
    """The words of the corpus and glossary, used to build MATCH expressions and find terms.

    `stemmer` maps words to the terms the FTS5 porter tokenizer indexes them as; the store
    runs SQLite's own tokenizer, so Python and the index agree on every stem. It is asked once,
    for every word of the corpus and glossary and every prefix of a corpus word (what the
    tokenizer makes of "play"* matters as much as what it makes of "player").
    """

    def __init__(
        self,
        terms: Iterable[Term],
        vocabulary: Iterable[str],
        stemmer: Callable[[Iterable[str]], Mapping[str, str]],
    ) -> None:
        self._terms = list(terms)
        self._vocabulary = sorted(set(vocabulary))
        glossary_words = {
            w for t in self._terms for text in (*t.forms, t.definition) for w in words(text)
        }
        prefixes = {w[:n] for w in self._vocabulary for n in range(1, len(w) + 1)}
        self._stems = dict(stemmer(prefixes | glossary_words))
        # (normalised words of a form) -> the terms having that form, in glossary order.
        self._terms_by_form: dict[tuple[str, ...], list[Term]] = {}
        # (normalised words of a form) -> every form of those terms, as folded phrases.
        self._phrases_by_form: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._longest_form = 1
        for term in self._terms:
            for form in term.forms:
                key = tuple(self._norm(w) for w in words(form))
                if not key:
                    continue
                bucket = self._terms_by_form.setdefault(key, [])
                if term not in bucket:
                    bucket.append(term)
                self._longest_form = max(self._longest_form, len(key))
        by_name = sorted(self._terms, key=lambda t: (fold(t.term), t.id))
        self._glossary = [self._entry(t) for t in by_name]
        for key, bucket in self._terms_by_form.items():
            phrases = [" ".join(words(form)) for term in bucket for form in term.forms]
            self._phrases_by_form[key] = self._prune([p for p in phrases if p])

    def _prune(self, phrases: list[str]) -> tuple[str, ...]:
        """The phrases minus those another one already matches, as the index sees them.

        "the stock" finds nothing "stock" does not, but costs a read of the huge doclist of
        "the"; "revoking" and "revoke" are one indexed stem. Dropping them keeps the OR group
        cheap without changing which laws match.
        """
        keyed = [(p, tuple(self._norm(w) for w in p.split())) for p in phrases]
        kept: list[str] = []
        seen: set[tuple[str, ...]] = set()
        for phrase, key in keyed:
            if key in seen:
                continue
            seen.add(key)
            if any(len(other) < len(key) and _contains(key, other) for _, other in keyed):
                continue
            kept.append(phrase)
        return tuple(kept)

    def _entry(self, term: Term) -> _GlossaryEntry:
        forms = tuple(" ".join(words(f)) for f in term.forms)
        form_words = frozenset(w for f in forms for w in f.split())
        all_words = form_words | frozenset(words(term.definition))
        return _GlossaryEntry(
            term=term,
            forms=forms,
            form_words=form_words,
            form_stems=frozenset(self._norm(w) for w in form_words),
            all_words=all_words,
            all_stems=frozenset(self._norm(w) for w in all_words),
        )

    def _norm(self, word: str) -> str:
        # Compare words by stem where the index knows one, so "revoked" names the term
        # "revoke"; a bare plural the corpus never uses falls back to its singular.
        stem = self._stems.get(word)
        if stem is not None:
            return stem
        if word.endswith("s") and word[:-1] in self._stems:
            return self._stems[word[:-1]]
        return word

    def _form_at(self, tokens: list[str], start: int) -> tuple[int, tuple[str, ...]] | None:
        """The longest glossary form starting at tokens[start]: (its length, its phrases)."""
        longest = min(self._longest_form, len(tokens) - start)
        for size in range(longest, 0, -1):
            key = tuple(self._norm(t) for t in tokens[start : start + size])
            phrases = self._phrases_by_form.get(key)
            if phrases is not None:
                return size, phrases
        return None

    def term_for(self, word: str) -> Term | None:
        """The glossary term one of whose forms is `word` (any case or accents), or None."""
        tokens = words(word[:MAX_QUERY_CHARS])
        if not tokens:
            return None
        bucket = self._terms_by_form.get(tuple(self._norm(t) for t in tokens))
        if not bucket:
            return None
        # A word that is one term's headword and another's synonym means the headword.
        folded = " ".join(tokens)
        for term in bucket:
            if " ".join(words(term.term)) == folded:
                return term
        return bucket[0]

    def _prefix_covers(self, typed: str, phrase: str) -> bool:
        """Whether `"typed"*` matches every law `"phrase"` does."""
        if phrase == typed:
            return True
        if " " in typed:
            return False
        stem = self._stems.get(typed, typed)
        return any(self._stems.get(w, w).startswith(stem) for w in phrase.split())

    def _completions(self, prefix: str) -> list[str]:
        """Whole words completing `prefix` whose stem a `"prefix"*` query would miss.

        The tokenizer stems the prefix as well as the words, and the two need not line up:
        "dealing" is indexed as "deal" while "deali"* stays "deali"; "play"* becomes "plai"*,
        which misses "player". Adding those words themselves (stemmed alike) keeps results
        steady while a word is typed.
        """
        typed_stem = self._stems.get(prefix, prefix)
        found: dict[str, str] = {}
        start = bisect.bisect_left(self._vocabulary, prefix)
        for word in self._vocabulary[start:]:
            if not word.startswith(prefix):
                break
            stem = self._stems.get(word, word)
            if stem.startswith(typed_stem) or stem in found:
                continue
            found[stem] = word
            if len(found) > MAX_COMPLETIONS:
                return []
        return list(found.values())

    def tokens(self, text: str) -> list[str]:
        """The words of a query that take part in the search (capped, see MAX_WORDS)."""
        return words(text[:MAX_QUERY_CHARS])[:MAX_WORDS]

    def match_expression(self, text: str) -> str | None:
        """A safe FTS5 MATCH expression for what the reader typed; None when there are no words."""
        tokens = self.tokens(text)
        if not tokens:
            return None
        parts: list[str] = []
        i = 0
        last = len(tokens) - 1
        while i <= last:
            form = self._form_at(tokens, i)
            if form is not None:
                size, phrases = form
                if i + size - 1 == last:
                    # The reader may still be typing: keep the typed words as a prefix too,
                    # which already covers the phrases it starts.
                    typed = " ".join(tokens[i:])
                    rest = [p for p in phrases if not self._prefix_covers(typed, p)]
                    extra = self._completions(typed) if size == 1 else []
                    others = dict.fromkeys([*rest, *extra])
                    alternatives = [_quote(typed) + "*", *(_quote(p) for p in others)]
                else:
                    alternatives = [_quote(p) for p in phrases]
                parts.append("(" + " OR ".join(alternatives) + ")")
                i += size
                continue
            token = tokens[i]
            if i == last:
                extra = self._completions(token)
                if extra:
                    alternatives = [_quote(token) + "*", *(_quote(w) for w in extra)]
                    parts.append("(" + " OR ".join(alternatives) + ")")
                else:
                    parts.append(_quote(token) + "*")
            else:
                parts.append(_quote(token))
            i += 1
        # Explicit AND: FTS5 rejects implicit AND next to a parenthesised group.
        return " AND ".join(parts)

    def find_terms(self, text: str) -> list[Term]:
        """Glossary terms matching every word typed (the last as a prefix), best first.

        Terms named by the query come first, then terms with a form starting with it, then
        terms whose forms hold every word, then those found only through their definition.
        """
        tokens = self.tokens(text)
        if not tokens:
            return [entry.term for entry in self._glossary]
        query = " ".join(tokens)
        ranked: list[tuple[int, int]] = []
        for position, entry in enumerate(self._glossary):
            if query in entry.forms:
                ranked.append((0, position))
            elif any(f.startswith(query) for f in entry.forms):
                ranked.append((1, position))
            elif self._covers(tokens, entry.form_words, entry.form_stems):
                ranked.append((2, position))
            elif self._covers(tokens, entry.all_words, entry.all_stems):
                ranked.append((3, position))
        return [self._glossary[position].term for _, position in sorted(ranked)]

    def _covers(self, tokens: list[str], vocabulary: frozenset[str], stems: frozenset[str]) -> bool:
        """Whether every token is a word of `vocabulary` (by stem), the last also as a prefix."""
        *whole, last = tokens
        if not all(self._norm(t) in stems for t in whole):
            return False
        return self._norm(last) in stems or any(w.startswith(last) for w in vocabulary)


def _contains(sequence: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether `part` occurs in `sequence` as a contiguous run."""
    size = len(part)
    return any(sequence[i : i + size] == part for i in range(len(sequence) - size + 1))


@dataclass(frozen=True)
class _GlossaryEntry:
    """A term with its words folded once, for the glossary screen's search."""

    term: Term
    forms: tuple[str, ...]
    form_words: frozenset[str]
    form_stems: frozenset[str]
    all_words: frozenset[str]
    all_stems: frozenset[str]
