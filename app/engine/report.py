"""A ruling as plain text a referee can read out."""

from __future__ import annotations

from app.corpus.laws import Content
from app.corpus.vocabulary import CODES
from app.engine.ruling import ANALOGY_NOTE, Ruling
from app.engine.ruling_words import ruling_meaning


def format_ruling(ruling: Ruling, content: Content) -> str:
    """Plain-text report of every code's ruling, noting where the codes differ."""
    facts = content.games.get(ruling.game)  # the content's own facts: no games file is read
    lines = [f"{facts.short_name if facts else ruling.game}: {ruling.event}", ""]
    for r in ruling.rulings:
        lines.append(f"== {CODES[r.code]} laws: {r.outcome.upper()} ==")
        lines.append(f"   {ruling_meaning(r)}")
        for opt in r.options:
            lines.append(f"   option [{opt.id}] for {opt.by}: {opt.words}")
            if opt.score:
                lines.append(f"      if chosen, score: {opt.score_words()}")
        later = " (with the last trick, when it is played)" if r.score_when else ""
        for player, points in r.score.items():
            lines.append(f"   score: {player} {points:+d}{later}")
        lines.append(f"   {r.explanation}")
        if r.grounds:
            lines.append(f"   {r.decided_by()}")
        for case in r.cases:
            lines.append(f"   if {case.words[0].lower()}{case.words[1:].rstrip('.')}: "
                         f"{case.ruling.outcome.upper()}"
                         + "".join(f"; {o.by} may: {o.words.rstrip('.').lower()}"
                                   for o in case.ruling.options))
        for law_id in r.laws:
            law = content.laws[law_id]
            lines.append(f"   law: {law_id} ({law.source})")
        if r.analogues:
            lines.append(f"   {ANALOGY_NOTE}: the nearest laws of this code in sibling games")
            for a in r.analogues:
                law = content.laws[a.law]
                lines.append(f"   analogue: {a.law} ({law.source}): {law.title}")
        lines.append("")
    if len(ruling.rulings) > 1:
        if ruling.codes_differ:
            lines.append("The codes differ on: " + ", ".join(ruling.differences()) + ".")
        else:
            lines.append("The codes agree.")
    return "\n".join(lines).rstrip() + "\n"
