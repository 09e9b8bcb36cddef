"""Authored quiz items (content/quiz/*.toml): loading and validating them like the laws.

Loading is all-or-nothing: every problem is collected, and one ContentError lists them,
each naming file, entry and field. See docs/quiz-format.md for the format.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.corpus.checks import MAX_FILE_BYTES, ContentError, Problem
from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, content_dir
from app.input_files import InputFileError, load_toml

QUIZ_DIR = CONTENT_DIR / "quiz"
KINDS = ("true-false", "choice")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FIELDS = {"id", "kind", "laws", "prompt", "answer", "choices", "explanation"}
MIN_CHOICES, MAX_CHOICES = 2, 6


@dataclass(frozen=True)
class AuthoredItem:
    """One authored question: true/false or multiple choice, citing the laws it tests."""

    id: str
    kind: str
    laws: tuple[str, ...]
    prompt: str
    answer: bool | str
    explanation: str
    choices: tuple[str, ...] = ()
    file: str = ""

    @property
    def ordered_choices(self) -> tuple[str, ...]:
        """The choices, shuffled by the item's id (authors may list the answer first)."""
        if self.kind == "true-false":
            return ("True", "False")
        out = list(self.choices)
        random.Random(self.id).shuffle(out)
        return tuple(out)


def _check_item(
    raw: Any, rel: str, index: int, content: Content, problems: list[Problem]
) -> AuthoredItem | None:
    def bad(entry: str, fld: str, message: str) -> None:
        problems.append(Problem(rel, entry, fld, message))

    if not isinstance(raw, dict):
        bad(f"item #{index + 1}", "-", "each [[item]] must be a table")
        return None
    entry = raw["id"] if isinstance(raw.get("id"), str) else f"item #{index + 1}"
    before = len(problems)
    for name in sorted(set(raw) - _FIELDS):
        bad(entry, name, "unknown field")
    for name in ("id", "kind", "prompt", "explanation"):
        value = raw.get(name)
        if value is None:
            bad(entry, name, "missing required field")
        elif not isinstance(value, str) or not value.strip():
            bad(entry, name, "must be a non-empty string")
    item_id = raw.get("id")
    if isinstance(item_id, str) and item_id and not _SLUG.match(item_id):
        bad(entry, "id", "must be a lowercase slug like 'rubicon-seven-scores-nothing'")
    kind = raw.get("kind")
    if isinstance(kind, str) and kind not in KINDS:
        bad(entry, "kind", f"must be one of {', '.join(KINDS)}")
    laws = raw.get("laws")
    if laws is None:
        bad(entry, "laws", "missing required field")
    elif (
        not isinstance(laws, list)
        or not laws
        or not all(isinstance(x, str) and x.strip() for x in laws)
    ):
        bad(entry, "laws", "must be a non-empty list of law ids")
    else:
        for law_id in laws:
            if law_id not in content.laws:
                bad(entry, "laws", f"no law {law_id!r} in content/laws")
        if len(set(laws)) != len(laws):
            bad(entry, "laws", "a law is listed twice")
    answer, choices = raw.get("answer"), raw.get("choices")
    if kind == "true-false":
        if choices is not None:
            bad(entry, "choices", "a true-false item has no choices")
        if not isinstance(answer, bool):
            bad(entry, "answer", "must be true or false")
    elif kind == "choice":
        if not isinstance(choices, list) or not all(
            isinstance(c, str) and c.strip() for c in choices
        ):
            bad(entry, "choices", "must be a list of non-empty strings")
        elif not MIN_CHOICES <= len(choices) <= MAX_CHOICES:
            bad(entry, "choices", f"must hold {MIN_CHOICES} to {MAX_CHOICES} choices")
        elif len({c.strip().casefold() for c in choices}) != len(choices):
            bad(entry, "choices", "two choices read the same")
        elif not isinstance(answer, str) or answer.strip() not in [c.strip() for c in choices]:
            bad(entry, "answer", "must be the text of one of the choices")
    if len(problems) > before:
        return None
    return AuthoredItem(
        id=raw["id"],
        kind=kind,  # type: ignore[arg-type]
        laws=tuple(laws),  # type: ignore[arg-type]
        prompt=raw["prompt"].strip(),
        answer=answer if isinstance(answer, bool) else str(answer).strip(),
        explanation=raw["explanation"].strip(),
        choices=tuple(c.strip() for c in choices) if kind == "choice" else (),  # type: ignore[union-attr]
        file=rel,
    )


def load_authored(content: Content, directory: Path | None = None) -> Mapping[str, AuthoredItem]:
    """Every authored item by id; raise ContentError listing every problem (nothing half-loaded)."""
    root = Path(directory) if directory is not None else content_dir() / "quiz"
    problems: list[Problem] = []
    items: dict[str, AuthoredItem] = {}
    if not root.is_dir():
        return items
    for path in sorted(root.glob("*.toml")):
        rel = f"quiz/{path.name}"
        try:  # a regular file only, read by bytes (a pipe would block, a device never end)
            data = load_toml(path, MAX_FILE_BYTES)
        except InputFileError as exc:
            problems.append(Problem(rel, "-", "-", str(exc)))
            continue
        for key in sorted(set(data) - {"item"}):
            problems.append(Problem(rel, "-", key, "unknown key; the file holds [[item]] entries"))
        entries = data.get("item")
        if not isinstance(entries, list) or not entries:
            problems.append(Problem(rel, "-", "item", "file must hold [[item]] entries"))
            continue
        for index, raw in enumerate(entries):
            item = _check_item(raw, rel, index, content, problems)
            if item is None:
                continue
            if item.id in items:
                problems.append(
                    Problem(rel, item.id, "id", f"duplicate id (first in {items[item.id].file})")
                )
                continue
            items[item.id] = item
    if problems:
        raise ContentError(problems)
    return items
