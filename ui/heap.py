"""What the app keeps for its whole life is taken out of the garbage collector's sight.

Python's collector now and then walks every object of the oldest generation, on whichever
thread happens to allocate: with the laws of a large corpus, the screens and the imported
modules loaded, one such walk took 150–350 ms in the middle of opening a screen. The content,
the modules and the screens once built live until the app quits, so after each is loaded the
window freezes the heap (gc.freeze): the objects alive then move to a permanent generation
that later collections skip, and a full collection costs only what was made since. Freed
objects are still freed by reference counting; only a cycle that is garbage at the moment of
freezing is kept (a few, from building a screen).

A worker's bulk load (the search index built at a first start, the quiz survey taken, a
statistics table read) runs inside `bulk()`: the collector is paused while it runs, since a
full collection then walks every object the load has made so far while holding the GIL (at
x100, index and survey met several walks of 40-100 ms each, the window frozen meanwhile), and
what the load leaves alive is kept like the rest when the last such load ends.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_lock = threading.Lock()
_loads = 0  # bulk loads running now
_resume = False  # whether the collector ran before the first of them


def keep_loaded() -> None:
    """Exempt every object alive now from later collections (a constant-time move)."""
    gc.freeze()


def release() -> None:
    """Hand the kept objects back to the collector (a window closes; tests end)."""
    gc.unfreeze()


@contextlib.contextmanager
def bulk() -> Iterator[None]:
    """Pause the collector while a bulk load runs, then keep what it left alive.

    Loads may overlap (the index and the quiz bank at a first start): the collector resumes,
    as it was before the first, only when the last one ends.
    """
    global _loads, _resume
    with _lock:
        if _loads == 0:
            _resume = gc.isenabled()
            gc.disable()
        _loads += 1
    try:
        yield
    finally:
        with _lock:
            _loads -= 1
            if _loads == 0:
                gc.freeze()
                if _resume:
                    gc.enable()
