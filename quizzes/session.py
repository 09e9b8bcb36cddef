"""What comes next: due reviews, then new items within the daily limit; mistakes (exams are
quizzes/exam.py).

A Session serves one profile in one module. `next_question()` returns the most overdue
item's question, else a new item while today's new-item count (UTC day) is under the
profile's limit, else None. `answer()` marks the answer, moves the item's fsrs card on and
records everything in one transaction before returning the Result.

Building a question plays deals forward (quizzes/moments.py): a few hundred milliseconds the
first time a game is dealt. A session made with `build_here=False` never builds one itself:
where it needs a question not yet handed over, it raises NotBuilt with what to build; the
caller builds it elsewhere (`build`, which touches only the bank and the session's random
source, never the store), hands it over (`supply`) and asks again. `upcoming()` says what the
next question will need, so that it can be built ahead of need.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Iterable
from datetime import datetime
from typing import NamedTuple

from app.progress import Attempt, CardRow, ProgressStore, ReviewEntry, day_start
from app.progress.new_items import NewItemMark
from quizzes.bank import QuestionBank, default_bank
from quizzes.modules import EVERYTHING, Module, module
from quizzes.questions import Answer, Question, QuestionError, Result, check
from quizzes.scheduling import Scheduling, card_from_json

MODES = ("learn", "mistakes")
# How many items of the new-item order a session asks the store about at once: few at first
# (a learner's next new item is often near), then more, each query still a millisecond or so.
_FIRST_BATCH, _LAST_BATCH = 32, 1024
# How many items past the store's mark a session must have found answered before it writes
# a new mark (a small transaction): the next session then looks up at most about this many.
_KEEP_AFTER = 512
LOG = logging.getLogger(__name__)
RESET_NOTICE = (
    "The scheduling kept for this question could not be read ({problem}), so it has been "
    "reset: the question starts again as if new. Your answer was recorded."
)


class Want(NamedTuple):
    """A question a session needs: a fresh one for an item, or (`exact`) the one a question
    id names."""

    key: str
    exact: bool = False


class NotBuilt(Exception):
    """The question a session needs next is not built yet (a session that builds elsewhere)."""

    def __init__(self, want: Want) -> None:
        super().__init__(f"not built yet: {want.key}")
        self.want = want


def _stored_card(store: ProgressStore, profile_id: int, item: str) -> tuple[CardRow | None, str]:
    """The item's card row, or (None, what was wrong) when it cannot be read."""
    try:
        row = store.card(profile_id, item)
        if row is not None:
            card_from_json(dict(row.card))
        return row, ""
    except (ValueError, KeyError, TypeError, AttributeError) as exc:  # a jammed card
        return None, f"{type(exc).__name__}: {exc}"


def record_answer(
    store: ProgressStore,
    profile_id: int,
    question: Question,
    result: Result,
    elapsed_ms: int,
    scheduling: Scheduling,
    mode: str = "learn",
) -> str:
    """Move the item's card on and write the attempt, card and review in one transaction.

    A card that cannot be read (or that the scheduler refuses) is reset to a new card rather
    than raising: the answer is recorded and the returned notice says what happened ("" when
    all went well)."""
    now = scheduling.now()
    row, problem = _stored_card(store, profile_id, question.item)
    review = None
    if row is not None:
        try:
            review = scheduling.review(
                card_from_json(dict(row.card)), result.correct, elapsed_ms, question.type, now
            )
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            row, problem = None, f"{type(exc).__name__}: {exc}"
    if review is None:
        fresh = scheduling.new_card(profile_id, question.item, now)
        review = scheduling.review(fresh, result.correct, elapsed_ms, question.type, now)
    notice = ""
    if problem:
        LOG.warning("reset the unreadable card of %s: %s", question.item, problem)
        notice = RESET_NOTICE.format(problem=problem)
    new = review.card
    card_row = CardRow(
        item=question.item,
        type=question.type,
        law=question.law,
        game=question.game,
        topic=question.topic,
        code=question.code,
        due=new.due,
        state=int(new.state),
        stability=new.stability,
        difficulty=new.difficulty,
        last_review=new.last_review,
        reps=(row.reps if row else 0) + 1,
        lapses=(row.lapses if row else 0) + int(review.lapsed),
        created=row.created if row else now,
        card=new.to_dict(),
    )
    attempt = Attempt(
        profile_id=profile_id,
        at=now,
        question_id=question.id,
        type=question.type,
        item=question.item,
        game=question.game,
        topic=question.topic,
        code=question.code,
        laws=question.laws,
        answer=result.answer_json(),
        correct=result.correct,
        elapsed_ms=max(0, int(elapsed_ms)),
        confused_code=result.confused_code,
        mode=mode,
        is_new=row is None and not problem,
    )
    entry = ReviewEntry(question.item, now, int(review.rating), review.log.to_dict())
    store.record(attempt, card_row, entry)
    return notice


def mark_and_record(
    store: ProgressStore,
    profile_id: int,
    question: Question,
    answer: Answer | None,
    elapsed_ms: int,
    scheduling: Scheduling,
    mode: str = "learn",
) -> Result:
    """Mark an answer and record it (committed before this returns): a session's answer, or a
    new learner's first, asked before any session can be made. The result carries the
    recording's notice, if any."""
    result = check(question, answer)
    notice = record_answer(store, profile_id, question, result, elapsed_ms, scheduling, mode)
    return dataclasses.replace(result, notice=notice) if notice else result


class Session:
    """A study session for one profile in one module ('learn' or 'mistakes')."""

    def __init__(
        self,
        store: ProgressStore,
        profile_id: int,
        bank: QuestionBank | None = None,
        *,
        module_id: str = EVERYTHING,
        mode: str = "learn",
        scheduling: Scheduling | None = None,
        rng: random.Random | None = None,
        new_per_day: int | None = None,
        build_here: bool = True,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        self.store = store
        self.profile_id = profile_id
        self.bank = bank or default_bank()
        self.module: Module = module(self.bank, module_id)
        self.mode = mode
        self.scheduling = scheduling or Scheduling()
        self.rng = rng or random.Random()
        profile = store.profile(profile_id)
        self.new_per_day = profile.new_per_day if new_per_day is None else new_per_day
        self._new_order = self.module.new_items
        # new_order[:_new_from] is all seen, broken or flagged (flagged as of `_flags`): each
        # question goes on from there instead of walking the learner's seen items again.
        self._new_from = 0
        # new_order[:_answered] is all answered or flagged, as of the store's count of items
        # made new again `_epoch` (None: the store's mark not read yet); the store keeps that
        # as the module's mark (`_kept`: as far as it knows), where the next session starts.
        self._answered = self._kept = 0
        self._epoch: int | None = None
        self._flags: set[str] = set()
        self._broken: set[str] = set()  # items no question could be built for
        self._served: set[str] = set()  # mistakes answered in this session
        self._last: str | None = None
        self.build_here = build_here
        self._built: dict[Want, Question | QuestionError] = {}  # handed over, not yet asked
        self._peeking = False

    # -- what comes next ------------------------------------------------------------------

    def next_question(self) -> Question | None:
        """The next question, or None when nothing is due and no new item is allowed today."""
        if self.mode == "mistakes":
            return self._next_mistake()
        now = self.scheduling.now()
        skip = set(self._broken)
        if self._last:
            # Never the same item twice running, nor another item of its law (the same case
            # asked again in other words) while anything else is due.
            skip |= self._of_law(self._last)
        for item in self.store.due_items(
            self.profile_id,
            now,
            games=self.module.games,
            topics=self.module.topics,
            exclude=skip,
            limit=len(skip) + 5,
        ):
            question = self._build(item)
            if question is not None:
                return question
        if self.new_left_today() > 0:
            question = self._next_new()
            if question is not None:
                return question
        if self._last and self._last not in self._broken:
            # Only the item just answered is due again (e.g. relearning): ask it anyway.
            due = self.store.due_items(
                self.profile_id, now, games=self.module.games, topics=self.module.topics
            )
            if due and due[0] in self._of_law(self._last):
                return self._build(due[0])
        return None

    def _of_law(self, item: str) -> set[str]:
        """The item and every other item on its law (asked as another type of question)."""
        info = self.bank.items.get(item)
        if info is None:
            return {item}
        return {item, *(k for k, i in self.bank.items.items() if i.law == info.law)}

    def upcoming(self) -> Want | None:
        """What the next question needs built, when it is not built (nor handed over) yet."""
        self._peeking = True
        try:
            self.next_question()
        except NotBuilt as wanted:
            return wanted.want
        finally:
            self._peeking = False
        return None

    def build(self, want: Want) -> Question:
        """Build a question the session needs (QuestionError if none can be): it reads the
        bank and draws on the session's random source, never the store, so a worker thread
        may call it while the session is used elsewhere."""
        if want.exact:
            return self.bank.question(want.key)
        return self.bank.for_item(want.key, self.rng)

    def supply(self, want: Want, built: Question | QuestionError) -> None:
        """Hand over a question built elsewhere (or why it could not be built)."""
        self._built[want] = built

    def take_supplied(self, want: Want) -> Question | None:
        """A question handed over for the caller itself (e.g. one taken back), or None when
        it could not be built."""
        built = self._built.pop(want, None)
        return built if isinstance(built, Question) else None

    def _made(self, want: Want) -> Question:
        """The question wanted: built now, or handed over (NotBuilt when it is not yet)."""
        if self.build_here:
            return self.build(want)
        if want not in self._built:
            raise NotBuilt(want)
        # A look ahead leaves it for the question it looked ahead to; a question asked uses
        # it up (an item asked again later gets a fresh question, as when built here).
        built = self._built[want] if self._peeking else self._built.pop(want)
        if isinstance(built, QuestionError):
            raise built
        return built

    def _build(self, item: str) -> Question | None:
        try:
            return self._made(Want(item))
        except QuestionError:
            self._broken.add(item)
            return None

    def _next_mistake(self) -> Question | None:
        for qid in self.store.mistakes(self.profile_id, limit=len(self._served) + 50):
            if qid in self._served:
                continue
            try:
                question = self._made(Want(qid, exact=True))
            except QuestionError:
                self._served.add(qid)  # the content changed: this question no longer exists
                continue
            if self.module.holds(question.game, question.topic):
                return question
            self._served.add(qid)
        return None

    def _next_new(self) -> Question | None:
        """The first item of the new-item order the learner has never answered (nor flagged)
        that a question can be built for, from where the last question stopped.

        The store is asked about the order a batch at a time (app.progress.new_items), the
        batches growing from a few dozen items, from the mark it keeps of how far the module's
        order is known answered: a learner's seen items are never read whole, and the run of
        them at the start of the order is not looked up again at every session."""
        if self._epoch is None:
            mark = self.store.new_items.mark(self.profile_id, self.module.id, self._order_key)
            self._new_from = self._answered = self._kept = mark.answered
            self._epoch = mark.epoch
        flagged = self.store.flagged_items(self.profile_id)
        lifted, self._flags = self._flags - flagged, flagged
        if lifted:  # a flag was lifted: its item may be new again
            self._made_new(lifted, len(lifted))
        order = self._new_order
        size = _FIRST_BATCH
        try:
            while self._new_from < len(order):
                start = self._new_from
                batch = order[start:start + size]
                found = self.store.new_items.among(self.profile_id, batch)
                if start == self._answered:
                    self._answered = start + (found[0] if found else len(batch))
                for at in found:
                    self._new_from = start + at
                    if batch[at] in self._broken:
                        continue
                    question = self._build(batch[at])  # (an item it fails for is broken)
                    if question is not None:
                        return question
                self._new_from = start + len(batch)
                size = min(2 * size, _LAST_BATCH)
            return None
        finally:
            if self._answered - self._kept >= _KEEP_AFTER:
                self._keep()

    @property
    def _order_key(self) -> str:
        return self.bank.new_order_key  # (worked out as the bank is warmed, on a worker)

    def _keep(self) -> None:
        """Have the store keep how far the module's order is known answered."""
        if self._epoch is None:
            return
        mark = NewItemMark(self._answered, self._epoch)
        if self.store.new_items.keep(self.profile_id, self.module.id, self._order_key, mark):
            self._kept = self._answered
        else:  # an item was made new again elsewhere: start again from the store's mark
            self._epoch = None

    def _made_new(self, items: Iterable[str], events: int) -> None:
        """Items made new again by `events` this session knows of (flags lifted, a first
        answer taken back): the walk goes back to the first of them. If the store counts
        other such events (another window, another program), the session starts again from
        the store's mark instead."""
        order = self._new_order
        back = min((order.index(i) for i in items if i in order), default=len(order))
        self._new_from = min(self._new_from, back)
        if self._epoch is None:
            return
        self._answered, self._kept = min(self._answered, back), 0  # the store dropped its marks
        if self.store.new_items.epoch(self.profile_id) == self._epoch + events:
            self._epoch += events
            if self._answered >= _KEEP_AFTER:
                self._keep()
        else:
            self._epoch = None

    def new_left_today(self) -> int:
        """New items still allowed today (UTC day)."""
        started = self.store.new_items_since(self.profile_id, day_start(self.scheduling.now()))
        return max(0, self.new_per_day - started)

    def due_count(self) -> int:
        """Items of this module due now."""
        return self.store.due_count(self.profile_id, self.scheduling.now(),
                                    games=self.module.games, topics=self.module.topics)

    def next_due(self) -> datetime | None:
        """When the module's next review falls due."""
        return self.store.next_due(
            self.profile_id, games=self.module.games, topics=self.module.topics
        )

    # -- answering ------------------------------------------------------------------------

    def answer(self, question: Question, answer: Answer | None, elapsed_ms: int) -> Result:
        """Mark the answer and record it (committed before this returns)."""
        result = mark_and_record(self.store, self.profile_id, question, answer, elapsed_ms,
                                 self.scheduling, self.mode)
        self._last = question.item
        if self.mode == "mistakes":
            self._served.add(question.id)
        return result

    def undo(self) -> Question | None:
        """Take back the last answer (the attempt removed, the card's scheduling restored, in
        one transaction) and return its question to be asked again; None if nothing to undo."""
        qid = self.take_back()
        if qid is None:
            return None
        try:
            return self.build(Want(qid, exact=True))
        except QuestionError:
            return None

    def take_back(self) -> str | None:
        """Take back the last answer, as `undo` does; the id of its question (None if nothing
        to undo), for the caller to ask again."""
        taken = self.store.undo_last(self.profile_id)
        if taken is None:
            return None
        if taken.is_new:  # its card is gone: the item is new again
            self._made_new([taken.item], 1)
        self._served.discard(taken.question_id)
        self._last = None
        return taken.question_id

    def can_undo(self) -> bool:
        """Whether there is an answer to take back."""
        return self.store.last_answer(self.profile_id) is not None

    def flag(self, question: Question, reason: str) -> None:
        """Flag a disputed question: its item is not asked again until unflagged."""
        self.store.flag(self.profile_id, question.item, question.id, reason, self.scheduling.now())
        if self._last == question.item:
            self._last = None
