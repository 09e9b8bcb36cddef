"""The content cache is data only: a planted or damaged cache never runs code nor stops a start."""

from __future__ import annotations

import pickle
import random
import shutil
import tempfile
from pathlib import Path

import pytest

from app import content_cache
from app.content import content_dir, load_content

FIXTURE = Path(__file__).parent / "ui" / "fixture_content"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(content_cache.ENV_DIR, str(folder))
    return folder


def test_the_cache_is_json_and_serves_the_same_content(cache):
    fresh = load_content()
    assert load_content(cached=True) == fresh
    (written,) = cache.glob("content-*.json")
    assert written.read_bytes().startswith(b'{"format"')
    assert load_content(cached=True) == fresh  # served from the cache this time


MARKER = Path(tempfile.gettempdir()) / "cardlaws-planted-cache-ran"


class _Planted:
    """What an attacker would plant: unpickling it creates MARKER."""

    def __reduce__(self):
        return (Path.touch, (MARKER,))


def test_a_planted_pickle_is_never_unpickled(cache):
    MARKER.unlink(missing_ok=True)
    fresh = load_content()
    key = content_cache.content_key(content_dir(), None)
    cache.mkdir()
    for name in (f"content-{key}.pickle", f"content-{key}.json"):
        (cache / name).write_bytes(pickle.dumps(_Planted()))
    assert load_content(cached=True) == fresh
    assert not MARKER.exists()


@pytest.fixture
def small(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    return root


def test_three_hundred_random_corruptions_are_each_ignored_and_rebuilt(cache, small):
    fresh = load_content(small)
    load_content(small, cached=True)
    (path,) = cache.glob("content-*.json")
    good = path.read_bytes()
    rng = random.Random(11)
    for _ in range(300):
        data = bytearray(good)
        how = rng.randrange(4)
        if how == 0:
            data = data[: rng.randrange(len(data))]  # truncated
        elif how == 1:
            for _ in range(rng.randint(1, 8)):  # flipped bytes
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif how == 2:
            start = rng.randrange(len(data))  # a zeroed run
            data[start : start + rng.randint(1, 4096)] = bytes(min(4096, len(data) - start))
        else:
            data = bytearray(rng.randbytes(rng.randint(0, 2048)))  # garbage
        path.write_bytes(bytes(data))
        assert load_content(small, cached=True) == fresh
        assert path.read_bytes() == good  # the damaged cache was rebuilt


def test_an_unwritable_cache_folder_costs_only_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(content_cache.ENV_DIR, str(blocker / "cache"))
    assert load_content(cached=True) == load_content()
