"""Profiles: choose and create, the daily new-item limit, export and import of progress."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from quiz_support import BANK, Clock, FakeDialogs, find_question, ready_trainer, wrong

from quizzes import Session
from ui.profiles.profile_panel import ProfilePanel
from ui.quiz.trainer import DEFAULT_PROFILE, Trainer


@pytest.fixture
def trainer(qtbot, tmp_path) -> Iterator[Trainer]:
    trainer = ready_trainer(qtbot, tmp_path / "data", Clock())
    yield trainer
    trainer.close()


@pytest.fixture
def dialogs(tmp_path) -> FakeDialogs:
    return FakeDialogs(save=tmp_path / "export.json", open_=tmp_path / "export.json")


@pytest.fixture
def panel(qtbot, trainer, dialogs) -> ProfilePanel:
    widget = ProfilePanel(trainer, dialogs)
    qtbot.addWidget(widget)
    widget.show()
    widget.refresh()
    return widget


def _answer_one(trainer: Trainer) -> None:
    session = Session(trainer.store, trainer.profile_id, BANK, scheduling=trainer.scheduling)
    question = find_question(lambda q: True, ["law"])
    session.answer(question, wrong(question), 4000)


def _click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_first_profile_is_made_so_the_learner_can_start_at_once(panel, trainer):
    assert [p.name for p in trainer.store.profiles()] == [DEFAULT_PROFILE]
    assert panel.profile_box.currentText() == DEFAULT_PROFILE


def test_a_new_profile_is_created_and_chosen(qtbot, panel, trainer):
    qtbot.keyClicks(panel.new_name, "Ann")
    _click(qtbot, panel.add_button)
    assert trainer.profile.name == "Ann"
    assert panel.profile_box.currentText() == "Ann"
    assert [panel.profile_box.itemText(i) for i in range(panel.profile_box.count())] == [
        DEFAULT_PROFILE, "Ann"]


def test_a_taken_name_is_refused_in_plain_words(qtbot, panel, trainer):
    qtbot.keyClicks(panel.new_name, DEFAULT_PROFILE)
    _click(qtbot, panel.add_button)
    assert "already a profile" in panel.status.text()
    assert len(trainer.store.profiles()) == 1


def test_choosing_a_profile_in_the_list_makes_it_current(qtbot, panel, trainer):
    other = trainer.store.create_profile("Bob")
    panel.refresh()
    with qtbot.waitSignal(trainer.profile_changed):
        panel.profile_box.setCurrentIndex(panel.profile_box.findData(other.id))
    assert trainer.profile_id == other.id


def test_the_daily_new_item_limit_is_stored(panel, trainer):
    panel.new_per_day.setValue(7)
    assert trainer.store.profile(trainer.profile_id).new_per_day == 7


def test_export_then_import_makes_a_second_profile_with_the_same_answers(
        qtbot, panel, trainer, tmp_path):
    _answer_one(trainer)
    _click(qtbot, panel.export_button)
    exported = json.loads((tmp_path / "export.json").read_text(encoding="utf-8"))
    assert exported["format"] == "cardlaws-progress" and len(exported["attempts"]) == 1
    _click(qtbot, panel.import_button)
    assert trainer.profile.name == f"{DEFAULT_PROFILE} (2)"
    assert trainer.store.attempt_count(trainer.profile_id) == 1
    assert panel.problems.isHidden()


def test_a_malformed_import_lists_its_problems_and_writes_nothing(
        qtbot, panel, trainer, tmp_path):
    _answer_one(trainer)
    _click(qtbot, panel.export_button)
    path = tmp_path / "export.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["attempts"][0]["correct"] = "yes"
    data["cards"][0]["due"] = "not a time"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = (len(trainer.store.profiles()), trainer.store.attempt_count())

    _click(qtbot, panel.import_button)

    assert panel.problems.isVisible()
    problems = panel.problems.toPlainText()
    assert "attempts[0].correct" in problems and "cards[0].due" in problems
    assert "Nothing was imported" in panel.status.text()
    assert (len(trainer.store.profiles()), trainer.store.attempt_count()) == before


def test_a_file_that_is_not_json_is_refused(qtbot, panel, trainer, tmp_path):
    (tmp_path / "export.json").write_text("{ not json", encoding="utf-8")
    _click(qtbot, panel.import_button)
    assert "not valid JSON" in panel.problems.toPlainText()
    assert len(trainer.store.profiles()) == 1


def test_cancelling_the_file_dialog_does_nothing(qtbot, trainer):
    panel = ProfilePanel(trainer, FakeDialogs())
    qtbot.addWidget(panel)
    panel.refresh()
    _click(qtbot, panel.import_button)
    _click(qtbot, panel.export_button)
    assert panel.status.text() == ""


def test_restore_from_backup_puts_back_the_days_progress_and_keeps_the_current_file(
    qtbot, panel, trainer, dialogs, tmp_path
):
    from datetime import UTC, datetime

    from app.progress import backups

    _answer_one(trainer)
    assert trainer.store.backup(datetime(2024, 5, 1, tzinfo=UTC)) is not None
    # The day's own backup (made on opening, on a worker thread) may lie beside it.
    (backup,) = [b for b in backups(tmp_path / "data") if "2024-05-01" in b.name]
    _answer_one(trainer)
    _answer_one(trainer)
    assert trainer.store.attempt_count(trainer.profile_id) == 3
    dialogs.open = backup
    with qtbot.waitSignal(trainer.progress_changed):
        _click(qtbot, panel.restore_button)
    assert dialogs.asked[-1] == f"backup in {backup.parent}"
    assert trainer.store.attempt_count(trainer.profile_id) == 1
    words = panel.status.text()
    assert words.startswith(f"Restored the backup {backup.name}.")
    (kept,) = (tmp_path / "data").glob("progress.sqlite.before-restore-*")
    assert kept.name in words


def test_a_file_that_is_not_a_backup_is_refused_and_nothing_changes(
    qtbot, panel, trainer, dialogs, tmp_path
):
    _answer_one(trainer)
    bogus = tmp_path / "progress-2024-05-01.sqlite"
    bogus.write_bytes(b"not a database" * 100)
    dialogs.open = bogus
    _click(qtbot, panel.restore_button)
    assert panel.status.text().startswith("Nothing was restored:")
    assert trainer.store.attempt_count(trainer.profile_id) == 1
