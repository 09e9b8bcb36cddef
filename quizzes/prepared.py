"""The survey kept between runs: preparing the quizzes reads it instead of ruling ~4,000 tables.

The survey (quizzes.survey) depends only on the content's structure and on the code that
deals and rules, so it is stored, as plain JSON data (never code), in the user cache folder
under a key made of both: every law's id, game, code, topic, case, variant group and links,
the game facts, and the source of app/ and quizzes/. Any change to one makes a new key; a
missing, damaged or foreign file is ignored and the survey taken afresh (then stored).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quizzes.survey import Reach, Survey, take_survey

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

_FORMAT = "cardlaws-survey/1"
_PURPOSES = ("ruled", "differs", "scored", "revoke")
_CODE_ROOTS = tuple(Path(__file__).resolve().parent.parent / name for name in ("app", "quizzes"))


def _code_digest() -> bytes:
    digest = hashlib.sha256()
    for root in _CODE_ROOTS:
        for path in sorted(root.rglob("*.py")):
            try:
                digest.update(path.read_bytes())
            except OSError:  # a frozen build ships bytecode: the file names stand for it
                digest.update(str(path.relative_to(root.parent)).encode())
    return digest.digest()


def survey_key(bank: QuestionBank) -> str:
    """What the survey was taken from: the content's structure and the code that rules."""
    digest = hashlib.sha256(_FORMAT.encode())
    digest.update(_code_digest())
    digest.update(repr(sorted(bank.content.games.items())).encode())
    for law in bank.content.laws.values():
        digest.update(
            repr(
                (law.id, law.game, law.code, law.topic, law.case, law.variant_of,
                 law.variant_default, law.related, law.counterparts)
            ).encode()
        )
    return digest.hexdigest()[:32]


def _folder() -> Path:
    from app.content_cache import cache_dir

    return cache_dir()


def _path(key: str) -> Path:
    return _folder() / f"survey-{key}.json"


def read(key: str) -> Survey | None:
    """The survey stored under the key, or None when absent, damaged or not ours."""
    try:
        data = json.loads(_path(key).read_text(encoding="utf-8"))
        if data.get("format") != _FORMAT or data.get("key") != key:
            return None
        reach = {}
        for law, purposes in data["reach"].items():
            reach[law] = Reach(
                **{
                    p: {(str(g), str(s), str(e)): int(n) for g, s, e, n in purposes.get(p, [])}
                    for p in _PURPOSES
                }
            )
        return Survey(reach)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def write(key: str, survey: Survey) -> None:
    """Store the survey atomically; a failure to write only costs time next start."""
    reach: dict[str, Any] = {
        law: {p: [[*combo, n] for combo, n in sorted(getattr(r, p).items())] for p in _PURPOSES}
        for law, r in survey.reach.items()
    }
    body = json.dumps({"format": _FORMAT, "key": key, "reach": reach}, separators=(",", ":"))
    try:
        folder = _folder()
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("survey-*.json"):
            old.unlink(missing_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, prefix=".survey-", delete=False
        ) as fh:
            fh.write(body)
        os.replace(fh.name, _path(key))
    except OSError:
        pass


def cached_survey(bank: QuestionBank) -> Survey:
    """The stored survey for this content and code, else a fresh one (then stored)."""
    key = survey_key(bank)
    found = read(key)
    if found is None:
        found = take_survey(bank)
        write(key, found)
    return found
