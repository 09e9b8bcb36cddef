"""The handler modules, each imported (and so registered) when a game needs it.

A module's name says whose situations it rules, and is the only place that says it: the
modules of game `rubicon-bezique` are `rubicon_bezique` and `rubicon_bezique_*`; `general`
rules for any game (Foster's general laws); the others (`common`, `declarations`) only help.
`app.engine.core.rules` refuses a handler registered from a module its game does not name,
so ruling one game loads that game's modules and the general ones, never another game's.
"""

from __future__ import annotations

import importlib

ANY_GAME_MODULE = "general"

_loaded: set[str] = set()
_modules: list[str] | None = None


def module_of(game: str) -> str:
    """The name a module ruling `game` bears, or begins with followed by "_"."""
    return game.replace("-", "_")


def _names() -> list[str]:
    global _modules
    if _modules is None:
        import pkgutil  # listed once, and only when a ruling is asked for

        _modules = sorted(m.name for m in pkgutil.iter_modules(__path__))
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
