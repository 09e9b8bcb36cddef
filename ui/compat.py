"""Work-arounds for reference-count bugs of the PySide6 6.12 wheels on Python 3.11.

The abi3 wheels hand back None from every Qt method that returns void without taking a
reference to it, so None's count drops by one per call. Python 3.12 made None immortal, so
there the bug is harmless; on 3.11 the interpreter aborts ("none_dealloc: deallocating None")
once the count reaches zero: at exit after a few thousand calls, or in the middle of a long
session. Pinning None with a very large count, as 3.12 does by design, makes the drift
harmless. It is applied only when a probe shows the drift, so a fixed wheel turns it off.

`SignalInstance.emit()` has the same fault with True: every signal emitted from Python lowers
True's count by one, and a few hundred clicks in the scenario builder abort the interpreter
("bool_dealloc"). True and False are pinned the same way.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QMessageLogContext, QObject, QtMsgType, Signal

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


class _Probe(QObject):
    probed = Signal()


def emit_drifts() -> bool:
    """True when emitting a signal from Python lowers True's reference count."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(_PROBE_CALLS):
        probe.probed.emit()
    return before - sys.getrefcount(True) >= _PROBE_CALLS


_bools_pinned = False


def pin_bools() -> bool:
    """Make True and False practically immortal if signal emission drifts; True if pinned."""
    global _bools_pinned
    if _bools_pinned or sys.version_info >= (3, 12) or not emit_drifts():
        return _bools_pinned
    for value in (True, False):
        ctypes.c_ssize_t.from_address(id(value)).value += _PIN
    _bools_pinned = True
    return True


def pin_refcount_drifts() -> None:
    """Apply every work-around this PySide6 build needs (each only when its probe fails)."""
    pin_none()
    pin_bools()


def quiet_offscreen(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """A Qt message handler that drops the offscreen platform's size-hint warning.

    The offscreen platform warns "does not support propagateSizeHints" for every window with
    a layout; it says nothing about the app. Every other message still reaches stderr.
    """
    if "does not support propagateSizeHints" not in message:
        print(message, file=sys.stderr)
