"""What the words of a query can stand for: glossary forms, thesaurus groups, game names.

Everything is compared by stem, as FTS5's porter tokenizer indexes it, so "revoked" names the
term "revoke" and "drew" (listed in the thesaurus beside "draw") finds laws that say "draws".
Stems come from SQLite's own tokenizer through `stem`, asked lazily and remembered.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from app.corpus.laws import Term
from app.search.english import common_words
from app.search.results import MAX_QUERY_CHARS, fold, words
from app.search.thesaurus import Thesaurus

# At most this many whole words are added to complete the last, unfinished word (see
# Lexicon.completions); beyond it the prefix is short and broad and `"p"*` suffices.
MAX_COMPLETIONS = 12

Stemmer = Callable[[Iterable[str]], Mapping[str, str]]


@dataclass(frozen=True)
class Expansion:
    """The phrases a form found in a query stands for, and where they come from."""

    phrases: tuple[str, ...]  # folded phrases, the typed form's own group first
    sources: tuple[str, ...]  # "glossary:<term id>" or "thesaurus:<group id>"
    origins: tuple[str, ...] = ()  # the source each phrase comes from, parallel to phrases
    heads: tuple[str, ...] = ()  # the head form of each group the phrase itself is in


class Lexicon:
    """The words of the corpus with the glossary and thesaurus, asked by stem."""

    def __init__(
        self,
        terms: Iterable[Term],
        thesaurus: Thesaurus,
        vocabulary: Iterable[str],
        stemmer: Stemmer,
    ) -> None:
        self._stemmer = stemmer
        self._stems: dict[str, str] = {}
        self._keys: dict[str, tuple[str, ...]] = {}
        self._completed: dict[str, list[str]] = {}
        self._terms = list(terms)
        self._vocabulary = sorted(set(vocabulary))
        self.thesaurus = thesaurus
        # Each group of forms (a glossary term or a thesaurus row) as (source, folded phrases).
        groups: list[tuple[str, list[str]]] = [
            (f"glossary:{t.id}", [" ".join(words(f)) for f in t.forms]) for t in self._terms
        ]
        groups += [(f"thesaurus:{g.id}", [" ".join(words(f)) for f in g.forms])
                   for g in thesaurus.groups]
        games = [(" ".join(words(name)), game) for name, game in thesaurus.game_names]
        self.stems(
            w for _, phrases in groups for p in phrases for w in p.split()
        )
        self.stems(w for name, _ in games for w in name.split())
        self._groups_by_key: dict[tuple[str, ...], list[int]] = {}
        for index, (_, phrases) in enumerate(groups):
            for phrase in phrases:
                key = self.key(phrase)
                if key and index not in self._groups_by_key.setdefault(key, []):
                    self._groups_by_key[key].append(index)
        self._groups = groups
        self._thesaurus_by_key = {
            key: [i for i in found if groups[i][0].startswith("thesaurus:")]
            for key, found in self._groups_by_key.items()
        }
        self._expansions: dict[tuple[str, ...], Expansion] = {}
        # Each word of a longer form, by stem ("couper" of the glossary's "couper la carte"):
        # one the laws never use stands, typed alone, for the groups whose forms hold it; not a
        # common English word, which means itself ("bad" is not "bad deal", a misdeal).
        stop = {*thesaurus.stop_words, *common_words()}
        self._lone_words: dict[str, list[int]] = {}
        for index, (_, phrases) in enumerate(groups):
            for phrase in phrases:
                parts = phrase.split()
                for word in parts if len(parts) > 1 else ():
                    holders = self._lone_words.setdefault(self.stem(word), [])
                    if len(word) > 1 and word not in stop and index not in holders:
                        holders.append(index)
        self._vocabulary_stems: frozenset[str] | None = None
        self._games_by_key: dict[tuple[str, ...], list[str]] = {}
        for name, game in games:
            bucket = self._games_by_key.setdefault(self.key(name), [])
            if game not in bucket:
                bucket.append(game)
        self._longest = max((len(k) for k in [*self._groups_by_key, *self._games_by_key]),
                            default=1)
        self._terms_by_key: dict[tuple[str, ...], list[Term]] = {}
        for term in self._terms:
            for form in term.forms:
                key = self.key(" ".join(words(form)))
                if key and term not in self._terms_by_key.setdefault(key, []):
                    self._terms_by_key[key].append(term)
        by_name = sorted(self._terms, key=lambda t: (fold(t.term), t.id))
        self._glossary = [self._entry(t) for t in by_name]

    # -- stems ---------------------------------------------------------------------------------

    def stems(self, found: Iterable[str]) -> dict[str, str]:
        """Each word's stem (asked of the tokenizer once per word, then remembered)."""
        wanted = set(found)
        missing = [w for w in wanted if w not in self._stems]
        if missing:
            got = self._stemmer(missing)
            for word in missing:
                self._stems[word] = got.get(word, word)
        return {w: self._stems[w] for w in wanted}

    def stem(self, word: str) -> str:
        """One word's stem."""
        if word not in self._stems:
            self.stems([word])
        return self._stems[word]

    def key(self, phrase: str) -> tuple[str, ...]:
        """A folded phrase as the index sees it: the stems of its words."""
        found = self._keys.get(phrase)
        if found is None:
            parts = phrase.split()
            self.stems(parts)
            found = tuple(self._stems[w] for w in parts)
            if len(self._keys) < 100_000:
                self._keys[phrase] = found
        return found

    # -- forms ---------------------------------------------------------------------------------

    def longest_form(self) -> int:
        """The most words any glossary, thesaurus or game-name form has."""
        return self._longest

    def games_named(self, key: tuple[str, ...]) -> list[str]:
        """The games one of whose names is this phrase (by stems), in thesaurus order."""
        return self._games_by_key.get(key, [])

    def expansion(self, key: tuple[str, ...]) -> Expansion | None:
        """What a phrase (by stems) stands for, or None when no group lists it.

        One step through the glossary and the thesaurus, then one more through the thesaurus
        only: "maldonne" is the glossary's misdeal, which the thesaurus joins to "fresh deal";
        the glossary alone never chains (its "carte retournée" is both an exposed card and the
        turn-up, which are not the same thing).
        """
        if key in self._expansions:
            return self._expansions[key]
        first = self._groups_by_key.get(key) or (self._lone(key[0]) if len(key) == 1 else None)
        if not first:
            return None
        chosen = list(first)
        for index in first:
            # The second step goes from each group's head form only ("misdeal" for the
            # glossary's misdeal), so a loose synonym ("dealing" for dealer) cannot chain.
            head = self._groups[index][1][0]
            for more in self._thesaurus_by_key.get(self.key(head), []):
                if more not in chosen:
                    chosen.append(more)
        seen_keys: set[tuple[str, ...]] = set()
        origin: dict[str, str] = {}
        for index in chosen:
            for phrase in self._groups[index][1]:
                if phrase and self.key(phrase) not in seen_keys:
                    seen_keys.add(self.key(phrase))
                    origin[phrase] = self._groups[index][0]
        phrases = self._prune(list(origin))
        found = Expansion(
            tuple(phrases),
            tuple(self._groups[i][0] for i in chosen),
            tuple(origin[p] for p in phrases),
            tuple(dict.fromkeys(self._groups[i][1][0] for i in first)),
        )
        self._expansions[key] = found
        return found

    def _lone(self, stem: str) -> list[int] | None:
        """The groups a word of their longer forms stands for, when no law uses the word."""
        found = self._lone_words.get(stem)
        if not found:
            return None
        if self._vocabulary_stems is None:
            self._vocabulary_stems = frozenset(self.stems(self._vocabulary).values())
        return None if stem in self._vocabulary_stems else found

    def _prune(self, phrases: list[str]) -> list[str]:
        """The phrases minus those another one already matches, as the index sees them.

        "the stock" finds nothing "stock" does not, but costs a read of the huge doclist of
        "the"; "revoking" and "revoke" are one indexed stem. Dropping them keeps the OR group
        cheap without changing which laws match.
        """
        keyed = [(p, self.key(p)) for p in phrases]
        kept: list[str] = []
        for phrase, key in keyed:
            if any(len(other) < len(key) and _contains(key, other) for _, other in keyed):
                continue
            kept.append(phrase)
        return kept

    def prefix_covers(self, typed: str, phrase: str) -> bool:
        """Whether `"typed"*` matches every law `"phrase"` does."""
        if phrase == typed:
            return True
        if " " in typed:
            return False
        stem = self.stem(typed)
        return any(self.stem(w).startswith(stem) for w in phrase.split())

    def completions(self, prefix: str) -> list[str]:
        """Whole words completing `prefix` whose stem a `"prefix"*` query would miss.

        The tokenizer stems the prefix as well as the words, and the two need not line up:
        "dealing" is indexed as "deal" while "deali"* stays "deali"; "play"* becomes "plai"*,
        which misses "player". Adding those words themselves (stemmed alike) keeps results
        steady while a word is typed.
        """
        if prefix in self._completed:
            return self._completed[prefix]
        found = self._complete(prefix)
        if len(self._completed) < 100_000:
            self._completed[prefix] = found
        return found

    def _complete(self, prefix: str) -> list[str]:
        start = bisect.bisect_left(self._vocabulary, prefix)
        end = bisect.bisect_left(self._vocabulary, prefix + "\U0010ffff")
        if end - start > 40 * MAX_COMPLETIONS:
            return []
        candidates = self._vocabulary[start:end]
        typed_stem = self.stem(prefix)
        stems = self.stems(candidates)
        found: dict[str, str] = {}
        for word in candidates:
            stem = stems[word]
            if stem.startswith(typed_stem) or stem in found:
                continue
            found[stem] = word
            if len(found) > MAX_COMPLETIONS:
                return []
        return list(found.values())

    # -- the glossary --------------------------------------------------------------------------

    def term_for(self, word: str) -> Term | None:
        """The glossary term one of whose forms is `word` (any case or accents), or None."""
        tokens = words(word[:MAX_QUERY_CHARS])
        if not tokens:
            return None
        bucket = self._terms_by_key.get(self._norm_key(tokens))
        if not bucket:
            return None
        # A word that is one term's headword and another's synonym means the headword.
        folded = " ".join(tokens)
        for term in bucket:
            if " ".join(words(term.term)) == folded:
                return term
        return bucket[0]

    def _norm_key(self, tokens: list[str]) -> tuple[str, ...]:
        return self.key(" ".join(tokens))

    def _entry(self, term: Term) -> _GlossaryEntry:
        forms = tuple(" ".join(words(f)) for f in term.forms)
        form_words = frozenset(w for f in forms for w in f.split())
        all_words = form_words | frozenset(words(term.definition))
        return _GlossaryEntry(
            term=term,
            forms=forms,
            form_words=form_words,
            form_stems=frozenset(self.stems(form_words).values()),
            all_words=all_words,
            all_stems=frozenset(self.stems(all_words).values()),
        )

    def find_terms(self, text: str) -> list[Term]:
        """Glossary terms matching every word typed (the last as a prefix), best first.

        Terms named by the query come first, then terms with a form starting with it, then
        terms whose forms hold every word, then those found only through their definition.
        """
        tokens = words(text[:MAX_QUERY_CHARS])[:24]
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

    def _norm(self, word: str) -> str:
        return self.stem(word)


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
