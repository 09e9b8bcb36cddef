"""The question bank: content, games, authored items and the survey, and questions by id."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from app.corpus.laws import Content, Law
from app.corpus.loading import load_content
from app.model.games import Game, build_games
from quizzes.authored import AuthoredItem, load_authored
from quizzes.catalogue import ItemInfo
from quizzes.generators import GENERATORS
from quizzes.generators.authored import askable
from quizzes.generators.common import NoScenario
from quizzes.questions import Question, QuestionError, parse_question_id, split_item
from quizzes.survey import Survey, take_survey

if TYPE_CHECKING:
    from app.rehearsal.session import Rehearser
    from quizzes.modules import Module
    from quizzes.prepared import Prepared

__all__ = ["ItemInfo", "QuestionBank", "default_bank", "question_from_id"]

SEED_RANGE = 1_000_000
SEED_TRIES = 20


class QuestionBank:
    """Builds questions from ids and lists every item the quizzes can ask."""

    def __init__(self, content: Content | None = None, quiz_dir: Path | None = None) -> None:
        self.content = content if content is not None else load_content()
        self.games: Mapping[str, Game] = build_games(self.content)
        self.authored: Mapping[str, AuthoredItem] = load_authored(self.content, quiz_dir)
        self._laws_of: dict[tuple[str, str], tuple[Law, ...]] = {}
        self._folded: dict[str, tuple[str, str]] = {}

    def folded(self, law: Law) -> tuple[str, str]:
        """A law's title and situation casefolded, as the law generator compares them (kept:
        a question compares its law with every law of its game and code)."""
        found = self._folded.get(law.id)
        if found is None:
            found = self._folded[law.id] = (law.title.casefold(), law.situation.casefold())
        return found

    def laws_of(self, game: str, code: str) -> tuple[Law, ...]:
        """The laws of one game and code, in file order, asked of the content once per bank
        (a content store answers each call with a query: a generator asks per question)."""
        found = self._laws_of.get((game, code))
        if found is None:
            found = self._laws_of[(game, code)] = tuple(self.content.laws_for(game, code))
        return found

    @cached_property
    def rehearser(self) -> Rehearser:
        """The rehearsal's driver over this bank's games and laws: every quiz table is a moment
        of a deal it plays (quizzes.moments)."""
        from app.rehearsal.session import Rehearser

        return Rehearser(self.games, self.content)

    @cached_property
    def _stored(self) -> Prepared | None:
        """The survey, catalogue and new-item order kept by an earlier run for this content
        and code (quizzes.prepared), or None."""
        from quizzes import prepared

        return prepared.read(prepared.prepared_key(self))

    @cached_property
    def _prepared(self) -> Prepared:
        from quizzes import prepared

        if self._stored is not None:
            return self._stored
        found = prepared.derive(self)
        prepared.write(prepared.prepared_key(self), found)
        return found

    @property
    def has_prepared(self) -> bool:
        """Whether the catalogue and the new-item order are at hand (derived, or stored by an
        earlier run), so that asking for them costs no survey."""
        return "_prepared" in self.__dict__ or self._stored is not None

    @cached_property
    def survey(self) -> Survey:
        """Which laws the engine reaches: the stored survey, else taken afresh (about half a
        second at today's content)."""
        return self._stored.survey if self._stored is not None else take_survey(self)

    def warm(self) -> None:
        """Read (or derive) the catalogue and the modules now (e.g. from a worker thread)."""
        _ = self.modules, self.new_order_key

    @cached_property
    def new_order_key(self) -> str:
        """A digest of the new-item order with each item's game and topic (which fix every
        module's order too): it names the order in the learner's progress, where a study
        session keeps how far it is answered (app.progress.new_items). Taken a thousand items
        at a time, so a worker warming the bank never holds the GIL for long."""
        digest = hashlib.blake2b(digest_size=16)
        order, items = self.new_order, self.items
        for n in range(0, len(order), 1000):
            digest.update("\n".join(f"{k}\t{items[k].game}\t{items[k].topic}"
                                     for k in order[n:n + 1000]).encode())
        return digest.hexdigest()

    @property
    def items(self) -> Mapping[str, ItemInfo]:
        """Every item, ordered by game and topic (vocabulary order), law (content order), type."""
        return self._prepared.items

    @property
    def new_order(self) -> tuple[str, ...]:
        """Every item in the order new items are introduced in (quizzes.catalogue.new_order)."""
        return self._prepared.new_order

    @cached_property
    def modules(self) -> tuple[Module, ...]:
        """The study modules: everything, each game, each game's topics (quizzes.modules)."""
        from quizzes.modules import build_modules

        return build_modules(self.items, self.new_order)

    def links(self, law_ids: Iterable[str]) -> tuple[str, ...]:
        """Law ids to link from a question: the ones given, then their counterparts."""
        out: dict[str, None] = {}
        for law_id in law_ids:
            if law_id in self.content.laws:
                out[law_id] = None
        for law_id in list(out):
            for cp in self.content.laws[law_id].counterparts:
                out.setdefault(cp.law, None)
        return tuple(out)

    def generate(self, qtype: str, law_id: str, seed: int) -> Question:
        """The question of a type on a law from one seed; QuestionError if that seed fails."""
        if qtype not in GENERATORS:
            raise QuestionError(f"unknown question type {qtype!r}")
        if law_id not in self.content.laws:
            raise QuestionError(f"unknown law {law_id!r}")
        try:
            return GENERATORS[qtype].build(self, law_id, seed)
        except (NoScenario, LookupError) as exc:
            raise QuestionError(f"{qtype}:{law_id}:{seed}: {exc}") from None

    def question(self, qid: str) -> Question:
        """Rebuild exactly the question an id names."""
        qtype, name, seed = parse_question_id(qid)
        if qtype == "authored":
            if name not in self.authored:
                raise QuestionError(f"no authored item {name!r}")
            return GENERATORS["authored"].from_item(self, self.authored[name])
        assert seed is not None
        return self.generate(qtype, name, seed)

    def for_item(self, item: str, rng: random.Random) -> Question:
        """A fresh question for an item, trying seeds until one works."""
        qtype, law_id = split_item(item)
        if qtype == "authored":
            # An authored item is keyed by its first law; its entries are the questions (but
            # one resting on a law no printed source gives: quizzes.checkable).
            entries = sorted(k for k, a in self.authored.items()
                             if a.laws[0] == law_id and askable(self, a))
            if not entries:
                raise QuestionError(f"no authored item on {law_id!r}")
            return self.question(f"authored:{rng.choice(entries)}")
        last: QuestionError | None = None
        for _ in range(SEED_TRIES):
            try:
                return self.generate(qtype, law_id, rng.randrange(SEED_RANGE))
            except QuestionError as exc:
                last = exc
        raise QuestionError(f"no question could be built for {item}: {last}")


_DEFAULT: QuestionBank | None = None


def default_bank() -> QuestionBank:
    """The bank over the app's own content, built on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = QuestionBank()
    return _DEFAULT


def question_from_id(qid: str, bank: QuestionBank | None = None) -> Question:
    """Rebuild exactly the question an id names (from the default bank unless one is given)."""
    return (bank or default_bank()).question(qid)
