"""Reading a file the app was given, safely: the one way every reader opens what it parses.

A path named on the command line, chosen in a dialog or found in a content folder may be
anything: a named pipe (opening it blocks until a writer comes), a device (`/dev/zero` never
ends; its `st_size` is 0), a file of gigabytes, JSON with a key twice (the last would win
silently), a 5,000-digit number (Python's int() refuses it with a ValueError, not a
JSONDecodeError), a lone surrogate escape that no UTF-8 encoder accepts, or a 60 MB string.

So a file is opened without blocking, refused unless it is a regular file, and read up to a
bound counted in bytes read (never trusting `st_size`); JSON is parsed with duplicate keys,
over-long numbers and strings, NaN and lone surrogates refused as the parser meets them.
Every refusal is an InputFileError whose message names what is wrong, for the caller to word
as its own error (a scenario's field, an import's problem list, a content file's problem).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

# The largest whole number a file may hold, in digits: every count, score and id the app
# reads fits in far fewer; Python itself refuses more than 4,300.
MAX_DIGITS = 40
_CHUNK = 1 << 20


class InputFileError(ValueError):
    """A file, or its text, that the app will not read; the message says why."""


def read_bytes(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Raises InputFileError for anything else: missing, unreadable, a folder, a pipe, a device
    or socket, or longer than `limit` (found by reading, so a file growing as it is read, or
    a device reporting no size, is still stopped at the bound).
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)  # O_NONBLOCK: opening a named pipe must not wait for a writer
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise InputFileError(f"{name} is {kind}, not a regular file")
        chunks: list[bytes] = []
        got = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > limit:
                raise InputFileError(f"{name} is larger than {_size(limit)}")
        return b"".join(chunks)
    except OSError as exc:
        raise InputFileError(f"cannot read {name}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def require_regular(path: Path | str) -> None:
    """Refuse (InputFileError) anything but an existing regular file, without opening it:
    for readers that hand the path to a library (SQLite) which would block on a pipe."""
    try:
        kind = _kind(os.stat(path).st_mode)
    except OSError as exc:
        raise InputFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if kind is not None:
        raise InputFileError(f"{path} is {kind}, not a regular file")


def check_target(path: Path | str) -> None:
    """Refuse (InputFileError) to write over anything but a regular file or a link: a file
    written atomically replaces what is at its path, and a device or pipe (/dev/null, as
    root) must never be replaced by a regular file."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputFileError(f"cannot write {path}: {exc.strerror or exc}") from None
    kind = None if stat.S_ISLNK(mode) else _kind(mode)
    if kind is not None:
        raise InputFileError(f"{path} is {kind}: only a regular file is written over")


def read_text(path: Path | str, limit: int) -> str:
    """A regular file's UTF-8 text (read_bytes' refusals, and text that is not UTF-8)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            f"{path} is not UTF-8 text (byte {exc.start + 1} cannot be read)"
        ) from None


def load_json(path: Path | str, limit: int, *, longest: int | None = None) -> Any:
    """A regular file's JSON, parsed by `parse_json` (with `limit` bytes at most)."""
    return parse_json(read_text(path, limit), longest=longest, name=str(path))


def parse_json(text: str | bytes, *, longest: int | None = None, name: str = "the text") -> Any:
    """JSON parsed totally: InputFileError, never another exception, for anything refused.

    Refused as the parser meets them: a key twice in one object (named), a whole number of
    more than MAX_DIGITS digits, NaN and Infinity, a string of more than `longest`
    characters (checked as each object is built, so a 60 MB string stops the parse there),
    a lone surrogate (no UTF-8 text can hold it), nesting deeper than the stack allows.
    """
    try:
        parsed = json.loads(
            text,
            object_pairs_hook=lambda pairs: _object(pairs, longest),
            parse_int=_whole,
            parse_float=_fraction,
            parse_constant=_constant,
        )
        _object([("", parsed)], longest)  # a list or text at the top, outside any object
        return parsed
    except InputFileError as exc:
        raise InputFileError(f"{name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{name} is not valid JSON ({exc})") from None
    except RecursionError:
        raise InputFileError(f"{name} is nested deeper than can be read") from None
    except (ValueError, UnicodeDecodeError) as exc:  # bytes that are not UTF-8
        raise InputFileError(f"{name} is not valid JSON ({exc})") from None


def load_toml(path: Path | str, limit: int) -> dict[str, Any]:
    """A regular file's TOML (tomllib refuses duplicate keys itself); InputFileError for
    anything refused, a whole number of thousands of digits included."""
    import tomllib  # here: a command that reads no TOML does not load the parser

    text = read_text(path, limit)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(f"malformed TOML: {exc}") from None
    except (ValueError, RecursionError) as exc:  # int() of a 5,000-digit number
        raise InputFileError(f"malformed TOML: {exc}") from None


def nesting(value: Any, limit: int) -> int:
    """How deeply lists and tables (objects) nest in a parsed value, counted until past
    `limit` (a text, a number, true or null: 0). Iterative: never overflows the stack."""
    if not isinstance(value, dict | list):
        return 0
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > limit:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


# --------------------------------------------------------------------------- helpers


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _size(limit: int) -> str:
    if limit >= 1 << 20:
        return f"{limit / (1 << 20):g} MB"
    return f"{limit / 1024:g} kB" if limit >= 1024 else f"{limit} bytes"


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InputFileError(
            f"holds a whole number of {len(digits.lstrip('-')):,} digits (at most "
            f"{MAX_DIGITS} are read)"
        )
    return int(digits)


def _fraction(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise InputFileError(f"holds the number {_shown(digits)}, too large to read")
    return value


def _constant(word: str) -> float:
    raise InputFileError(f"holds {word}, which is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]], longest: int | None) -> dict[str, Any]:
    made: dict[str, Any] = {}
    for key, value in pairs:
        if key in made:
            raise InputFileError(f"the key {_shown(key)} appears twice in one object")
        _text(key, longest, key)
        if isinstance(value, str):
            _text(value, longest, key)
        elif isinstance(value, list):
            _strings_in(value, longest, key)  # objects inside were checked as they were built
        made[key] = value
    return made


def _strings_in(items: list[Any], longest: int | None, key: str) -> None:
    stack = [items]
    while stack:
        for item in stack.pop():
            if isinstance(item, str):
                _text(item, longest, key)
            elif isinstance(item, list):
                stack.append(item)


def _text(value: str, longest: int | None, key: str) -> None:
    if longest is not None and len(value) > longest:
        where = f"the value of {_shown(key)}" if key else "the text"
        raise InputFileError(
            f"{where} is {len(value):,} characters long, larger than {_size(longest)} "
            f"(at most {longest:,} characters are read)"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InputFileError(
            f"holds a lone surrogate escape (such as \\ud800) in {_shown(value)}, which no "
            "text can store"
        ) from None


def _shown(value: str) -> str:
    text = ascii(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = [
    "MAX_DIGITS",
    "InputFileError",
    "check_target",
    "load_json",
    "load_toml",
    "parse_json",
    "read_bytes",
    "read_text",
    "require_regular",
]
