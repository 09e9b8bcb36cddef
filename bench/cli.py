"""Benchmark: `python -m app rule FILE` against `python -c "import sqlite3"`, per corpus scale.

Each command runs as a fresh process, as a user runs it, with its bytecode and the content
cache already written (one warm-up run each). Baselines in the same run: `python -c pass` and
`python -c "import sqlite3"`. Goal: rule ≤ 3× import sqlite3, at every scale.

    python bench/cli.py [--scale 1,10,100] [--rounds 9] [--file SCENARIO]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from scale import ROOT, add_scale_arguments, bench_cache, print_growth, scaled_content

SCENARIO = ROOT / "content" / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"
GOAL = 3.0


def timed(argv: list[str], env: dict[str, str], rounds: int) -> float:
    """Median seconds of a fresh process running argv (after one warm-up run)."""
    subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(argv, env=env, cwd=ROOT, check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


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
    bare = timed([py, "-c", "pass"], env, args.rounds)
    sqlite = timed([py, "-c", "import sqlite3"], env, args.rounds)
    print(f"python -c pass                {bare * 1e3:8.1f} ms")
    print(f"python -c 'import sqlite3'    {sqlite * 1e3:8.1f} ms   (the baseline)")
    ratios = []
    for factor in args.scale:
        scaled = dict(env, CARDLAWS_CONTENT_DIR=str(scaled_content(factor)))
        rule = timed([py, "-m", "app", "rule", str(args.file)], scaled, args.rounds)
        ratio = rule / sqlite
        ratios.append(ratio)
        verdict = "ok" if ratio <= GOAL else "OVER GOAL"
        print(
            f"×{factor:<5} python -m app rule     {rule * 1e3:8.1f} ms   "
            f"{ratio:5.2f}× import sqlite3  (goal ≤ {GOAL:g}×)  {verdict}"
        )
    if len(args.scale) > 1:
        print_growth("rule / import sqlite3", args.scale, ratios, "×")


if __name__ == "__main__":
    main()
