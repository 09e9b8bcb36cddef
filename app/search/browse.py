"""The order the laws are browsed in: game, topic and code in vocabulary order, then title;
and the laws of one game, code or topic in that order (the laws store, the deferred store)."""

from __future__ import annotations

from collections.abc import Iterable

from app.corpus.laws import Content, Law
from app.corpus.vocabulary import CODES, GAMES, TOPICS


def _order(vocabulary: Iterable[str]) -> dict[str, int]:
    return {key: i for i, key in enumerate(vocabulary)}


_GAME_ORDER = _order(GAMES)
_CODE_ORDER = _order(CODES)
_TOPIC_ORDER = _order(TOPICS)


def _shelf_key(shelf: tuple[str, str, str]) -> tuple[int, str, int, str, int, str]:
    # Vocabulary order (the order a game unfolds), unknown values after, by name.
    game, topic, code = shelf
    return (
        _GAME_ORDER.get(game, len(_GAME_ORDER)), game,
        _TOPIC_ORDER.get(topic, len(_TOPIC_ORDER)), topic,
        _CODE_ORDER.get(code, len(_CODE_ORDER)), code,
    )


def _title_key(law: Law) -> tuple[str, str]:
    return law.title.casefold(), law.id


def browse_order(laws: Iterable[Law]) -> list[Law]:
    """Laws in browse order: game, topic, code (vocabulary order), then title.

    Sorted shelf by shelf (one game's topic under one code), not in one sort: a sort's
    comparisons run in C without letting go of the GIL, and one sort of every law of a large
    corpus held it from the UI thread for 50 ms at x100 when the search index was built on a
    worker thread, as the window still builds it where no process of its own can
    (ui/prepare_process.py). Each shelf's sort is short, and the same order comes out."""
    shelves: dict[tuple[str, str, str], list[Law]] = {}
    for law in laws:
        shelves.setdefault((law.game, law.topic, law.code), []).append(law)
    ordered: list[Law] = []
    for shelf in sorted(shelves, key=_shelf_key):
        ordered += sorted(shelves[shelf], key=_title_key)
    return ordered


def browse_content(
    content: Content, game: str | None, code: str | None, topic: str | None
) -> list[Law] | None:
    """The laws of one game's topic (of one code, if given) in browse order, asked of the
    content's index; None when the choice is wider than one topic (then every law is sorted)."""
    if not (game and topic):
        return None
    return browse_order(content.laws_of_topic(game, topic, code or None))


def browse_laws(
    ordered: Iterable[Law], game: str | None, code: str | None, topic: str | None
) -> list[Law]:
    """The laws (in browse order) of a game, code and topic (None or "": all)."""
    return [
        law
        for law in ordered
        if (not game or law.game == game)
        and (not code or law.code == code)
        and (not topic or law.topic == topic)
    ]
