"""Benchmark: rulings per second over the example scenarios, beside parsing them alone.

Both are measured in the same run on the same files: reading and validating the JSON
(the baseline), then ruling the already-parsed scenarios. Goal: ruling costs less than parsing,
at every corpus scale (a ruling must not grow with the number of laws).

    python bench/engine.py [--scale 1,10,100]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scale import add_scale_arguments, print_growth, scaled_content  # noqa: E402

from app.corpus.loading import CONTENT_DIR, load_content  # noqa: E402
from app.engine import rule  # noqa: E402
from app.model.games import build_games  # noqa: E402
from app.model.scenario import parse_scenario  # noqa: E402

ROUNDS = 7


def main() -> None:
    """Print parse and rule timings per scenario and their ratio, at each scale."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser)
    args = parser.parse_args()
    ratios, rules = [], []
    for factor in args.scale:
        print(f"\n×{factor} corpus")
        parse_t, rule_t = measure(factor)
        ratios.append(rule_t / parse_t)
        rules.append(rule_t * 1e6)
    if len(args.scale) > 1:
        print_growth("rule / parse", args.scale, ratios)
        print_growth("rule (µs per scenario)", args.scale, rules, " µs")


def measure(factor: int) -> tuple[float, float]:
    """(parse, rule) seconds per scenario over the corpus ×factor."""
    content = load_content(scaled_content(factor), None, cached=True)
    games = build_games(content)
    files = sorted((CONTENT_DIR / "scenarios").glob("*.json"))
    if not files:
        sys.exit("no example scenarios in content/scenarios")
    texts = [f.read_text(encoding="utf-8") for f in files]
    scenarios = [parse_scenario(json.loads(t), games) for t in texts]
    rule(scenarios[0], games, content)  # import and register handlers before timing

    def parse_all() -> None:
        for text in texts:
            parse_scenario(json.loads(text), games)

    def rule_all() -> None:
        for s in scenarios:
            rule(s, games, content)

    def per_item(fn) -> float:
        samples = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            for _ in range(20):
                fn()
            samples.append((time.perf_counter() - start) / (20 * len(files)))
        return statistics.median(samples)

    parse_t = per_item(parse_all)
    rule_t = per_item(rule_all)
    print(f"laws:                     {len(content.laws):,}")
    print(f"example scenarios:        {len(files)}")
    print(f"parse + validate (base):  {parse_t * 1e6:8.1f} µs per file")
    print(
        f"rule (all codes):         {rule_t * 1e6:8.1f} µs per scenario "
        f"({1 / rule_t:,.0f} rulings/s)"
    )
    print(f"ratio rule / parse:       {rule_t / parse_t:8.2f}  (goal < 1)")
    return parse_t, rule_t


if __name__ == "__main__":
    main()
