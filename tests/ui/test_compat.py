"""The None-pinning work-around keeps a long Qt session from aborting at exit."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import ui  # applies the work-around
from PySide6.QtCore import QObject
probe = QObject()
for _ in range(50_000):
    probe.setObjectName("x")  # a void Qt method
print("ok")
"""


def test_many_void_qt_calls_do_not_abort_the_interpreter():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
