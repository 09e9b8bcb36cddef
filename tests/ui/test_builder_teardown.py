"""Closing the window after using the builder says nothing on stderr: the Edit menu's Undo and
Redo stop following the builder's history before that history is destroyed."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.main_window import MainWindow
from ui.settings import UiSettings


def test_closing_the_window_with_builder_history_raises_nothing_in_a_slot(qtbot, tmp_path):
    content = load_content()
    window = MainWindow(LawsStore(content), content, UiSettings.in_file(str(tmp_path / "ui.ini")))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    builder = window.show_builder()
    for n in range(3):  # a history to undo: the stack's end clears it, signalling as it goes
        builder.document.replace({**builder.raw, "title": f"edit {n}"})
    assert window.builder_actions.undo_action.isEnabled()
    builder.document.undo_stack.setClean()  # nothing unsaved: closing asks nothing
    window.close()
    # pytest-qt fails the test on an exception raised in a slot while the window is deleted
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
