"""Spelling correction against the index's own vocabulary: every word the laws, the glossary,
the thesaurus and the game names use, so a correction is always a word that finds something.

A word is left as typed when the laws know it in another form (its stem is indexed: "hearts",
"trumped"), when it is a common English word (the reader means it: "person" is not "period"),
or when it holds a digit ("17th")."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Iterable, Mapping

from rapidfuzz import process
from rapidfuzz.distance import OSA

# Words this short are too easily "corrected" into another real word.
MIN_LENGTH = 4


def max_edits(word: str) -> int:
    """How many edits (insert, delete, substitute, swap neighbours) a word of this length may
    need: one up to five letters, two up to nine, three beyond."""
    return 1 if len(word) <= 5 else 2 if len(word) <= 9 else 3


class Speller:
    """Finds the known word nearest to an unknown one; prefers the commoner on ties."""

    def __init__(
        self,
        frequencies: Mapping[str, int],
        known: Iterable[str] = (),
        *,
        stem: Callable[[str], str] | None = None,
        stems: Collection[str] = (),
        common: Collection[str] = (),
    ) -> None:
        """`stem` and `stems`: a word whose stem is among `stems` is known (the index holds
        it in another form); `common`: words meant as typed, never corrected."""
        self._freq = dict(frequencies)
        for word in known:
            self._freq.setdefault(word, 1)
        self._choices = sorted(self._freq)
        self._cache: dict[str, str | None] = {}
        self._stem = stem
        self._stems = stems
        self._common = common

    def __contains__(self, word: object) -> bool:
        return word in self._freq

    def starts_a_word(self, prefix: str) -> bool:
        """Whether some known word starts with `prefix` (a word still being typed)."""
        at = bisect.bisect_left(self._choices, prefix)
        return at < len(self._choices) and self._choices[at].startswith(prefix)

    def correct(self, word: str) -> str | None:
        """The nearest known word to `word` within max_edits, or None (known, short, or far)."""
        if word in self._freq or len(word) < MIN_LENGTH or any(c.isdigit() for c in word):
            return None
        if word in self._cache:
            return self._cache[word]
        if word in self._common or (self._stem is not None and self._stem(word) in self._stems):
            self._cache[word] = None
            return None
        limit = max_edits(word)
        found = process.extract(
            word, self._choices, scorer=OSA.distance, score_cutoff=limit, limit=20
        )
        # Two or more edits that also change the first letter make another word, not a typo
        # ("cheating" is not "treating").
        found = [f for f in found if f[1] < 2 or f[0][0] == word[0]]
        best = None
        if found:
            # Fewest edits, then same first letter (typos rarely hit it), then commonest.
            best = min(
                found, key=lambda f: (f[1], f[0][0] != word[0], -self._freq[f[0]], f[0])
            )[0]
        self._cache[word] = best
        return best
