"""Study modules: everything, each game (and the general principles), and each game's topics."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from app.progress import ProgressStore
from app.vocabulary import GAMES, TOPICS
from quizzes.bank import ItemInfo, QuestionBank

EVERYTHING = "everything"


@dataclass(frozen=True)
class Module:
    """A set of items studied together; empty games/topics mean 'all'. `new_items` holds the
    same items in the order new ones are introduced in."""

    id: str
    title: str
    games: tuple[str, ...]
    topics: tuple[str, ...]
    items: tuple[str, ...]
    new_items: tuple[str, ...] = ()

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


def _game_order() -> list[str]:
    return [g for g in GAMES if g != "general"] + ["general"]


def build_modules(items: Mapping[str, ItemInfo], new_order: Sequence[str]) -> tuple[Module, ...]:
    """Everything first, then per game (general principles last), each followed by its topics:
    one pass over the items (the bank keeps the result: QuestionBank.modules)."""
    keys: dict[tuple[str, str], list[str]] = {}
    fresh: dict[tuple[str, str], list[str]] = {}
    for info in items.values():
        keys.setdefault((info.game, info.topic), []).append(info.key)
    for key in new_order:
        info = items[key]
        fresh.setdefault((info.game, info.topic), []).append(key)
    out = [Module(EVERYTHING, "Everything due", (), (), tuple(items), tuple(new_order))]
    for game in _game_order():
        topics = [t for t in TOPICS if (game, t) in keys]
        if not topics:
            continue
        mine = {k for t in topics for k in keys[(game, t)]}
        out.append(Module(game, GAMES[game], (game,), (),
                          tuple(k for k in items if k in mine),
                          tuple(k for k in new_order if k in mine)))
        for topic in topics:
            out.append(Module(f"{game}/{topic}", f"{GAMES[game]}: {TOPICS[topic]}", (game,),
                              (topic,), tuple(keys[(game, topic)]), tuple(fresh[(game, topic)])))
    return tuple(out)


def modules(bank: QuestionBank) -> list[Module]:
    """Everything first, then per game (general principles last), each followed by its topics."""
    return list(bank.modules)


def new_item_order(bank: QuestionBank, keys: Iterable[str]) -> list[str]:
    """The order new items among `keys` are introduced in: across games and topics in turn,
    and within a topic across its cases in turn (quizzes.catalogue.new_order), so that no run
    of questions asks about one situation."""
    wanted = set(keys)
    return [k for k in bank.new_order if k in wanted]


def module(bank: QuestionBank, module_id: str) -> Module:
    """One module by id (KeyError if unknown)."""
    for m in bank.modules:
        if m.id == module_id:
            return m
    raise KeyError(module_id)


def games_module(bank: QuestionBank, games: Sequence[str]) -> Module:
    """An ad-hoc module over several games (e.g. for an exam)."""
    chosen = set(games)
    keys = tuple(i.key for i in bank.items.values() if i.game in chosen)
    title = ", ".join(GAMES.get(g, g) for g in games)
    return Module("games:" + ",".join(games), title, tuple(games), (), keys)


def overview(
    store: ProgressStore, profile_id: int, bank: QuestionBank, now: datetime
) -> list[ModuleStatus]:
    """Every module with its counts for a profile. Due items are counted by SQLite per game
    and topic; seen items are the profile's cards among each topic's items, counted by set
    intersections (in C: a few milliseconds at 37,000 items), then summed per module."""
    due = store.due_counts(profile_id, now)
    seen_items = store.seen_items(profile_id)
    seen = {
        (m.games[0], m.topics[0]): len(seen_items.intersection(m.items))
        for m in bank.modules if m.topics
    }
    out = []
    for m in bank.modules:
        due_here = sum(n for (g, t), n in due.items() if m.holds(g, t))
        seen_here = sum(n for (g, t), n in seen.items() if m.holds(g, t))
        out.append(ModuleStatus(m, due_here, len(m.items) - seen_here, seen_here, len(m.items)))
    return out
