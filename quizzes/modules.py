"""Study modules: everything, each game (and the general principles), and each game's topics."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from app.progress import ProgressStore
from app.vocabulary import GAMES, TOPICS
from quizzes.bank import ItemInfo, QuestionBank

EVERYTHING = "everything"


@dataclass(frozen=True)
class Module:
    """A set of items studied together; empty games/topics mean 'all'."""

    id: str
    title: str
    games: tuple[str, ...]
    topics: tuple[str, ...]
    items: tuple[str, ...]

    def holds(self, game: str, topic: str) -> bool:
        """Whether an item of this game and topic belongs to the module."""
        return (not self.games or game in self.games) and (not self.topics or topic in self.topics)


@dataclass(frozen=True)
class ModuleStatus:
    """A module as the module list shows it: items due now, new, seen and in all."""

    module: Module
    due: int
    new: int
    seen: int
    total: int


def modules(bank: QuestionBank) -> list[Module]:
    """Everything first, then per game (general principles last), each followed by its topics."""
    items = bank.items.values()
    out = [Module(EVERYTHING, "Everything due", (), (), tuple(i.key for i in items))]
    games = [g for g in GAMES if g != "general"] + ["general"]
    for game in games:
        mine = [i for i in items if i.game == game]
        if not mine:
            continue
        out.append(Module(game, GAMES[game], (game,), (), tuple(i.key for i in mine)))
        for topic, title in TOPICS.items():
            keys = tuple(i.key for i in mine if i.topic == topic)
            if keys:
                out.append(
                    Module(f"{game}/{topic}", f"{GAMES[game]}: {title}", (game,), (topic,), keys)
                )
    return out


def _round_robin(groups: Iterable[list[ItemInfo]]) -> list[ItemInfo]:
    """One from each group in turn, until every group is spent."""
    queues = [list(g) for g in groups]
    out: list[ItemInfo] = []
    while any(queues):
        for queue in queues:
            if queue:
                out.append(queue.pop(0))
    return out


def _grouped(
    items: Iterable[ItemInfo], key: Callable[[ItemInfo], Hashable]
) -> list[list[ItemInfo]]:
    groups: dict[Hashable, list[ItemInfo]] = {}
    for info in items:
        groups.setdefault(key(info), []).append(info)
    return list(groups.values())


def new_item_order(bank: QuestionBank, keys: Iterable[str]) -> list[str]:
    """The order new items are introduced in: across games and topics in turn, and within a
    topic across its cases in turn, so that no run of questions asks about one situation."""
    infos = [bank.items[k] for k in keys]
    case = {law.id: law.case or law.id for law in bank.content.laws.values()}
    topics = _grouped(infos, lambda i: (i.game, i.topic))
    spread = [_round_robin(_grouped(g, lambda i: case.get(i.law, i.law))) for g in topics]
    by_game = _grouped(_round_robin(spread), lambda i: i.game)
    return [i.key for i in _round_robin(by_game)]


def module(bank: QuestionBank, module_id: str) -> Module:
    """One module by id (KeyError if unknown)."""
    for m in modules(bank):
        if m.id == module_id:
            return m
    raise KeyError(module_id)


def games_module(bank: QuestionBank, games: Sequence[str]) -> Module:
    """An ad-hoc module over several games (e.g. for an exam)."""
    keys = tuple(i.key for i in bank.items.values() if i.game in games)
    title = ", ".join(GAMES.get(g, g) for g in games)
    return Module("games:" + ",".join(games), title, tuple(games), (), keys)


def overview(
    store: ProgressStore, profile_id: int, bank: QuestionBank, now: datetime
) -> list[ModuleStatus]:
    """Every module with its counts for a profile."""
    due = store.due_counts(profile_id, now)
    seen = store.seen_items(profile_id)
    out = []
    for m in modules(bank):
        due_here = sum(n for (g, t), n in due.items() if m.holds(g, t))
        seen_here = sum(1 for key in m.items if key in seen)
        out.append(ModuleStatus(m, due_here, len(m.items) - seen_here, seen_here, len(m.items)))
    return out
