"""A cache of validated content, so start-up skips parsing TOML when nothing has changed.

The key is every content file's path, size and modification time plus the loader's own
source, so any edit to the content or to the schema invalidates it. Only content that
passed validation is ever written; an unreadable cache is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from app.content import Content

# The modules whose code decides what loading returns: an edit to any of them invalidates.
_LOADERS = tuple(
    Path(__file__).resolve().parent / name
    for name in ("content.py", "content_checks.py", "game_facts.py", "vocabulary.py")
)


def cache_dir() -> Path:
    """Where caches live: $CARDLAWS_CACHE_DIR, else $XDG_CACHE_HOME/cardlaws, else ~/.cache."""
    if os.environ.get("CARDLAWS_CACHE_DIR"):
        return Path(os.environ["CARDLAWS_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardlaws"


def content_key(root: Path, seeds_dir: Path | None) -> str:
    """A digest of everything that decides what load_content returns."""
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in _LOADERS))
    folders = [root] + ([seeds_dir] if seeds_dir is not None and seeds_dir.is_dir() else [])
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".toml", ".txt"):
                stat = path.stat()
                digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def read(key: str) -> Content | None:
    """The cached content for this key, or None when absent or unreadable."""
    path = cache_dir() / f"content-{key}.pickle"
    try:
        with path.open("rb") as fh:
            content = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None
    return content if isinstance(content, Content) else None


def write(key: str, content: Content) -> None:
    """Store validated content atomically; a failure to write only costs speed next time."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("content-*.pickle"):
            old.unlink(missing_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=folder, delete=False) as fh:
            pickle.dump(content, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(fh.name, folder / f"content-{key}.pickle")
    except OSError:
        pass
