"""The pages' internal links: 'law:<id>', 'game:<id>', 'topic:<game>/<topic>', 'term:<id>', and
the files a law page cites: 'example:<file name>' (content/scenarios), 'rehearsal:<file name>'
(content/rehearsals)."""

from __future__ import annotations

from typing import NamedTuple

KINDS = ("law", "game", "topic", "term", "example", "rehearsal")
FILE_KINDS = ("example", "rehearsal")  # a file to open on another screen, not a page


class Link(NamedTuple):
    """A parsed internal link: what kind of page, and which one."""

    kind: str
    target: str


def href(kind: str, target: str) -> str:
    """The href of an internal link."""
    if kind not in KINDS:
        raise ValueError(f"unknown link kind {kind!r}")
    return f"{kind}:{target}"


def parse(text: str) -> Link | None:
    """Parse an href made by href(); None for anything else."""
    kind, sep, target = text.partition(":")
    if not sep or kind not in KINDS or not target:
        return None
    return Link(kind, target)
