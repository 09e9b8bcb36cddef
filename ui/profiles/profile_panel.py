"""Choose or create a learner's profile, set his daily new items, export or import his progress,
restore a daily backup."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.profiles.file_dialogs import JSON_FILTER, FileDialogs
from ui.quiz.trainer import Trainer
from ui.widgets.plain_label import plain_label

MAX_NEW_PER_DAY = 500


def _file_name(name: str) -> str:
    safe = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")
    return f"cardlaws-progress-{safe or 'profile'}.json"


class ProfilePanel(QGroupBox):
    """The learner's profile: chooser, new profile, daily new-item limit, export and import.

    An import is validated in full first; when anything is wrong the problems are listed
    here and nothing is written.
    """

    def __init__(
        self, trainer: Trainer, dialogs: FileDialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__("Profile", parent)
        self._trainer = trainer
        self._dialogs = dialogs
        self.profile_box = QComboBox()
        self.profile_box.setAccessibleName("Profile")
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("Name of a new profile")
        self.new_name.setAccessibleName("Name of a new profile")
        self.add_button = QPushButton("Add")
        self.new_per_day = QSpinBox()
        self.new_per_day.setRange(0, MAX_NEW_PER_DAY)
        self.new_per_day.setKeyboardTracking(False)
        self.new_per_day.setAccessibleName("New items a day")
        self.export_button = QPushButton("Export progress…")
        self.import_button = QPushButton("Import progress…")
        self.restore_button = QPushButton("Restore from backup…")
        self.restore_button.setToolTip("Put back the progress as it was on the day of a daily "
                                       "backup; the progress file of now is kept beside it")
        self.status = plain_label()  # quotes profile and file names
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems = QPlainTextEdit()
        self.problems.setReadOnly(True)
        self.problems.setAccessibleName("Problems in the imported file")
        self.problems.setMaximumHeight(120)
        self.problems.hide()

        adding = QHBoxLayout()
        adding.addWidget(self.new_name, 1)
        adding.addWidget(self.add_button)
        files = QHBoxLayout()
        files.addWidget(self.export_button)
        files.addWidget(self.import_button)
        restoring = QHBoxLayout()
        restoring.addWidget(self.restore_button)
        restoring.addStretch(1)
        form = QFormLayout()
        form.addRow("&Learner", self.profile_box)
        form.addRow("", adding)
        form.addRow("New items a &day", self.new_per_day)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(files)
        layout.addLayout(restoring)
        layout.addWidget(self.status)
        layout.addWidget(self.problems)

        self.profile_box.currentIndexChanged.connect(self._on_chosen)
        self.add_button.clicked.connect(self.add_profile)
        self.new_name.returnPressed.connect(self.add_profile)
        self.new_per_day.valueChanged.connect(self._on_new_per_day)
        self.export_button.clicked.connect(self.export_progress)
        self.import_button.clicked.connect(self.import_progress)
        self.restore_button.clicked.connect(self.restore_backup)
        trainer.profile_changed.connect(lambda _id: self.refresh())

    def refresh(self) -> None:
        """Show the stored profiles and the current one's settings."""
        if not self._trainer.is_ready:
            return
        store = self._trainer.store
        current = self._trainer.profile
        with QSignalBlocker(self.profile_box):
            self.profile_box.clear()
            for profile in store.profiles():
                self.profile_box.addItem(profile.name, profile.id)
            self.profile_box.setCurrentIndex(self.profile_box.findData(current.id))
        with QSignalBlocker(self.new_per_day):
            self.new_per_day.setValue(current.new_per_day)

    def _on_chosen(self, index: int) -> None:
        if index >= 0:
            self._trainer.choose_profile(self.profile_box.itemData(index))

    def add_profile(self) -> None:
        """Create a profile with the name typed, and make it the current one."""
        from app.progress import ProgressError

        try:
            profile = self._trainer.store.create_profile(self.new_name.text())
        except ProgressError as exc:
            self._say(str(exc).capitalize() + ".")
            return
        self.new_name.clear()
        self._trainer.choose_profile(profile.id)
        self._say(f"Profile “{profile.name}” created.")

    def _on_new_per_day(self, count: int) -> None:
        self._trainer.store.set_new_per_day(self._trainer.profile_id, count)
        self._trainer.progress_changed.emit()

    def export_progress(self) -> None:
        """Write the current profile's progress to a JSON file the learner names."""
        from quizzes import export_progress

        profile = self._trainer.profile
        path = self._dialogs.save_path(self, "Export progress", _file_name(profile.name),
                                       JSON_FILTER)
        if path is None:
            return
        try:
            export_progress(self._trainer.store, profile.id, path, self._trainer.now())
        except OSError as exc:
            self._say(f"The progress could not be written to {path}: {exc.strerror or exc}.")
            return
        self._say(f"The progress of {profile.name} was saved to {path}.")

    def import_progress(self) -> None:
        """Read a JSON export as a new profile; list every problem and write nothing if any."""
        from app.progress import ImportProblem, ProgressError
        from quizzes import import_progress

        path = self._dialogs.open_path(self, "Import progress", JSON_FILTER)
        if path is None:
            return
        try:
            profile = import_progress(self._trainer.store, path, self._trainer.bank)
        except ImportProblem as exc:
            self._say(f"Nothing was imported: {path.name} has {len(exc.problems)} problem(s).",
                      problems=exc.problems)
            return
        except ProgressError as exc:
            self._say(f"Nothing was imported: {exc}")
            return
        self._trainer.choose_profile(profile.id)
        self._trainer.progress_changed.emit()
        self._say(f"Imported as the profile “{profile.name}”.")

    def restore_backup(self) -> None:
        """Put back a daily backup the learner picks; the current file is kept beside it."""
        from app.progress import ProgressError, backups, data_dir

        folder = data_dir(self._trainer.data_dir)
        kept = backups(folder)
        path = self._dialogs.open_backup(self, kept[-1].parent if kept else folder)
        if path is None:
            return
        try:
            previous = self._trainer.restore_backup(path)
        except ProgressError as exc:
            self._say(f"Nothing was restored: {exc}")
            return
        self.refresh()
        self._say(f"Restored the backup {path.name}. The progress file of before is kept as "
                  f"{previous.name} in {folder}.")

    def _say(self, text: str, problems: list[str] | None = None) -> None:
        self.status.setText(text)
        self.problems.setPlainText("\n".join(problems or []))
        self.problems.setVisible(bool(problems))
