"""A work-around for a reference-count bug of the PySide6 6.12 wheels on Python 3.11.

The abi3 wheels hand back None from every Qt method that returns void without taking a
reference to it, so None's count drops by one per call. Python 3.12 made None immortal, so
there the bug is harmless; on 3.11 the interpreter aborts ("none_dealloc: deallocating None")
once the count reaches zero: at exit after a few thousand calls, or in the middle of a long
session. Pinning None with a very large count, as 3.12 does by design, makes the drift
harmless. It is applied only when a probe shows the drift, so a fixed wheel turns it off.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject

_PIN = 1 << 40  # ~10^12 void calls before the pin could run out
_PROBE_CALLS = 16


def none_drifts() -> bool:
    """True when calling a void Qt method lowers None's reference count."""
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(_PROBE_CALLS):
        probe.setObjectName("probe")
    return before - sys.getrefcount(None) >= _PROBE_CALLS


_pinned = False


def pin_none() -> bool:
    """Make None practically immortal if this PySide6 build drifts; True if it is pinned."""
    global _pinned
    if _pinned or sys.version_info >= (3, 12) or not none_drifts():
        return _pinned
    # ob_refcnt is the first field of every object in a release build of CPython 3.11.
    ctypes.c_ssize_t.from_address(id(None)).value += _PIN
    _pinned = True
    return True
