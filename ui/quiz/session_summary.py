"""What the quiz says when a session ends or runs out: answered, right, the laws to review,
and when the next review falls due (plain text: it quotes the laws' titles)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from app.corpus.laws import Law
from ui.words import game_name

if TYPE_CHECKING:
    from quizzes import Result, Session


def session_line(session: Session | None) -> str:
    """The line above the question: the module and what is left (rich text; no session yet:
    a new learner's first question)."""
    if session is None:
        return "<b>Everything due</b> · your first question; more are being prepared"
    if session.mode == "mistakes":
        words = "reviewing mistakes"
    else:
        words = f"{session.due_count()} due, {session.new_left_today()} new items left today"
    return f"<b>{session.module.title}</b> · {words}"


def summary_text(results: Sequence[Result], laws: Mapping[str, Law],
                 next_due: datetime | None) -> str:
    """The session in a few lines: answered, right, the laws to review, the next review."""
    right = sum(r.correct for r in results)
    lines = [f"Answered {len(results)}, {right} right."]
    missed: dict[str, None] = {}
    for r in results:
        if not r.correct:
            missed.setdefault(r.question.law, None)
    if missed:
        lines.append("Laws to review:")
        lines += [f"  • {laws[law].title} ({game_name(laws[law].game)})"
                  if law in laws else f"  • {law}" for law in missed]
    elif results:
        lines.append("No law to review: every answer was right.")
    if next_due is not None:
        lines.append(f"The next review falls due on {next_due.astimezone():%A %d %B at %H:%M}.")
    return "\n".join(lines)


def done_text(title: str, *, ended: bool, mistakes: bool, summary: str | None,
              next_due: datetime | None) -> str:
    """The done page: why the session stopped, then its summary (if anything was answered)
    or when the next review falls due."""
    if ended:
        text = f"Session ended: {title}."
    elif mistakes:
        text = f"No mistakes left to review in {title}. Well done."
    else:
        text = f"Nothing more to study in {title} for now."
    if summary is not None:
        text += "\n\n" + summary
    elif next_due is not None:
        text += f"\nThe next review falls due on {next_due.astimezone():%A %d %B at %H:%M}."
    return text


def end_text(title: str, results: Sequence[Result], laws: Mapping[str, Law],
             next_due: Callable[[], datetime | None], *, ended: bool, mistakes: bool) -> str:
    """The done page of a session on `title`: its summary when something was answered, else
    when the next review falls due (never said after the mistakes are all reviewed)."""
    summary = summary_text(results, laws, next_due()) if results else None
    when = None if summary is not None or mistakes else next_due()
    return done_text(title, ended=ended, mistakes=mistakes, summary=summary, next_due=when)
