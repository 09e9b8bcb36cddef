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

Not a fault but a cost: shiboken asks of every module imported after PySide6 whether its
source names PySide6, in a way that grows with the modules loaded; quicken_feature_check
answers the same question by reading the file.
"""

from __future__ import annotations

import contextlib
import ctypes
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, QObject, QtMsgType, Signal

if TYPE_CHECKING:
    from typing_extensions import override as override
else:
    def override(method):
        """Mark a method as overriding its base's (checked by type checkers; importing
        typing_extensions for the marker cost some 2.5 ms of every start)."""
        return method

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
    quicken_feature_check()


def _uses_pyside_in_file(module: ModuleType) -> bool:
    """Whether a module's source file names PySide6, read as bytes (the name is ASCII)."""
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        with contextlib.suppress(OSError), open(path, "rb") as source:
            return b"PySide6" in source.read()
    return _slow_feature_check(module) if _slow_feature_check is not None else False


_slow_feature_check: Callable[[ModuleType], bool] | None = None  # shiboken's own


def quicken_feature_check() -> bool:
    """Answer shiboken's "does this module use PySide6?" from the file's bytes; True if done.

    Once PySide6 is imported, every later import of any module asks it (for the opt-in
    `from __feature__ import snake_case`) through inspect.getsource, whose module lookup
    walks all of sys.modules: about 0.1 ms a module, growing with the modules loaded, some
    15 ms of every start before the window paints. The answer is the same: the source file
    holds the word or not; a module without a readable .py file still asks the original.
    """
    global _slow_feature_check
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None or check is _uses_pyside_in_file:
        return check is _uses_pyside_in_file
    _slow_feature_check = check
    feature._mod_uses_pyside = _uses_pyside_in_file  # type: ignore[union-attr]
    return True


def quiet_offscreen(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """A Qt message handler that drops the offscreen platform's size-hint warning.

    The offscreen platform warns "does not support propagateSizeHints" for every window with
    a layout; it says nothing about the app. Every other message still reaches stderr.
    """
    if "does not support propagateSizeHints" not in message:
        print(message, file=sys.stderr)
