"""Benchmark: `python -m app rule FILE` against `python -c "import sqlite3"`, per corpus scale.

Each command runs as a fresh process, as a user runs it, with its bytecode and the content
store already written (one warm-up run each). Baselines in the same run: `python -c pass` and
`python -c "import sqlite3"`, run alternately with `rule` so that both see the same machine.
Goal: rule ≤ 3× import sqlite3, at every scale. Beside the wall-clock ratio, the ratio of the
processes' CPU time (user + system), which a busy machine distorts less.

    python bench/cli.py [--scale 1,10,100] [--rounds 9] [--file SCENARIO]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scale import ROOT, add_scale_arguments, bench_cache, print_growth, scaled_content

SCENARIO = ROOT / "content" / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"
GOAL = 3.0


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one fresh process running argv."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def timed(commands: list[tuple[list[str], dict[str, str]]], rounds: int
          ) -> list[tuple[float, float]]:
    """Median (wall, CPU) seconds of each command, run in turn each round (after a warm-up
    run each), so that a busy moment of the machine falls on all of them alike."""
    for argv, env in commands:
        subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    samples: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(rounds):
        for n, (argv, env) in enumerate(commands):
            samples[n].append(_once(argv, env))
    return [(statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
            for runs in samples]


def main() -> None:
    """Print each scale's timings and ratios, then the growth curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--file", type=Path, default=SCENARIO)
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps its bytecode
    env["CARDLAWS_CACHE_DIR"] = str(bench_cache() / "user-cache")
    py = sys.executable
    ratios, cpu_ratios = [], []
    for factor in args.scale:
        scaled = dict(env, CARDLAWS_CONTENT_DIR=str(scaled_content(factor)))
        (bare, _), (sqlite, sqlite_cpu), (rule, rule_cpu) = timed([
            ([py, "-c", "pass"], env),
            ([py, "-c", "import sqlite3"], env),
            ([py, "-m", "app", "rule", str(args.file)], scaled),
        ], args.rounds)
        ratio, cpu_ratio = rule / sqlite, rule_cpu / sqlite_cpu
        ratios.append(ratio)
        cpu_ratios.append(cpu_ratio)
        verdict = "ok" if ratio <= GOAL else "OVER GOAL"
        print(f"×{factor:<5} python -c pass {bare * 1e3:6.1f} ms, import sqlite3 "
              f"{sqlite * 1e3:6.1f} ms (the baseline), rule {rule * 1e3:6.1f} ms: "
              f"{ratio:5.2f}×  (goal ≤ {GOAL:g}×)  {verdict};  CPU time {cpu_ratio:5.2f}×")
    if len(args.scale) > 1:
        print_growth("rule / import sqlite3", args.scale, ratios, "×")
        print_growth("rule / import sqlite3, CPU time", args.scale, cpu_ratios, "×")


if __name__ == "__main__":
    main()
