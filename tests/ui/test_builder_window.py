"""The builder in the main window: its menus, examples, dropped files, laws and closing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from test_builder_screen import SURPLUS, FakeDialogs

from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.builder.dialogs import Unsaved
from ui.main_window import MainWindow
from ui.settings import UiSettings
from ui.words import game_name

LAW = "rubicon-bezique.english.surplus-after-first-trick"


@pytest.fixture(scope="module")
def shipped() -> tuple[Content, LawsStore]:
    content = load_content()
    return content, LawsStore(content)


@pytest.fixture
def main(qtbot, shipped, tmp_path) -> Iterator[MainWindow]:
    content, store = shipped
    window = MainWindow(store, content, UiSettings.in_file(str(tmp_path / "ui.ini")))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.show_builder().dialogs = FakeDialogs()
    yield window
    window.builder.document.start(window.builder.raw)  # nothing unsaved: closing asks nothing
    window.close()
    # Deleted now, not at some later event loop: later tests count the windows still open.
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _file_menu(window: MainWindow):
    return next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")


def test_the_builder_is_a_screen_of_the_window(main):
    assert main.screen_actions["builder"].shortcut().toString() == "Ctrl+4"
    main.show_screen("browser")
    main.screen_actions["builder"].trigger()
    assert main.current_screen == "builder"


def test_the_file_menu_holds_the_builders_commands(main):
    texts = [a.text() for a in _file_menu(main).actions() if not a.isSeparator()]
    assert texts == ["&New scenario", "&Open scenario…", "Open &recent",
                     "&Save scenario", "Save scenario &as…", "&Export ruling as PDF…",
                     "&Print ruling…", "&Quit"]
    actions = main.builder_actions
    assert actions.save_action.shortcut().toString() == "Ctrl+S"
    assert actions.open_action.shortcut().toString() == "Ctrl+O"


def test_the_examples_menu_lists_titles_grouped_by_game(main):
    menu = main.builder_actions.examples_menu
    main.builder_actions.fill_examples_menu()
    groups = {a.text(): a.menu() for a in menu.actions()}
    assert list(groups)[:2] == [game_name("bezique"), game_name("rubicon-bezique")]
    rubicon = [a.text() for a in groups[game_name("rubicon-bezique")].actions()]
    assert "Ten cards found after the first trick" in rubicon
    main.show_screen("browser")
    next(a for a in groups[game_name("rubicon-bezique")].actions()
         if a.text() == "Ten cards found after the first trick").trigger()
    assert main.current_screen == "builder"
    assert main.builder.raw == json.loads(SURPLUS.read_text(encoding="utf-8"))


def test_a_cited_law_opens_beside_the_table_and_then_in_the_browser(main):
    main.builder.open_example(SURPLUS)
    main.builder.ruling_panel.columns["english"].law_requested.emit(LAW)
    assert main.current_screen == "builder"  # the table is not lost
    assert main.reader.isVisible() and main.reader.current_link == f"law:{LAW}"
    main.reader.browser_button.click()
    assert main.current_screen == "browser"
    assert main.browser.current_page == f"law:{LAW}"
    main.go_back()
    assert main.current_screen == "builder"


def test_a_scenario_dropped_on_the_window_opens_in_the_builder(main):
    main.show_screen("browser")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(SURPLUS))])
    enter = QDragEnterEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(main, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(main, drop)
    assert main.current_screen == "builder"
    assert main.builder.document.path == SURPLUS


def test_a_saved_scenario_is_listed_under_open_recent(main, tmp_path):
    builder = main.builder
    builder.open_example(SURPLUS)
    builder.dialogs.save_answer = tmp_path / "mine.json"
    assert builder.save_as()
    actions = main.builder_actions
    actions.fill_recent_menu()
    first = actions.recent_menu.actions()[0]
    assert first.text() == "&1 mine.json"
    builder.new_scenario()
    first.trigger()
    assert builder.document.path == tmp_path / "mine.json"


def test_closing_with_unsaved_changes_asks_first(qtbot, main):
    builder = main.builder
    builder.set_game("cinch")
    builder.table_view.set_target("South")
    builder.palette.card_widget("QH").click()
    assert builder.document.dirty
    builder.dialogs.unsaved_answer = Unsaved.CANCEL
    main.close()
    assert main.isVisible() and builder.dialogs.asked_unsaved == 1
    builder.dialogs.unsaved_answer = Unsaved.DISCARD
    main.close()
    assert not main.isVisible()
