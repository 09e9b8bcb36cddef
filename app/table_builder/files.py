"""Reading and writing scenario files for the builder (a write is whole or not at all)."""

from __future__ import annotations

import copy
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from app.model.games import Game
from app.model.scenario import Scenario, parse_scenario, read_scenario_mapping


def read_scenario_file(path: Path, games: Mapping[str, Game]) -> tuple[dict[str, Any], Scenario]:
    """The mapping and the validated scenario of a file; ScenarioError for anything wrong."""
    raw = read_scenario_mapping(path)  # total: a mapping or a ScenarioError
    return copy.deepcopy(raw), parse_scenario(raw, games)


def scenario_json(raw: Mapping[str, Any]) -> str:
    """The text of a scenario file."""
    return json.dumps(raw, indent=2, ensure_ascii=False) + "\n"


def _mode_for(path: Path) -> int:
    """The mode the saved file keeps: the old file's, else a new file's (0666 less umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_scenario_file(path: Path, raw: Mapping[str, Any]) -> None:
    """Write a scenario file whole or not at all (a crash never leaves half a file)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(scenario_json(raw))
        os.chmod(tmp, _mode_for(path))  # mkstemp's 0600 would take others' access away
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
