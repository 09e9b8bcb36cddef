"""The law and glossary files: each entry read, checked field by field and cross-checked
(links between laws, citations of the sources), every problem named by file, entry and field.

Read only when the content store is stale or absent (app/corpus/stored.py) and by
`python -m app validate`; a start served from the store never imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from app.corpus.checks import Collector, read_toml, str_field, str_list
from app.corpus.law_rulings import parse_ruling
from app.corpus.laws import SEED_CITE, Counterpart, Law, Term
from app.corpus.sources import Source, check_citation, cited_key
from app.corpus.variant_changes import parse_changes
from app.corpus.vocabulary import CODES, CONTRASTS, GENERAL, TOPICS

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

_LAW_REQUIRED = (
    "id",
    "code",
    "authority",
    "topic",
    "case",
    "title",
    "text",
    "situation",
    "remedy",
    "brief",
    "source",
    "book",
    "section",
)
_LAW_OPTIONAL = ("related", "counterparts", "variant_of", "variant_default", "changes", "ruling")
_TERM_REQUIRED = ("id", "term", "definition")
_TERM_OPTIONAL = ("french", "synonyms", "games", "source")


def _parse_law(raw: Any, game: str, rel: str, index: int, out: Collector) -> Law | None:
    if not isinstance(raw, dict):
        out.add(rel, f"law #{index + 1}", "-", "each [[law]] must be a table")
        return None
    given_id = raw.get("id")
    entry = given_id if isinstance(given_id, str) else f"law #{index + 1}"
    before = len(out.problems)
    for unknown in sorted(set(raw) - set(_LAW_REQUIRED) - set(_LAW_OPTIONAL)):
        out.add(rel, entry, unknown, "unknown field")
    values = {name: str_field(raw, name, rel, entry, out, required=True) for name in _LAW_REQUIRED}
    law_id, code = values["id"], values["code"]
    if code and code not in CODES:
        out.add(rel, entry, "code", f"unknown code {code!r}; expected one of {sorted(CODES)}")
    if values["topic"] and values["topic"] not in TOPICS:
        out.add(rel, entry, "topic", f"unknown topic {values['topic']!r}")
    if values["case"] and not _SLUG.match(values["case"]):
        out.add(rel, entry, "case", "must be a lowercase slug like 'forgot-to-draw'")
    if law_id and code and not law_id.startswith(f"{game}.{code}."):
        out.add(rel, entry, "id", f"must start with '{game}.{code}.'")
    if law_id and not re.match(r"^[a-z0-9.-]+$", law_id):
        out.add(rel, entry, "id", "may hold only lowercase letters, digits, '.' and '-'")
    related = str_list(raw, "related", rel, entry, out)
    counterparts: list[Counterpart] = []
    cps = raw.get("counterparts", [])
    if not isinstance(cps, list):
        out.add(rel, entry, "counterparts", "must be a list of {law, contrast} tables")
        cps = []
    for cp in cps:
        if not isinstance(cp, dict) or set(cp) != {"law", "contrast"}:
            out.add(
                rel, entry, "counterparts", "each counterpart needs exactly 'law' and 'contrast'"
            )
            continue
        if cp["contrast"] not in CONTRASTS:
            out.add(rel, entry, "counterparts", f"unknown contrast {cp['contrast']!r}")
            continue
        counterparts.append(Counterpart(str(cp["law"]), cp["contrast"]))
    variant_of = raw.get("variant_of", "")
    if not isinstance(variant_of, str):
        out.add(rel, entry, "variant_of", "must be a string")
        variant_of = ""
    variant_default = raw.get("variant_default", False)
    if not isinstance(variant_default, bool):
        out.add(rel, entry, "variant_default", "must be true or false")
        variant_default = False
    changes = parse_changes(raw.get("changes"), rel, entry, out)
    if changes and not variant_of:
        out.add(rel, entry, "changes", "only a reading of a variant group (variant_of) changes "
                "its game")
    ruling = parse_ruling(raw.get("ruling"), rel, entry, out)
    if len(out.problems) > before:
        return None
    return Law(
        **values,
        game=game,
        related=related,
        counterparts=tuple(counterparts),
        variant_of=variant_of,
        variant_default=variant_default,
        changes=changes,
        ruling=ruling,
        file=rel,
    )


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
        entries = data.get("law")
        if not isinstance(entries, list) or not entries:
            out.add(rel, "-", "law", "file must hold at least one [[law]] entry")
            continue
        for index, raw in enumerate(entries):
            law = _parse_law(raw, game, rel, index, out)
            if law is None:
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
    if data is None:
        return {}
    terms: dict[str, Term] = {}
    known = _game_ids(root)
    entries = data.get("term")
    if not isinstance(entries, list):
        out.add(rel, "-", "term", "file must hold [[term]] entries")
        return {}
    for index, raw in enumerate(entries):
        if not isinstance(raw, dict):
            out.add(rel, f"term #{index + 1}", "-", "each [[term]] must be a table")
            continue
        given_id = raw.get("id")
        entry = given_id if isinstance(given_id, str) else f"term #{index + 1}"
        before = len(out.problems)
        for unknown in sorted(set(raw) - set(_TERM_REQUIRED) - set(_TERM_OPTIONAL)):
            out.add(rel, entry, unknown, "unknown field")
        req = {n: str_field(raw, n, rel, entry, out, required=True) for n in _TERM_REQUIRED}
        lists = {n: str_list(raw, n, rel, entry, out) for n in ("french", "synonyms", "games")}
        source = str_field(raw, "source", rel, entry, out, required=False)
        cite = SEED_CITE.match(source)
        if cite:
            check_citation(sources, (cite["stem"], int(cite["para"])), rel, entry, out)
        for g in lists["games"]:
            if g not in known:
                out.add(rel, entry, "games", f"unknown game {g!r}")
        if len(out.problems) > before:
            continue
        if req["id"] in terms:
            out.add(rel, req["id"], "id", "duplicate id")
            continue
        terms[req["id"]] = Term(**req, **lists, source=source)  # type: ignore[arg-type]
    return terms


