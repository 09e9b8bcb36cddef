"""A game's handlers live in modules its name names, so ruling one game loads its own handlers
and the general ones, never another game's, and rules exactly as with every module loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import data_rulings
from app.engine.core import ANY_GAME, registered, rules
from app.engine.handlers import module_of
from app.model.games import build_games

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = CONTENT_DIR / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"


def test_every_registered_handler_lives_in_a_module_its_game_names():
    keys = registered()  # every module loaded, and the rulings the laws declare
    assert {game for game, _, _ in keys} >= {ANY_GAME, "rubicon-bezique", "bezique", "ecarte"}
    # A ruling declared on a law is ruled by the one data path, registered from its law.
    declared = {key for key, _ in data_rulings.keys(load_content(cached=True))}
    assert declared == {key for key, h in keys.items() if h.__module__ == data_rulings.__name__}
    for (game, _, _), handler in keys.items():
        if handler.__module__ == data_rulings.__name__:
            continue
        module = handler.__module__.rpartition(".")[2]
        own = "general" if game == ANY_GAME else module_of(game)
        assert module == own or module.startswith(own + "_"), (game, handler.__module__)


def test_a_handler_registered_from_another_games_module_is_refused():
    def stray(ctx):
        return None

    stray.__module__ = "app.engine.handlers.cinch"
    with pytest.raises(RuntimeError, match=r"belongs in handlers/ecarte\.py"):
        rules("ecarte", "american", "an-event-no-one-rules")(stray)
    with pytest.raises(RuntimeError, match=r"belongs in handlers/general\.py"):
        rules(ANY_GAME, "american", "an-event-no-one-rules")(stray)
    assert ("ecarte", "american", "an-event-no-one-rules") not in registered()


def test_ruling_one_game_loads_its_handlers_and_no_other_games(tmp_path):
    script = (
        "import json, sys\n"
        "from cli.main import main\n"
        "code = main(['rule', sys.argv[1], '--json'])\n"
        "loaded = sorted(m.rpartition('.')[2] for m in sys.modules\n"
        "                if m.startswith('app.engine.handlers.'))\n"
        "print(json.dumps(loaded))\n"
    )
    env = {"CARDLAWS_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    found = subprocess.run([sys.executable, "-c", script, str(SCENARIO)], cwd=ROOT, env=env,
                           capture_output=True, text=True, check=True)
    *ruling, loaded = found.stdout.strip().splitlines()
    assert json.loads("\n".join(ruling))["rulings"][0]["outcome"] == "game-abandoned"
    modules = set(json.loads(loaded))
    # The French code is silent, so its analogues are looked for in the family's other games.
    games = build_games(load_content())
    family = {gid for gid, g in games.items() if g.facts.family == "bezique"}
    assert family == {"rubicon-bezique", "bezique", "pinochle"}
    assert {"rubicon_bezique", "bezique", "pinochle", "general"} <= modules
    others = {module_of(gid) for gid in set(games) - family}
    assert others and not [m for m in modules for o in others
                           if m == o or m.startswith(o + "_")]


def test_the_modules_are_listed_as_the_import_system_lists_them():
    import pkgutil

    import app.engine.handlers as handlers

    assert handlers._names() == sorted(m.name for m in pkgutil.iter_modules(handlers.__path__))
