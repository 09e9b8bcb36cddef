"""Query understanding: what the reader typed, read as the clauses a search must match.

The text is cut into folded words (app.search.results.words); unknown words are corrected against
the index's vocabulary; runs of words that form a game name, a glossary form or a thesaurus form
are read as one clause (a game name among other words becomes a filter); words that carry
nothing (the thesaurus's stop words) are dropped. Each clause becomes an OR group of quoted
phrases, so nothing typed ever reaches FTS5 as syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from app.search import numbers
from app.search.lexicon import Expansion, Lexicon
from app.search.results import MAX_QUERY_CHARS, MAX_WORDS, words
from app.search.spelling import Speller


@dataclass(frozen=True)
class Clause:
    """One thing the query asks for: a word or phrase and what it stands for."""

    typed: str  # the folded words as typed
    used: str  # after spelling correction (== typed when none)
    phrases: tuple[str, ...]  # what is searched: `used` first, then its synonyms
    sources: tuple[str, ...] = ()  # where each phrase comes from, parallel to `phrases`
    prefix: bool = False  # the last word, still being typed: matched as a prefix too
    kinds: tuple[str, ...] = ()  # how each phrase stands for the words typed, parallel to
    # `phrases`: "word" (as read, or a number's other spelling), "head" (its thesaurus
    # group's head, the laws' usual word), "glossary" (its glossary headword) or "synonym";
    # app/search/scoring.py weighs each
    whole: bool = False  # the last word, still being typed, is already a word the laws or
    # the glossary know ("carre"): laws with it whole score above those it starts ("carried")

    @property
    def corrected(self) -> bool:
        """Whether spelling correction changed this clause."""
        return self.used != self.typed

    def kind(self, n: int) -> str:
        """How phrase `n` stands for the words typed (see `kinds`)."""
        return self.kinds[n] if n < len(self.kinds) else "synonym"


@dataclass(frozen=True)
class Understanding:
    """A query read: its clauses, the games it names, what was dropped or corrected."""

    text: str
    clauses: tuple[Clause, ...] = ()
    games: tuple[str, ...] = ()
    game_words: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    literal: bool = False
    corrections: tuple[tuple[str, str], ...] = ()  # (typed, used) for every corrected word

    @property
    def corrected_text(self) -> str:
        """The query as searched: corrected words, game names kept, stop words dropped."""
        return " ".join([*(c.used for c in self.clauses), *self.game_words])

    @property
    def empty(self) -> bool:
        """True when nothing in the text can be searched."""
        return not self.clauses


# English contractions, which would otherwise be cut at the apostrophe into words that mean
# nothing ("isn", "m", "ve") or something else ("won't" -> "won", the past of win).
_CONTRACTIONS = (
    (re.compile(r"\b(won|can|shan)['’]t\b", re.IGNORECASE),
     lambda m: {"won": "will not", "can": "cannot", "shan": "shall not"}[m.group(1).lower()]),
    (re.compile(r"n['’]t\b", re.IGNORECASE), lambda m: " not"),
    (re.compile(r"['’](m|re|ve|ll|d)\b", re.IGNORECASE),
     lambda m: " " + {"m": "am", "re": "are", "ve": "have", "ll": "will", "d": "would"}[
         m.group(1).lower()]),
)


def expand_contractions(text: str) -> str:
    """`text` with English contractions written out: "isn't" -> "is not", "I'm" -> "I am"."""
    for pattern, spelled in _CONTRACTIONS:
        text = pattern.sub(spelled, text)
    return text


# A word being typed shorter than this ("a", "th") is taken as unfinished even when it is a
# word: its results must stay those of the words it starts.
WHOLE_FROM = 3


# The kinds of phrase that are the words typed, as the laws usually say them: bm25 weighs
# each phrase by its rarity, so these are also ranked apart from the rarer synonyms.
AS_READ = ("word", "head")


def _quote(phrase: str) -> str:
    # Words hold letters and digits only, so a double quote can never appear inside.
    return f'"{phrase}"'


class QueryReader:
    """Reads queries with one lexicon and speller (both built once per index)."""

    def __init__(self, lexicon: Lexicon, speller: Speller) -> None:
        self._lexicon = lexicon
        self._speller = speller
        self._stop = lexicon.thesaurus.stop_words

    def read(self, text: str, *, literal: bool = False) -> Understanding:
        """Understand `text`; `literal` turns spelling correction off."""
        text = text[:MAX_QUERY_CHARS]
        tokens = words(expand_contractions(text))[:MAX_WORDS]
        if not literal:
            tokens = [part for token in tokens for part in self._split(token)][:MAX_WORDS]
        if not tokens:
            return Understanding(text, literal=literal)
        # The last word is still being typed unless something follows it.
        typing = bool(text) and not text[-1].isspace() and text.rstrip()[-1:].isalnum()
        typed = list(tokens)
        used = list(tokens)
        if not literal:
            for i, token in enumerate(tokens):
                if token in self._stop or token in self._speller:
                    continue
                if i == len(tokens) - 1 and typing and self._speller.starts_a_word(token):
                    continue
                better = self._speller.correct(token)
                if better is not None:
                    used[i] = better
        units = self._segment(used)
        content = [u for u in units if u[2] != "game" and u[2] != "stop"]
        games: list[str] = []
        game_words: list[str] = []
        clauses: list[Clause] = []
        dropped: list[str] = []
        last = len(tokens) - 1
        for start, size, kind in units:
            phrase = " ".join(used[start : start + size])
            as_typed = " ".join(typed[start : start + size])
            is_last = start + size - 1 == last and typing
            if kind == "game" and content:
                for game in self._lexicon.games_named(self._lexicon.key(phrase)):
                    if game not in games:
                        games.append(game)
                game_words.append(phrase)
                continue
            if kind == "stop" and (content or (len(units) > 1 and not is_last)):
                dropped.append(as_typed)
                continue
            clause = self._clause(as_typed, phrase, is_last)
            if is_last and ((kind == "form" and size > 1) or (len(used[last]) >= WHOLE_FROM and (
                    used[last] in self._speller or kind == "form"))):
                clause = replace(clause, whole=True)
            same = [n for n, c in enumerate(clauses) if set(c.phrases) == set(clause.phrases)]
            if same:
                # A word said twice ("a sequence ... not a real sequence"), or two forms of
                # one group ("led", "lead"), is asked for once (the last, which may be still
                # typed): counted twice, the loudest noun outweighed the rest of a description.
                clauses[same[0]] = clause
                continue
            clauses.append(clause)
        if not clauses and dropped:  # only stop words: search them rather than nothing
            clauses = [self._clause(w, w, False) for w in dropped]
            dropped = []
        corrections = tuple((t, u) for t, u in zip(typed, used, strict=True) if t != u)
        return Understanding(
            text, tuple(clauses), tuple(games), tuple(game_words), tuple(dropped), literal,
            corrections,
        )

    def _split(self, token: str) -> list[str]:
        """A term of art typed without its space ("carteblanche", "eldesthand", "faceup") as
        its two words; any other word as it is."""
        if token in self._speller or token in self._stop or len(token) < 5:
            return [token]
        lex = self._lexicon
        for cut in range(2, len(token) - 1):
            left, right = token[:cut], token[cut:]
            if left in self._speller and right in self._speller:
                key = lex.key(f"{left} {right}")
                if lex.expansion(key) is not None or lex.games_named(key):
                    return [left, right]
        return [token]

    def _segment(self, tokens: list[str]) -> list[tuple[int, int, str]]:
        """(start, size, kind) runs: "game", "form" (glossary/thesaurus), "stop" or "word".

        A form written with a number matches it in digits or words ("stage two" is the
        glossary's "stage 2"); a number of several words ("fifty one") is one run."""
        lex = self._lexicon
        units: list[tuple[int, int, str]] = []
        i = 0
        while i < len(tokens):
            longest = min(lex.longest_form(), len(tokens) - i)
            for size in range(longest, 0, -1):
                run = tokens[i : i + size]
                keys = [lex.key(" ".join(v)) for v in numbers.variants(run)]
                if any(lex.games_named(key) for key in keys):
                    units.append((i, size, "game"))
                    break
                if (any(lex.expansion(key) is not None for key in keys)
                        and (size > 1 or tokens[i] not in self._stop)):
                    units.append((i, size, "form"))
                    break
            else:
                number = numbers.read_number(tokens, i)
                size = number[1] if number else 1
                units.append((i, size, "stop" if tokens[i] in self._stop else "word"))
            i += size
        return units

    def _clause(self, typed: str, used: str, prefix: bool) -> Clause:
        lex = self._lexicon
        # The number's other spellings are the same words, not synonyms: searched as read.
        spelled = [" ".join(v) for v in numbers.variants(used.split())]
        kinds = dict.fromkeys(spelled, "word")
        sources = dict.fromkeys(spelled, "")
        found: Expansion | None = None
        for phrase in spelled:
            found = lex.expansion(lex.key(phrase))
            if found is not None:
                break
        if found is not None:
            as_read = {lex.key(p) for p in spelled}
            origin_of = dict(zip(found.phrases, found.origins, strict=True))
            heads = [h for h in found.heads if lex.key(h) not in as_read]
            # The thesaurus group's head is the laws' usual word ("wrong": erroneous); a
            # glossary headword is often rarer than the word typed ("stock": talon).
            for head in heads:
                origin = origin_of.get(head, "")
                kinds.setdefault(head, "head" if origin.startswith("thesaurus:") else "glossary")
                sources.setdefault(head, origin)
            for phrase, origin in origin_of.items():
                if lex.key(phrase) not in as_read:
                    kinds.setdefault(phrase, "synonym")
                    sources.setdefault(phrase, origin)
        return Clause(typed, used, tuple(kinds), tuple(sources.values()), prefix,
                      tuple(kinds.values()))

    def group(self, clause: Clause, *, synonyms: bool = True) -> str:
        """The clause as an FTS5 OR group of quoted phrases: every form it stands for (or,
        without `synonyms`, the words as read and their thesaurus head), and the last word,
        while typed, also as a prefix (with the whole words the stemmer would make the prefix
        miss)."""
        lex = self._lexicon
        phrases = [p for n, p in enumerate(clause.phrases)
                   if synonyms or clause.kind(n) in AS_READ]
        if not clause.prefix:
            alternatives = [_quote(p) for p in phrases]
        else:
            rest = [p for p in phrases[1:] if not lex.prefix_covers(clause.used, p)]
            extra = lex.completions(clause.used) if " " not in clause.used else []
            others = [_quote(p) for p in dict.fromkeys([*rest, *extra]) if p != clause.used]
            alternatives = [_quote(clause.used) + "*", *others]
        if len(alternatives) == 1:
            return alternatives[0]
        return "(" + " OR ".join(alternatives) + ")"

    def expression(
        self, understanding: Understanding, *, every: bool = True, synonyms: bool = True
    ) -> str | None:
        """The MATCH expression: every clause (AND) or any of them (OR), with every synonym
        or (not `synonyms`) with the words as read; None when there are no clauses."""
        if understanding.empty:
            return None
        # Explicit AND: FTS5 rejects implicit AND next to a parenthesised group.
        joiner = " AND " if every else " OR "
        return joiner.join(self.group(c, synonyms=synonyms) for c in understanding.clauses)
