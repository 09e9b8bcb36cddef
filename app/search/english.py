"""Common English words, which spelling correction leaves as typed.

A reader who types "person", "reveal" or "hearts" means that word: correcting it into the
nearest word of the laws ("period", "redeal", "harms") searches for something else. A rare word
("blanch") near a word of the laws is more likely a slip of the finger and is still corrected.
The list (app/search/english_words.json) is the common part of a published word-frequency list; its
"about" field says which, and `common_words_from` remakes it from that list's counts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

WORDS_FILE = Path(__file__).with_name("english_words.json")
_LETTERS = re.compile(r"[a-z]+")


def common_words_from(counts: Mapping[str, int], min_count: int) -> list[str]:
    """The words of a frequency list counted at least `min_count` times, letters only, sorted."""
    return sorted(w for w, n in counts.items() if n >= min_count and _LETTERS.fullmatch(w))


@cache
def common_words(path: Path = WORDS_FILE) -> frozenset[str]:
    """The common English words; empty when the file is missing or unreadable (search then
    corrects every unknown word, as it did before the list)."""
    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, UnicodeDecodeError, ValueError):
        return frozenset()
    found = data.get("words") if isinstance(data, dict) else None
    if not isinstance(found, list):
        return frozenset()
    return frozenset(w for w in found if isinstance(w, str))
