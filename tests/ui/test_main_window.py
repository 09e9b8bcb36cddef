"""The main window: screens, menus, shortcuts, cross-screen links and saved state."""

from __future__ import annotations

from helpers import after_turns, click_link
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication

from ui.main_window import SCREENS, MainWindow
from ui.screens import DEFAULT_SCREEN
from ui.settings import UiSettings

SURPLUS_EN = "rubicon-bezique.english.surplus-after-first-trick"


def _shortcut(window: MainWindow, action_name: str) -> str:
    return getattr(window, action_name).shortcut().toString()


def test_menus_hold_the_commands_with_their_shortcuts(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Edit", "E&xamples", "&Go", "&View", "&Help"]
    assert _shortcut(window, "quit_action") == "Ctrl+Q"
    assert _shortcut(window, "back_action") == "Alt+Left"
    assert _shortcut(window, "forward_action") == "Alt+Right"
    assert _shortcut(window, "search_action") == "Ctrl+F"


def test_the_browser_is_shown_first_and_other_screens_are_built_when_needed(window):
    assert window.current_screen == "browser"
    assert window.stack.count() == 1
    window.show_screen("glossary")
    assert window.stack.count() == 2


def test_the_view_menu_switches_screens(qtbot, window):
    # A screen that fills itself is built, filled and shown on three turns of the event loop.
    window.screen_actions["compare"].trigger()
    qtbot.waitUntil(lambda: window.current_screen == "compare")
    assert window.screen_actions["compare"].isChecked()
    assert window.compare.model.rowCount() > 0  # filled before it was shown


def test_a_screen_asked_for_while_another_is_being_opened_wins(qtbot, window):
    window.screen_actions["compare"].trigger()  # built now, filled and shown later...
    window.screen_actions["glossary"].trigger()  # ...unless another is asked for first
    after_turns(qtbot, 3)  # the turns on which the compare screen would have been shown
    assert window.current_screen == "glossary"
    assert window.screen_actions["glossary"].isChecked()
    assert not window.screen_actions["compare"].isChecked()
    window.screen_actions["compare"].trigger()  # built already: filled and shown at once
    assert window.current_screen == "compare"
    assert window.compare.model.rowCount() > 0


def test_ctrl_f_focuses_the_search_box(qtbot, window):
    window.show_screen("builder")
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.browser.search_box)
    assert window.current_screen == "browser"


def test_alt_left_and_alt_right_walk_the_history(qtbot, window):
    window.browser.show_law(SURPLUS_EN)
    window.browser.open("game:ecarte")
    assert window.back_action.isEnabled() and not window.forward_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.browser.current_page == f"law:{SURPLUS_EN}"
    assert window.forward_action.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.browser.current_page == "game:ecarte"


def test_a_compare_cell_opens_the_law_in_the_browser(window):
    window.show_screen("compare")
    window.compare.law_requested.emit(SURPLUS_EN)
    assert window.current_screen == "browser"
    assert window.browser.current_page == f"law:{SURPLUS_EN}"


def test_a_term_on_a_law_page_opens_the_glossary(qtbot, window):
    window.browser.show_law(SURPLUS_EN)
    click_link(qtbot, window.browser.page, "term:talon")
    assert window.current_screen == "glossary"
    assert "undealt cards" in window.glossary.page.toPlainText()


def test_a_law_in_the_glossary_opens_in_the_browser(qtbot, window):
    window.open_term("talon")
    click_link(qtbot, window.glossary.page, "law:rubicon-bezique.french.forgot-to-draw")
    assert window.browser.current_page == "law:rubicon-bezique.french.forgot-to-draw"


def test_geometry_last_screen_and_splitters_are_restored(qtbot, store, content, tmp_path):
    path = str(tmp_path / "state.ini")
    UiSettings.in_file(path).welcomed = True
    first = MainWindow(store, content, UiSettings.in_file(path))
    qtbot.addWidget(first)
    first.resize(730, 520)
    first.show()
    qtbot.waitExposed(first)
    first.browser.splitter.setSizes([200, 500])
    sizes = first.browser.splitter.sizes()
    first.show_screen("glossary")
    first.close()

    second = MainWindow(store, content, UiSettings.in_file(path))
    qtbot.addWidget(second)
    assert second.size() == QSize(730, 520)
    assert second.current_screen == "glossary"
    second.resize(730, 520)
    second.show()
    qtbot.waitExposed(second)
    second.show_screen("browser")
    assert second.browser.splitter.sizes() == sizes


def test_a_fresh_settings_file_opens_on_the_welcome_then_the_laws(
        qtbot, store, content, tmp_path):
    path = str(tmp_path / "new.ini")
    win = MainWindow(store, content, UiSettings.in_file(path))
    qtbot.addWidget(win)
    assert win.current_screen == "welcome"
    win.ui_settings.sync()
    again = MainWindow(store, content, UiSettings.in_file(path))
    qtbot.addWidget(again)
    assert again.current_screen == DEFAULT_SCREEN == "browser"


def test_the_window_does_not_render_blank(window):
    window.browser.show_law(SURPLUS_EN)
    image = window.grab().toImage()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 5


def test_the_app_font_is_real(qapp):
    from PySide6.QtGui import QFontInfo

    assert QFontInfo(qapp.font()).family() != ""


def test_the_first_start_opens_a_comfortable_window(qtbot, store, content):
    from PySide6.QtWidgets import QMainWindow

    from ui.main_window import MainWindow
    from ui.settings import UiSettings

    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    available = QMainWindow.screen(window).availableGeometry()
    assert window.width() >= min(1000, int(available.width() * 0.9))
    assert window.height() >= min(600, int(available.height() * 0.9))


def test_each_screen_names_the_module_its_widget_comes_from(window):
    # The window loads these modules while idle: a wrong name would load the wrong thing
    # and leave the screen's own import to its first opening.
    for spec in SCREENS:
        assert type(window.screen(spec.name)).__module__ == spec.module, spec.name


def test_the_screens_modules_load_while_the_window_is_idle(qtbot, window):
    import sys

    qtbot.waitUntil(lambda: window.idle_imports.done)
    assert all(spec.module in sys.modules for spec in SCREENS)


def test_ctrl_f_in_the_glossary_searches_the_glossary(qtbot, window):
    # The shortcut sheet says Ctrl+F searches the glossary there: it had jumped to the laws.
    window.show_screen("glossary")
    glossary = window.screen("glossary")
    glossary.terms.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.current_screen == "glossary"
    qtbot.waitUntil(lambda: QApplication.focusWidget() is glossary.search_box)
    qtbot.keyClicks(glossary.search_box, "pioche")
    qtbot.waitUntil(lambda: glossary.model.rowCount() == 1)
