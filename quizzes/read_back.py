"""A choice's words read back into the ruling they word (the outcome's opening, who may choose
what, who must do what, the points): the quiz's judge (quizzes/judge.py) compares what a
choice says with the engine's ruling through app.engine.ruling.also_true_of, never through
the generators that wrote it."""

from __future__ import annotations

import re
from collections.abc import Mapping

from app.engine import CodeRuling
from app.engine.ruling import DUTIES, Decision, Duty, Option
from app.engine.terms import TOGETHER, words_to_ids
from quizzes.words import EITHER_CHOOSES, NO_PENALTY, OUTCOME_WORDS

_OPENINGS = sorted([*((w + ".", o) for o, w in OUTCOME_WORDS.items()),
                    *((w + ".", "innocent-chooses") for w in EITHER_CHOOSES.values())],
                   key=lambda p: -len(p[0]))
_DUTY_BY_WORDS = {t.rstrip(".")[:1].lower() + t.rstrip(".")[1:]: did
                  for did, t in DUTIES.items()}
_WON_BY = re.compile(re.escape(OUTCOME_WORDS["game-won"])
                     + r" by (?P<who>[^.,]+)(?:, worth (?P<worth>\d+))?\.")
_MAY = re.compile(r"^(?P<who>.+?) may (?P<what>.+)$")
_MUST = re.compile(r"^(?P<who>.+?) must (?P<what>.+)$")
_SCORES = re.compile(r"^(?P<who>.+?) (?:scores?|adds?|wins? it, worth) (?P<n>\d+)"
                     r"(?: to (?:his|their) score)?$")
_TAKEN = re.compile(r"^(?P<who>.+?) (?:has|have) (?P<n>\d+) taken off (?:his|their) score$")
_CORRECTED = re.compile(r"^(?P<who>.+?) (?:has|have) the (?P<n>\d+) (?:he|they) marked in error "
                        r"taken off (?:his|their) score \(a correction\)$")


_IF_CHOSEN = re.compile(r"^If (?P<who>\w+) chooses to (?P<what>.+): (?P<gains>.+)$")
_GAIN = re.compile(r"(\w+) ([+-]\d+)")


def _names(text: str) -> list[str]:
    return [n.strip() for n in re.split(r",| or | and ", text) if n.strip()]


def _options_named(what: str, by_words: Mapping[str, str]) -> list[str] | None:
    """The options a list of rights names ("claim a misdeal, make up the shortage ... or draw
    the surplus ..."), each matched whole (an option's own words may hold a comma or an
    "or"); None when a part is no option's words."""
    ids: list[str] = []
    rest = what.strip()
    while rest:
        words = next((w for w in sorted(by_words, key=len, reverse=True)
                      if rest.startswith(w)), None)
        if words is None:
            return None
        ids.append(by_words[words])
        rest = rest[len(words):]
        for sep in (", or ", ", ", " or "):
            if rest.startswith(sep):
                rest = rest[len(sep):]
                break
        else:
            if rest:
                return None
    return ids


def read_ruling(text: str, code: str, sides: Mapping[str, str]) -> CodeRuling | None:
    """The ruling a choice words (None when its words are not a ruling's)."""
    folded = " ".join(text.split())
    by_side = {v: k for k, v in sides.items()}
    winner = ""
    if (won := _WON_BY.match(folded)) is not None:
        opening: tuple[str, str] | None = (won[0], "game-won")
        winner = by_side.get(won["who"], won["who"])
    else:
        opening = next(((w, o) for w, o in _OPENINGS if folded.startswith(w)), None)
    if opening is None:
        return None
    words, outcome = opening
    rest = folded[len(words):].strip()
    by_words = words_to_ids(sides)  # an option's words, naming a seat where they do
    options: list[Option] = []
    duties: list[Duty] = []
    score: dict[str, int] = {}
    if won is not None and won["worth"]:
        score[winner] = int(won["worth"])
    for sentence in filter(None, (s.strip() for s in re.split(r"(?<=\.)\s+", rest))):
        sentence = sentence.rstrip(".")
        if sentence.startswith("If "):
            if (m := _IF_CHOSEN.match(sentence)) is None or not options:
                return None
            holder = [o for o in options if o.by == m["who"]
                      and by_words.get(m["what"]) == o.id]
            if len(holder) != 1:
                return None  # points under an option not offered: not read back
            gains = {by_side.get(p, p): int(n) for p, n in _GAIN.findall(m["gains"])}
            chosen = holder[0]
            options[options.index(chosen)] = Option(chosen.id, chosen.by, score=gains)
            continue
        if (m := _MAY.match(sentence)) is not None:
            who = _names(m["who"].removeprefix(TOGETHER))
            ids = _options_named(m["what"].replace(", and may also ", ", "), by_words)
            if ids is None:
                return None
            options += [Option(str(i), p) for i in ids for p in who]
        elif (m := _MUST.match(sentence)) is not None and m["what"] in _DUTY_BY_WORDS:
            duties += [Duty(_DUTY_BY_WORDS[m["what"]], p) for p in _names(m["who"])]
        elif (m := _SCORES.match(sentence)) is not None:
            score[by_side.get(m["who"], m["who"])] = int(m["n"])
        elif (m := _TAKEN.match(sentence)) is not None:
            if outcome in NO_PENALTY:
                return None  # a fine beside "No penalty": no ruling's words (round 9's #108)
            score[by_side.get(m["who"], m["who"])] = -int(m["n"])
        elif (m := _CORRECTED.match(sentence)) is not None and outcome in NO_PENALTY:
            score[by_side.get(m["who"], m["who"])] = -int(m["n"])
        else:
            return None
    return CodeRuling(code, Decision(outcome, (), "", tuple(options), score,
                                     duties=tuple(duties), winner=winner))


def refutes_itself(text: str) -> bool:
    """Whether a choice denies a penalty and words a fine in the same breath ("No penalty.
    South has 1 taken off his score.", the ninth blind round's #108)."""
    folded = " ".join(text.split())
    opening = next(((w, o) for w, o in _OPENINGS if folded.startswith(w)), None)
    if opening is None or opening[1] not in NO_PENALTY:
        return False
    rest = folded[len(opening[0]):]
    return any(_TAKEN.match(s.strip().rstrip(".")) for s in re.split(r"(?<=\.)\s+", rest))
