"""The manifest of the sources the laws cite (content/sources.toml), read and checked.

A law or glossary entry citing a seed paragraph ("000_5247f2e16b299983:2") is checked against
these facts, so content validates without the seed texts beside the repository. Where the
texts are at hand, `check_against_texts` checks the manifest's facts against them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from app.corpus.checks import MAX_FILE_BYTES, Collector, read_toml, str_field
from app.input_files import InputFileError, read_text

FILE = "sources.toml"
_ID = re.compile(r"^\d{3}_[0-9a-f]{16}$")
# A source cited by key (a book or page not among the seeds, as the domain digest names it:
# "EW-B", "F-291"): listed with no paragraph count.
_KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.]*(-[A-Za-z0-9]+)*$")
_FIELDS = ("id", "title", "book", "paragraphs")


@dataclass(frozen=True)
class Source:
    """One cited text: its id (the seed file's stem, or a key), what it is, and its paragraph
    count (0 for a source cited by key, which has no seed text)."""

    id: str
    title: str
    book: str
    paragraphs: int


def load_sources(root: Path, out: Collector) -> dict[str, Source]:
    """The manifest's sources by id ({} when the content has no manifest)."""
    path = root / FILE
    if not path.exists():
        return {}
    data = read_toml(path, root, out)
    if data is None:
        return {}
    entries = data.get("source")
    if not isinstance(entries, list) or not entries:
        out.add(FILE, "-", "source", "file must hold at least one [[source]] entry")
        return {}
    sources: dict[str, Source] = {}
    for index, raw in enumerate(entries):
        if not isinstance(raw, dict):
            out.add(FILE, f"source #{index + 1}", "-", "each [[source]] must be a table")
            continue
        entry = raw["id"] if isinstance(raw.get("id"), str) else f"source #{index + 1}"
        before = len(out.problems)
        for unknown in sorted(set(raw) - set(_FIELDS)):
            out.add(FILE, entry, unknown, "unknown field")
        values = {n: str_field(raw, n, FILE, entry, out, required=True) for n in _FIELDS[:3]}
        count = raw.get("paragraphs", 0 if _KEY.match(values["id"] or "") else None)
        if _KEY.match(values["id"] or ""):
            if count != 0:
                out.add(FILE, entry, "paragraphs", "a source cited by key has no paragraphs")
        elif not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 100_000:
            out.add(FILE, entry, "paragraphs", "must be a whole number from 1 to 100000")
        if values["id"] and not (_ID.match(values["id"]) or _KEY.match(values["id"])):
            out.add(FILE, entry, "id", "must look like '000_5247f2e16b299983' (a seed) or "
                    "'EW-B' (a key)")
        if values["id"] in sources:
            out.add(FILE, entry, "id", "duplicate id")
        if len(out.problems) == before:
            sources[values["id"]] = Source(**values, paragraphs=int(count))  # type: ignore[arg-type]
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
