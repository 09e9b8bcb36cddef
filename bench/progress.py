"""Benchmark: the progress database at 10k to 10M attempts and 5,000 to 500,000 items.

Builds one profile per size (bulk insert, kept in the bench cache), then times what the quiz
screens do: pick the next question, record an answer, compute the statistics screen's figures
(and, as the baseline for those, the former per-item Python computation). Each is printed
beside a primary-key lookup on the same database in the same run, then the growth curves.
Goals: next question and answer < 5 ms, statistics < 100 ms (at 50,000 items and 10M attempts);
opening the file <= 50 ms at 1M attempts, with the daily backup due and after an unclean
shutdown (both the backup and the full integrity check then run on worker threads).

    python bench/progress.py [--attempts 10k,100k,1M,10M] [--scale 1,10] [--items 5000]
"""

from __future__ import annotations

import argparse
import hashlib
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
from scale import add_scale_arguments, bench_cache, count, print_growth  # noqa: E402

from app.progress import ProgressStore, stamp  # noqa: E402
from quizzes.bank import QuestionBank  # noqa: E402
from quizzes.scheduling import Scheduling, card_id  # noqa: E402
from quizzes.session import Session  # noqa: E402
from quizzes.statistics import statistics  # noqa: E402
from tests import statistics_reference  # noqa: E402  (the former per-item computation)

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
DAYS = 365
DUE_NOW = 300  # real items overdue when the benchmark starts
# A learner with nothing due: every card falls due this long after NOW (past any run's clock).
NOTHING_DUE_FOR = timedelta(days=3650)


def build(store: ProgressStore, bank: QuestionBank, n_attempts: int, n_items: int,
          *, nothing_due: bool = False) -> int:
    """One profile with n_items cards (the bank's real items first) and n_attempts answers.

    With `nothing_due`, the cards are the first n_items of the order new items come in (a
    learner who has studied everything in turn: the seen items are the longest run a walk
    through that order can meet) and none falls due for ten years, so a study session's
    first question is a new item."""
    rng = random.Random(2024)
    profile = store.create_profile("Bench", NOW - timedelta(days=DAYS))
    infos = [bank.items[k] for k in bank.new_order] if nothing_due else list(bank.items.values())
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
            if nothing_due:
                due = NOW + NOTHING_DUE_FOR + timedelta(hours=rng.randrange(1, 24 * 60))
            elif n < DUE_NOW:
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


def timed(
    fn: Callable[[], object], rounds: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median seconds per call (wall-clock time unless another clock is given)."""
    samples = []
    for _ in range(rounds):
        start = clock()
        fn()
        samples.append(clock() - start)
    return stats.median(samples)


def database(bank: QuestionBank, attempts: int, items: int) -> tuple[Path, int]:
    """The benchmark's progress folder for this size, built once and kept in the bench cache."""
    # Keyed by the bank's items (what the profile is made of), not by every content file: a
    # new scenario or a reworded law keeps a 10M-attempt profile that took minutes to build.
    digest = hashlib.sha256(repr(list(bank.items.values())).encode()).hexdigest()[:16]
    folder = bench_cache() / f"bench-progress-{attempts}-{items}-{digest}"
    if not (folder / ".complete").exists():
        shutil.rmtree(folder, ignore_errors=True)
        t = time.perf_counter()
        with ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0,
                                synchronous="OFF") as store:
            build(store, bank, attempts, items)
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        print(f"  (built {attempts:,} attempts, {items:,} items in "
              f"{time.perf_counter() - t:.1f} s; kept in {folder})")
        (folder / ".complete").write_text("")
    return folder, 1


def time_opening(folder: Path) -> dict[str, float]:
    """How long ProgressStore.open takes to return (all the first paint waits for): with the
    daily backup due (written on a worker thread), and after an unclean shutdown (a write-ahead
    log left behind: the full integrity check runs on a worker thread)."""
    import subprocess

    t = time.perf_counter()
    store = ProgressStore.open(folder, clock=lambda: NOW, keep_backups=7)
    out = {"open, backup due": time.perf_counter() - t}
    store.wait_for_background()
    store.close()
    subprocess.run([sys.executable, "-c", (  # a writer killed mid-session leaves its log
        "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        "c.execute('PRAGMA wal_autocheckpoint = 0'); "
        "c.execute('UPDATE profiles SET new_per_day = new_per_day'); c.commit(); "
        "os.kill(os.getpid(), 9)"), str(folder / "progress.sqlite")], check=False)
    t = time.perf_counter()
    store = ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0)
    out["open, unclean shutdown"] = time.perf_counter() - t
    store.wait_for_background()
    store.close()
    return out


def measure(bank: QuestionBank, attempts: int, items: int, reference: bool) -> dict[str, float]:
    """Every timing on one database (a working copy: answering writes to it)."""
    cached, pid = database(bank, attempts, items)
    folder = Path(tempfile.mkdtemp(prefix="cardlaws-bench-"))
    shutil.copy2(cached / "progress.sqlite", folder / "progress.sqlite")
    clock_now = [NOW]
    scheduling = Scheduling(clock=lambda: clock_now[0])
    out = time_opening(folder)
    store = ProgressStore.open(folder, clock=lambda: NOW, keep_backups=0)
    try:
        count = store.db.conn.execute
        out["count(*)"] = timed(lambda: count("SELECT count(*) FROM attempts").fetchone(), 15)
        out["primary-key lookup"] = timed(
            lambda: count("SELECT 1 FROM attempts WHERE id = ?", [attempts // 2]).fetchone(), 200)
        session = Session(store, pid, bank, scheduling=scheduling, rng=random.Random(5))
        session.next_question()  # warm caches

        questions = []

        def pick() -> None:
            questions.append(session.next_question())

        answers = iter(range(10**9))

        def answer() -> None:
            q = questions.pop(0)
            n = next(answers)
            given = q.answer if q.kind != "single" else q.answer[n % len(q.answer)]
            session.answer(q, given if n % 4 else None, 9_000)
            clock_now[0] += timedelta(seconds=20)

        picks, records = [], []
        for _ in range(40):
            picks.append(timed(pick, 1))
            records.append(timed(answer, 1))
        out["next question"] = stats.median(picks)
        out["record an answer"] = stats.median(records)
        # The floor under every answer and undo: one committed transaction (the fsync of
        # synchronous=FULL), writing one small row.
        def bare_commit() -> None:
            with store.db.atomic():
                store.db.execute("INSERT OR REPLACE INTO migrations VALUES (999, 'bench', '')")
                store.db.execute("DELETE FROM migrations WHERE version = 999")

        out["bare commit (fsync)"] = timed(bare_commit, 15)
        # Undo (quizzes): answer, then take it back (attempt, review, totals, card restored).
        undos = []
        for _ in range(20):
            pick()
            answer()
            undos.append(timed(lambda: store.undo_last(pid), 1))
        out["undo the last answer"] = stats.median(undos)
        out["pick (SQL only)"] = timed(lambda: store.due_items(pid, clock_now[0], limit=5), 40)
        out["statistics (SQL)"] = timed(
            lambda: statistics(store, pid, clock_now[0], bank.items, scheduling), 9)
        # The machine may be shared: the processor time spent says what the work costs.
        out["statistics (SQL), CPU time"] = timed(
            lambda: statistics(store, pid, clock_now[0], bank.items, scheduling), 9,
            clock=time.process_time)
        out["per-law table (SQL)"] = timed(
            lambda: statistics(store, pid, clock_now[0], bank.items, scheduling, laws=True), 3)
        if reference:
            out["statistics, per item in Python"] = timed(
                lambda: statistics_reference.statistics(
                    store.summary(pid), clock_now[0], bank.items, scheduling), 3)
    finally:
        store.close()
        shutil.rmtree(folder, ignore_errors=True)
    return out


def main() -> None:
    """Measure at every size asked; print each beside its baselines, then the growth curves."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser, scales=(1,), attempts=(10_000, 100_000, 1_000_000))
    parser.add_argument("--items", type=count, default=5_000,
                        help="cards at ×1 (multiplied by each --scale; default %(default)s)")
    parser.add_argument("--no-reference", action="store_true",
                        help="skip the former per-item Python statistics (slow at 50k items)")
    args = parser.parse_args()
    bank = QuestionBank()
    bank.warm()
    grid = [(f, a) for f in args.scale for a in args.attempts]
    results = {}
    for factor, attempts in grid:
        items = args.items * factor
        print(f"\n{attempts:,} attempts, {items:,} items")
        r = results[(factor, attempts)] = measure(bank, attempts, items, not args.no_reference)
        base = r["primary-key lookup"]
        for label in ("open, backup due", "open, unclean shutdown", "count(*)",
                      "pick (SQL only)", "next question", "record an answer",
                      "undo the last answer", "bare commit (fsync)", "statistics (SQL)",
                      "statistics (SQL), CPU time", "per-law table (SQL)",
                      "statistics, per item in Python"):
            if label in r:
                goal = GOALS.get(label)
                verdict = "" if goal is None else (
                    f"  (goal < {goal * 1e3:.0f} ms) " + ("ok" if r[label] < goal else "OVER"))
                print(f"  {label:<30}{r[label] * 1e3:10.3f} ms {r[label] / base:10.1f}× "
                      f"a primary-key lookup{verdict}")
        floor = r["bare commit (fsync)"]
        print(f"  answer / bare commit: {r['record an answer'] / floor:.2f}; "
              f"undo / bare commit: {r['undo the last answer'] / floor:.2f}")
        if "statistics, per item in Python" in r:
            print(f"  statistics SQL / per-item Python: "
                  f"{r['statistics (SQL)'] / r['statistics, per item in Python']:.3f}")
    for label in ("next question", "record an answer", "statistics (SQL)", "count(*)"):
        for factor in args.scale:
            sizes = [a for f, a in grid if f == factor]
            if len(sizes) > 1:
                print_growth(f"{label} (ms) at {args.items * factor:,} items, by attempts",
                             sizes, [results[(factor, a)][label] * 1e3 for a in sizes],
                             " ms", corpus=False)
        for attempts in args.attempts:
            factors = [f for f, a in grid if a == attempts]
            if len(factors) > 1:
                print_growth(f"{label} (ms) at {attempts:,} attempts, by items",
                             [args.items * f for f in factors],
                             [results[(f, attempts)][label] * 1e3 for f in factors],
                             " ms", corpus=False)


GOALS = {
    "open, backup due": 0.050,
    "open, unclean shutdown": 0.050,
    "next question": 0.005,
    "record an answer": 0.005,
    "undo the last answer": 0.005,
    "statistics (SQL)": 0.100,
}


if __name__ == "__main__":
    main()
