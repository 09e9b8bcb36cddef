"""Scale plumbing shared by the benchmarks: a corpus ×N, a history of N attempts, growth curves.

Every benchmark takes `--scale` (corpus multiples, e.g. `1,10,100`) and, where the learner's
history matters, `--attempts` (e.g. `10k,100k,1M`), measures at each, and prints the growth
curve with `print_growth`: each step's time ratio beside its size ratio and the order of
growth it implies (time ∝ size^k), so a change in the order of growth shows, not just a
slower constant.

    from scale import add_scale_arguments, scaled_content, print_growth
    parser = argparse.ArgumentParser(); add_scale_arguments(parser)
    content_dir = scaled_content(100)        # a valid content directory, every law ×100

Generated corpora and progress files are kept in the cache folder (`bench_cache()`,
$CARDLAWS_BENCH_CACHE or the system temp folder), keyed by what they were made from, so a
second run (or the UI-stall test) builds nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
DEFAULT_SCALES = (1, 10, 100)
DEFAULT_ATTEMPTS = (10_000, 100_000, 1_000_000)
_SUFFIXES = {"k": 1_000, "m": 1_000_000}
# A law id as written in the law files: game.code.slug, quoted.
_QUOTED_ID = re.compile(r'"([a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+)"')
# Fields naming a group of laws (a case, a variant group): each copy forms groups of its own.
_CASE = re.compile(r'^((?:case|variant_of) = ")([a-z0-9-]+)(")', re.MULTILINE)
_LAW_ID = re.compile(r'^id = "([^"]+)"', re.MULTILINE)


def count(text: str) -> int:
    """'10k' -> 10000, '1M' -> 1000000, '250' -> 250 (argparse type)."""
    t = text.strip().lower().replace("_", "")
    factor = _SUFFIXES.get(t[-1:], 1)
    try:
        value = float(t[:-1] if factor > 1 else t) * factor
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count: {text!r}") from None
    if value < 1 or value != int(value):
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1: {text!r}")
    return int(value)


def counts(text: str) -> tuple[int, ...]:
    """A comma-separated list of counts: '1,10,100' or '10k,1M'."""
    return tuple(count(part) for part in text.split(",") if part.strip())


def add_scale_arguments(
    parser: argparse.ArgumentParser,
    *,
    scales: Sequence[int] = DEFAULT_SCALES,
    attempts: Sequence[int] | None = None,
) -> None:
    """Add --scale (corpus multiples) and, when the history matters, --attempts."""
    parser.add_argument(
        "--scale",
        type=counts,
        default=tuple(scales),
        help="corpus multiples to measure, e.g. 1,10,100,1000 (default %(default)s)",
    )
    if attempts is not None:
        parser.add_argument(
            "--attempts",
            type=counts,
            default=tuple(attempts),
            help="history sizes to measure, e.g. 10k,100k,1M,10M (default %(default)s)",
        )


def bench_cache() -> Path:
    """Where generated corpora and databases are kept between runs."""
    folder = Path(os.environ.get("CARDLAWS_BENCH_CACHE") or tempfile.gettempdir()) / (
        "cardlaws-bench"
    )
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def content_digest(root: Path = CONTENT) -> str:
    """A digest of the content files (what a generated corpus was made from)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# A law's declared ruling: a table's lines up to the next blank line or table.
_RULING = re.compile(r"^\[law\.ruling\]\n(?:(?!\[)[^\n]+\n)*", re.MULTILINE)


def scaled_content(factor: int, root: Path = CONTENT) -> Path:
    """A content directory holding every law `factor` times (×1 is the real directory).

    Copy k of a law has the id `game.code.slug-xk`; its links (related, counterparts), case
    and variant group are copy k's own, so every copy is as valid and linked as the original;
    a copy declares no ruling (the original alone rules its event).
    The rest of the content (games, glossary, scenarios, quiz items) is the real one.
    """
    if factor <= 1:
        return root
    target = bench_cache() / f"content-x{factor}-{content_digest(root)}"
    if (target / ".complete").exists():
        return target
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(root, target, ignore=shutil.ignore_patterns("__pycache__"))
    sources = sorted((root / "laws").glob("*.toml"))
    ids = {m for p in sources for m in _LAW_ID.findall(p.read_text(encoding="utf-8"))}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for k in range(2, factor + 1):

            def suffixed(m: re.Match[str], k: int = k) -> str:
                return f'"{m.group(1)}-x{k}"' if m.group(1) in ids else m.group(0)

            copy = _QUOTED_ID.sub(suffixed, text)
            copy = _CASE.sub(lambda m, k=k: f"{m.group(1)}{m.group(2)}-x{k}{m.group(3)}", copy)
            copy = _RULING.sub("", copy)  # one law alone rules an event under its code
            (target / "laws" / f"{path.stem}-x{k}.toml").write_text(copy, encoding="utf-8")
    (target / ".complete").write_text("")
    return target


def exponent(x1: float, y1: float, x2: float, y2: float) -> float | None:
    """k in y ∝ x^k between two points (None when it cannot be told)."""
    if x1 <= 0 or x2 <= 0 or y1 <= 0 or y2 <= 0 or x1 == x2:
        return None
    return math.log(y2 / y1) / math.log(x2 / x1)


def print_growth(
    label: str,
    sizes: Sequence[float],
    values: Sequence[float],
    unit: str = "",
    *,
    corpus: bool = True,
) -> None:
    """The growth curve of one measure: each step's ratios and the order of growth they imply.

    `sizes` are corpus multiples (`corpus`) or counts (attempts, items); `values` are ratios
    against a baseline (or times). A k near 0 is constant, near 1 linear, near 2 quadratic.
    """
    print(f"growth of {label}:")
    for n, (size, value) in enumerate(zip(sizes, values, strict=True)):
        line = f"  {_size(size, corpus):>6}  {value:10.3f}{unit}"
        if n:
            prev_size, prev = sizes[n - 1], values[n - 1]
            k = exponent(prev_size, prev, size, value)
            order = "?" if k is None else f"{k:+.2f}"
            line += f"   ×{size / prev_size:g} size → ×{value / prev:.2f}   (∝ size^{order})"
        print(line)


def _size(n: float, corpus: bool) -> str:
    if corpus:
        return f"×{n:g}"
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n / 1_000_000:g}M"
    if n >= 1_000 and n % 1_000 == 0:
        return f"{n / 1_000:g}k"
    return f"{n:g}"
