"""The builder's modal dialogs in one place, so tests can replace them with a fake."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

JSON_FILTER = "Scenario files (*.json);;All files (*)"
PDF_FILTER = "PDF files (*.pdf)"


class Unsaved(Enum):
    """What to do with unsaved changes."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def _plain_box(parent: QWidget, icon: QMessageBox.Icon, title: str, text: str,
               buttons: QMessageBox.StandardButton) -> QMessageBox:
    """A message box showing `text` as typed: it quotes file and seat names from outside."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box


class BuilderDialogs:
    """File choosers, the unsaved-changes question, error messages and the print dialog."""

    def open_path(self, parent: QWidget, start: Path | None) -> Path | None:
        """Ask for a scenario file to open."""
        name, _ = QFileDialog.getOpenFileName(parent, "Open scenario", str(start or ""),
                                              JSON_FILTER)
        return Path(name) if name else None

    def save_path(self, parent: QWidget, suggested: Path | None) -> Path | None:
        """Ask where to save the scenario (a .json name)."""
        name, _ = QFileDialog.getSaveFileName(parent, "Save scenario", str(suggested or ""),
                                              JSON_FILTER)
        if not name:
            return None
        path = Path(name)
        return path if path.suffix else path.with_suffix(".json")

    def pdf_path(self, parent: QWidget, suggested: Path | None) -> Path | None:
        """Ask where to export the ruling as PDF."""
        name, _ = QFileDialog.getSaveFileName(parent, "Export ruling as PDF",
                                              str(suggested or ""), PDF_FILTER)
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == ".pdf" else path.with_suffix(".pdf")

    def unsaved_changes(self, parent: QWidget, name: str) -> Unsaved:
        """Ask whether to save, discard or keep the unsaved changes."""
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = _plain_box(parent, QMessageBox.Icon.Question, "Unsaved scenario",
                         f"The scenario {name} has changes that are not saved. Save them first?",
                         buttons)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return Unsaved.SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return Unsaved.DISCARD
        return Unsaved.CANCEL

    def error(self, parent: QWidget, title: str, text: str) -> None:
        """Say what went wrong."""
        _plain_box(parent, QMessageBox.Icon.Warning, title, text,
                   QMessageBox.StandardButton.Ok).exec()

    def setup_printer(self, parent: QWidget, printer: QPrinter) -> bool:
        """Let the user choose a printer; False when cancelled."""
        return QPrintDialog(printer, parent).exec() == QDialog.DialogCode.Accepted
