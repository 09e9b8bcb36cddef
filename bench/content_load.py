"""Benchmark: reading and validating every content file, beside parsing the same TOML alone.

Each round reads the content directory as a first start of a new content version does
(`read_content`: every law, term, game and source file parsed, checked and cross-checked, no
content store), then parses the same files with tomllib alone (the baseline: what no
validation can avoid). The two alternate so both see the same machine. Goal: validating
costs at most twice what parsing does (ratio ≤ 3), at every corpus scale.

To compare two checkouts (a branch against main), run it with `--app` naming each in turn:
the ratios, not the milliseconds, are what compare across runs.

    python bench/content_load.py [--scale 1,10,100] [--rounds 7] [--app CHECKOUT]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from pathlib import Path

from scale import ROOT, add_scale_arguments, print_growth, scaled_content

GOAL = 3.0


def _toml_files(root: Path) -> list[Path]:
    return sorted([*root.glob("*.toml"), *(root / "laws").glob("*.toml"),
                   *(root / "games").glob("*.toml")])


def measure(root: Path, rounds: int) -> tuple[float, float]:
    """Median seconds of (read_content, tomllib alone) over `rounds` alternating rounds."""
    from app.corpus.reading import read_content

    files = _toml_files(root)
    read_content(root)  # imports and first-use costs are not what is measured
    loads, parses = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        read_content(root)
        loads.append(time.perf_counter() - start)
        start = time.perf_counter()
        for path in files:
            tomllib.loads(path.read_text(encoding="utf-8"))
        parses.append(time.perf_counter() - start)
    return statistics.median(loads), statistics.median(parses)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser, scales=(1, 10, 100))
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--app", type=Path, default=ROOT,
                        help="the checkout whose app/ is measured (default: this one)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.app.resolve()))
    ratios, loads = [], []
    for factor in args.scale:
        load, parse = measure(scaled_content(factor), args.rounds)
        ratios.append(load / parse)
        loads.append(load * 1000)
        print(f"×{factor:<5} read_content {load * 1000:8.1f} ms   tomllib alone "
              f"{parse * 1000:8.1f} ms   ratio {load / parse:5.2f} (goal ≤ {GOAL})")
    if len(args.scale) > 1:
        print_growth("read_content / tomllib", args.scale, ratios)
        print_growth("read_content (ms)", args.scale, loads, " ms")
    return 0 if all(r <= GOAL for r in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
