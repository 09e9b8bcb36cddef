"""Loading and validating everything under content/: laws, glossary, game facts, sources.

Loading is all-or-nothing: every problem found is collected, and a single ContentError lists
them, each naming file, entry and field.
"""

from __future__ import annotations

from pathlib import Path

from app.corpus.laws import Content, Progress
from app.corpus.location import CONTENT_DIR, CONTENT_ENV, content_dir
from app.corpus.reading import read_content

# Re-exported: where the content lives, beside how it is loaded.
__all__ = [
    "CONTENT_DIR",
    "CONTENT_ENV",
    "content_dir",
    "load_content",
    "seed_paragraphs",
    "stored_content",
]

def load_content(
    root: Path | None = None, seeds_dir: Path | None = None, *, cached: bool = False,
    progress: Progress | None = None,
) -> Content:
    """Load and validate all content; raise ContentError listing every problem found.

    Seed citations are checked against the content's own manifest (sources.toml); with
    `seeds_dir`, the manifest is also checked against the seed texts there. With `cached`,
    the content is served from the content store in the user cache (built from the files
    when absent or when a file changed; app/corpus/store.py). `progress`, when given, is told
    of each law file read (only files are read slowly: a current store answers at once).
    """
    root = Path(root) if root is not None else content_dir()
    if cached and root.is_dir():
        from app.corpus.stored import load_stored

        return load_stored(root, seeds_dir, progress)
    return read_content(root, seeds_dir, progress)


def stored_content(root: Path | None = None, seeds_dir: Path | None = None) -> Content | None:
    """The content of `root` from its content store when the store is current, else None:
    nothing is read from the files or built (a first start of a new content version)."""
    root = Path(root) if root is not None else content_dir()
    if not root.is_dir():
        return None
    from app.corpus.stored import open_current

    return open_current(root, seeds_dir)


def seed_paragraphs(seeds_dir: Path) -> list[tuple[str, int, str]]:
    """Every non-empty paragraph (line) of every seed: (stem, paragraph number, text)."""
    result: list[tuple[str, int, str]] = []
    for path in sorted(seeds_dir.glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                result.append((path.stem, number, line))
    return result
