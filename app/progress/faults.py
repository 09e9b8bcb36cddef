"""What went wrong with the progress file, in the learner's words, and whether it is damaged.

Only a file SQLite itself reports as damaged (corrupt, "not a database") or an empty file is
ever treated as damaged. Everything else (a full disk, a lock held by another program, a
permission, an input/output error) leaves the file alone: the learner is told what happened
and what to do, and the rest of the app keeps working.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

from app.progress.records import ProgressError

# SQLite's primary result codes (https://sqlite.org/rescode.html); extended codes keep these
# in their low byte.
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = (
    3, 5, 6, 8, 10, 11, 13, 14, 26
)
_LOW_SPACE = 1024 * 1024  # less free space than this: an I/O failure is taken as a full disk

KINDS = ("damaged", "full", "locked", "permission", "io")
# Files that are not for this Card Laws to open, left untouched (ProgressUnavailable only):
# a symbolic link, another program's database, a file of a newer Card Laws.
NOT_OURS = ("link", "foreign", "newer")


class ProgressUnavailable(ProgressError):
    """The progress file cannot be used now, but it was left exactly as it was.

    `kind` is one of "full", "locked", "permission", "io", or one of NOT_OURS; the message
    says what happened and what the learner can do.
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(message)


class FileRefused(ProgressError):
    """A file named to a command (a backup to restore, a place to write a copy or an export)
    that is refused: not a regular file, not a sound progress file. Nothing was changed."""


class ProgressWriteFailed(ProgressError):
    """A change (an answer, a profile) could not be saved; nothing of it was written.

    `kind` as for ProgressUnavailable; the message names what was not saved and what to do.
    """

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(message)


def kind_of(exc: BaseException, folder: Path | None = None) -> str:
    """One of KINDS for an error met while opening, reading or writing the progress file."""
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
        text = str(exc).lower()
        if code in (_CORRUPT, _NOTADB) or "malformed" in text or "not a database" in text:
            return "damaged"
        if code == _FULL or "disk is full" in text:
            return "full"
        if code in (_BUSY, _LOCKED) or "locked" in text:
            return "locked"
        if code in (_PERM, _READONLY, _CANTOPEN) or "readonly" in text:
            return "full" if _low_space(folder) else "permission"
        return "full" if _low_space(folder) else "io"
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return "full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "permission"
        return "full" if _low_space(folder) else "io"
    return "io"


def _low_space(folder: Path | None) -> bool:
    if folder is None:
        return False
    try:
        return shutil.disk_usage(folder).free < _LOW_SPACE
    except OSError:
        return False


def advice(kind: str, folder: Path) -> str:
    """What happened and what to do, in plain words, for a kind that is not damage."""
    return {
        "full": f"The disk holding {folder} is full. Free some space, then try again.",
        "locked": "Another program is using the progress file and did not let go within "
        "5 seconds (perhaps a second Card Laws window). Close it, then try again.",
        "permission": f"Card Laws is not allowed to read or write {folder}. Check that the "
        "folder and the files in it belong to you and may be read and written by you.",
        "io": f"The disk holding {folder} reported an input/output error. Check the disk, "
        "then try again.",
        "damaged": "The progress file is damaged.",
    }[kind]


def unavailable(exc: BaseException, folder: Path) -> ProgressUnavailable:
    """The error to raise when the file could not be opened for a reason other than damage."""
    kind = kind_of(exc, folder)
    return ProgressUnavailable(
        kind,
        f"Your progress could not be opened: {advice(kind, folder)} Your progress file has "
        f"not been changed. ({exc})",
    )


def write_failed(what: str, exc: BaseException, folder: Path | None) -> ProgressWriteFailed:
    """The error to raise when a change could not be saved."""
    kind = kind_of(exc, folder)
    where = folder if folder is not None else Path("the data folder")
    return ProgressWriteFailed(
        kind,
        f"{what} was not saved: {advice(kind, where)} Everything saved before is safe. ({exc})",
    )
