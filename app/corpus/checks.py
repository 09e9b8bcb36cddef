"""Validation plumbing shared by the content loaders: problems, the error, reading TOML.

The fields themselves are checked by each file's schema (app/corpus/schema.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.input_files import InputFileError, nesting, read_text

# Bounds on what one content file may be: a laws file is about 100 kB and 4 tables deep.
MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 24

# Parsed files by absolute path, while a cache is being filled or served (see parsed_files).
_PARSED: ContextVar[dict[str, Any] | None] = ContextVar("parsed_toml", default=None)


@dataclass(frozen=True)
class Problem:
    """One validation failure, located as precisely as the data allows."""

    file: str
    entry: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: entry {self.entry!r}: field {self.field!r}: {self.message}"


class ContentError(Exception):
    """Raised when content is invalid; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{len(problems)} problem(s) in content:\n{lines}")


class Collector:
    """Gathers every problem found, so one load reports them all."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, entry: str, fld: str, message: str) -> None:
        self.problems.append(Problem(file, entry, fld, message))


@contextmanager
def parsed_files(files: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Within this block read_toml serves the files found in `files` (parsed TOML by absolute
    path) without reading them, and adds every file it has to parse: the content cache."""
    token = _PARSED.set(files)
    try:
        yield files
    finally:
        _PARSED.reset(token)


def read_toml(path: Path, root: Path, out: Collector) -> dict[str, Any] | None:
    """Parse a TOML file, or record why it cannot be read and return None.

    Total and bounded: an oversized file, or tables or arrays nested deeper than MAX_DEPTH,
    are reported like malformed TOML rather than exhausting memory or the stack.
    """
    rel = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    parsed = _PARSED.get()
    found = parsed.get(str(path)) if parsed is not None else None
    if isinstance(found, dict):
        return found
    import tomllib  # here: a start served from the content store parses no TOML

    try:  # a regular file only (a pipe would block, a device never end), read by bytes
        text = read_text(path, MAX_FILE_BYTES)
    except InputFileError as exc:
        out.add(rel, "-", "-", f"cannot read file: {exc}")
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        out.add(rel, "-", "-", f"malformed TOML: {exc}")
        return None
    except RecursionError:
        out.add(rel, "-", "-", f"malformed TOML: nested deeper than {MAX_DEPTH} levels")
        return None
    except ValueError as exc:  # tomllib's int() of a number of thousands of digits
        out.add(rel, "-", "-", f"malformed TOML: {exc}")
        return None
    if nesting(data, MAX_DEPTH) > MAX_DEPTH:
        out.add(rel, "-", "-", f"malformed TOML: nested deeper than {MAX_DEPTH} levels")
        return None
    if parsed is not None:
        parsed[str(path)] = data
    return data
