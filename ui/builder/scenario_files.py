"""The builder's File commands: New, Open, Save, Save As, Export PDF and Print. A mixin of
BuilderScreen, which holds the document, the dialogs and the recent files they use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtPrintSupport import QPrinter

from app.model.scenario import ScenarioError
from app.table_builder import (
    Problem,
    new_table,
    read_scenario_file,
)
from ui.builder.dialogs import Unsaved
from ui.builder.export import print_page, ruling_html, write_pdf


class ScenarioFiles:
    """New, open, save, export and print the builder's scenario (mixed into BuilderScreen)."""

    def maybe_discard(self) -> bool:
        """True when the current scenario may be replaced (saved, discarded or unchanged)."""
        if not self.document.dirty:
            return True
        answer = self.dialogs.unsaved_changes(self, self.document.name)
        if answer is Unsaved.SAVE:
            return self.save()
        return answer is Unsaved.DISCARD

    def new_scenario(self) -> bool:
        """Start an empty table of the current game."""
        if not self.maybe_discard():
            return False
        self.document.start(new_table(self.game))
        return True

    def _read(self, path: Path) -> dict[str, Any] | None:
        try:
            raw, _ = read_scenario_file(path, self.games)
        except ScenarioError as exc:
            self.dialogs.error(
                self, "Cannot open the scenario",
                f"{path.name} was not opened: {Problem(exc.field, exc.message).words}\n\n"
                f"Field: {exc.field}")
            if exc.field == "file" and not path.exists():
                self.recent.remove(path)
            return None
        return raw

    def open_path(self, path: Path) -> bool:
        """Open a scenario file; an invalid file opens nothing and says what is wrong."""
        path = Path(path)
        raw = self._read(path)
        if raw is None or not self.maybe_discard():
            return False
        self.document.start(raw, path)
        self.recent.add(path)
        return True

    def open_example(self, path: Path) -> bool:
        """Open an example scenario under its title, as a new scenario not yet saved to a file
        (the example stays as it is: Save asks where to write it)."""
        raw = self._read(Path(path))
        if raw is None or not self.maybe_discard():
            return False
        title = raw.get("title")
        self.document.start(raw, title=title if isinstance(title, str) and title.strip()
                            else Path(path).stem.replace("-", " "))
        return True

    def open_table(self, raw: dict[str, Any], title: str) -> bool:
        """Open a table made elsewhere (a guided ruling's) as a new scenario not yet saved."""
        if not self.maybe_discard():
            return False
        self.document.start(raw, title=title)
        return True

    def open_dialog(self) -> bool:
        """Ask for a file and open it."""
        start = self.document.path.parent if self.document.path else None
        path = self.dialogs.open_path(self, start)
        return self.open_path(path) if path else False

    def save(self) -> bool:
        """Save to the scenario's file, or ask for one."""
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        """Ask for a file and save the scenario there."""
        path = self.dialogs.save_path(self, self.document.suggested_path())
        return self._save_to(path) if path else False

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            self.dialogs.error(self, "Cannot save the scenario", f"{path} was not saved: {exc}")
            return False
        self.recent.add(path)
        return True

    def page_html(self) -> str:
        """The current table, event and rulings as a printable page."""
        return ruling_html(self.raw, self.game, self.ruling,
                           self.problem.words if self.problem else None, self.content)

    def export_pdf(self) -> Path | None:
        """Ask for a file and write the ruling there as PDF."""
        suggested = self.document.suggested_path(".pdf")
        path = self.dialogs.pdf_path(self, suggested)
        if path is None:
            return None
        try:
            write_pdf(path, self.page_html())
        except OSError as exc:
            self.dialogs.error(self, "Cannot export the ruling", f"{path}: {exc}")
            return None
        return path

    def print_ruling(self) -> bool:
        """Print the ruling on a printer the user chooses."""
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if not self.dialogs.setup_printer(self, printer):
            return False
        print_page(printer, self.page_html())
        return True

