"""Benchmark: the progress database with 1,000,000 attempts and 5,000 items.

Builds one profile (bulk insert in a single transaction), then times what the quiz screens do:
pick the next question, record an answer, compute the statistics screen's figures. Each is
printed beside a bare `SELECT count(*) FROM attempts` on the same database in the same run.
Goals: next question and answer < 5 ms, statistics < 100 ms, opening the file <= 50 ms (the
backup and any full integrity check run on worker threads).

    python bench/progress.py [--attempts N] [--items N] [--dir DIR] [--keep]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics as stats
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fsrs import Card, State  # noqa: E402

from app.progress import ProgressStore, stamp  # noqa: E402
from quizzes.bank import QuestionBank  # noqa: E402
from quizzes.scheduling import Scheduling, card_id  # noqa: E402
from quizzes.session import Session  # noqa: E402
from quizzes.statistics import statistics  # noqa: E402

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
DAYS = 365
DUE_NOW = 300  # real items overdue when the benchmark starts


def build(store: ProgressStore, bank: QuestionBank, n_attempts: int, n_items: int) -> int:
    """One profile with n_items cards (the bank's real items first) and n_attempts answers."""
    rng = random.Random(2024)
    profile = store.create_profile("Bench", NOW - timedelta(days=DAYS))
    infos = list(bank.items.values())
    items = [(i.key, i.type, i.law, i.game, i.topic, i.code) for i in infos]
    n = 0
    while len(items) < n_items:  # synthetic items beyond the bank's, never due during the run
        i = infos[n % len(infos)]
        items.append((f"{i.key}~{n}", i.type, f"{i.law}~{n}", i.game, i.topic, i.code))
        n += 1
    items = items[:n_items]
    start = NOW - timedelta(days=DAYS)
    span = int((NOW - start).total_seconds())
    seconds = sorted(rng.randrange(span) for _ in range(n_attempts))
    first_seen: set[str] = set()

    def attempts() -> Iterator[tuple[object, ...]]:
        for k, s in enumerate(seconds):
            key, qtype, law, game, topic, code = items[rng.randrange(len(items))]
            correct = rng.random() < 0.78
            confused = None if correct or code != "english" or rng.random() > 0.3 else "french"
            is_new = key not in first_seen
            first_seen.add(key)
            yield (
                profile.id,
                stamp(start + timedelta(seconds=s)),
                f"{key}:{k % 997}",
                qtype,
                key,
                game,
                topic,
                code,
                json.dumps([law]),
                '"a"',
                int(correct),
                confused,
                rng.randrange(1500, 40000),
                "learn",
                int(is_new),
            )

    db = store.db
    with db.atomic():
        db.conn.executemany(
            """INSERT INTO attempts (profile_id, at, question_id, type, item, game, topic, code,
               laws, answer, correct, confused_code, elapsed_ms, mode, is_new)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            attempts(),
        )
        db.execute(
            """INSERT INTO review_log (profile_id, item, attempt_id, at, rating, log)
               SELECT profile_id, item, id, at, CASE correct WHEN 1 THEN 3 ELSE 1 END, '{}'
               FROM attempts WHERE profile_id = ?""",
            [profile.id],
        )
        rows = []
        for n, (key, qtype, law, game, topic, code) in enumerate(items):
            if n < DUE_NOW:
                due = NOW - timedelta(hours=rng.randrange(1, 200))
            else:
                due = NOW + timedelta(hours=rng.randrange(1, 24 * 60))
            last = due - timedelta(days=rng.randrange(1, 30))
            stability = rng.uniform(0.5, 60.0)
            card = Card(card_id(profile.id, key), State.Review, None, stability, 5.0, due, last)
            rows.append(
                (
                    profile.id, key, qtype, law, game, topic, code, stamp(due), 2, stability,
                    5.0, stamp(last), rng.randrange(1, 50), rng.randrange(0, 5),
                    stamp(start), json.dumps(card.to_dict()),
                )
            )  # fmt: skip
        db.conn.executemany(
            "INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
        )
    store.rebuild_summaries(profile.id)
    db.execute("ANALYZE")
    return profile.id


def time_opening(folder: Path) -> tuple[float, float]:
    """How long ProgressStore.open takes to return (the first paint waits for no more):
    with a daily backup due (written on a worker thread), and after an unclean shutdown (a
    write-ahead log left behind: the full integrity check runs on a worker thread)."""
    import subprocess

    t = time.perf_counter()
    store = ProgressStore.open(folder, clock=lambda: NOW + timedelta(days=1), keep_backups=7)
    due_backup = time.perf_counter() - t
    store.wait_for_background()
    store.close()
    # A writer killed mid-session leaves its write-ahead log behind.
    subprocess.run([sys.executable, "-c", (
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        "c.execute('PRAGMA wal_autocheckpoint = 0'); "
        "c.execute(\"UPDATE profiles SET new_per_day = new_per_day\"); c.commit(); "
        "os.kill(os.getpid(), 9)"), str(folder / "progress.sqlite")], check=False)
    t = time.perf_counter()
    store = ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0)
    unclean = time.perf_counter() - t
    store.wait_for_background()
    store.close()
    return due_backup, unclean


def timed(fn: Callable[[], object], rounds: int) -> float:
    """Median seconds per call."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return stats.median(samples)


def main() -> None:
    """Build the database, then print each timing beside the count(*) baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--items", type=int, default=5_000)
    parser.add_argument("--dir", type=Path, default=None, help="where to build (default: temp)")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="cardlaws-bench-"))
    bank = QuestionBank()
    bank.warm()

    clock_now = [NOW]
    scheduling = Scheduling(clock=lambda: clock_now[0])
    t = time.perf_counter()
    with ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0) as store:
        pid = build(store, bank, args.attempts, args.items)
    built = time.perf_counter() - t

    opened, opened_unclean = time_opening(folder)
    t = time.perf_counter()
    store = ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0)
    size = (folder / "progress.sqlite").stat().st_size / 1e6
    try:
        count = store.db.conn.execute
        baseline = timed(lambda: count("SELECT count(*) FROM attempts").fetchone(), 30)
        session = Session(store, pid, bank, scheduling=scheduling, rng=random.Random(5))
        session.next_question()  # warm caches

        questions = []

        def pick() -> None:
            questions.append(session.next_question())

        def due_only() -> None:
            store.due_items(pid, clock_now[0], limit=5)

        answers = iter(range(10**9))

        def answer() -> None:
            q = questions.pop(0)
            n = next(answers)
            given = q.answer if q.kind != "single" else q.answer[n % len(q.answer)]
            session.answer(q, given if n % 4 else None, 9_000)
            clock_now[0] += timedelta(seconds=20)

        picks, records = [], []
        for _ in range(60):
            picks.append(timed(pick, 1))
            records.append(timed(answer, 1))
        pick_t, record_t = stats.median(picks), stats.median(records)
        due_t = timed(due_only, 60)

        def figures() -> None:
            statistics(store.summary(pid), clock_now[0], bank.items, scheduling)

        stats_t = timed(figures, 15)
        rows = store.attempt_count()
    finally:
        store.close()

    def line(label: str, seconds: float, goal: float | None = None) -> None:
        ratio = seconds / baseline
        verdict = "" if goal is None else ("  ok" if seconds < goal else "  OVER GOAL")
        goal_text = "" if goal is None else f"  (goal < {goal * 1e3:.0f} ms)"
        print(f"{label:<34}{seconds * 1e3:9.3f} ms  {ratio:8.2f}x count(*){goal_text}{verdict}")

    print(
        f"database: {rows:,} attempts, {args.items:,} items, {size:.0f} MB; built in {built:.1f} s"
    )
    verdict = "  ok" if max(opened, opened_unclean) <= 0.050 else "  OVER GOAL"
    print(f"open, daily backup due:           {opened * 1e3:9.1f} ms  {opened / baseline:8.2f}x "
          f"count(*)  (goal <= 50 ms){verdict}")
    print(f"open after an unclean shutdown:   {opened_unclean * 1e3:9.1f} ms  "
          f"{opened_unclean / baseline:8.2f}x count(*)  (full check on a worker thread)")
    line("SELECT count(*) FROM attempts", baseline)
    line("pick next item (SQL only)", due_t)
    line("next question (pick + build)", pick_t, 0.005)
    print(f"{'  slowest of 60':<34}{max(picks) * 1e3:9.3f} ms")
    line("record an answer (committed)", record_t, 0.005)
    print(f"{'  slowest of 60':<34}{max(records) * 1e3:9.3f} ms")
    line("statistics screen figures", stats_t, 0.100)
    if args.dir is None and not args.keep:
        shutil.rmtree(folder)
    else:
        print(f"kept in {folder}")


if __name__ == "__main__":
    main()
