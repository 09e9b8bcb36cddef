"""A rehearsal's record for paper: every step of every branch, each ruling with the laws it
cites as a person writes them. All text from outside (titles, names) is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from app.corpus.laws import Content
from app.engine.ruling_words import ruling_meaning
from app.rehearsal.document import Rehearsal
from app.rehearsal.session import Moment
from app.rehearsal.words import score_words, step_words


def record_html(rehearsal: Rehearsal, timelines: Sequence[Sequence[Moment]],
                content: Content) -> str:
    """The whole rehearsal as one HTML page."""
    start = rehearsal.start
    game = content.games[start.game].name if start.game in content.games else start.game
    parts = [f"<h1>{escape(start.title or 'Rehearsal')}</h1>",
             f"<p>{escape(game)}; seats {escape(', '.join(start.players))}; "
             f"dealer {escape(start.dealer)}; deal number {start.seed}.</p>"]
    for branch, moments in zip(rehearsal.branches, timelines, strict=False):
        parts.append(f"<h2>{escape(branch.name)}</h2><ol>")
        for moment in moments[1:]:
            assert moment.step is not None
            line = escape(step_words(moment.step, moment))
            if moment.mistake is not None:
                rulings = []
                for r in moment.mistake.ruling.rulings:
                    cited = "; ".join(escape(content.laws[law].citation)
                                      for law in r.laws if law in content.laws)
                    rulings.append(
                        f"<li><b>{escape(r.code.title())}</b>: "
                        f"{escape(ruling_meaning(r) or r.outcome)} "
                        f"{escape(r.explanation)}<br><i>{cited}</i></li>")
                line += f"<ul>{''.join(rulings)}</ul>"
            parts.append(f"<li>{line}</li>")
        last = moments[-1].state
        parts.append(f"</ol><p><b>Where it ends:</b> {escape(last.note)} "
                     f"Score: {escape(score_words(last))}.</p>")
    return "\n".join(parts)
