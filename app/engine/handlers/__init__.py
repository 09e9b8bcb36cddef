"""The handler modules, each imported (and so registered) when a game needs it.

A module's name says whose situations it rules, and is the only place that says it: the
modules of game `rubicon-bezique` are `rubicon_bezique` and `rubicon_bezique_*`; `general`
rules for any game (Foster's general laws); the others (`common`, `declarations`) only help.
`app.engine.core.rules` refuses a handler registered from a module its game does not name,
so ruling one game loads that game's modules and the general ones, never another game's.
"""

from __future__ import annotations

import importlib
import os
from importlib.machinery import all_suffixes

ANY_GAME_MODULE = "general"

_loaded: set[str] = set()
_modules: list[str] | None = None


def module_of(game: str) -> str:
    """The name a module ruling `game` bears, or begins with followed by "_"."""
    return game.replace("-", "_")


def _names() -> list[str]:
    """The package's modules, listed once: its folder's files named as the import system
    names modules (what pkgutil.iter_modules does, without importing pkgutil for it), or,
    where the modules are not files in a folder (a frozen build), as pkgutil finds them."""
    global _modules
    if _modules is None:
        suffixes = tuple(all_suffixes())
        try:
            found = {name.partition(".")[0] for name in os.listdir(__path__[0])
                     if name.endswith(suffixes) and not name.startswith("__init__.")}
        except OSError:
            found = set()
        if not found:
            import pkgutil

            found = {m.name for m in pkgutil.iter_modules(__path__)}
        _modules = sorted(found)
    return _modules


def load(game: str) -> None:
    """Import (and so register) the handlers that may rule `game`: its own and the general."""
    if game in _loaded:
        return
    own = module_of(game)
    for name in _names():
        if name in (ANY_GAME_MODULE, own) or name.startswith(own + "_"):
            importlib.import_module(f"{__name__}.{name}")
    _loaded.add(game)


def load_all() -> None:
    """Import every handler module (for the whole registry: tests, documentation, surveys)."""
    for name in _names():
        importlib.import_module(f"{__name__}.{name}")
