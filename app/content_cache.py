"""A cache of the parsed content files, so start-up skips parsing TOML when nothing changed.

The cache is data only: one JSON file holding each content file's parsed tables, checked by
a SHA-256 digest of its own bytes. Nothing in it is executed or trusted: load_content still
validates what it serves, a cache that fails the digest or the validation is ignored, and the
files are parsed afresh and the cache rewritten. The key is every content file's path, size
and modification time plus the loader's own code, so any edit invalidates it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

from app import __version__

ENV_DIR = "CARDLAWS_CACHE_DIR"
_FORMAT = "cardlaws-content-cache/2"
# The modules whose code decides what loading returns: an edit to any of them invalidates.
_LOADERS = tuple(
    Path(__file__).resolve().parent / name
    for name in ("content.py", "content_checks.py", "game_facts.py", "sources.py", "vocabulary.py")
)
# A cache file larger than this is not read at all (the real one is about 400 kB).
_MAX_BYTES = 64 * 1024 * 1024


def cache_dir() -> Path:
    """Where caches live: $CARDLAWS_CACHE_DIR, else the platform's user cache directory."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    return Path(platformdirs.user_cache_dir("cardlaws", appauthor=False))


def content_key(root: Path, seeds_dir: Path | None) -> str:
    """A digest of everything that decides what load_content returns."""
    digest = hashlib.sha256(f"{_FORMAT}|{__version__}".encode())
    for path in _LOADERS:
        try:
            digest.update(path.read_bytes())
        except OSError:  # a frozen build ships bytecode only: its version stands for the code
            digest.update(path.name.encode())
    folders = [root] + ([seeds_dir] if seeds_dir is not None and seeds_dir.is_dir() else [])
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".toml", ".txt"):
                stat = path.stat()
                digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def _path(key: str) -> Path:
    return cache_dir() / f"content-{key}.json"


def read(key: str) -> dict[str, Any] | None:
    """The parsed files cached under this key, or None when absent, damaged or not ours."""
    try:
        path = _path(key)
        if path.stat().st_size > _MAX_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:
        return None
    header, sep, body = raw.partition(b"\n")
    try:
        meta = json.loads(header)
        if not sep or not isinstance(meta, dict) or meta.get("format") != _FORMAT:
            return None
        if meta.get("key") != key or meta.get("sha256") != hashlib.sha256(body).hexdigest():
            return None
        files = json.loads(body)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are both
        return None
    if not isinstance(files, dict) or not all(isinstance(v, dict) for v in files.values()):
        return None
    return files


def write(key: str, files: dict[str, Any]) -> None:
    """Store parsed files atomically; a failure to write only costs speed next time."""
    try:
        body = json.dumps(files, ensure_ascii=False, separators=(",", ":")).encode()
    except (TypeError, ValueError):  # a TOML date or time: not worth caching, parse next time
        return
    header = json.dumps(
        {"format": _FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
    ).encode()
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in [*folder.glob("content-*.json"), *folder.glob("content-*.pickle")]:
            old.unlink(missing_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=folder, prefix=".content-", delete=False) as fh:
            fh.write(header + b"\n" + body)
        os.replace(fh.name, _path(key))
    except OSError:
        pass
