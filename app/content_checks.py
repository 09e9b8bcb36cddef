"""Validation plumbing shared by the content loaders: problems, the error, field readers."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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


def read_toml(path: Path, root: Path, out: Collector) -> dict[str, Any] | None:
    """Parse a TOML file, or record why it cannot be read and return None."""
    rel = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        out.add(rel, "-", "-", f"malformed TOML: {exc}")
    except (OSError, UnicodeDecodeError) as exc:
        out.add(rel, "-", "-", f"cannot read file: {exc}")
    return None


def str_field(
    raw: Mapping[str, Any], name: str, rel: str, entry: str, out: Collector, *, required: bool
) -> str:
    """A string field, trimmed; records a problem when it is missing or empty."""
    value = raw.get(name)
    if value is None:
        if required:
            out.add(rel, entry, name, "missing required field")
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        out.add(rel, entry, name, "must be a non-empty string")
        return ""
    return value.strip()


def str_list(
    raw: Mapping[str, Any], name: str, rel: str, entry: str, out: Collector
) -> tuple[str, ...]:
    """A list of non-empty strings; records a problem otherwise."""
    value = raw.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        out.add(rel, entry, name, "must be a list of non-empty strings")
        return ()
    return tuple(v.strip() for v in value)
