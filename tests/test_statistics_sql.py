"""The SQL statistics give the figures the per-item Python computation gave, on a seeded history.

`tests/statistics_reference.py` is the former implementation (a loop over every item in
Python), kept as the oracle: the figures must agree on every group, law, day and due date.
"""

from __future__ import annotations

import random
from dataclasses import astuple
from datetime import UTC, datetime, timedelta

import pytest

from app.progress import Attempt, CardRow, ProgressStore
from quizzes.bank import ItemInfo
from quizzes.scheduling import Scheduling
from quizzes.statistics import statistics
from tests import statistics_reference as reference

NOW = datetime(2025, 3, 1, 12, 0, 0, 250_000, tzinfo=UTC)
GAMES = ("rubicon-bezique", "ecarte", "pinochle", "cinch")
TOPICS = ("revoke", "misdeal", "exposed-card", "scoring")
CODES = ("english", "french", "american")
TYPES = ("law", "ruling", "code")


def catalogue(n_laws: int) -> dict[str, ItemInfo]:
    rng = random.Random(7)
    out = {}
    for n in range(n_laws):
        game, topic, code = rng.choice(GAMES), rng.choice(TOPICS), rng.choice(CODES)
        law = f"{game}.{code}.law-{n}"
        for qtype in TYPES[: rng.randrange(1, 4)]:
            out[f"{qtype}:{law}"] = ItemInfo(f"{qtype}:{law}", qtype, law, game, topic, code)
    return out


def seed(store: ProgressStore, items: dict[str, ItemInfo], n_answers: int, seed: int) -> int:
    """A learner who answered a random part of the catalogue and some items no longer in it."""
    rng = random.Random(seed)
    pid = store.create_profile(f"Learner {seed}", NOW - timedelta(days=90)).id
    infos = list(items.values())[: len(items) * 2 // 3]
    gone = [ItemInfo(f"law:gone.law-{n}", "law", f"gone.law-{n}", "ecarte", "revoke", "french")
            for n in range(5)]
    seen: set[str] = set()
    for n in range(n_answers):
        info = rng.choice(infos + gone)
        # Whole days, and days plus a few milliseconds, either side of midnight.
        at = NOW - timedelta(days=rng.randrange(0, 60), milliseconds=rng.randrange(0, 86_400_000))
        last = at if rng.random() < 0.7 else NOW - timedelta(days=rng.randrange(0, 5))
        correct = rng.random() < 0.7
        confused = None if correct or rng.random() < 0.5 else rng.choice(CODES)
        stability = rng.choice((None, 0.0, rng.uniform(0.1, 90.0)))
        store.record(
            Attempt(pid, at, f"{info.key}:{n}", info.type, info.key, info.game, info.topic,
                    info.code, (info.law,), "a", correct, rng.randrange(500, 30_000), confused,
                    "learn", info.key not in seen),
            CardRow(info.key, info.type, info.law, info.game, info.topic, info.code,
                    NOW + timedelta(hours=rng.randrange(-100, 24 * 40)), 2, stability, 5.0,
                    last if stability is not None else None, 1, 0, at, {}),
        )
        seen.add(info.key)
    return pid


@pytest.fixture(scope="module")
def seeded():
    store = ProgressStore.in_memory()
    items = catalogue(120)
    pids = [seed(store, items, 900, 1), seed(store, items, 300, 2)]
    yield store, items, pids
    store.close()


def _same_standings(new, old):
    assert list(new) == sorted(old)
    for key, o in old.items():
        n = new[key]
        assert (n.key, n.answers, n.correct, n.seen, n.items) == (
            o.key, o.answers, o.correct, o.seen, o.items), key
        assert n.mastery == pytest.approx(o.mastery, rel=1e-12, abs=1e-15), key


@pytest.mark.parametrize("with_catalogue", [True, False])
@pytest.mark.parametrize("profile", [0, 1])
def test_sql_figures_equal_the_per_item_computation(seeded, with_catalogue, profile):
    store, items, pids = seeded
    pid = pids[profile]
    cat = items if with_catalogue else None
    scheduling = Scheduling()
    for now in (NOW, NOW + timedelta(days=3, hours=13), NOW - timedelta(days=30)):
        new = statistics(store, pid, now, cat, scheduling, laws=True, missed=15, horizon=40)
        old = reference.statistics(store.summary(pid), now, cat, scheduling, missed=15,
                                   horizon=40)
        assert new.answers == old.answers > 0 and new.correct == old.correct
        for group in ("by_game", "by_topic", "by_code", "by_law"):
            _same_standings(getattr(new, group), getattr(old, group))
        assert [astuple(m) for m in new.most_missed] == [astuple(m) for m in old.most_missed]
        assert len(new.most_missed) == 15
        assert new.confusions == old.confusions > 0
        assert new.confusion_pairs == old.confusion_pairs
        assert [astuple(d) for d in new.days] == [astuple(d) for d in old.days]
        assert new.forecast == old.forecast and sum(n for _, n in new.forecast) > 0


def test_the_profiles_figures_are_kept_apart(seeded):
    store, items, pids = seeded
    first, second = (statistics(store, p, NOW, items) for p in pids)
    assert first.answers == 900 and second.answers == 300
    assert sum(s.items for s in first.by_game.values()) >= len(items)
