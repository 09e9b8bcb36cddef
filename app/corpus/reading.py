"""Reading the content files: every law, term, game and source file read and checked, the
problems of all of them collected into one ContentError (file, entry, field).

Called by loading.load_content for an uncached load, and by the content store when it is
built afresh (app/corpus/stored.py).
"""

from __future__ import annotations

from pathlib import Path

from app.corpus.checks import Collector, ContentError, Problem
from app.corpus.game_facts import load_game_facts
from app.corpus.law_rulings import check_rulings
from app.corpus.laws import Content, Progress
from app.corpus.sources import check_against_texts, load_sources
from app.corpus.variant_changes import check_changes


def read_content(root: Path, seeds_dir: Path | None = None,
                 progress: Progress | None = None) -> Content:
    """Every content file under `root`, read and validated (see loading.load_content)."""
    from app.corpus.law_files import check_links, load_laws, load_terms  # only when files are read

    out = Collector()
    if not root.is_dir():
        raise ContentError([Problem(str(root), "-", "-", "content directory not found")])
    sources = load_sources(root, out)
    if seeds_dir is not None:
        check_against_texts(sources, seeds_dir, out)
    laws = load_laws(root, out, progress)
    check_links(laws, sources, out)
    check_rulings(laws, out)
    terms = load_terms(root, sources, out)
    games = load_game_facts(root, out)
    for gid, facts in games.items():
        for law_id in facts.of_record:
            law = laws.get(law_id)
            # A law the folder does not hold is not offered anyway (a folder may hold fewer
            # laws than its games files speak of); one it holds must be an unusual reading.
            if law is not None and (law.game != gid or not law.variant_of
                                    or law.variant_default):
                out.add(f"games/{gid}.toml", gid, "readings_of_record",
                        f"{law_id!r} is not a reading of a disputed rule of {gid} other than "
                        "its usual one")
    for law in laws.values():
        if law.game in games:
            check_changes(law.changes, games[law.game].stages, law.file, law.id, out)
        if law.game in games and law.code not in games[law.game].codes:
            out.add(
                law.file,
                law.id,
                "code",
                f"game {law.game!r} does not list code {law.code!r} in games/{law.game}.toml",
            )
    if out.problems:
        raise ContentError(out.problems)
    return Content(laws=laws, terms=terms, games=games, sources=sources)
