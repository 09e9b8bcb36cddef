"""Start-up time of Card Laws against a bare PySide6 QMainWindow (offscreen).

Each run is a fresh subprocess; the child prints the wall-clock time at which the window's
first paint is processed, and the time from just before the process was started to then is
the start-up time. Runs of the two alternate so both see the same machine state. Goal: the
ratio of the medians is at most 2.

    python bench/startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

def report_and_quit():
    print(f"shown {time.time():.6f}", flush=True)
    QApplication.quit()

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, report_and_quit)
        return False

app = QApplication([])
window = QMainWindow()
window.setWindowTitle("bare")
window.resize(1100, 750)
window.installEventFilter(FirstPaint(window))
window.show()
app.exec()
"""


def _run(command: list[str]) -> tuple[float, float]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    start = time.time()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    lines = done.stdout.splitlines()
    stamps = dict(line.split() for line in lines if line[:6] in {"shown ", "ready "})
    if done.returncode != 0 or "shown" not in stamps:
        raise RuntimeError(f"{command[:3]} failed ({done.returncode}):\n{done.stderr}")
    shown = float(stamps["shown"]) - start
    return shown, float(stamps.get("ready", stamps["shown"])) - start


def main(argv: list[str] | None = None) -> int:
    """Run both programs alternately and print their medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        app = [sys.executable, "-m", "ui", "--exit-after-show",
               "--settings", str(Path(tmp) / "bench.ini")]
        bare = [sys.executable, "-c", BARE]
        _run(app), _run(bare)  # warm the file cache; not counted
        app_runs, bare_runs = [], []
        for _ in range(args.runs):
            app_runs.append(_run(app))
            bare_runs.append(_run(bare))
    app_times = [shown for shown, _ in app_runs]
    bare_times = [shown for shown, _ in bare_runs]
    ready_median = statistics.median(ready for _, ready in app_runs)
    app_median = statistics.median(app_times)
    bare_median = statistics.median(bare_times)
    print(f"bare QMainWindow : median {bare_median * 1000:7.1f} ms  "
          f"({', '.join(f'{t * 1000:.0f}' for t in bare_times)})")
    print(f"Card Laws        : median {app_median * 1000:7.1f} ms  "
          f"({', '.join(f'{t * 1000:.0f}' for t in app_times)})")
    ratio = app_median / bare_median
    print(f"ratio            : {ratio:.2f} (goal <= 2)")
    print(f"search ready     : median {ready_median * 1000:7.1f} ms (index built after the "
          "first paint)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
