"""What preparing the quizzes derives from the content, kept between runs: the survey (which
situations reach each law: ~4,000 tables ruled), the item catalogue and the order new items
come in (every generator asked about every law). A start reads them instead of deriving them.

They depend only on the content (`Content.version`), the authored items and the code that
deals, rules and generates, so they are stored, as plain JSON data (never code), in the user
cache folder under a key made of all three: any change to one makes a new key. A missing,
damaged or foreign file is ignored and everything derived afresh (then stored). Files of
other versions (another install, another content folder, the code before an update) are left
alone: the KEEP_VERSIONS most recently used are kept, each read marking its file used.

Each law's reach in the survey is decoded when a question on that law is first built:
warming the bank reads the file and the catalogue, nothing more.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import os
import tempfile
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from quizzes.catalogue import ItemInfo, catalogue, new_order
from quizzes.survey import Reach, Survey

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

_FORMAT = "cardlaws-quiz-prepared/5"
_PREFIX = "quiz-prepared-"
_PURPOSES = ("ruled", "differs", "scored", "revoke", "outcomes", "stated", "faults",
             "subjects")
# How many versions' files are kept (other installs, other content folders, the version before
# an update): beyond that, the least recently used go.
KEEP_VERSIONS = 4
_CODE_ROOTS = tuple(Path(__file__).resolve().parent.parent / name for name in ("app", "quizzes"))


@dataclass(frozen=True)
class Prepared:
    """The survey, every item in catalogue order, and the order new items come in."""

    survey: Survey
    items: Mapping[str, ItemInfo]
    new_order: tuple[str, ...]


@functools.cache
def _code_digest() -> bytes:
    # Once per process: the code running is the code read when it started (a checkout edited
    # while the app or a test run is going must not change the key under it), and hashing
    # every module again on each call costs a read of the whole tree.
    digest = hashlib.sha256()
    for root in _CODE_ROOTS:
        for path in sorted(root.rglob("*.py")):
            try:
                digest.update(path.read_bytes())
            except OSError:  # a frozen build ships bytecode: the file names stand for it
                digest.update(str(path.relative_to(root.parent)).encode())
    return digest.digest()


def prepared_key(bank: QuestionBank) -> str:
    """What the prepared data was derived from: the content, the authored items, the code."""
    digest = hashlib.sha256(_FORMAT.encode())
    digest.update(_code_digest())
    digest.update(bank.content.version.encode())
    digest.update(repr(sorted(bank.authored.items())).encode())
    return digest.hexdigest()[:32]


def derive(bank: QuestionBank) -> Prepared:
    """Take the survey and build the catalogue afresh (the bank's survey is the one taken)."""
    items = catalogue(bank)  # asks bank.survey, which takes it when nothing is stored
    case_of = {law_id: bank.content.laws[law_id].case for law_id in {i.law for i in items.values()}}
    return Prepared(bank.survey, items, new_order(items, case_of))


class _StoredReach(Mapping[str, Reach]):
    """The survey's reach per law, each law's line decoded when that law is first asked."""

    def __init__(self, lines: dict[str, str]) -> None:
        self._lines = lines
        self._decoded: dict[str, Reach] = {}

    def __getitem__(self, law: str) -> Reach:
        found = self._decoded.get(law)
        if found is None:
            purposes = json.loads(self._lines[law])
            found = Reach(**{
                p: {(str(g), str(s), str(e)): int(n) for g, s, e, n in purposes.get(p, [])}
                for p in _PURPOSES
            })
            self._decoded[law] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


def _path(key: str, folder: Path | None = None) -> Path:
    from app.corpus.cache import cache_dir

    return (cache_dir() if folder is None else folder) / f"{_PREFIX}{key}.jsonl"


def _shipped(key: str) -> Path:
    """Where the package build put the data of the app's own content (app/corpus/cache.py)."""
    from app.corpus import cache

    return _path(key, cache.shipped_dir())


# The file is JSON lines: a header, the items in chunks, then one line per law of the survey
# ("law<TAB>json"). Each line is parsed on its own, so reading never holds the GIL for long
# (one json.loads over the whole survey took ~0.4 s at ×100 laws, the UI thread waiting), and
# a law's reach is parsed only when a question on it is built.
_CHUNK = 1000


def read(key: str) -> Prepared | None:
    """The data stored under the key, prepared with the package or kept in the user cache;
    None when absent, damaged or not ours."""
    shipped = _shipped(key)
    if shipped.is_file():
        found = _read(key, shipped)
        if found is not None:
            return found
    path = _path(key)
    found = _read(key, path)
    if found is not None:
        _used(path)
    return found


def read_from(key: str, folder: Path) -> Prepared | None:
    """The data stored under the key in `folder` (a folder of prepared data), else None."""
    return _read(key, _path(key, folder))


def _read(key: str, path: Path) -> Prepared | None:
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
        head = json.loads(lines[0])
        if head.get("format") != _FORMAT or head.get("key") != key:
            return None
        count, chunks = int(head["items"]), -(-int(head["items"]) // _CHUNK)
        rows: list[ItemInfo] = []
        order: list[str | None] = [None] * count
        for line in lines[1:1 + chunks]:
            for t, law, game, topic, code, new in json.loads(line):
                info = ItemInfo(f"{t}:{law}", t, law, game, topic, code)
                rows.append(info)
                order[new] = info.key
        items = {i.key: i for i in rows}
        kinds = set(map(type, itertools.chain.from_iterable(rows)))  # in C, not per value
        if len(items) != count or None in order or not kinds <= {str}:
            return None
        survey: dict[str, str] = {}
        for line in lines[1 + chunks:]:
            law, tab, data = line.partition("\t")
            if line and not tab:
                return None
            if line:
                survey[law] = data
        if len(survey) != int(head["laws"]):
            return None
        return Prepared(Survey(_StoredReach(survey)), items,  # type: ignore[arg-type]
                        tuple(order))  # type: ignore[arg-type]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def write(key: str, prepared: Prepared, folder: Path | None = None) -> None:
    """Store the data atomically in `folder` (default: the user cache), beside other
    versions' (the least recently used beyond KEEP_VERSIONS removed); a failure to write
    only costs time at the next start."""
    survey = prepared.survey
    new = {k: n for n, k in enumerate(prepared.new_order)}
    rows = [[i.type, i.law, i.game, i.topic, i.code, new[i.key]] for i in prepared.items.values()]
    compact = {"separators": (",", ":")}
    lines = [json.dumps({"format": _FORMAT, "key": key, "items": len(rows),
                         "laws": len(survey.reach)}, **compact)]  # type: ignore[arg-type]
    lines += [json.dumps(rows[n:n + _CHUNK], **compact)  # type: ignore[arg-type]
              for n in range(0, len(rows), _CHUNK)]
    for law, r in survey.reach.items():
        if "\t" in law or "\n" in law:
            return  # not a law id the content allows: derive again next time
        purposes = {p: [[*combo, n] for combo, n in sorted(getattr(r, p).items())]
                    for p in _PURPOSES}
        lines.append(f"{law}\t{json.dumps(purposes, **compact)}")  # type: ignore[arg-type]
    body = "\n".join(lines)
    try:
        target = _path(key, folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=target.parent, prefix=f".{_PREFIX}", delete=False
        ) as fh:
            fh.write(body)
        if folder is not None:  # shipped with the package: readable by every user
            os.chmod(fh.name, 0o644)
        os.replace(fh.name, target)
    except OSError:
        return
    _keep_recent(target.parent)


def _used(path: Path) -> None:
    """Mark a version's file as used now (its modification time: which to keep)."""
    # A read-only cache: the file is still read, only its turn to go may come early.
    with contextlib.suppress(OSError):
        os.utime(path)


def _keep_recent(folder: Path) -> None:
    """Remove the least recently used versions' files beyond KEEP_VERSIONS (and any partial
    file another run left more than a day ago)."""
    found: list[tuple[float, Path]] = []
    for path in folder.glob(f"{_PREFIX}*.jsonl"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    found.sort(reverse=True)
    for _, path in found[KEEP_VERSIONS:]:
        path.unlink(missing_ok=True)
    for path in folder.glob(f".{_PREFIX}*"):
        try:
            if path.stat().st_mtime < time.time() - 86_400:
                path.unlink(missing_ok=True)
        except OSError:
            continue


def stored_or_derived(bank: QuestionBank) -> Prepared:
    """The data stored for this content and code, else derived afresh (then stored)."""
    key = prepared_key(bank)
    found = read(key)
    if found is None:
        found = derive(bank)
        write(key, found)
    return found
