"""The quicker answer to shiboken's "does this module use PySide6?" is shiboken's answer."""

from __future__ import annotations

import sys

import app.corpus.laws
import ui.main_window
from ui import compat


def test_quick_check_is_installed_and_agrees_with_shiboken() -> None:
    assert compat.quicken_feature_check()
    feature = sys.modules["shibokensupport.feature"]
    assert feature._mod_uses_pyside is compat._uses_pyside_in_file
    original = compat._slow_feature_check
    assert original is not None
    assert feature._mod_uses_pyside(ui.main_window) is True
    assert feature._mod_uses_pyside(app.corpus.laws) is False
    checked = 0
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", "") and str(module.__file__).endswith(".py"):
            assert compat._uses_pyside_in_file(module) == original(module), module.__name__
            checked += 1
    assert checked > 50
