"""Study modules: everything, each game (and the general principles), and each game's topics."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from app.corpus.vocabulary import GAMES, TOPICS
from app.progress.new_items import NewItemMark
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
    two passes over the items (the bank keeps the result: QuestionBank.modules)."""
    keys: dict[tuple[str, str], list[str]] = {}
    fresh: dict[tuple[str, str], list[str]] = {}
    game_keys: dict[str, list[str]] = {}
    game_fresh: dict[str, list[str]] = {}
    for info in items.values():
        keys.setdefault((info.game, info.topic), []).append(info.key)
        game_keys.setdefault(info.game, []).append(info.key)
    for key in new_order:
        info = items[key]
        fresh.setdefault((info.game, info.topic), []).append(key)
        game_fresh.setdefault(info.game, []).append(key)
    out = [Module(EVERYTHING, "Everything due", (), (), tuple(items), tuple(new_order))]
    for game in _game_order():
        topics = [t for t in TOPICS if (game, t) in keys]
        if not topics:
            continue
        out.append(Module(game, GAMES[game], (game,), (), tuple(game_keys[game]),
                          tuple(game_fresh[game])))
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
    return apart([k for k in bank.new_order if k in wanted], lambda k: bank.items[k].law)


def apart(order: list[str], law_of: Callable[[str], str]) -> list[str]:
    """The order with no law asked twice running where another item can come between: an
    item that would follow one on the same law changes place with the next that does not
    (a module keeps only some items of the whole order, so two of one law may meet)."""
    out = list(order)
    for i in range(1, len(out)):
        if law_of(out[i]) != law_of(out[i - 1]):
            continue
        j = next((j for j in range(i + 1, len(out)) if law_of(out[j]) != law_of(out[i - 1])),
                 None)
        if j is not None:
            out.insert(i, out.pop(j))
    return out


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


class CountSource(Protocol):
    """Where the module counts come from: a ProgressStore, or a FigureQueries reader."""

    def module_counts(
        self, profile_id: int, now: datetime, *, catalogue: Mapping[str, ItemInfo]
    ) -> dict[tuple[str, str], tuple[int, int]]: ...

    def new_item_marks(
        self, profile_id: int, new_order: str, orders: Mapping[str, Sequence[str]],
    ) -> dict[str, NewItemMark]: ...


def walked_marks(source: CountSource, profile_id: int, bank: QuestionBank
                 ) -> dict[str, NewItemMark]:
    """Every module's new-item mark walked on to its first new item, where it moved (the walk
    a study session's first new question would otherwise make on the UI thread: a learner's
    whole run of answered items once after each update). Off the UI thread, `source` is a
    worker's reader; the caller keeps the marks (ProgressStore.new_items.keep)."""
    return source.new_item_marks(profile_id, bank.new_order_key,
                                 {m.id: m.new_items for m in bank.modules})


def overview(
    source: CountSource, profile_id: int, bank: QuestionBank, now: datetime
) -> list[ModuleStatus]:
    """Every module with its counts for a profile: SQLite counts due and seen items per game
    and topic (app.progress.figures), summed here per module, so nothing in Python grows with
    the items or the history. Off the UI thread, `source` is a worker's reader."""
    counts = source.module_counts(profile_id, now, catalogue=bank.items)
    out = []
    for m in bank.modules:
        here = [n for (g, t), n in counts.items() if m.holds(g, t)]
        due, seen = sum(n[0] for n in here), sum(n[1] for n in here)
        out.append(ModuleStatus(m, due, len(m.items) - seen, seen, len(m.items)))
    return out
