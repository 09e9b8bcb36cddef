"""Where caches live: the content store (app/corpus/store.py), the search index, the survey.

Every cache is data only, rebuilt when absent, stale or damaged; none is ever needed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_DIR = "CARDLAWS_CACHE_DIR"
APP_NAME = "cardlaws"


def cache_dir() -> Path:
    """Where caches live: $CARDLAWS_CACHE_DIR, else the platform's user cache directory."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    if sys.platform.startswith("linux"):
        # The XDG rule platformdirs follows, without importing it on every start.
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        return Path(xdg if xdg else os.path.expanduser("~/.cache")) / APP_NAME
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
