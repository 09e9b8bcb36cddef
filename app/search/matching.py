"""How a law holds each clause of a query read: the words and phrases found (a word, a
correction, a synonym, a prefix still typed) and where, which the score weighs
(app/search/scoring.py) and the results explain (app/search/store.py runs the search)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise

from app.corpus.laws import Law
from app.corpus.vocabulary import GAMES, GENERAL
from app.search import index
from app.search.evidence import NEAR_WORDS, LawText, Vocabulary
from app.search.lexicon import Lexicon
from app.search.query import Clause, Understanding
from app.search.results import Match, words
from app.search.scoring import WEIGHTS, Evidence

# Laws whose words (as stems) are kept for scoring; past it the cache starts again.
LAW_TEXTS = 20_000


class LawMatcher:
    """The clauses of a query matched against the laws' indexed words, kept as stems."""

    def __init__(self, laws: Mapping[str, Law], lexicon: Lexicon, vocabulary: Vocabulary, *,
                 ranked: bool) -> None:
        self._laws = laws
        self._lexicon = lexicon
        self._vocabulary = vocabulary
        # bm25 is evidence only when FTS5 ranked the candidates (not past RANK_LIMIT).
        self._ranked = ranked
        self._law_texts: dict[str, LawText] = {}
        self._game_names = dict(GAMES)
        self._clause_patterns: dict[Clause, list[str]] = {}

    def text_of(self, law: Law) -> LawText:
        """The law's indexed words as stems (cached)."""
        found = self._law_texts.get(law.id)
        if found is None:
            title, case, body, where = index.fields(law, self._game_names)
            parts = [words(title), words(case), words(f"{body} {where}")]
            stems = self._lexicon.stems([t for part in parts for t in part])
            found = LawText(*([stems[t] for t in part] for part in parts))
            if len(self._law_texts) > LAW_TEXTS:
                self._law_texts.clear()
            self._law_texts[law.id] = found
        return found

    def patterns(self, clause: Clause) -> list[str]:
        """Each phrase of a clause as space-padded stems, for substring tests."""
        found = self._clause_patterns.get(clause)
        if found is None:
            found = [" " + " ".join(self._lexicon.key(p)) + " " for p in clause.phrases]
            if len(self._clause_patterns) > 10_000:
                self._clause_patterns.clear()
            self._clause_patterns[clause] = found
        return found

    def found(self, text: LawText, clause: Clause) -> tuple[Match | None, str, list[int]]:
        """Whether and how `clause` is in the law: the match to show, its weight's name
        (scoring.WEIGHTS), and the word positions where any of its phrases starts."""
        best: tuple[float, int, str] | None = None
        positions: list[int] = []
        for n, key in enumerate(self.patterns(clause)):
            at = text.find(key)
            if at:
                how = clause.kind(n)
                if how == "word" and clause.prefix and not clause.whole:
                    how = "prefix"  # a word still typed, too short to be meant whole
                weight = WEIGHTS[how]
                if best is None or weight > best[0]:
                    best = (weight, n, how)
                    positions = []
                if weight == best[0]:  # where the best kind of match stands
                    positions += at
        if best is not None:
            _, n, how = best
            phrase = clause.phrases[n]
            if clause.kind(n) == "word":
                match = Match(clause.typed, phrase, "correction" if clause.corrected else "word")
            else:
                match = Match(clause.typed, phrase, "synonym", clause.sources[n])
            return match, how, sorted(positions)
        if clause.prefix:
            stem = self._lexicon.stem(clause.used)
            for start in dict.fromkeys((stem, clause.used)):
                at = text.find(f" {start}", whole=False)
                if at:
                    return Match(clause.typed, clause.used, "prefix"), "prefix", at
            for word in self._lexicon.completions(clause.used):
                at = text.find(f" {self._lexicon.stem(word)} ")
                if at:
                    return Match(clause.typed, word, "prefix"), "prefix", at
        return None, "", []

    def evidence(
        self, law: Law, seen: Understanding, named: tuple[str, ...], bm25: float,
        negating: bool, rarities: Mapping[Clause, float],
    ) -> Evidence:
        """What `law` holds of the query, for scoring.score."""
        text = self.text_of(law)
        found: list[str] = []
        places: list[list[int]] = []
        rare = 0.0
        for clause in seen.clauses:
            _, how, positions = self.found(text, clause)
            if how:
                found.append(how)
                places.append(positions)
                rare += rarities[clause]
        in_name = [[p for p in at if p < text.name_size] for at in places]
        in_order = near = 0
        # Clauses in the order typed, those the law lacks skipped.
        for (a, b), (name_a, name_b) in zip(pairwise(places), pairwise(in_name), strict=False):
            in_order += text.order(name_a, name_b)
            if any(0 < q - p <= NEAR_WORDS for p in a for q in b):
                near += 1
        negated = 0 if negating else sum(
            any(text.negated(p) for p in at) for at in in_name)
        # A clause found only as a synonym counts for less where it stands, as it does found.
        worth = [WEIGHTS[how] / WEIGHTS["word"] for how in found]
        often = sum(w * len(at) / (len(at) + 1) for w, at in zip(worth, places, strict=True))
        named_worth = sum(w for w, at in zip(worth, in_name, strict=True) if at)
        return Evidence(tuple(found), named_worth, in_order, near,
                        negated, law.game in named and law.game != GENERAL,
                        bm25 if self._ranked else 0.0, often, rare)

    def rarity(self, clause: Clause) -> float:
        """1 for a clause one law uses, 0 for one every law uses (from the vocabulary)."""
        laws = max(len(self._laws), 2)
        docs = min(max(self._vocabulary.clause_docs(clause, synonyms=False), 1), laws)
        return 1.0 - math.log(docs) / math.log(laws)

    def explain(self, law: Law, clause: Clause) -> Match | None:
        """Why `law` matches `clause`, or None when it does not."""
        return self.found(self.text_of(law), clause)[0]
