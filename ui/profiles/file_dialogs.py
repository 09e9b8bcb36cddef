"""The modal dialogs the quiz screens open, behind one small class tests can replace."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

JSON_FILTER = "Card Laws progress (*.json)"
PDF_FILTER = "PDF document (*.pdf)"
BACKUP_FILTER = "Card Laws backups (progress-*.sqlite);;All files (*)"


class FileDialogs:
    """Asks where to save or what to open, and sets a printer up; None or False when cancelled.

    Tests pass a fake with the same methods instead of opening real dialogs.
    """

    def save_path(self, parent: QWidget, caption: str, suggested: str, filters: str) -> Path | None:
        """Where to write a file."""
        path, _ = QFileDialog.getSaveFileName(parent, caption, suggested, filters)
        return Path(path) if path else None

    def open_path(self, parent: QWidget, caption: str, filters: str) -> Path | None:
        """Which file to read."""
        path, _ = QFileDialog.getOpenFileName(parent, caption, "", filters)
        return Path(path) if path else None

    def open_backup(self, parent: QWidget, folder: Path) -> Path | None:
        """Which backup to restore, starting in the backups folder."""
        path, _ = QFileDialog.getOpenFileName(parent, "Restore from backup", str(folder),
                                              BACKUP_FILTER)
        return Path(path) if path else None

    def setup_printer(self, parent: QWidget, printer: object) -> bool:
        """Let the learner choose a printer and its settings; False when cancelled."""
        from PySide6.QtPrintSupport import QPrintDialog

        dialog = QPrintDialog(printer, parent)  # type: ignore[arg-type]
        return dialog.exec() == QDialog.DialogCode.Accepted
