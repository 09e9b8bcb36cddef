"""Unattended runs never wait on a modal dialog; sizes are bounded before Qt sees them."""

from __future__ import annotations

import io

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from ui.__main__ import build_parser
from ui.no_modal import ModalGuard


def test_a_modal_question_is_closed_and_reported(qapp):
    report = io.StringIO()
    box = QMessageBox(QMessageBox.Icon.Question, "Unsaved scenario", "Save the changes?",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
    failsafe = QTimer()
    failsafe.setSingleShot(True)
    failsafe.timeout.connect(box.done)  # if the guard failed, the test still ends
    failsafe.start(600_000)  # a guard against a hang (WAIT_MS): a busy machine is only slower
    with ModalGuard(report=report) as guard:
        answer = box.exec()
    assert failsafe.isActive()  # closed by the guard, long before the failsafe
    assert answer != QMessageBox.StandardButton.Save
    assert guard.closed == ["Unsaved scenario"]
    assert "closed a dialog nobody could answer: Unsaved scenario: Save the changes?" in (
        report.getvalue())


@pytest.mark.parametrize("size", ["9223372036854775808x10", "99999x600", "0x0", "１２８０x800"])
def test_window_sizes_are_bounded(size, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--screenshots", "x", "--size", size])
    assert "--size" in capsys.readouterr().err
