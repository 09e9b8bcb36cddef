"""The question a new learner is asked first, without preparing the whole bank first.

Preparing the bank takes the survey (every situation of every game dealt and ruled: seconds
quiet, minutes on a busy machine) before the item catalogue and the new-item order exist.
A new learner's first item needs much less: the new-item order is a round robin over games of
each game's own sequence (quizzes.catalogue.new_order), and a game's sequence depends on that
game's items alone. The first game's first question type is "Laws in brief" (TYPE_TURN), whose
items are read from the authored files: that question is built at once. A type that does need
the survey is worked out from the survey of that one game (a law of one game is reached only by
its own game's tables; the general principles by every game's).

Where the prepared data is already stored (quizzes.prepared), the bank's own order is used.
The item found is always the one the whole order puts first (a test holds them together).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from functools import cached_property

from app.corpus.vocabulary import GAMES, TOPICS
from quizzes.bank import QuestionBank
from quizzes.catalogue import ItemInfo, spread, type_turn
from quizzes.generators import GENERATORS
from quizzes.questions import Question, QuestionError, item_key
from quizzes.survey import Survey, take_survey

# Item types whose items are known without the survey: an authored item's law. (A law's
# question needs it: its wrong choices are laws the engine's rulings tell from what is shown,
# quizzes.generators.law.told_apart.)
_WITHOUT_SURVEY = frozenset({"authored"})


class _SurveyOf(QuestionBank):
    """The bank's content, games and authored items, with the survey of some games only (taken
    when a question first needs it)."""

    def __init__(self, bank: QuestionBank, games: Collection[str] | None) -> None:
        # Not QuestionBank.__init__: what the bank has loaded is shared, not loaded again.
        self.content, self.games, self.authored = bank.content, bank.games, bank.authored
        self._laws_of, self._folded = bank._laws_of, bank._folded
        self._survey_games = games

    @cached_property
    def survey(self) -> Survey:
        return take_survey(self, games=self._survey_games)


class FirstItems:
    """Each game's first new items, worked out from that game alone."""

    def __init__(self, bank: QuestionBank) -> None:
        self.bank = bank
        self._views: dict[str, _SurveyOf] = {}

    def view(self, game: str) -> QuestionBank:
        """A bank that can build the game's questions: the survey of that game only (of every
        game for the general principles)."""
        found = self._views.get(game)
        if found is None:
            found = self._views[game] = _SurveyOf(
                self.bank, None if game not in self.bank.games else (game,))
        return found

    def items(self, game: str, qtype: str) -> list[ItemInfo]:
        """The game's items of one type, in catalogue order (quizzes.catalogue.catalogue)."""
        bank = self.bank if qtype in _WITHOUT_SURVEY else self.view(game)
        laws = bank.content.laws
        order = {law_id: n for n, law_id in enumerate(laws)}
        topics = {t: n for n, t in enumerate(TOPICS)}
        found = [ItemInfo(item_key(qtype, law_id), qtype, law_id, game, laws[law_id].topic,
                          laws[law_id].code)
                 for law_id in GENERATORS[qtype].laws(bank) if laws[law_id].game == game]
        found.sort(key=lambda i: (topics[i.topic], order[i.law]))
        return found

    def sequence_head(self, game: str) -> str | None:
        """The game's first new item (its module's first), or None when it has no items."""
        case_of = {law_id: law.case for law_id, law in self.bank.content.laws.items()}
        for qtype in type_turn(game):
            found = self.items(game, qtype)
            if found:
                return spread(found, case_of)[0].key
        return None

    def first(self, game: str | None = None) -> str | None:
        """The first new item of a game's module, or of everything when no game is given."""
        if game is not None:
            return self.sequence_head(game)
        held = {law.game for law in self.bank.content.laws.values()}
        for gid in GAMES:
            if gid in held:
                head = self.sequence_head(gid)
                if head is not None:
                    return head
        return None


def first_question(
    bank: QuestionBank, game: str | None = None, rng: random.Random | None = None
) -> Question | None:
    """The question a new learner is asked first (in one game's module, or in everything);
    None when there is nothing to ask."""
    rng = rng or random.Random()
    if bank.has_prepared:
        order = [k for k in bank.new_order if game is None or bank.items[k].game == game]
        return _built(bank, order[:1], rng)
    first = FirstItems(bank)
    item = first.first(game)
    if item is None:
        return None
    return _built(first.view(bank.content.laws[item.split(":", 1)[1]].game), [item], rng)


def _built(bank: QuestionBank, items: list[str], rng: random.Random) -> Question | None:
    for item in items:
        try:
            return bank.for_item(item, rng)
        except QuestionError:
            return None
    return None
