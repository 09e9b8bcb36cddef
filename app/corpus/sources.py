"""The manifest of the sources the laws cite (content/sources.toml), read and checked.

A law or glossary entry citing a seed paragraph ("000_5247f2e16b299983:2") is checked against
these facts, so content validates without the seed texts beside the repository. Where the
texts are at hand, `check_against_texts` checks the manifest's facts against them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from msgspec import Meta

from app.corpus.checks import MAX_FILE_BYTES, Collector, read_toml
from app.corpus.schema import Schema, Text, checked, entries, wrong
from app.input_files import InputFileError, read_text

FILE = "sources.toml"
_ID = r"^\d{3}_[0-9a-f]{16}$"
# A source cited by key (a book or page not among the seeds, as the domain digest names it:
# "EW-B", "F-291"): listed with no paragraph count.
_KEY = r"^[A-Za-z0-9][A-Za-z0-9.]*(-[A-Za-z0-9]+)*$"
_IS_KEY = re.compile(_KEY)

# What a source is, as a learner could hold it to check a law citing it:
# - "printed": a named printed book or edition, read in print or in a faithful copy of it
#   online (a Gutenberg text, a scan, a page reproducing the article's words);
# - "modern-web": a modern web page, not a copy of a named printed book (a rules site, a
#   modern compilation whose book is not named, a wiki);
# - "book-not-identified": a printed text whose book or edition is not identified (a Victorian
#   list copied onto a web page, an encyclopedia entry of no known edition).
# Only a law of a printed source is one a quiz may ask (quizzes/checkable.py).
SourceKind = Literal["printed", "modern-web", "book-not-identified"]
SOURCE_KINDS: tuple[str, ...] = get_args(SourceKind)


class Source(Schema, frozen=True):
    """One cited text: its id (the seed file's stem, or a key), what it is, and its paragraph
    count (0 for a source cited by key, which has no seed text); a [[source]] of sources.toml."""

    id: Annotated[str, Meta(pattern=f"{_ID}|{_KEY}", description=(
        "an id like '000_5247f2e16b299983' (a seed) or 'EW-B' (a key)"))]
    title: Text
    book: Text
    kind: Annotated[SourceKind, Meta(description=(
        "one of 'printed', 'modern-web', 'book-not-identified'"))]
    paragraphs: Annotated[int, Meta(ge=0, le=100_000, description=(
        "a whole number from 1 to 100000"))] = 0

    def __post_init__(self) -> None:
        if _IS_KEY.match(self.id):
            if self.paragraphs:
                raise wrong("paragraphs", "a source cited by key has no paragraphs")
        elif not self.paragraphs:
            raise wrong("paragraphs", "must be a whole number from 1 to 100000")


class SourcesFile(Schema, frozen=True):
    """content/sources.toml: the sources ([[source]])."""

    source: Annotated[list[dict[str, Any]], Meta(min_length=1, description=(
        "a list of one or more tables"))]


def load_sources(root: Path, out: Collector) -> dict[str, Source]:
    """The manifest's sources by id ({} when the content has no manifest)."""
    path = root / FILE
    if not path.exists():
        return {}
    data = read_toml(path, root, out)
    manifest = checked(data, SourcesFile, out, FILE, "-") if data is not None else None
    if manifest is None:
        return {}
    sources: dict[str, Source] = {}
    for entry, raw in entries(manifest.source, "source"):
        source = checked(raw, Source, out, FILE, entry)
        if source is None:
            continue
        if source.id in sources:
            out.add(FILE, entry, "id", "duplicate id")
            continue
        sources[source.id] = source
    return sources


def cited_key(source: str) -> str:
    """The key a source cited by key begins with ("H-PC" of "H-PC law 12")."""
    return source.split(maxsplit=1)[0] if source.strip() else source


def check_citation(
    sources: dict[str, Source], cite: tuple[str, int], file: str, entry: str, out: Collector
) -> None:
    """Record a problem unless the manifest lists the cited source and paragraph."""
    stem, paragraph = cite
    source = sources.get(stem)
    if source is None:
        out.add(file, entry, "source", f"cites {stem}, which {FILE} does not list")
    elif not 1 <= paragraph <= source.paragraphs:
        out.add(file, entry, "source", f"seed {stem} has {source.paragraphs} paragraphs")


def check_against_texts(sources: dict[str, Source], seeds_dir: Path, out: Collector) -> None:
    """Record every way the manifest disagrees with the seed texts in `seeds_dir`."""
    texts = {path.stem: path for path in seeds_dir.glob("*.txt")}
    for stem in sorted(set(texts) - set(sources)):
        out.add(FILE, stem, "id", f"seed {stem}.txt is not in the manifest")
    for stem, source in sorted(sources.items()):
        if source.paragraphs == 0:
            continue  # cited by key: no seed text
        if stem not in texts:
            out.add(FILE, stem, "id", f"no seed file {stem}.txt")
            continue
        try:
            lines = read_text(texts[stem], MAX_FILE_BYTES).splitlines()
        except InputFileError as exc:
            out.add(FILE, stem, "id", f"cannot read the seed text: {exc}")
            continue
        if len(lines) != source.paragraphs:
            out.add(FILE, stem, "paragraphs", f"the seed text has {len(lines)} paragraphs")
