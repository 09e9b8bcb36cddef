"""Numbers in a query, in words or in digits: "fifty" finds a law that says 50, "11th" one that
says "eleventh", "stage two" the glossary's "stage 2", "1,000" a law that says 1000.

The index holds words as the laws write them, so search asks for every spelling of a number:
`variants` turns a run of folded words into the same words with each number spelled the other
ways (digits, words; "thirteen hundred" and "one thousand three hundred").
"""

from __future__ import annotations

import re

UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
ORDINAL_UNITS = [
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
    "sixteenth", "seventeenth", "eighteenth", "nineteenth",
]
ORDINAL_TENS = {"twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
                "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90}
SCALES = {"hundred": 100, "thousand": 1000}
ORDINAL_SCALES = {"hundredth": 100, "thousandth": 1000}

# Every word that can be part of a number written out (the speller leaves them as typed).
WORDS = frozenset([*UNITS, *TENS, *ORDINAL_UNITS, *ORDINAL_TENS, *SCALES, *ORDINAL_SCALES])

# Numbers spelled out in words up to this value (beyond it a reader types digits).
MAX_SPELLED = 9999
_DIGITS = re.compile(r"\d+")
_ORDINAL_DIGITS = re.compile(r"(\d+)(st|nd|rd|th)")
_GROUP = re.compile(r"\d{3}")


_CARDINALS = {w: n for n, w in enumerate(UNITS)} | TENS | SCALES
_ORDINALS = {w: n for n, w in enumerate(ORDINAL_UNITS)} | ORDINAL_TENS | ORDINAL_SCALES


def _word_kind(word: str) -> tuple[str, int, bool] | None:
    """(kind, value, ordinal) of one number word, or None; kinds: unit (0-9), teen (10-19),
    tens, hundred, thousand."""
    for table, ordinal in ((_CARDINALS, False), (_ORDINALS, True)):
        value = table.get(word)
        if value is not None:
            kind = ("unit" if value < 10 else "teen" if value < 20 else "tens" if value < 100
                    else "hundred" if value == 100 else "thousand")
            return kind, value, ordinal
    return None


# Which kind of number word may follow which ("fifty one", "thirteen hundred", "two thousand
# three hundred and ten"); anything else ends the number ("one two" is two numbers).
_FOLLOWS: dict[str | None, set[str]] = {
    None: {"unit", "teen", "tens"},
    "unit": {"hundred", "thousand"},
    "teen": {"hundred", "thousand"},
    "tens": {"unit", "thousand"},
    "hundred": {"unit", "teen", "tens", "thousand"},
    "thousand": {"unit", "teen", "tens"},
}


def read_number(tokens: list[str], start: int) -> tuple[int, int, bool] | None:
    """The number written at tokens[start:], as (value, how many tokens, ordinal), or None.

    Digits ("51", "17th", "1 000" from "1,000") or words ("fifty one", "thirteen hundred",
    "eleventh"); "and" may join words ("one hundred and ten") but neither starts nor ends one.
    """
    if start >= len(tokens):
        return None
    first = tokens[start]
    ordinal = _ORDINAL_DIGITS.fullmatch(first)
    if ordinal:
        return int(ordinal.group(1)), 1, True
    if _DIGITS.fullmatch(first):
        value, size = int(first), 1
        # Thousands separators: "1,000" reads as the words "1" and "000".
        while (len(first) <= 3 and start + size < len(tokens)
               and _GROUP.fullmatch(tokens[start + size])):
            value = value * 1000 + int(tokens[start + size])
            size += 1
        return value, size, False
    total = current = 0
    state: str | None = None
    is_ordinal = False
    i = end = start
    while i < len(tokens) and not is_ordinal:
        if tokens[i] == "and" and state in ("hundred", "thousand"):
            i += 1  # "one hundred and ten": counted only if a number word follows
            continue
        found = _word_kind(tokens[i])
        if found is None or found[0] not in _FOLLOWS[state]:
            break
        kind, value, is_ordinal = found
        if kind == "hundred":
            current *= 100
        elif kind == "thousand":
            total, current = (total + current) * 1000, 0
        else:
            current += value
        state = kind
        i += 1
        end = i
    if end == start:
        return None
    return total + current, end - start, is_ordinal


def spellings(value: int, ordinal: bool) -> list[str]:
    """The ways the laws may write a number: digits first, then words (up to MAX_SPELLED)."""
    if ordinal:
        suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
            value % 10, "th")
        found = [f"{value}{suffix}"]
    else:
        found = [str(value)]
    if value <= MAX_SPELLED:
        found += _in_words(value, ordinal)
    return list(dict.fromkeys(found))


def _below_100(n: int) -> list[str]:
    if n < 20:
        return [UNITS[n]]
    tens = next(w for w, v in TENS.items() if v == n - n % 10)
    return [tens] + ([UNITS[n % 10]] if n % 10 else [])


def _in_words(value: int, ordinal: bool) -> list[str]:
    """"thirteen hundred" and "one thousand three hundred" for 1300; "eleventh" for 11th."""
    forms: list[list[str]] = []
    if value < 100:
        forms.append(_below_100(value))
    else:
        thousands, rest = divmod(value, 1000)
        hundreds, last = divmod(rest, 100)
        words: list[str] = []
        if thousands:
            words += [*_below_100(thousands), "thousand"]
        if hundreds:
            words += [UNITS[hundreds], "hundred"]
        if last:
            words += _below_100(last)
        forms.append(words)
        if 1100 <= value < 10000 and value % 100 == 0 and value % 1000:
            forms.append([*_below_100(value // 100), "hundred"])  # "thirteen hundred"
    if ordinal:
        forms = [_ordinal_words(f) for f in forms]
    return [" ".join(f) for f in forms]


def _ordinal_words(words: list[str]) -> list[str]:
    last = words[-1]
    if last in UNITS:
        return [*words[:-1], ORDINAL_UNITS[UNITS.index(last)]]
    for cardinal, ordinal in ((c, o) for c in TENS for o in ORDINAL_TENS
                              if TENS[c] == ORDINAL_TENS[o]):
        if last == cardinal:
            return [*words[:-1], ordinal]
    return [*words[:-1], last + "th"]


def variants(tokens: list[str]) -> list[list[str]]:
    """`tokens`, then the same words with every number in digits, then in each way of
    writing it in words ("thirteen hundred", "one thousand three hundred"); just [`tokens`]
    when they hold no number."""
    parts: list[list[str]] = []  # each number's spellings, or the one word that is not one
    i = 0
    while i < len(tokens):
        number = read_number(tokens, i)
        if number is None:
            parts.append([tokens[i]])
            i += 1
            continue
        value, size, ordinal = number
        parts.append(spellings(value, ordinal))
        i += size
    out: list[list[str]] = [tokens]
    for n in range(max(len(p) for p in parts)):
        other = [w for p in parts for w in p[min(n, len(p) - 1)].split()]
        if other not in out:
            out.append(other)
    return out
