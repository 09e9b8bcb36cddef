"""HTML of the feedback after an answer and of an exam's result page.

Presentation only: whether an answer is right, the correct ruling, the explanation and the
scores all come from the quizzes package; this module only puts them into words and links.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape as e
from typing import TYPE_CHECKING, Any

from app.cards import Card, CardError
from app.corpus.laws import Law
from quizzes.questions import source_words
from ui import theme
from ui.links import href
from ui.words import code_name, game_name, short_code_name, topic_name

if TYPE_CHECKING:
    from quizzes import ExamReport, Result, Score

def style() -> str:
    """The pages' style sheet in the colours of the scheme in force (ui/theme.py)."""
    c = theme.hex
    return f"""
body {{ font-size: {theme.pt(11)}; }}
h1 {{ font-size: {theme.pt(14)}; margin-bottom: 4px; }}
h2 {{ font-size: {theme.pt(10)}; margin-top: 12px; margin-bottom: 4px; color: {c('heading')}; }}
p {{ margin-top: 3px; margin-bottom: 6px; }}
.label {{ color: {c('muted')}; }}
.note {{ color: {c('note-ink')}; }}
.right {{ color: {c('right-ink')}; font-weight: bold; }}
.wrong {{ color: {c('wrong-ink')}; font-weight: bold; }}
.big {{ font-size: {theme.pt(14)}; }}
a {{ color: {c('link')}; }}
td, th {{ padding: 3px 10px 3px 0px; }}
th {{ text-align: left; }}
"""


def law_link(law_id: str, laws: Mapping[str, Law]) -> str:
    """A link to a law, named by its title, game and code."""
    law = laws.get(law_id)
    if law is None:
        return f'<a href="{href("law", law_id)}">{e(law_id)}</a>'
    return (f'<a href="{href("law", law_id)}">{e(law.title)}</a> '
            f'<span class="label">({e(game_name(law.game))}, '
            f'{e(short_code_name(law.code))})</span>')


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{e(line)}</p>" for line in text.splitlines() if line.strip())


def feedback_html(result: Result, laws: Mapping[str, Law]) -> str:
    """What the learner reads after answering: his answer, the right one, why, the laws."""
    parts = []
    given = result.given_words or "no answer"
    parts.append(f'<p><span class="label">Your answer:</span> {e(given)}</p>')
    if not result.correct:
        parts.append(f'<p><span class="label">The right answer:</span> '
                     f'<b>{e(result.correct_answer)}</b></p>')
    if result.confused_code:
        parts.append(
            f'<p class="note">That is what the {e(code_name(result.confused_code))} laws rule; '
            f'the question asks about the {e(code_name(result.question.code))} laws.</p>')
    parts.append("<h2>Why</h2>" + _paragraphs(result.explanation))
    if result.links:
        items = "".join(f"<li>{law_link(law_id, laws)}</li>" for law_id in result.links)
        parts.append(f"<h2>The laws</h2><ul>{items}</ul>")
    return "".join(parts)


def _card(code: Any) -> str:
    try:
        return Card.parse(str(code)).label
    except CardError:
        return e(str(code))


def _cards(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_card(c) for c in value) or "no cards"
    if isinstance(value, int):
        return f"{value} cards"
    return ""


_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def table_html(table: Mapping[str, Any] | None) -> str:
    """The question's table in short lines: each hand, the trick, the trump, the stock."""
    if not table:
        return ""
    rows: list[tuple[str, str]] = []
    hands = table.get("hands") or {}
    for player in table.get("players") or list(hands):
        if player in hands:
            rows.append((f"{e(str(player))}'s hand", _cards(hands[player])))
    trick = table.get("trick")
    if isinstance(trick, dict) and trick.get("leader"):
        led = _cards(trick.get("cards") or []) if trick.get("cards") else "no card yet"
        rows.append(("Trick", f"led by {e(str(trick['leader']))}: {led}"))
    if table.get("turn_up"):
        rows.append(("Turn-up", _card(table["turn_up"])))
    if table.get("trump"):
        rows.append(("Trumps", e(_SUITS.get(str(table["trump"]), str(table["trump"])))))
    if table.get("stock") is not None:
        rows.append(("Stock", _cards(table["stock"])))
    body = "".join(f'<tr><td class="label">{k}</td><td>{v}</td></tr>' for k, v in rows)
    return f"<table>{body}</table>" if body else ""


def percent(score: Score) -> str:
    """A score as a whole percentage."""
    return f"{round(score.rate * 100)}%"


def _score_table(first: str, rows: Iterable[tuple[str, Score]]) -> str:
    body = "".join(
        f"<tr><td>{e(name)}</td><td>{s.correct}</td><td>{s.total}</td>"
        f"<td><b>{percent(s)}</b></td></tr>"
        for name, s in rows)
    return (f"<table><tr><th>{e(first)}</th><th>Right</th><th>Questions</th><th>Score</th></tr>"
            f"{body}</table>")


def exam_report_html(report: ExamReport, laws: Mapping[str, Law], title: str) -> str:
    """The exam's result page: the score, per topic and per game, then every question."""
    score = report.score
    parts = [
        f"<h1>{e(title)}</h1>",
        f'<p class="big"><b>{score.correct} of {score.total}</b> right ({percent(score)})</p>',
        "<h2>By topic</h2>",
        _score_table("Topic", ((topic_name(t), s) for t, s in sorted(
            report.by_topic.items(), key=lambda kv: topic_name(kv[0])))),
    ]
    if len(report.by_game) > 1:
        parts.append("<h2>By game</h2>")
        parts.append(_score_table("Game", ((game_name(g), s) for g, s in sorted(
            report.by_game.items(), key=lambda kv: game_name(kv[0])))))
    parts.append("<h2>The questions</h2><ol>")
    for result in report.results:
        q = result.question
        mark = ('<span class="right">Right</span>' if result.correct
                else '<span class="wrong">Wrong</span>')
        links = ", ".join(law_link(law_id, laws) for law_id in q.laws)
        scene = [f"{mark} · {e(game_name(q.game))}, {e(topic_name(q.topic))}"]
        scene += [e(line) for line in q.situation.splitlines() if line.strip()]
        lines = [f"<b>{e(q.prompt)}</b>",
                 f'<span class="label">Your answer:</span> {e(result.given_words or "none")}']
        if not result.correct:
            lines.append(f'<span class="label">The right answer:</span> '
                         f"{e(result.correct_answer)}")
        lines.append(f'<span class="label">Law:</span> {links}')
        sources = source_words(q, laws)
        if sources:
            lines.append(f'<span class="label">Source: {e(sources)}</span>')
        parts.append(f"<li><p>{'<br/>'.join(scene)}</p>{table_html(q.table)}"
                     f"<p>{'<br/>'.join(lines)}</p></li>")
    parts.append("</ol>")
    return "".join(parts)
