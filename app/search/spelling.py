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
        self._sounds: dict[str, list[str]] | None = None

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
        if best is None or min(f[1] for f in found) > 1:
            # A word spelled by ear ("brisk", "bezeek", "konkian") is further from the word
            # than a slip of the finger, but sounds the same: a word of the same sound beats
            # two edits ("brisks" is brisques, not "breaks").
            heard = self._sounds_like().get(sound(word))
            if heard:
                best = max(heard, key=lambda w: (self._freq[w], w))
        self._cache[word] = best
        return best

    def _sounds_like(self) -> dict[str, list[str]]:
        """The known words by their sound (see `sound`), made on first need."""
        if self._sounds is None:
            self._sounds = {}
            for known in self._choices:
                if len(known) >= MIN_LENGTH and not any(c.isdigit() for c in known):
                    self._sounds.setdefault(sound(known), []).append(known)
        return self._sounds


# How the words of French card play are spelled by ear in English, in the order applied.
_SPELLINGS = (
    ("ph", "f"), ("qu", "k"), ("ck", "k"), ("kw", "k"), ("ch", "sh"),
    ("ce", "se"), ("ci", "si"), ("cy", "si"), ("c", "k"), ("z", "s"), ("x", "ks"),
    ("eau", "o"), ("au", "o"), ("ou", "u"), ("oo", "u"), ("ai", "e"), ("ay", "e"),
    ("ei", "e"), ("ee", "i"), ("ea", "i"), ("ie", "i"), ("y", "i"),
)
_VOWELS = frozenset("aeiou")


def sound(word: str) -> str:
    """A key for how a word sounds: "brisque", "brisk" and "brisks" are all "brisk";
    "bezique" and "bezeek" "besik"; "refait" and "refay" "ref"; "quinte" and "kwint" "kint".
    A final t or d after a vowel, a plural s and a final silent e are dropped, doubled
    letters made single."""
    key = word
    for written, heard in _SPELLINGS:
        key = key.replace(written, heard)
    if len(key) > 3 and key[-1] in "td" and key[-2] in _VOWELS:
        key = key[:-1]
    if len(key) > 3 and key.endswith("s"):
        key = key[:-1]
    if len(key) > 3 and key.endswith("e"):
        key = key[:-1]
    return "".join(ch for i, ch in enumerate(key) if i == 0 or ch != key[i - 1])
