"""Showing Compare and the browser tree as the corpus grows, against a bare QTableView.

For each scale (`--scale`, every law ×N, bench/scale.py), times the first show of the compare
screen, a game change in it, a change of the browser's filters, and showing the tree; the
baseline is a QTableView over a plain model of as many rows as the game compared has laws,
shown and painted in the same run. Each round works on a fresh Content over the same laws, so
the content's per-game indexes (Content.cases_of) are built inside the first show, as in the
app. Goal: ≤ 50 ms at ×100; the ratio tells the cost of our work against Qt's own, and the
growth curve whether it grows with the corpus.

    python bench/screens.py [--scale 1,10,100] [--rounds 5]
"""

from __future__ import annotations

import argparse
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import add_scale_arguments, print_growth, scaled_content

from app.corpus.laws import Content
from app.corpus.loading import load_content


def fresh(content_dir: Path) -> Content:
    """The content opened anew (from its store, as the app opens it): none of its caches
    filled yet, as at the app's start."""
    return load_content(content_dir, None, cached=True)


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


def measure(content_dir: Path, rounds: int) -> dict[str, float]:
    """Median milliseconds of each action over `rounds` fresh screens."""
    from ui.browser.browser_screen import BrowserScreen
    from ui.compare.compare_screen import CompareScreen

    content = fresh(content_dir)
    store = _NoStore(content)  # the screens read the content; no search index is needed
    times: dict[str, list[float]] = {k: [] for k in
                                     ("baseline", "compare", "compare-game", "tree", "filter")}
    rows = len(content.laws_for("rubicon-bezique"))
    for _ in range(rounds):
        elapsed, table = _shown(lambda: _table(rows))
        times["baseline"].append(elapsed)
        table.close()
        new = fresh(content_dir)
        elapsed, compare = _shown(lambda c=new: CompareScreen(store, c))  # type: ignore[arg-type]
        times["compare"].append(elapsed)
        times["compare-game"].append(_timed(lambda c=compare: c.show_game("ecarte")))
        compare.close()
        new = fresh(content_dir)
        elapsed, browser = _shown(lambda c=new: BrowserScreen(store, c))  # type: ignore[arg-type]
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
    add_scale_arguments(parser)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    print(f"{'scale':>6} {'laws':>7} {'bare table':>11} {'compare':>15} {'game':>15} "
          f"{'tree':>15} {'filter':>15}   (median ms; ratio to the bare table)")
    ratios: dict[str, list[float]] = {k: [] for k in ACTIONS}
    measure(scaled_content(1), 1)  # Qt's first-use costs, paid before any scale is measured
    for scale in args.scale:
        content_dir = scaled_content(scale)
        m = measure(content_dir, args.rounds)
        for k in ACTIONS:
            ratios[k].append(m[k] / m["baseline"])
        laws = len(load_content(content_dir, None, cached=True).laws)
        print(f"{'x' + str(scale):>6} {laws:>7} {m['baseline']:>9.1f}ms "
              + " ".join(f"{m[k]:>6.1f}ms ({m[k] / m['baseline']:4.1f}x)" for k in ACTIONS))
    if len(args.scale) > 1:
        for k in ACTIONS:
            print_growth(f"{k} / bare table", list(args.scale), ratios[k])
    app.processEvents()
    return 0


ACTIONS = ("compare", "compare-game", "tree", "filter")


if __name__ == "__main__":
    sys.exit(main())
