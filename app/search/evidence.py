"""What a law holds of a query, for scoring (app/search/scoring.py), and how many laws a
clause may match, for choosing whether to rank them (app/search/store.py)."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from itertools import accumulate

from app.search.lexicon import Lexicon
from app.search.query import AS_READ, Clause

# Words that deny what follows them: a law named "Leading when neither partner had the lead"
# is about the lead that was no partner's, the opposite of a partner's lead.
NEGATORS = frozenset({"neither", "nor", "not", "no", "without", "never", "cannot", "none"})
# How many words before a clause's word a negator may stand ("neither his partner").
NEGATION_REACH = 2
# Two clauses at most this many words apart in a law are read together ("the score stands").
NEAR_WORDS = 3


class LawText:
    """A law's indexed words as stems, its name (title and case) first, with positions."""

    def __init__(self, title: list[str], case: list[str], rest: list[str]) -> None:
        self.tokens = [*title, *case, *rest]
        self.name_size = len(title) + len(case)
        # The title and the case each name the situation in their own word order.
        self.names = ((0, len(title)), (len(title), self.name_size))
        self.padded = " " + " ".join(self.tokens) + " "
        # The offset of the space before each word, to turn a substring's offset into a word.
        self._starts = list(accumulate((len(t) + 1 for t in self.tokens[:-1]), initial=0))

    def find(self, pattern: str, *, whole: bool = True) -> list[int]:
        """The word positions where `pattern` (space-padded stems; without its trailing space
        when not `whole`: a prefix) starts."""
        found = []
        at = self.padded.find(pattern)
        while at >= 0:
            found.append(bisect.bisect_left(self._starts, at))
            at = self.padded.find(pattern, at + 1)
        return found

    def order(self, first: list[int], then: list[int]) -> int:
        """1 when one of the law's names (title, case) holds words at `first` before words at
        `then`; -1 when they hold them only the other way round; else 0."""
        found = 0
        for start, end in self.names:
            a = [p for p in first if start <= p < end]
            b = [p for p in then if start <= p < end]
            if a and b:
                if min(a) < max(b):
                    return 1
                found = -1
        return found

    def negated(self, position: int) -> bool:
        """Whether a negator stands just before the word at `position`."""
        return any(t in NEGATORS
                   for t in self.tokens[max(0, position - NEGATION_REACH):position])


class Vocabulary:
    """How many laws use each indexed stem, to bound how many laws a clause matches."""

    def __init__(self, docs: Mapping[str, int], stems: Mapping[str, str],
                 lexicon: Lexicon) -> None:
        self._lexicon = lexicon
        self._stem_docs: dict[str, int] = {}
        for word, count in docs.items():
            stem = stems.get(word, word)
            self._stem_docs[stem] = self._stem_docs.get(stem, 0) + count
        self._words = sorted(docs)
        self._running = list(accumulate((docs[w] for w in self._words), initial=0))

    def clause_docs(self, clause: Clause, *, synonyms: bool = True) -> int:
        """At least as many laws as `clause` matches (a phrase matches no more laws than its
        rarest word; a prefix no more than the words it starts); without `synonyms`, as the
        words as read do."""
        total = 0
        for n, phrase in enumerate(clause.phrases):
            if not synonyms and clause.kind(n) not in AS_READ:
                continue
            key = self._lexicon.key(phrase)
            total += min((self._stem_docs.get(s, 0) for s in key), default=0)
        if clause.prefix:
            start = bisect.bisect_left(self._words, clause.used)
            end = bisect.bisect_left(self._words, clause.used + "\U0010ffff")
            total += self._running[end] - self._running[start]
        return total
