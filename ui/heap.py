"""What the app keeps for its whole life is taken out of the garbage collector's sight.

Python's collector now and then walks every object of the oldest generation, on whichever
thread happens to allocate: with the laws of a large corpus, the screens and the imported
modules loaded, one such walk took 150–350 ms in the middle of opening a screen. The content,
the modules and the screens once built live until the app quits, so after each is loaded the
window freezes the heap (gc.freeze): the objects alive then move to a permanent generation
that later collections skip, and a full collection costs only what was made since. Freed
objects are still freed by reference counting; only a cycle that is garbage at the moment of
freezing is kept (a few, from building a screen).
"""

from __future__ import annotations

import gc


def keep_loaded() -> None:
    """Exempt every object alive now from later collections (a constant-time move)."""
    gc.freeze()


def release() -> None:
    """Hand the kept objects back to the collector (a window closes; tests end)."""
    gc.unfreeze()
