"""Content.version names what was loaded: the same files give the same version, and a change
to any law (its words too, not only its place) gives another. The content store answers it
from its manifest, without decoding a law."""

from __future__ import annotations

import msgspec

from app.corpus.laws import Content
from app.corpus.loading import load_content

MEMORY = load_content()


def _with(laws):
    return Content(laws, MEMORY.terms, MEMORY.games, MEMORY.sources)


def test_the_same_content_has_the_same_version_and_any_change_another():
    assert load_content().version == MEMORY.version
    assert _with(dict(MEMORY.laws)).version == MEMORY.version
    law = next(iter(MEMORY.laws.values()))
    for change in ({"title": law.title + "!"}, {"situation": law.situation + " "},
                   {"topic": "scoring" if law.topic != "scoring" else "revoke"}):
        laws = dict(MEMORY.laws)
        laws[law.id] = msgspec.structs.replace(law, **change)
        assert _with(laws).version != MEMORY.version, change
    assert _with(dict(reversed(list(MEMORY.laws.items())))).version != MEMORY.version


def test_the_stored_content_names_its_version_without_reading_the_laws(monkeypatch):
    stored = load_content(cached=True)

    def walked(self):
        raise AssertionError("the version walked the laws")

    for name in ("__iter__", "values", "items"):
        monkeypatch.setattr(type(stored.laws), name, walked)
    first = stored.version
    assert first and load_content(cached=True).version == first
