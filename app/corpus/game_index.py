"""Which games exist, and their names in lists: discovered from the games files of the content
in use (`app.corpus.loading.content_dir()`, so $CARDLAWS_CONTENT_DIR when it is set).

Nothing in the code lists the games: a new content/games/<id>.toml is a new game. The general
principles (`general`) are not a game but stand last in every list of games.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

# The one game id that is not a game: the general principles, which hold for every game.
GENERAL = "general"
GENERAL_NAME = "General principles"


def read_game_names(games_dir: Path) -> dict[str, str]:
    """Each game's id and short name, in list order, the general principles last.

    Only the few fields a list needs are read; a broken file is left out here and reported by
    the content validation (app/corpus/game_facts.py).
    """
    from app.corpus.checks import MAX_FILE_BYTES
    from app.input_files import InputFileError, load_toml  # TOML parsed only when listing

    found: list[tuple[int, str, str]] = []
    for path in sorted(games_dir.glob("*.toml")):
        try:  # a regular file only, read by bytes (a pipe would block, a device never end)
            data = load_toml(path, MAX_FILE_BYTES)
        except InputFileError:
            continue
        name = data.get("short_name", data.get("name"))
        order = data.get("order", 1000)
        if data.get("id") != path.stem or not isinstance(name, str) or not isinstance(order, int):
            continue
        found.append((order, name, path.stem))
    names = {gid: name for _, name, gid in sorted(found)}
    names[GENERAL] = GENERAL_NAME
    return names


# How long the games folder is taken as unchanged before it is looked at again: a list of
# games is asked for per row of a screen, and a look (a stat) per ask added up to tens of
# milliseconds on the UI thread; a games file added shows within this delay.
RECHECK_AFTER_S = 1.0


class GameNames(Mapping[str, str]):
    """The games of the content in use, id -> short name, in list order (a live view: it
    follows $CARDLAWS_CONTENT_DIR at once, and games files added or removed within
    RECHECK_AFTER_S)."""

    def __init__(self) -> None:
        self._key: tuple[str, int] | None = None
        self._names: dict[str, str] = {}
        self._override: str | None = None
        self._checked = -RECHECK_AFTER_S

    def _current(self) -> dict[str, str]:
        from app.corpus.location import CONTENT_ENV, content_dir

        override = os.environ.get(CONTENT_ENV)
        now = time.monotonic()
        if (self._key is not None and override == self._override
                and now - self._checked < RECHECK_AFTER_S):
            return self._names
        # (the folder of the override read above: read again, it may have changed meanwhile)
        games_dir = (Path(override) if override else content_dir()) / "games"
        try:
            stamp = games_dir.stat().st_mtime_ns
        except OSError:
            stamp = -1
        key = (str(games_dir), stamp)
        if key != self._key:
            self._names = read_game_names(games_dir)
            self._key = key
        self._override, self._checked = override, now
        return self._names

    def prime(self, games_dir: Path, names: Mapping[str, str]) -> None:
        """Take the names of `games_dir` (id -> short name, in list order) from content just
        validated against its files (the content store's games): no games file is parsed for
        them. A later change to the folder is seen as usual. A store's games are read when
        first asked for, which may be after $CARDLAWS_CONTENT_DIR has moved on: only the games
        of the content in use now are taken, with the override in force (a fixture content's
        games were otherwise kept as the real content's until the next check)."""
        from app.corpus.location import CONTENT_ENV, content_dir

        if games_dir.resolve() != (content_dir() / "games").resolve():
            return
        try:
            stamp = games_dir.stat().st_mtime_ns
        except OSError:
            return
        self._key = (str(games_dir), stamp)
        self._names = {**names, GENERAL: GENERAL_NAME}
        self._override, self._checked = os.environ.get(CONTENT_ENV), time.monotonic()

    def __getitem__(self, gid: str) -> str:
        return self._current()[gid]

    def __contains__(self, gid: object) -> bool:
        return gid in self._current()

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._current()))

    def __len__(self) -> int:
        return len(self._current())

    def __repr__(self) -> str:
        return f"GameNames({self._current()!r})"
