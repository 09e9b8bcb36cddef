"""Names from outside (profiles, imported profiles, seats, scenario titles and file names) are
shown as text on every screen: never as rich text that could load an image or restyle a page.

The names carry an <img> tag pointing at a file: rendered as HTML it would be loaded (once,
a huge image froze the app for minutes); shown as text it is just characters.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTextEdit, QWidget
from quiz_support import BANK

from app.corpus.loading import CONTENT_DIR
from app.progress import ProgressStore
from ui.main_window import MainWindow
from ui.no_modal import ModalGuard
from ui.quiz.quiz_screen import PICKER
from ui.quiz.trainer import Trainer
from ui.widgets.html_delegate import HtmlDelegate

MARK = '<img src="cardlaws-hostile'
PROFILE = MARK + '-profile.png" width="4000" height="4000"><b>Eve</b>'
SEAT = MARK + '-seat.png">N'
TITLE = MARK + '-title.png"><i>Hello</i>'
LINK = "<a href='cardlaws-hostile'>Y</a>"  # a live link, were it rendered
# What a hostile name looks like where it reached a rich-text renderer unescaped (Qt writes
# a document's HTML with double quotes).
DANGER = (MARK, "<a href='cardlaws-hostile", '<a href="cardlaws-hostile')


def _raw(text: str) -> bool:
    return any(d in text for d in DANGER)


def rich_offenders(root: QWidget) -> list[str]:
    """Every place under `root` where a hostile name reaches a rich-text renderer unescaped."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        where = f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"
        tip = widget.toolTip()
        if _raw(tip) and GuiQt.mightBeRichText(tip):
            found.append(f"tooltip of {where}: {tip[:80]!r}")
        if isinstance(widget, QLabel):
            text, fmt = widget.text(), widget.textFormat()
            rich = fmt == Qt.TextFormat.RichText or (
                fmt != Qt.TextFormat.PlainText and GuiQt.mightBeRichText(text))
            if _raw(text) and rich:
                found.append(f"{where}: {text[:80]!r}")
        if isinstance(widget, QTextEdit) and _raw(widget.toHtml()):
            found.append(f"{where} (HTML): {widget.toPlainText()[:80]!r}")
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:  # a list model: PySide hides its one column's count
                columns = 1
            for row in range(min(model.rowCount(QModelIndex()), 200)):
                for col in range(columns):
                    index = model.index(row, col)
                    html = isinstance(widget.itemDelegateForIndex(index), HtmlDelegate)
                    value = model.data(index, Qt.ItemDataRole.DisplayRole)
                    if html and isinstance(value, str) and _raw(value):
                        found.append(f"{where} row {row}: {value[:80]!r}")
                    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str) and _raw(tip) and GuiQt.mightBeRichText(tip):
                        found.append(f"{where} row {row} tooltip: {tip[:80]!r}")
    return found


@pytest.fixture
def hostile_data(tmp_path, monkeypatch) -> Path:
    """A progress folder whose only profile has a hostile name, used by the app."""
    folder = tmp_path / "data"
    with ProgressStore.open(folder, keep_backups=0) as store:
        store.create_profile(PROFILE)
    monkeypatch.setenv("CARDLAWS_DATA_DIR", str(folder))
    return folder


def test_a_hostile_profile_name_is_text_on_the_quiz_statistics_and_profile_screens(
    qtbot, window: MainWindow, hostile_data
):
    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)
    window.show_screen("quizzes")
    quiz = window.screen("quizzes")
    qtbot.waitUntil(lambda: quiz.page == PICKER and quiz.settled)
    assert window.trainer.profile.name == PROFILE
    shown = [w for w in quiz.findChildren(QLabel) if "Eve" in w.text()]
    assert shown, "the profile's name is shown somewhere on the quiz screen"
    assert not rich_offenders(window)
    window.show_screen("statistics")
    # The statistics fill on a turn of their own.
    qtbot.waitUntil(lambda: any(
        "Eve" in w.text() for w in window.screen("statistics").findChildren(QLabel)))
    assert not rich_offenders(window)


def test_an_imported_profile_name_is_text_in_the_profile_panel_messages(
    qtbot, window: MainWindow, hostile_data, tmp_path
):
    from quiz_support import FakeDialogs

    from ui.profiles.profile_panel import ProfilePanel

    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)
    window.show_screen("quizzes")
    quiz = window.screen("quizzes")
    qtbot.waitUntil(lambda: quiz.page == PICKER and quiz.settled)
    exported = tmp_path / "eve.json"
    window.trainer.store.export_file(window.trainer.profile_id, exported)
    panel = quiz.findChild(ProfilePanel)
    assert panel is not None
    panel._dialogs = FakeDialogs(open_=exported)
    panel.import_progress()
    assert "Eve" in panel.status.text()
    panel.new_name.setText(TITLE)
    panel.add_profile()
    assert "Hello" in panel.status.text()
    assert not rich_offenders(window)


def test_hostile_seat_names_and_titles_are_text_in_the_builder(qtbot, window, tmp_path):
    source = CONTENT_DIR / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"
    text = source.read_text(encoding="utf-8").replace('"North"', json.dumps(SEAT))
    raw = json.loads(text)
    raw["title"], raw["description"] = TITLE, TITLE
    raw["players"] = [SEAT, "South"]
    path = tmp_path / f"{MARK[1:4]}-scenario.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    builder = window.show_builder()
    with ModalGuard(window) as guard:  # a dialog here would be a failure, not a hang
        opened = builder.open_path(path)
    assert opened and not guard.closed
    qtbot.waitUntil(lambda: any("N" in w.text() for w in builder.findChildren(QLabel)))
    assert not rich_offenders(window)


def test_builder_messages_quoting_a_file_name_are_plain_text(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ui.builder.dialogs import BuilderDialogs

    seen: list[QMessageBox] = []

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(box)
            assert box.textFormat() == Qt.TextFormat.PlainText
            box.reject()

    from PySide6.QtCore import QTimer

    for ask in (
        lambda: BuilderDialogs().error(window, "Cannot open the scenario", TITLE),
        lambda: BuilderDialogs().unsaved_changes(window, TITLE),
    ):
        QTimer.singleShot(50, look)
        with ModalGuard(window):  # should `look` miss it, the test still ends
            ask()
    assert len(seen) == 2



@pytest.mark.parametrize("rehearsal", ["ecarte-failure-to-win.json",
                                       "rubicon-bezique-lead-out-of-turn.json"])
def test_hostile_seat_names_are_text_on_the_rehearse_screen(qtbot, window, tmp_path, rehearsal):
    """Where the deal stands, the table's facts, each seat's label, the cards' and the option
    buttons' tooltips: a seat's name is its characters, and an <a href> is no live link."""
    from app.corpus.laws import Content
    from app.corpus.loading import load_content
    from ui.rehearse.rehearse_screen import RehearseScreen

    source = CONTENT_DIR / "rehearsals" / rehearsal
    raw = json.loads(source.read_text(encoding="utf-8"))
    first, second = raw["start"]["players"]
    text = json.dumps(raw).replace(json.dumps(first), json.dumps(SEAT)).replace(
        json.dumps(second), json.dumps(LINK))
    path = tmp_path / rehearsal
    path.write_text(text, encoding="utf-8")
    content: Content = load_content()
    screen = RehearseScreen(content)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    assert screen.open_path(path), screen.message.text()
    shown = [w.text() for w in screen.findChildren(QLabel)]
    assert any(SEAT in t for t in shown), "the seat's name is shown, as typed"
    for position in range(len(screen.moments)):  # every moment: plays, the mistake, options
        screen.position = position
        screen.refresh()
        assert not rich_offenders(screen), position


def test_hostile_seat_names_are_text_in_the_quiz_table_sketch(qtbot):
    from ui.quiz.table_sketch import TableSketch

    sketch = TableSketch()
    qtbot.addWidget(sketch)
    sketch.show_table({
        "players": [SEAT, LINK], "dealer": SEAT, "scores": {SEAT: 3},
        "hands": {SEAT: ["KD", "8C"], LINK: 8},
        "trick": {"leader": SEAT, "cards": ["10S"]},
        "event": {"type": "lead-out-of-turn", "player": SEAT, "card": "KD"},
    })
    sketch.show()
    shown = [w.text() for w in sketch.findChildren(QLabel)]
    assert SEAT in shown and f"Trick ({SEAT} led)" in shown
    assert not rich_offenders(sketch)


def test_every_screen_shows_the_hostile_names_it_holds_as_text(
    qtbot, window: MainWindow, hostile_data, tmp_path
):
    """A hostile profile in use and a hostile scenario in the builder, then every screen of
    the window in turn (and the welcome page): no name reaches a rich-text renderer."""
    from ui.screens import SCREENS, WELCOME

    window.trainer = Trainer(BANK.content, bank=BANK, parent=window)
    source = CONTENT_DIR / "scenarios" / "rubicon-bezique-surplus-after-first-trick.json"
    raw = json.loads(source.read_text(encoding="utf-8").replace('"North"', json.dumps(SEAT)))
    raw["title"], raw["players"] = TITLE, [SEAT, "South"]
    path = tmp_path / "hostile-scenario.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with ModalGuard(window) as guard:
        assert window.show_builder().open_path(path) and not guard.closed
    shown = []
    for spec in (*SCREENS, WELCOME):
        window.show_screen(spec.name)
        screen = window.screen(spec.name)
        if spec.name == "quizzes":
            qtbot.waitUntil(lambda s=screen: s.page == PICKER and s.settled)
        qtbot.waitUntil(screen.isVisible)
        shown.append(spec.name)
        assert not rich_offenders(window), spec.name
    assert len(shown) == len(SCREENS) + 1
