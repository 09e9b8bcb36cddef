"""Content.version names what was loaded: the same files give the same version, and a change
to any law (its words too, not only its place) gives another."""

from __future__ import annotations

import dataclasses

from app.content import load_content

CONTENT = load_content(cached=True)


def test_the_same_content_has_the_same_version_and_any_change_another():
    again = load_content()
    assert again.version == CONTENT.version
    law = next(iter(CONTENT.laws.values()))
    for change in ({"title": law.title + "!"}, {"situation": law.situation + " "},
                   {"topic": "scoring" if law.topic != "scoring" else "revoke"}):
        laws = dict(CONTENT.laws)
        laws[law.id] = dataclasses.replace(law, **change)
        assert dataclasses.replace(CONTENT, laws=laws).version != CONTENT.version, change
    reordered = dict(reversed(list(CONTENT.laws.items())))
    assert dataclasses.replace(CONTENT, laws=reordered).version != CONTENT.version
