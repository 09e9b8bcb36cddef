"""Whether a choice echoes the stem: the words a learner could match without knowing the law
(a giveaway, the blind audit's class f), weighted by how telling each word of a law's name is.
The judge (quizzes/judge.py) and the "which law?" generator both ask it."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from app.corpus.laws import Content
from quizzes.questions import Choice

# --- the classes -----------------------------------------------------------------------
_STOP = frozenset({"that", "this", "with", "from", "have", "been", "were", "when", "which",
    "their", "there", "they", "them", "than", "then", "into", "only", "also", "does", "will",
    "would", "shall", "what", "whom", "whose", "each", "every", "other", "more", "most",
    "such", "some", "same", "before", "after", "under", "over", "upon", "player", "players",
    "card", "cards", "hand", "hands"})


def _content_words(text: str) -> set[str]:
    """The words that carry meaning, a plural's 's' aside ("tricks" is "trick")."""
    return {w[:-1] if w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-zà-ÿ]+", text.casefold())
            if len(w) > 3 and w not in _STOP}


def restates(choice: str, stem: str) -> bool:
    """Whether a choice is the stem restated: three words of meaning or more, most of them
    the stem's (a name of two words, "The last trick", names its subject, not the answer)."""
    words = _content_words(choice)
    return len(words) >= 3 and len(words & _content_words(stem)) >= 0.6 * len(words)


# Words that say nothing of a case: the function words, and the prompt's own ("which law
# decides this?") and the words every table uses.
_FUNCTION = frozenset({"the", "and", "for", "but", "his", "her", "him", "not", "has", "are",
    "was", "who", "may", "can", "had", "its", "any", "all", "how", "why", "one", "law", "laws",
    "decide", "decides", "deciding", "whether", "being", "while", "yet", "own"}) | _STOP
_SUFFIXES = ("ings", "ing", "ed", "es", "er", "s")


# Past forms a learner reads as their verb ("led" is "lead", "drew" is "draw").
_IRREGULAR = {"led": "lead", "drew": "draw", "saw": "see", "seen": "see", "won": "win",
              "took": "take", "threw": "throw", "lost": "lose", "laid": "lay"}


def _root(word: str) -> str:
    """A word's root as a learner matches it by eye: its ending cut, then its first four
    letters ("deals", "dealt", "dealer" are one; "shuffles", "shuffled", "shuffling" too)."""
    word = _IRREGULAR.get(word, word)
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 \
                and not (suffix == "s" and word.endswith("ss")):
            word = word[:-len(suffix)]
            if suffix != "s" and word[-1] == word[-2] and word[-1] not in "ls":
                word = word[:-1]  # a consonant doubled before the ending ("cutting" is "cut")
            break
    return word[:4]


def _roots(text: str) -> set[str]:
    return {_root(w) for w in re.findall(r"[a-zà-ÿ]+", text.casefold())
            if len(w) >= 3 and w not in _FUNCTION}


def says_again(choice: str, stem: str) -> bool:
    """Whether a choice says again what the stem says, read by eye: two words of meaning or
    more, most of them the stem's, a word matched by its first three letters once its ending
    is cut (quizzes.judge._root: "took" is "takes", "given" is "gives", "abandoned" is
    "abandoning")."""
    roots = {r[:3] for r in _roots(choice)}
    return len(roots) >= 2 and len(roots & {r[:3] for r in _roots(stem)}) >= 0.6 * len(roots)


def told_on_table(situation: str) -> str:
    """What a table question's stem says happened: its lines after the first. The first line
    (the game, the stage, the dealer, the trumps, the tricks and scores so far) is the same
    kind of line in every question on a table: its words tell no answer ("Scores so far" and
    "played" are no clue to "Playing a card of a combination not yet scored")."""
    return "\n".join(situation.split("\n")[1:])


def matched_stems(situation: str, prompt: str, on_table: bool, game_name: str
                  ) -> tuple[str, ...]:
    """The stems a learner may match the choices against: the whole stem, and on a table what
    it says happened (told_on_table). The right choice found by either is given away: the
    header's generic words ("Scores so far", "Tricks played") may echo a wrong choice and hide
    that the event's words single out the right one, and the header's stage words ("the stock
    exhausted") may single it out themselves."""
    whole = matched_stem(situation, prompt, game_name)
    return (whole, matched_stem(told_on_table(situation), prompt, game_name)) if on_table \
        else (whole,)


def matched_stem(situation: str, prompt: str, game_name: str) -> str:
    """The words a learner matches the choices against: the situation and the prompt, but the
    game's name, which every question of the game says ("Rubicon Bézique" is no clue to
    "the rubicon", nor "at Écarté" to "English écarté")."""
    # (nor the authority a disputed rule's reading follows: "following Hoffmann 1909" is no
    # clue to "Follow suit and win")
    prompt = re.sub(r", following [^?]*\?", "?", prompt)
    stem = f"{situation}\n{prompt.replace(f' of {game_name}', '')}"
    for word in re.findall(r"[^\W\d_]+", game_name):
        if len(word) > 3:
            stem = re.sub(rf"\b{re.escape(word)}\b", "", stem, flags=re.IGNORECASE)
    return stem


Weights = Mapping[str, float]


def title_weights(content: Content) -> Weights:
    """How telling each word root of a law's name is: the rarer among the names of all laws,
    the more ("revoke" tells more than "fail"), log(names / names with it). Cached per
    content: every question of the bank asks it."""
    key = id(content)
    cached = _WEIGHTS.get(key)
    if cached is None or cached[0] is not content:
        names = [law.title for law in content.laws.values()]
        counts: dict[str, int] = {}
        for name in names:
            for r in _roots(name):
                counts[r] = counts.get(r, 0) + 1
        cached = (content, {r: math.log(len(names) / n) for r, n in counts.items()})
        _WEIGHTS[key] = cached
    return cached[1]


_WEIGHTS: dict[int, tuple[Content, dict[str, float]]] = {}


def echo(choice: str, stem: str, common: frozenset[str] = frozenset(),
         weights: Weights | None = None) -> float:
    """How much of a choice's words (but those every choice shares) the stem also has: each
    shared root counts its weight (1 without weights)."""
    shared = (_roots(choice) - common) & _roots(stem)
    return math.fsum(sorted(weights.get(r, 1.0) if weights is not None else 1.0 for r in shared))


def restated_alone(right: list[Choice], wrong: list[Choice], stem: str,
                   weights: Weights | None = None) -> bool:
    """Whether the right choice can be found by matching the stem's words alone: it restates
    the stem and no wrong one does, or (weighed by how telling each word is among the laws'
    names, for choices that are laws' names) it shares more of the stem's words than any
    wrong one (the blind audit's class f: "deciding whether ... is
    a revoke" and "What counts as a revoke" beside three choices that say nothing of a
    revoke). Judged on what each choice says that the others do not (a clause every choice
    shares gives nothing away); a wrong choice that echoes the stem nearly as much (RIVAL) is a
    close rival, not a giveaway."""
    if not right:
        return False
    common = set.intersection(*(_content_words(c.text) for c in (*right, *wrong)))
    def own(c: Choice) -> str:
        return " ".join(_content_words(c.text) - common)

    if all(restates(own(c), stem) for c in right) \
            and not any(restates(own(c), stem) for c in wrong):
        return True
    if weights is None:
        return False
    shared = frozenset(set.intersection(*(_roots(c.text) for c in (*right, *wrong))))
    best_wrong = max((echo(c.text, stem, shared, weights) for c in wrong), default=0.0)
    return all(echo(c.text, stem, shared, weights) > best_wrong / RIVAL for c in right)


# A wrong choice that echoes the stem at least this share as much as the right one (weighed) is
# a close rival: "One hand too many cards, the other too few" and "Both hands have too many".
RIVAL = 0.8
