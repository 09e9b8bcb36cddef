"""The main window: assembles the screens, the menus and the toolbar, and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QIcon, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from app.corpus.laws import Content
from app.corpus.loading import content_dir
from ui import theme
from ui.builder.builder_actions import BuilderActions
from ui.builder.recent_files import RecentFiles
from ui.compat import override
from ui.desktop import icon_path
from ui.idle_imports import IdleImports
from ui.navigation import Journey, Place
from ui.quiz.trainer import Trainer
from ui.screens import DEFAULT_SCREEN, SCREENS, WELCOME
from ui.settings import UiSettings
from ui.window_moves import WindowMoves

if TYPE_CHECKING:
    from app.search.store import LawsStore
    from ui.browser.browser_screen import BrowserScreen
    from ui.builder.builder_screen import BuilderScreen
    from ui.compare.compare_screen import CompareScreen
    from ui.glossary.glossary_screen import GlossaryScreen
    from ui.help.help_window import HelpWindow
    from ui.law_reader import LawReader

DEFAULT_SIZE = (1280, 800)
# After the window is first shown, this long before the screens' modules load in idle slices.
IDLE_IMPORTS_AFTER_MS = 100

ABOUT = (
    "<h3>Card Laws</h3><p>An offline reference and trainer for the laws of classic card games: "
    "Bézique and Rubicon Bézique, two-handed Pinochle, Cinch, Écarté, Conquian and Auction "
    "Pitch, under their English, French and American codes.</p>"
)


def _wrap_a_viewport() -> None:
    """Have PySide wrap a scroll area's viewport once, in an idle slice of its own.

    The first time PySide wraps a viewport it resolves every widget class of QtWidgets and
    their enums (5-9 ms): the first table a screen shows would pay for it as it opens.
    """
    from PySide6.QtWidgets import QAbstractScrollArea

    area = QAbstractScrollArea()
    area.viewport()
    area.deleteLater()


class MainWindow(WindowMoves, QMainWindow):
    """Screens in a stack, built the first time they are shown; menus and a toolbar.

    Signals:
        screen_changed(str): another screen is now shown (its name).
    """

    screen_changed = Signal(str)

    def __init__(
        self, store: LawsStore, content: Content, ui_settings: UiSettings,
        parent: QWidget | None = None, *, data_dir: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.content = content
        self.ui_settings = ui_settings
        # Progress and questions, prepared when the quiz or statistics screen is first shown.
        self.trainer = Trainer(content, data_dir=data_dir,
                               preferred_profile=ui_settings.last_profile, parent=self)
        self.trainer.profile_changed.connect(self._remember_profile)
        theme.apply(ui_settings.theme)
        theme.set_zoom(ui_settings.zoom)
        self._specs = {spec.name: spec for spec in (*SCREENS, WELCOME)}
        self._built: dict[str, QWidget] = {}
        self._opening: str | None = None  # a screen being built and filled, turn by turn
        self.journey = Journey()
        self._reader: LawReader | None = None
        self._help: HelpWindow | None = None
        self.setWindowTitle("Card Laws")
        self.setWindowIcon(QIcon(str(icon_path())))
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self._make_actions()
        self._make_menus()
        self._make_toolbar()
        if not self.ui_settings.restore_window(self):
            self._default_size()
        last = self.ui_settings.last_screen
        if not self.ui_settings.welcomed:
            self.ui_settings.welcomed = True
            last = WELCOME.name
        self.show_screen(last if last in self._specs else DEFAULT_SCREEN)
        # The mouse's back and forward buttons, wherever they are pressed in the window: watched
        # on the window's own QWindow, which every mouse event passes through first, and not
        # on the application, which would run Python for every event of every widget.
        self.winId()  # the QWindow exists from here on
        handle = self.windowHandle()
        if handle is not None:
            handle.installEventFilter(self)
        # The other screens' modules load while the window is idle, so that opening one
        # builds widgets and imports nothing. The engine's handlers too (the builder's first
        # ruling would import them in one block), and the trainer's, which it imports when
        # the quizzes or the statistics first open (the figure it pays: ui/idle_imports.py).
        self.idle_imports = IdleImports(
            [*(spec.module for spec in (*SCREENS, WELCOME)), "app.engine.handlers.*",
             *Trainer.IMPORTS], self,
            then=self._after_idle_imports)

    def _after_idle_imports(self) -> None:
        # The example files too, in a slice of their own: the Examples menu and the builder's
        # empty table read them (kept until one changes).
        from app.table_builder import examples_by_game

        examples_by_game(self.builder_actions.examples_dir)
        QTimer.singleShot(0, _wrap_a_viewport)

    @override
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.idle_imports.done:
            QTimer.singleShot(IDLE_IMPORTS_AFTER_MS, self.idle_imports.start)

    # Screens ------------------------------------------------------------------------------

    def screen(self, name: str) -> QWidget:
        """The screen of that name, built on first use."""
        if name not in self._built:
            widget = self._specs[name].build(self)
            widget.setObjectName(f"{name}-screen")
            splitter = getattr(widget, "splitter", None)
            if isinstance(splitter, QSplitter):
                self.ui_settings.restore_splitter(name, splitter)
            self._built[name] = widget
            self.stack.addWidget(widget)
        return self._built[name]

    def open_screen(self, name: str) -> None:
        """Bring a screen to the front as its toolbar action does. A screen that fills itself
        apart from building its widgets (`ensure_filled`) is built on this turn of the event
        loop, filled on the next and shown on the one after, so that none of the three holds
        the window for long. A screen asked for meanwhile wins: this one is not shown."""
        self._opening = name
        if name not in self._built and hasattr(self.screen(name), "ensure_filled"):
            QTimer.singleShot(0, lambda: self._go_on_opening(name, fill=True))
            return
        self.show_screen(name)

    def _go_on_opening(self, name: str, fill: bool) -> None:
        if self._opening != name:
            return  # another screen was opened or shown since
        if fill:
            self.screen(name).ensure_filled()  # type: ignore[attr-defined]
            QTimer.singleShot(0, lambda: self._go_on_opening(name, fill=False))
            return
        self.show_screen(name)

    def show_screen(self, name: str) -> None:
        """Bring a screen to the front (a move the history records)."""
        self._opening = None
        widget = self.screen(name)
        fill = getattr(widget, "ensure_filled", None)
        if fill is not None:
            fill()
        self.stack.setCurrentWidget(widget)
        if name in self.screen_actions:
            self.screen_actions[name].setChecked(True)
        else:
            for action in self.screen_actions.values():
                action.setChecked(False)
        self.record(Place(name, self._target_of(name)))
        self.screen_changed.emit(name)

    def _target_of(self, name: str) -> str | None:
        # What a screen shows, for the history: a page, a compared game, a term.
        widget = self._built.get(name)
        if name == "browser":
            return widget.current_page if widget is not None else None  # type: ignore[attr-defined]
        if name == "compare":
            return widget.game if widget is not None else None  # type: ignore[attr-defined]
        if name == "glossary":
            return widget.current_term if widget is not None else None  # type: ignore[attr-defined]
        return None

    @property
    def current_screen(self) -> str:
        """The name of the screen in front."""
        return next(n for n, w in self._built.items() if w is self.stack.currentWidget())

    @property
    def browser(self) -> BrowserScreen:
        """The rules browser screen."""
        return self.screen("browser")  # type: ignore[return-value]

    @property
    def compare(self) -> CompareScreen:
        """The compare screen."""
        return self.screen("compare")  # type: ignore[return-value]

    @property
    def glossary(self) -> GlossaryScreen:
        """The glossary screen."""
        return self.screen("glossary")  # type: ignore[return-value]

    @property
    def builder(self) -> BuilderScreen:
        """The scenario builder screen."""
        screen: BuilderScreen = self.screen("builder")  # type: ignore[assignment]
        screen.ensure_filled()  # whoever asks for the builder sees its table
        return screen

    def show_builder(self) -> BuilderScreen:
        """Bring the scenario builder to the front (its menu commands act on it)."""
        self.show_screen("builder")
        return self.builder

    # Navigation between screens -------------------------------------------------------------

    def rehearse_builder_table(self) -> None:
        """Rehearse the table laid out in the builder, its event ready to happen."""
        raw = self.builder.raw if "builder" in self._built else None
        self.show_screen("rehearse")
        if raw is not None:
            screen = self.screen("rehearse")
            screen.rehearse_table(raw, str(raw.get("title") or "The builder's table"))  # type: ignore[attr-defined]

    def refine_in_builder(self, raw: dict[str, Any]) -> None:
        """Open a table from Ask in the builder (after asking about unsaved changes there)."""
        builder = self.show_builder()
        builder.open_table(raw, str(raw.get("title") or "A table from Ask"))

    def open_rehearsal(self, path: Path) -> None:
        """Open a rehearsal file (an example from the Examples menu) on the rehearse screen."""
        self.show_screen("rehearse")
        self.screen("rehearse").open_path(path)  # type: ignore[attr-defined]

    # View -----------------------------------------------------------------------------------

    def set_scheme(self, choice: str) -> None:
        """Use the light or dark colours, or follow the system's; remembered between runs."""
        theme.apply(choice)
        self.scheme_actions[choice].setChecked(True)
        self.ui_settings.theme = choice

    def zoom_to(self, steps: int) -> None:
        """Set the size of reading text (law pages, rulings, quizzes); remembered."""
        self.ui_settings.zoom = theme.set_zoom(steps)

    def zoom_by(self, steps: int) -> None:
        """Make reading text larger (positive steps) or smaller."""
        self.zoom_to(theme.zoom() + steps)

    # Building -----------------------------------------------------------------------------

    def _action(self, text: str, shortcut: str, slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _make_actions(self) -> None:
        self.quit_action = self._action("&Quit", "Ctrl+Q", self.close)
        self.back_action = self._action("&Back", "Alt+Left", self.go_back)
        self.back_action.setIconText("← Back")
        self.back_action.setEnabled(False)
        self.forward_action = self._action("&Forward", "Alt+Right", self.go_forward)
        self.forward_action.setIconText("Forward →")
        self.forward_action.setEnabled(False)
        self.search_action = self._action("&Search", "Ctrl+F", self.focus_search)
        self.zoom_in_action = self._action("Zoom &in", "Ctrl+=", lambda: self.zoom_by(1))
        self.zoom_in_action.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.zoom_out_action = self._action("Zoom &out", "Ctrl+-", lambda: self.zoom_by(-1))
        self.zoom_reset_action = self._action("&Actual size", "Ctrl+0", lambda: self.zoom_to(0))
        schemes = QActionGroup(self)
        self.scheme_actions: dict[str, QAction] = {}
        for choice, title in (("system", "&System colours"), ("light", "&Light"),
                              ("dark", "&Dark")):
            action = QAction(title, self, checkable=True)
            action.setChecked(choice == theme.mode())
            action.triggered.connect(lambda _=False, c=choice: self.set_scheme(c))
            schemes.addAction(action)
            self.scheme_actions[choice] = action
        self.about_action = self._action("&About Card Laws", "", self._show_about)
        self.guide_action = self._action("&User guide", "F1", self.show_guide_here)
        self.shortcuts_action = self._action("&Keyboard shortcuts", "Ctrl+/",
                                             lambda: self.show_guide("shortcuts"))
        self.welcome_action = self._action("&Welcome", "",
                                           lambda: self.show_screen(WELCOME.name))
        self.builder_actions = BuilderActions(
            self, self.show_builder, lambda: self._built.get("builder"),  # type: ignore[arg-type]
            content_dir() / "scenarios", self._recent_files())
        self.builder_actions.rehearsal_opener = self.open_rehearsal
        self.rehearse_table_action = self._action(
            "Rehearse the builder's &table", "Ctrl+R", self.rehearse_builder_table)
        group = QActionGroup(self)
        self.screen_actions: dict[str, QAction] = {}
        for spec in SCREENS:
            action = self._action(spec.title, spec.shortcut,
                                  lambda _=False, name=spec.name: self.open_screen(name))
            action.setCheckable(True)
            group.addAction(action)
            self.screen_actions[spec.name] = action

    def _make_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.builder_actions.populate_file_menu(file_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.builder_actions.populate_edit_menu(bar.addMenu("&Edit"))
        bar.addMenu(self.builder_actions.examples_menu)
        go = bar.addMenu("&Go")
        for action in (self.back_action, self.forward_action, self.search_action):
            go.addAction(action)
        view = bar.addMenu("&View")
        for action in self.screen_actions.values():
            view.addAction(action)
        view.addSeparator()
        view.addAction(self.rehearse_table_action)
        view.addSeparator()
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            view.addAction(action)
        scheme_menu = view.addMenu("&Colours")
        for action in self.scheme_actions.values():
            scheme_menu.addAction(action)
        help_menu = bar.addMenu("&Help")
        for action in (self.welcome_action, self.guide_action, self.shortcuts_action):
            help_menu.addAction(action)
        # The quiz's keys (ui/quiz/study_keys.py keeps the list).
        self.quiz_keys_action = self._action("&Quiz keyboard shortcuts", "", self._show_quiz_keys)
        help_menu.addAction(self.quiz_keys_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _make_toolbar(self) -> None:
        toolbar = QToolBar("Navigation")
        toolbar.setObjectName("navigation-toolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.addAction(self.back_action)
        toolbar.addAction(self.forward_action)
        toolbar.addSeparator()
        for action in self.screen_actions.values():
            toolbar.addAction(action)
        self.addToolBar(toolbar)

    def _default_size(self) -> None:
        # First start: a comfortable window on the screen it opens on, not Qt's minimal one.
        screen = QMainWindow.screen(self).availableGeometry()
        width = min(DEFAULT_SIZE[0], int(screen.width() * 0.9))
        height = min(DEFAULT_SIZE[1], int(screen.height() * 0.9))
        self.resize(width, height)
        self.move(screen.x() + (screen.width() - width) // 2,
                  screen.y() + (screen.height() - height) // 2)

    def _recent_files(self) -> RecentFiles:
        # Kept with the rest of the window's settings (a --settings file, or the user's own).
        qsettings = self.ui_settings.qsettings
        return RecentFiles(qsettings) if qsettings is not None else RecentFiles()

    def _remember_profile(self, profile_id: int) -> None:
        self.ui_settings.last_profile = profile_id

    def _show_about(self) -> None:
        QMessageBox.about(self, "About Card Laws", ABOUT)

    def _show_quiz_keys(self) -> None:
        from ui.quiz.study_keys import shortcuts_html

        QMessageBox.information(self, "Quiz keyboard shortcuts", shortcuts_html())

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.builder_actions.may_close():
            event.ignore()
            return
        self.ui_settings.save_window(self)
        if self.current_screen in self.screen_actions:
            self.ui_settings.last_screen = self.current_screen
        for name, widget in self._built.items():
            splitter = getattr(widget, "splitter", None)
            if isinstance(splitter, QSplitter):
                self.ui_settings.save_splitter(name, splitter)
        self.ui_settings.sync()
        super().closeEvent(event)
