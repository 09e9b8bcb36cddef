"""A study session's questions, built on the trainer's worker and handed back to the session.

No question is built on the UI thread (a question's table is a moment of real deals played
forward). The session (built with `build_here=False`) says which question it needs; the
supply asks the trainer's worker for it once, hands it to the session when it comes back,
and then runs what was waiting for it. A question built for a session that has since ended
arrives to nobody.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from quizzes import Session
    from quizzes.session import Want
    from ui.quiz.trainer import Trainer

LOG = logging.getLogger(__name__)


class QuestionSupply:
    """The questions asked of the trainer's worker for the current session and not back yet.

    `current()` gives the session now studied (None: none), so that a question built for
    an earlier one is dropped."""

    def __init__(self, trainer: Trainer, current: Callable[[], Session | None]) -> None:
        self.trainer = trainer
        self._current = current
        self._requested: set[Want] = set()
        # What to do once the question the learner waits for is back (None: nobody waits).
        self._then: Callable[[], None] | None = None

    def request(self, want: Want) -> None:
        """Have the worker build a question the session needs (once)."""
        session = self._current()
        if session is None or want in self._requested:
            return
        self._requested.add(want)
        self.trainer.off_thread(lambda: session.build(want),
                                lambda built: self._on_built(session, want, built))

    def then(self, want: Want, then: Callable[[], None]) -> None:
        """Build `want`, then do `then` (the learner is waiting for it)."""
        self._then = then
        self.request(want)

    def look_ahead(self) -> None:
        """Build the question after this one while the learner reads the feedback."""
        session = self._current()
        if session is not None and self.trainer.is_ready:  # (not closed meanwhile)
            want = session.upcoming()
            if want is not None:
                self.request(want)

    def forget(self) -> None:
        """The session ended: what is being built arrives to nobody."""
        self._requested.clear()
        self._then = None

    def _on_built(self, session: Session, want: Want, built: object) -> None:
        from quizzes import Question, QuestionError

        if session is not self._current() or not self.trainer.is_ready:  # nobody needs it
            return
        self._requested.discard(want)
        if not isinstance(built, Question | QuestionError):  # a fault of a generator
            LOG.error("building %s failed: %r", want.key, built)
            built = QuestionError(f"{want.key}: {type(built).__name__}: {built}")
        session.supply(want, built)
        then, self._then = self._then, None
        if then is not None:
            then()
