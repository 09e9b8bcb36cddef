"""Schemas of the files the app reads, declared once as msgspec Structs, and their errors told
in the project's own form: (field, message) within an entry, every problem found.

A file's parsed TOML or JSON is converted with `convert` (msgspec.convert, strict: no string
becomes a number, no true a 1). msgspec stops at the first error; a reader fixing a file wants
all of them, so when an entry fails, `convert` checks it again field by field (a slow path only
invalid content takes) and reports each field's own problem. A field's message is its schema's
`Meta(description=...)` when it has one ("must be a whole number from 2 to 8"), else msgspec's
own words made plain ("must be a whole number, not a string").
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from typing import Annotated, Any, Literal, TypeVar, Union, cast, get_args, get_origin

import msgspec

from app.corpus.checks import Collector

T = TypeVar("T")

# A non-empty string with something besides spaces in it.
Text = Annotated[str, msgspec.Meta(pattern=r"\S", description="a non-empty string")]
# A lower-case id such as 'forgot-to-draw'.
SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

# msgspec's error: "<what> - at `$.laws[3].source`" (no " - at" for the top level).
_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_EXPECTED = re.compile(r"^Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`$")
_NAMED = re.compile(r"^Object (?P<how>missing required|contains unknown) field `(?P<name>[^`]+)`$")
# A `wrong(field, message)` of a __post_init__.
_ACROSS = re.compile(r"^(?P<field>[a-z_][a-z0-9_.\[\]-]*): (?P<message>.+)$")
_KINDS = {
    "int": "a whole number", "float": "a number", "str": "a string", "bool": "true or false",
    "array": "a list", "object": "a table (an object)", "null": "nothing",
    "int | float": "a number",
}


class Schema(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What every content record is: immutable once read, and a misspelt field ("familly") is
    reported, never ignored."""


def wrong(fld: str, message: str) -> ValueError:
    """A check across fields, raised from a Struct's __post_init__: msgspec reports it as a
    ValidationError at the Struct, and `convert` names `fld` within it."""
    return ValueError(f"{fld}: {message}")


def wrongs(found: list[tuple[str, str]]) -> ValueError:
    """Several checks across fields at once, as `wrong` raises one."""
    return ValueError("\n".join(f"{fld}: {message}" for fld, message in found))


def convert(data: Any, kind: Any, prefix: str = "") -> tuple[Any, list[tuple[str, str]]]:
    """`data` as `kind`, with no problems; or None and every (field, message) found, each field
    named from `prefix` ("model" gives "model.trumps")."""
    try:
        return msgspec.convert(data, kind, strict=True), []
    except msgspec.ValidationError as exc:
        return None, list(_problems(data, kind, prefix)) or _told(str(exc), kind, prefix)


def checked(data: Any, kind: type[T], out: Collector, file: str, entry: str,
            prefix: str = "") -> T | None:
    """`data` as `kind`, or None with every problem recorded in `out` as (file, entry, field)."""
    value, problems = convert(data, kind, prefix)
    for fld, message in problems:
        out.add(file, entry, fld or "-", message)
    return cast("T | None", value)


def entries(tables: list[dict[str, Any]], kind: str, key: str = "id"
            ) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each table of a file's [[kind]] entries with the name its problems are told under: its
    `key` (its id), or its place ("law #3") when it has none."""
    for n, table in enumerate(tables, start=1):
        given = table.get(key)
        yield (given if isinstance(given, str) and given else f"{kind} #{n}"), table


def _join(prefix: str, name: str) -> str:
    if not name:
        return prefix
    if not prefix:
        return name.lstrip(".")
    return prefix + name if name.startswith("[") or name.startswith(".") else f"{prefix}.{name}"


def _struct(kind: Any) -> type[msgspec.Struct] | None:
    """The Struct a field holds (itself, or inside `X | None`), if any."""
    for option in _options(kind):
        if isinstance(option, type) and issubclass(option, msgspec.Struct):
            return option
    return None


def _items(data: Any, kind: Any, prefix: str) -> Iterator[tuple[str, str]]:
    """Each item's own problems, when `data` is a table or a list."""
    for option in _options(kind):
        origin, args = get_origin(option), get_args(option)
        if origin is dict and type(data) is dict:
            for key, value in data.items():
                where = _join(prefix, f".{key}")
                if convert(key, args[0])[1]:
                    words = _words(args[0])
                    yield where, (f"not one of {', '.join(words)}" if words else "not a name")
                else:
                    yield from convert(value, args[1], where)[1]
            return
        if origin in (tuple, list) and type(data) is list and args and (
                origin is list or args[-1] is Ellipsis):
            for n, value in enumerate(data):
                yield from convert(value, args[0], _join(prefix, f"[{n}]"))[1]
            return


def _problems(data: Any, kind: Any, prefix: str) -> Iterator[tuple[str, str]]:
    """Each field's own problem, when `data` is a table meant for a Struct (or a table or list
    of them); else nothing (the error of the whole is then told as msgspec found it)."""
    struct = _struct(kind)
    if struct is None:
        yield from _items(data, kind, prefix)
        return
    if type(data) is not dict:
        return
    fields = msgspec.structs.fields(struct)
    known = [f.encode_name for f in fields]
    if struct.__struct_config__.forbid_unknown_fields:
        for name in data:
            if name not in known:
                yield _join(prefix, name), f"unknown field; known: {', '.join(known)}"
    for f in fields:
        name = _join(prefix, f.encode_name)
        if f.encode_name not in data:
            if f.required:
                yield name, "missing required field"
            continue
        try:
            msgspec.convert(data[f.encode_name], f.type, strict=True)
        except msgspec.ValidationError as exc:
            described = _description(f.type)  # the field's problem in the schema's words
            found = [] if described else list(_problems(data[f.encode_name], f.type, name))
            yield from found or ([(name, f"must be {described}")] if described
                                 else _told(str(exc), f.type, name))


def _told(error: str, kind: Any, prefix: str) -> list[tuple[str, str]]:
    """msgspec's error as (field, message) in plain words (several for `wrongs`)."""
    match = _AT.match(error)
    what, path = (match["what"], match["path"] or "") if match else (error, "")
    across = [_ACROSS.match(line) for line in what.splitlines()]
    if across and all(across):
        return [(_join(_join(prefix, path), m["field"]), m["message"]) for m in across if m]
    return [_one(what, path, kind, prefix)]


def _one(what: str, path: str, kind: Any, prefix: str) -> tuple[str, str]:
    """One msgspec error (`what` at `path`) as (field, message)."""
    named = _NAMED.match(what)
    if named:
        fld = _join(_join(prefix, path), named["name"])
        return fld, ("missing required field" if named["how"] == "missing required"
                     else "unknown field")
    fld = _join(prefix, path)
    described = _description(kind) if not path else None
    if described:
        return fld, f"must be {described}"
    expected = _EXPECTED.match(what)
    if expected:
        want = " or ".join(_KINDS.get(k, k) for k in expected["want"].split(" | "))
        return fld, f"must be {want}, not {_KINDS.get(expected['got'], expected['got'])}"
    if what.startswith("Invalid enum value") and not path:
        words = _words(kind)
        if words:
            return fld, (f"must be one of {', '.join(words)}" if len(words) > 1
                         else f"must be {words[0]}")
    return fld, what.replace("Expected `int`", "must be a whole number").replace(
        "Expected `str`", "must be a string").replace("Expected ", "must be ")


def _options(kind: Any, unwrap: bool = True) -> Iterator[Any]:
    """The kinds a field may hold: itself, or each of a union; unwrapped of Annotated unless
    `unwrap` is False."""
    origin = get_origin(kind)
    if origin is Union or origin is types.UnionType:
        for option in get_args(kind):
            yield from _options(option, unwrap)
    elif origin is Annotated and unwrap:
        yield from _options(get_args(kind)[0])
    else:
        yield kind


def _description(kind: Any) -> str | None:
    """The Meta(description=...) a field's type carries, if any."""
    for option in _options(kind, unwrap=False):
        if get_origin(option) is Annotated:
            for meta in get_args(option)[1:]:
                if isinstance(meta, msgspec.Meta) and meta.description:
                    return meta.description
    return None


def _words(kind: Any) -> tuple[str, ...]:
    """The values a Literal field allows."""
    for option in _options(kind):
        if get_origin(option) is Literal:
            return tuple(str(v) for v in get_args(option))
    return ()
