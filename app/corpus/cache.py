"""Where caches live: the content store (app/corpus/store.py), the search index, the survey.

Every cache is data only, rebuilt when absent, stale or damaged; none is ever needed. The
app's own content has them prepared when the package is built (`python -m cli prepare
--into`, run by setup.py): they ship in its `prepared` folder, which is read first, and
the user cache holds only what is built at run time (a club's own content, a content
folder edited in a source checkout).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_DIR = "CARDLAWS_CACHE_DIR"
APP_NAME = "cardlaws"
# The folder of the installed content package that holds what the build prepared for it.
PREPARED = "prepared"


def shipped_dir() -> Path:
    """Where the package build put the prepared data of the app's own content (it may be
    absent: a source checkout never installed, a build that skipped the step)."""
    from app.corpus.location import CONTENT_DIR

    return CONTENT_DIR / PREPARED


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
