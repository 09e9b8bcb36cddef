"""What the package build prepares from the app's own content (setup.py, `python -m app prepare
--into`): the content store, the search index and the quiz survey ship in the content
package's `prepared` folder, so a user's first start builds none of them; content edited
after the build is never served from them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.corpus import cache, location
from app.corpus.loading import CONTENT_DIR, load_content
from app.corpus.stored import StoredContent, write_prepared

ROOT = Path(__file__).resolve().parent.parent

FIRST_START = """
from app.corpus.loading import load_content
from app.corpus.stored import StoredContent
from app.search.store import LawsStore
from quizzes.bank import QuestionBank

content = load_content(cached=True)
assert isinstance(content, StoredContent), type(content)
hits = LawsStore.cached(content).search("revoke")
bank = QuestionBank(content)
bank.warm()
print(len(content.laws), len(hits), len(bank.items))
"""


def test_the_built_package_holds_the_prepared_data_and_a_first_start_builds_nothing(tmp_path):
    # The package as the wheel's build lays it out (setup.py's build_py, the step that runs
    # `prepare`), then imported from elsewhere, as installed, with an empty cache folder.
    lib = tmp_path / "lib"
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(lib)],
                   cwd=ROOT, check=True, capture_output=True)
    prepared = lib / "content" / cache.PREPARED
    names = sorted(p.name for p in prepared.iterdir())
    assert names[0] == "content.sqlite"
    assert names[1].startswith("quiz-prepared-") and names[2].startswith("search-")
    user_cache = tmp_path / "cache"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != location.CONTENT_ENV}
    env.update(PYTHONPATH=str(lib), CARDLAWS_CACHE_DIR=str(user_cache))
    out = subprocess.run([sys.executable, "-c", FIRST_START], cwd=elsewhere, env=env,
                         check=True, capture_output=True, text=True).stdout.split()
    laws, hits, items = map(int, out)
    assert laws == len(load_content().laws) and hits > 0 and items > 100
    built = sorted(p.name for p in user_cache.rglob("*")) if user_cache.exists() else []
    assert built == []  # nothing was built: the store, the index, the survey were shipped


@pytest.fixture
def own_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the app's content standing in for the installed package, with its store
    prepared as the build prepares it, and an empty user cache."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root, ignore=shutil.ignore_patterns(cache.PREPARED))
    write_prepared(root, root / cache.PREPARED)
    monkeypatch.setattr(location, "CONTENT_DIR", root)
    monkeypatch.setattr(cache, "shipped_dir", lambda: root / cache.PREPARED)
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path / "cache"))
    return root


def test_the_prepared_store_is_served_and_nothing_is_built(own_copy, tmp_path):
    content = load_content(own_copy, cached=True)
    assert isinstance(content, StoredContent)
    assert content == load_content(own_copy)
    assert not (tmp_path / "cache").exists()


def test_content_edited_after_the_build_is_read_from_the_files_not_the_prepared_store(
        own_copy, tmp_path):
    before = load_content(own_copy, cached=True)
    law_file = own_copy / "laws" / "ecarte.toml"
    text = law_file.read_text(encoding="utf-8")
    law = next(law for law in before.laws.values() if law.file.endswith("ecarte.toml"))
    edited = law.title.replace(law.title[0], law.title[0].swapcase(), 1)  # same size
    assert text.count(f'title = "{law.title}"') == 1 and edited != law.title
    law_file.write_text(text.replace(f'title = "{law.title}"', f'title = "{edited}"'),
                        encoding="utf-8")
    after = load_content(own_copy, cached=True)
    assert after.laws[law.id].title == edited
    assert after.version != before.version
    assert [p.name for p in (tmp_path / "cache").glob("content-*.sqlite")]  # built at run time
