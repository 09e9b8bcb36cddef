"""Showing Compare and the browser tree as the corpus grows, against a bare QTableView.

For each scale (×1, ×10, ×100 copies of every law, each copy a situation of its own), times
the first show of the compare screen, a game change in it, a change of the browser's filters,
and showing the tree; the baseline is a QTableView over a plain model of the same number of
rows, shown and painted in the same run. Goal: ≤ 50 ms at ×100; the ratio tells the cost of
our work against Qt's own.

    python bench/screens.py [--scales 1 10 100] [--rounds 5]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QTableView, QWidget

from app.content import Content, Counterpart, load_content


def replicate(content: Content, times: int) -> Content:
    """Every law copied `times` times, each copy a situation of its own (its own case), its
    counterparts and related laws pointing at the same copy."""
    if times == 1:
        return content

    def copy(law, n):  # type: ignore[no-untyped-def]
        suffix = f"-x{n}"
        return dataclasses.replace(
            law, id=law.id + suffix, case=law.case + suffix,
            related=tuple(r + suffix for r in law.related),
            counterparts=tuple(Counterpart(c.law + suffix, c.contrast) for c in law.counterparts),
            variant_of=law.variant_of + suffix if law.variant_of else "")
    laws = {f"{law.id}-x{n}": copy(law, n) for n in range(times) for law in content.laws.values()}
    return Content(laws=laws, terms=content.terms, games=content.games)


class _Plain(QAbstractTableModel):
    def __init__(self, rows: int, columns: int) -> None:
        super().__init__()
        self._rows, self._columns = rows, columns

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._columns

    def data(self, index: QModelIndex, role: int = 0) -> object:
        return f"cell {index.row()}" if role == Qt.ItemDataRole.DisplayRole else None


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    QApplication.processEvents()
    return (time.perf_counter() - start) * 1000


def _shown(make: Callable[[], QWidget]) -> tuple[float, QWidget]:
    """Milliseconds to build, show and paint a widget; and the widget."""
    made: list[QWidget] = []

    def build() -> None:
        widget = make()
        widget.resize(1200, 700)
        widget.show()
        widget.repaint()
        made.append(widget)
    return _timed(build), made[0]


def measure(content: Content, rounds: int) -> dict[str, float]:
    """Median milliseconds of each action over `rounds` fresh screens."""
    from ui.browser.browser_screen import BrowserScreen
    from ui.compare.compare_screen import CompareScreen

    store = _NoStore(content)  # the screens read the content; no search index is needed
    times: dict[str, list[float]] = {k: [] for k in
                                     ("baseline", "compare", "compare-game", "tree", "filter")}
    rows = sum(1 for law in content.laws.values() if law.game == "rubicon-bezique")
    for _ in range(rounds):
        elapsed, table = _shown(lambda: _table(rows))
        times["baseline"].append(elapsed)
        table.close()
        elapsed, compare = _shown(lambda: CompareScreen(store, content))  # type: ignore[arg-type]
        times["compare"].append(elapsed)
        times["compare-game"].append(_timed(lambda c=compare: c.show_game("ecarte")))
        compare.close()
        elapsed, browser = _shown(lambda: BrowserScreen(store, content))  # type: ignore[arg-type]
        times["tree"].append(elapsed)
        times["filter"].append(_timed(lambda b=browser: b.filters.set_game("rubicon-bezique")))
        browser.close()
    return {k: statistics.median(v) for k, v in times.items()}


def _table(rows: int) -> QTableView:
    view = QTableView()
    view.setModel(_Plain(rows, 4))
    return view


class _NoStore:
    """The store's reading side over the content, without building a search index."""

    def __init__(self, content: Content) -> None:
        self._content = content

    def law(self, law_id: str):  # type: ignore[no-untyped-def]
        return self._content.laws[law_id]

    def browse(self, game: str | None = None, topic: str | None = None):  # type: ignore[no-untyped-def]
        return [law for law in self._content.laws.values()
                if (game is None or law.game == game) and (topic is None or law.topic == topic)]


def main(argv: list[str] | None = None) -> int:
    """Print, per scale, each action's median and its ratio to the bare table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    base = load_content(cached=True)
    print(f"{'scale':>6} {'laws':>7} {'bare table':>11} {'compare':>9} {'game':>7} "
          f"{'tree':>7} {'filter':>7}   (ms; ratio to the bare table)")
    for scale in args.scales:
        content = replicate(base, scale)
        m = measure(content, args.rounds)
        ratio = {k: m[k] / m["baseline"] for k in m}
        print(f"{'x' + str(scale):>6} {len(content.laws):>7} {m['baseline']:>9.1f}ms "
              + " ".join(f"{m[k]:>6.1f}ms ({ratio[k]:.1f}x)"
                         for k in ("compare", "compare-game", "tree", "filter")))
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
