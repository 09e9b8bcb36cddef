"""The words the screens use for the closed vocabularies of app/corpus/vocabulary.py."""

from __future__ import annotations

import unicodedata

from app.corpus.vocabulary import CODES, CONTRASTS, GAMES, ONLY_HERE, TOPICS

_CONTRAST_WORDS = {
    "same": "same ruling",
    "stricter": "stricter",
    "more-lenient": "more lenient",
    "different-remedy": "different remedy",
    ONLY_HERE: "only here",
}

_TRICK_RULES = {
    "free": "Free play: no duty to follow suit, to win the trick or to trump.",
    "follow-or-trump": "Follow suit if able, or trump instead; when void, any card.",
    "follow-and-win": "Follow suit and win the trick if able.",
    "none": "No tricks are played at this stage.",
}


def game_name(game: str) -> str:
    """The display name of a game id."""
    return GAMES.get(game, game)


def code_name(code: str) -> str:
    """The display name of a code of laws, e.g. 'French'."""
    return CODES.get(code, code)


def short_code_name(code: str) -> str:
    """The code's name without its authority in brackets: 'American (Foster)' -> 'American'."""
    return code_name(code).split(" (")[0]


def topic_name(topic: str) -> str:
    """The display name of a topic id."""
    return TOPICS.get(topic, topic)


def contrast_words(tag: str) -> str:
    """A contrast tag in words: 'more-lenient' -> 'more lenient'."""
    return _CONTRAST_WORDS.get(tag, tag.replace("-", " "))


def counterpart_label(contrast: str, other_code: str) -> str:
    """How a counterpart reads from the law that links to it, e.g. 'French: more lenient'.

    The tag in the content describes the linking law towards its counterpart, so the
    counterpart itself is described by the inverse tag.
    """
    return f"{short_code_name(other_code)}: {contrast_words(CONTRASTS.get(contrast, contrast))}"


def trick_rule_words(rule: str, trump_when_void: bool = False) -> str:
    """A stage's trick rule in words."""
    words = _TRICK_RULES.get(rule, rule)
    if rule == "follow-and-win":
        words = words[:-1] + ("; when void, trump if able." if trump_when_void else
                              "; when void, any card.")
    return words


_BADGES = {"english": "EN", "french": "FR", "american": "US"}


def code_badge(code: str) -> str:
    """The two-letter badge of a code of laws (EN, FR, US): text, never colour alone."""
    return _BADGES.get(code, code[:2].upper())


def name_key(name: str) -> tuple[str, str]:
    """Sort names as people do: accents and case set aside ("Écarté" after "Cinch", not after
    "Rubicon"), the name itself breaking ties."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", name)
                     if not unicodedata.combining(c))
    return folded.casefold(), name
