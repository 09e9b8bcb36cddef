"""Authored quiz items (content/quiz/*.toml): loading and validating them like the laws.

Loading is all-or-nothing: every problem is collected, and one ContentError lists them,
each naming file, entry and field. See docs/quiz-format.md for the format.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from msgspec import Meta

from app.corpus.checks import MAX_FILE_BYTES, Collector, ContentError
from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, content_dir
from app.corpus.schema import SLUG, Schema, Text, checked, entries, wrong
from app.input_files import InputFileError, load_toml

QUIZ_DIR = CONTENT_DIR / "quiz"
Kind = Literal["true-false", "choice"]
KINDS: tuple[str, ...] = get_args(Kind)
MIN_CHOICES, MAX_CHOICES = 2, 6


class AuthoredItem(Schema, frozen=True, kw_only=True):
    """One authored question: true/false or multiple choice, citing the laws it tests; the
    schema of an [[item]] of content/quiz/*.toml (`file` is the file's path)."""

    id: Annotated[str, Meta(pattern=SLUG, description=(
        "a lowercase slug like 'rubicon-seven-scores-nothing'"))]
    kind: Kind
    laws: Annotated[tuple[Text, ...], Meta(min_length=1, description=(
        "a non-empty list of law ids"))]
    prompt: Text
    answer: bool | str
    explanation: Text
    choices: Annotated[tuple[Text, ...], Meta(description=(
        "a list of non-empty strings"))] | None = None
    # An item asks one code's laws (its first law's) unless it compares codes, naming each.
    compares_codes: bool = False
    file: str = ""

    def __post_init__(self) -> None:
        if self.kind == "true-false":
            if self.choices is not None:
                raise wrong("choices", "a true-false item has no choices")
            if type(self.answer) is not bool:
                raise wrong("answer", "must be true or false")
            return
        choices = self.choices or ()
        if not MIN_CHOICES <= len(choices) <= MAX_CHOICES:
            raise wrong("choices", f"must hold {MIN_CHOICES} to {MAX_CHOICES} choices")
        if len({c.strip().casefold() for c in choices}) != len(choices):
            raise wrong("choices", "two choices read the same")
        if self.answer not in choices:
            raise wrong("answer", "must be the text of one of the choices")

    @property
    def ordered_choices(self) -> tuple[str, ...]:
        """The choices, shuffled by the item's id (authors may list the answer first)."""
        if self.kind == "true-false":
            return ("True", "False")
        out = list(self.choices or ())
        random.Random(self.id).shuffle(out)
        return tuple(out)


class QuizFile(Schema, frozen=True):
    """content/quiz/<game>.toml: its items ([[item]])."""

    item: Annotated[list[dict[str, Any]], Meta(min_length=1, description=(
        "[[item]] entries, one or more"))]


def _check_item(raw: dict[str, Any], rel: str, entry: str, content: Content,
                out: Collector) -> AuthoredItem | None:
    if "file" in raw:
        out.add(rel, entry, "file", "unknown field")
        return None
    item = checked({**raw, "file": rel}, AuthoredItem, out, rel, entry)
    if item is None:
        return None
    for law_id in item.laws:
        if law_id not in content.laws:
            out.add(rel, entry, "laws", f"no law {law_id!r} in content/laws")
    if len(set(item.laws)) != len(item.laws):
        out.add(rel, entry, "laws", "a law is listed twice")
    _check_codes(item, rel, entry, content, out)
    for law_id in item.laws:
        law = content.laws.get(law_id)
        for ex_id in law.excepted_by if law is not None else ():
            if ex_id not in item.laws:
                # An item asking the rule without its exception may mark the exception's case
                # wrong (the Club Code's law 23 asked without law 24, the seventh round's #112).
                out.add(rel, entry, "laws",
                        f"{law_id!r} has an exception, {ex_id!r}, the item does not cite: "
                        f"the item must ask the rule with it, or leave its case aside")
    return item


def _check_codes(item: AuthoredItem, rel: str, entry: str, content: Content,
                 out: Collector) -> None:
    """An item asks its first law's code: every law it cites is of that code, unless it says it
    compares codes (a law of another code cited beside an English question reads as part of
    the answer, the seventh blind round's #155)."""
    cited = [content.laws[law_id] for law_id in item.laws if law_id in content.laws]
    if not cited:
        return
    first = cited[0]
    if item.compares_codes:
        if len({law.code for law in cited}) < 2:
            out.add(rel, entry, "compares_codes",
                    "the item compares codes but cites the laws of one code only")
        return
    for law in cited[1:]:
        if law.code != first.code:
            out.add(rel, entry, "laws",
                    f"{law.id!r} is a law of the {law.code} code, but the item asks the "
                    f"{first.code} code ({first.id!r}); set compares_codes = true only for "
                    f"an item comparing codes")


def load_authored(content: Content, directory: Path | None = None) -> Mapping[str, AuthoredItem]:
    """Every authored item by id; raise ContentError listing every problem (nothing half-loaded)."""
    root = Path(directory) if directory is not None else content_dir() / "quiz"
    out = Collector()
    items: dict[str, AuthoredItem] = {}
    if not root.is_dir():
        return items
    for path in sorted(root.glob("*.toml")):
        rel = f"quiz/{path.name}"
        try:  # a regular file only, read by bytes (a pipe would block, a device never end)
            data = load_toml(path, MAX_FILE_BYTES)
        except InputFileError as exc:
            out.add(rel, "-", "-", str(exc))
            continue
        quiz = checked(data, QuizFile, out, rel, "-")
        for entry, raw in entries(quiz.item if quiz is not None else [], "item"):
            before = len(out.problems)
            item = _check_item(raw, rel, entry, content, out)
            if item is None or len(out.problems) > before:
                continue
            if item.id in items:
                out.add(rel, item.id, "id", f"duplicate id (first in {items[item.id].file})")
                continue
            items[item.id] = item
    if out.problems:
        raise ContentError(out.problems)
    return items
