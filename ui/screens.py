"""The screens of the main window: each one's name, menu title, shortcut and how it is built
(its module imported only then, and while the window is idle beforehand)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ui import theme
from ui.navigation import SEARCH, Place

if TYPE_CHECKING:
    from ui.main_window import MainWindow


@dataclass(frozen=True)
class ScreenSpec:
    """A place in the window: its name, its menu title and how to build it."""

    name: str
    title: str
    shortcut: str
    build: Callable[[MainWindow], QWidget]
    module: str  # what `build` imports: loaded while the window is idle (ui/idle_imports.py)


def _build_ask(window: MainWindow) -> QWidget:
    from ui.ask.ask_screen import AskScreen

    screen = AskScreen(window.content)
    screen.law_requested.connect(window.show_law_beside)  # the interview stays in view
    screen.place_changed.connect(lambda place: window.record(Place("ask", place)))
    screen.refine_requested.connect(window.refine_in_builder)
    theme.follow_zoom(screen.ruling_panel)
    return screen


def _build_browser(window: MainWindow) -> QWidget:
    from ui.browser.browser_screen import BrowserScreen

    screen = BrowserScreen(window.store, window.content)
    screen.term_requested.connect(window.open_term)
    screen.file_requested.connect(window.open_cited)
    screen.page_shown.connect(lambda link: window.record(Place("browser", link)))
    screen.search_left.connect(lambda text: window.record(Place("browser", SEARCH + text)))
    # The lists beside the page grow with it: zoomed text is no use if the laws' names are not.
    for part in (screen.page, screen.tree, screen.results):
        theme.follow_zoom(part)
    return screen


def _build_compare(window: MainWindow) -> QWidget:
    from ui.compare.compare_screen import CompareScreen

    screen = CompareScreen(window.store, window.content, fill_later=True)
    screen.law_requested.connect(window.open_law)
    screen.game_shown.connect(lambda game: window.record(Place("compare", game)))
    return screen


def _build_glossary(window: MainWindow) -> QWidget:
    from ui.glossary.glossary_screen import GlossaryScreen

    screen = GlossaryScreen(window.store, window.content)
    screen.law_requested.connect(window.open_law)
    screen.term_shown.connect(lambda term: window.record(Place("glossary", term)))
    return screen


def _build_builder(window: MainWindow) -> QWidget:
    from ui.builder.builder_screen import BuilderScreen

    screen = BuilderScreen(window.content, recent=window.builder_actions.recent, fill_later=True)
    screen.law_requested.connect(window.show_law_beside)  # the table stays in view
    theme.follow_zoom(screen.ruling_panel)  # the rulings grow with View > Zoom
    window.builder_actions.attach(screen)
    return screen


def _build_quizzes(window: MainWindow) -> QWidget:
    from ui.quiz.quiz_screen import QuizScreen

    screen = QuizScreen(window.trainer)
    screen.law_requested.connect(window.show_law_beside)  # the question stays in view
    for part in (screen.question_view, screen.feedback, screen.exam_view):
        theme.follow_zoom(part)  # questions and answers grow with View > Zoom
    return screen


def _build_statistics(window: MainWindow) -> QWidget:
    from ui.stats.stats_screen import StatsScreen

    screen = StatsScreen(window.trainer)
    screen.law_requested.connect(window.show_law_beside)
    return screen


def _build_welcome(window: MainWindow) -> QWidget:
    from ui.help.welcome import WelcomeScreen

    screen = WelcomeScreen()
    screen.search_requested.connect(window.show_search)
    screen.example_requested.connect(window.open_first_example)
    screen.quiz_requested.connect(lambda: window.show_screen("quizzes"))
    screen.guide_requested.connect(window.show_guide)
    return screen


def _build_rehearse(window: MainWindow) -> QWidget:
    from ui.rehearse.rehearse_screen import RehearseScreen

    screen = RehearseScreen(window.content)
    screen.law_requested.connect(window.show_law_beside)  # the table stays in view
    return screen


# The screens in menu and toolbar order (Ask first: a referee at a table needs it fastest).
# New screens join here.
SCREENS: tuple[ScreenSpec, ...] = (
    ScreenSpec("ask", "&Ask", "Ctrl+K", _build_ask, "ui.ask.ask_screen"),
    ScreenSpec("browser", "&Laws", "Ctrl+1", _build_browser,
               "ui.browser.browser_screen"),
    ScreenSpec("compare", "&Compare codes", "Ctrl+2", _build_compare,
               "ui.compare.compare_screen"),
    ScreenSpec("glossary", "&Glossary", "Ctrl+3", _build_glossary,
               "ui.glossary.glossary_screen"),
    ScreenSpec("builder", "Scenario &builder", "Ctrl+4", _build_builder,
               "ui.builder.builder_screen"),
    ScreenSpec("quizzes", "&Quizzes", "Ctrl+5", _build_quizzes,
               "ui.quiz.quiz_screen"),
    ScreenSpec("statistics", "S&tatistics", "Ctrl+6", _build_statistics,
               "ui.stats.stats_screen"),
    ScreenSpec("rehearse", "&Rehearse a deal", "Ctrl+7", _build_rehearse,
               "ui.rehearse.rehearse_screen"),
)
# Shown when no other screen was saved.
DEFAULT_SCREEN = "browser"
# Shown at the first start and from Help > Welcome; not a place of the View menu.
WELCOME = ScreenSpec("welcome", "&Welcome", "", _build_welcome, "ui.help.welcome")
