"""What a club's own content derives (its search index, its quiz survey) prepared in a process
of its own, at a lower priority than the window's.

The app's own content has both prepared when the package is built (app/corpus/cache.py); a
club's own (`$CARDLAWS_CONTENT_DIR`), or content edited in a source checkout, has them built
at run time, the first time, by `python -m app prepare --index-only` or `--quiz-only` into the
user cache. A child process shares no interpreter lock with the window: built on a thread
here, seconds of Python took turns with the UI thread, and a screen opened meanwhile stalled.
A worker thread waits for the child without holding the lock, then reads what it stored.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

from app.corpus.laws import Content

BUILD_NICENESS = 10  # how much lower than the window's the build's priority is (POSIX)
INDEX, QUIZ = "--index-only", "--quiz-only"  # what a child prepares


def start_preparing(content: Content, part: str) -> subprocess.Popen[bytes] | None:
    """Start preparing one part of `content` (INDEX or QUIZ) into the cache in a process of
    its own; None when it cannot be (content not served from a store, no process started):
    the caller prepares it itself."""
    from app.corpus.stored import StoredContent

    if not isinstance(content, StoredContent):
        return None
    import app

    if getattr(sys, "frozen", False):  # the standalone program runs the command line itself
        argv = [sys.executable, "prepare", part]
    else:
        argv = [sys.executable, "-m", "app", "prepare", part]
    env = dict(os.environ, CARDLAWS_CONTENT_DIR=str(content.root))
    # The same code as this process's, wherever it was imported from.
    path = [str(Path(app.__file__).resolve().parent.parent), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(filter(None, path))
    # At a lower priority than the window's: on a machine whose cores are all busy, the
    # window's process comes first and the build takes what is left.
    flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) | getattr(
        subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)
    try:
        child = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 creationflags=flags)
    except OSError:
        return None
    if hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, child.pid, BUILD_NICENESS)
    return child


def prepared_elsewhere(child: subprocess.Popen[bytes] | None) -> bool:
    """Wait for a child started by start_preparing (a worker thread waits without holding the
    interpreter lock); False when there was none or it failed: the caller prepares it."""
    return child is not None and child.wait() == 0
