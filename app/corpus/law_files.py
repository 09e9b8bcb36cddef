"""The law and glossary files: each entry read, checked field by field and cross-checked
(links between laws, citations of the sources), every problem named by file, entry and field.

Read only when the content store is stale or absent (app/corpus/stored.py) and by
`python -m app validate`; a start served from the store never imports this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

from msgspec import Meta

from app.corpus.checks import Collector, read_toml
from app.corpus.laws import SEED_CITE, Law, Term
from app.corpus.schema import Schema, checked, entries
from app.corpus.sources import Source, check_citation, cited_key
from app.corpus.vocabulary import CODES, CONTRASTS, GENERAL, TOPICS

Entries = Annotated[list[dict[str, Any]], Meta(min_length=1, description=(
    "a list of one or more tables"))]
# What a law's file gives each of its laws, not the law itself.
_FROM_FILE = ("game", "file")


class LawsFile(Schema, frozen=True):
    """content/laws/<game>.toml: the game its laws are of, and the laws ([[law]])."""

    game: str
    law: Entries


class Glossary(Schema, frozen=True):
    """content/glossary.toml: the terms of art ([[term]])."""

    term: Entries


def _check_law(law: Law, out: Collector) -> bool:
    """The law's words against the vocabulary, its id against its game and code."""
    before = len(out.problems)
    rel, entry = law.file, law.id
    if law.code not in CODES:
        out.add(rel, entry, "code", f"unknown code {law.code!r}; expected one of {sorted(CODES)}")
    elif not law.id.startswith(f"{law.game}.{law.code}."):
        out.add(rel, entry, "id", f"must start with '{law.game}.{law.code}.'")
    if law.topic not in TOPICS:
        out.add(rel, entry, "topic", f"unknown topic {law.topic!r}")
    for cp in law.counterparts:
        if cp.contrast not in CONTRASTS:
            out.add(rel, entry, "counterparts", f"unknown contrast {cp.contrast!r}")
    if law.changes and not law.variant_of:
        out.add(rel, entry, "changes", "only a reading of a variant group (variant_of) changes "
                "its game")
    return len(out.problems) == before


def _game_ids(root: Path) -> set[str]:
    """The games whose laws may be given: one per games/<id>.toml, and the general laws."""
    return {path.stem for path in (root / "games").glob("*.toml")} | {GENERAL}


def load_laws(root: Path, out: Collector,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Law]:
    laws: dict[str, Law] = {}
    known = _game_ids(root)
    files = sorted((root / "laws").glob("*.toml"))
    if not files:
        out.add("laws/", "-", "-", "no law files found")
    for done, path in enumerate(files):
        if progress is not None:
            progress(done, len(files))
        rel = str(path.relative_to(root))
        data = read_toml(path, root, out)
        if data is None:
            continue
        game = data.get("game")
        if not isinstance(game, str) or game not in known:
            out.add(rel, "-", "game", f"unknown or missing game {game!r}: there is no "
                    f"games/{game}.toml (missing game facts file)")
            continue
        parsed = checked(data, LawsFile, out, rel, "-")
        if parsed is None:
            continue
        for entry, raw in entries(parsed.law, "law"):
            for name in _FROM_FILE:
                if name in raw:
                    out.add(rel, entry, name, "unknown field")
            law = checked({**raw, "game": game, "file": rel}, Law, out, rel, entry)
            if law is None or not _check_law(law, out):
                continue
            if law.id in laws:
                out.add(rel, law.id, "id", f"duplicate id (first defined in {laws[law.id].file})")
                continue
            laws[law.id] = law
    if progress is not None:
        progress(len(files), len(files))
    return laws


def check_links(laws: Mapping[str, Law], sources: dict[str, Source], out: Collector) -> None:
    for law in laws.values():
        for rel_id in law.related:
            if rel_id not in laws:
                out.add(law.file, law.id, "related", f"links to missing law {rel_id!r}")
        for ex_id in law.excepted_by:
            ex = laws.get(ex_id)
            if ex is None or (ex.game, ex.code) != (law.game, law.code) or ex_id == law.id:
                out.add(law.file, law.id, "excepted_by",
                        f"{ex_id!r} is no other law of {law.game} {law.code}")
        for name in ("refers_to", "read_beside"):
            for ref_id in getattr(law, name):
                referred = laws.get(ref_id)
                if referred is None:
                    out.add(law.file, law.id, name, f"refers to missing law {ref_id!r}")
                elif ref_id == law.id:
                    out.add(law.file, law.id, name, "refers to itself")
                elif (referred.game, referred.code) != (law.game, law.code):
                    out.add(law.file, law.id, name,
                            f"{ref_id!r} is not of the same game and code")
        for cp in law.counterparts:
            other = laws.get(cp.law)
            if other is None:
                out.add(law.file, law.id, "counterparts", f"links to missing law {cp.law!r}")
                continue
            if other.code == law.code:
                out.add(law.file, law.id, "counterparts", f"{cp.law!r} is in the same code")
            back = [c for c in other.counterparts if c.law == law.id]
            if not back:
                out.add(law.file, law.id, "counterparts", f"{cp.law!r} does not link back")
            elif back[0].contrast != CONTRASTS[cp.contrast]:
                out.add(
                    law.file,
                    law.id,
                    "counterparts",
                    f"tag {cp.contrast!r} towards {cp.law!r} needs {CONTRASTS[cp.contrast]!r} "
                    f"back, found {back[0].contrast!r}",
                )
        cite = law.seed_citation
        if cite:
            check_citation(sources, cite, law.file, law.id, out)
        elif sources and cited_key(law.source) not in sources:  # listed, as a seed is
            out.add(law.file, law.id, "source",
                    f"cites {cited_key(law.source)!r}, which sources.toml does not list")
    groups: dict[str, list[Law]] = {}
    for law in laws.values():
        if law.variant_of:
            groups.setdefault(law.variant_of, []).append(law)
    for name, members in groups.items():
        if len(members) < 2:
            out.add(
                members[0].file,
                members[0].id,
                "variant_of",
                f"variant group {name!r} has one member",
            )
        for m in members[1:]:
            if (m.game, m.code) != (members[0].game, members[0].code):
                out.add(m.file, m.id, "variant_of", f"variant group {name!r} belongs to "
                        f"{members[0].game} {members[0].code} ({members[0].id}); a group's "
                        "readings are all of one game and one code")
        defaults = [m for m in members if m.variant_default]
        if len(defaults) != 1:
            out.add(
                members[0].file,
                members[0].id,
                "variant_default",
                f"variant group {name!r} needs exactly one default, has {len(defaults)}",
            )


def load_terms(root: Path, sources: dict[str, Source], out: Collector) -> dict[str, Term]:
    path = root / "glossary.toml"
    rel = "glossary.toml"
    if not path.exists():
        out.add(rel, "-", "-", "missing glossary file")
        return {}
    data = read_toml(path, root, out)
    glossary = checked(data, Glossary, out, rel, "-") if data is not None else None
    if glossary is None:
        return {}
    terms: dict[str, Term] = {}
    known = _game_ids(root)
    for entry, raw in entries(glossary.term, "term"):
        term = checked(raw, Term, out, rel, entry)
        if term is None:
            continue
        before = len(out.problems)
        cite = SEED_CITE.match(term.source)
        if cite:
            check_citation(sources, (cite["stem"], int(cite["para"])), rel, entry, out)
        for g in term.games:
            if g not in known:
                out.add(rel, entry, "games", f"unknown game {g!r}")
        if len(out.problems) > before:
            continue
        if term.id in terms:
            out.add(rel, term.id, "id", "duplicate id")
            continue
        terms[term.id] = term
    return terms
