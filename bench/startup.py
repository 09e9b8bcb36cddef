"""Start-up time of Card Laws against a bare PySide6 QMainWindow (offscreen).

Each run is a fresh subprocess; the child prints the wall-clock time at which the window's
first paint is processed, and the time from just before the process was started to then is
the start-up time. Runs of the two alternate so both see the same machine state. Goal: the
ratio of the medians is at most 2, at ×1 and at ×100 (the content store and the search index
are built by an uncounted warm-up run, as by a user's first start of a new content version;
at ×1000 the window paints first and the index is read, or built, after it).

    python bench/startup.py [--scale 1,100,1000] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from scale import ROOT, add_scale_arguments, bench_cache, print_growth, scaled_content

GOAL = 2.0

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


def _run(command: list[str], env: dict[str, str] | None = None,
         ready_timeout: float = 120) -> tuple[float, float | None]:
    """Seconds from start to first paint, and to search ready (None when not ready within
    `ready_timeout`: the process is then stopped; the first paint is what is measured)."""
    env = dict(env or os.environ, QT_QPA_PLATFORM="offscreen")
    start = time.time()
    stamps: dict[str, float] = {}
    with tempfile.TemporaryFile("w+") as errors:  # a file: a full pipe would stall the child
        child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                 stderr=errors, text=True)
        timer = threading.Timer(ready_timeout, child.kill)
        timer.start()
        try:
            assert child.stdout is not None
            for line in child.stdout:
                word, _, stamp = line.partition(" ")
                if word in ("shown", "ready"):
                    stamps[word] = float(stamp) - start
            child.wait()
        finally:
            timer.cancel()
        if "shown" not in stamps or (child.returncode != 0 and "ready" in stamps):
            errors.seek(0)
            raise RuntimeError(f"{command[:3]} failed ({child.returncode}):\n{errors.read()}")
    return stamps["shown"], stamps.get("ready")


def _median_ms(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:7.1f} ms  " \
        f"({', '.join(f'{t * 1000:.0f}' for t in times)})"


def main(argv: list[str] | None = None) -> int:
    """Run both programs alternately at each scale; print their medians, the ratios and the
    growth curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale_arguments(parser, scales=(1,))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--ready-timeout", type=float, default=120,
                        help="seconds to wait for search to be ready after the first paint")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps its bytecode
    # The content store and the search index are kept between runs, as a user's are.
    env["CARDLAWS_CACHE_DIR"] = str(bench_cache() / "user-cache")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        app = [sys.executable, "-m", "ui", "--exit-after-show",
               "--settings", str(Path(tmp) / "bench.ini")]
        bare = [sys.executable, "-c", BARE]
        for factor in args.scale:
            scaled = dict(env, CARDLAWS_CONTENT_DIR=str(scaled_content(factor)))
            # Warm the file cache, build the store and the index: not counted.
            _run(app, scaled, ready_timeout=3600), _run(bare, env)
            app_runs, bare_runs = [], []
            for _ in range(args.runs):
                app_runs.append(_run(app, scaled, args.ready_timeout))
                bare_runs.append(_run(bare, env))
            app_times = [shown for shown, _ in app_runs]
            bare_times = [shown for shown, _ in bare_runs]
            readies = [ready for _, ready in app_runs if ready is not None]
            ratio = statistics.median(app_times) / statistics.median(bare_times)
            ratios.append(ratio)
            verdict = "ok" if ratio <= GOAL else "OVER GOAL"
            print(f"×{factor}")
            print(f"  bare QMainWindow : {_median_ms(bare_times)}")
            print(f"  Card Laws        : {_median_ms(app_times)}")
            print(f"  ratio            : {ratio:.2f} (goal <= {GOAL:g})  {verdict}")
            ready = (f"median {statistics.median(readies) * 1000:7.1f} ms" if
                     len(readies) == len(app_runs) else f"not within {args.ready_timeout:g} s")
            print(f"  search ready     : {ready} (the index is opened after the first paint)")
    if len(args.scale) > 1:
        print_growth("first paint / bare window", args.scale, ratios, "×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
