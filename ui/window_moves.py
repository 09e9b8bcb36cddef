"""How the reader moves about the window: one history across every screen, a law read beside
the screen that cited it, and the help. A mixin of MainWindow (ui/main_window.py), which holds
the screens, the actions and the menus."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication

from app.corpus.loading import content_dir
from ui.links import href, parse
from ui.navigation import SEARCH, Place

if TYPE_CHECKING:
    from ui.help.help_window import HelpWindow
    from ui.law_reader import LawReader


class WindowMoves:
    """Back and Forward over every place visited, the law reader, Ctrl+F and the help.

    Expects of the window: journey, show_screen, screen, browser, compare, glossary,
    show_builder, open_rehearsal, stack, store, content, back_action, forward_action,
    current_screen, _reader, _help.
    """

    _reader: LawReader | None
    _help: HelpWindow | None

    def open_law(self, law_id: str) -> None:
        """Show a law in the browser."""
        self.open_page(href("law", law_id))

    def open_page(self, link: str) -> None:
        """Show a page (law, game, topic) in the browser: one move in the history."""
        with self.journey.restoring():  # the screen change alone is not a place
            self.show_screen("browser")
        self.browser.open(link)

    def open_term(self, term_id: str) -> None:
        """Show a term in the glossary."""
        with self.journey.restoring():
            self.show_screen("glossary")
        self.glossary.show_term(term_id)

    def open_cited(self, link: str) -> None:
        """A law page's example or rehearsal: the example in the builder, the rehearsal on the
        Rehearse screen (a file of the app's own content, named without a folder)."""
        target = parse(link)
        if target is None or Path(target.target).name != target.target:
            return
        if target.kind == "example":
            self.show_builder().open_example(content_dir() / "scenarios" / target.target)
        elif target.kind == "rehearsal":
            self.open_rehearsal(content_dir() / "rehearsals" / target.target)

    def show_search(self, text: str) -> None:
        """Show the results of a search in the browser."""
        with self.journey.restoring():
            self.show_screen("browser")
        self.browser.show_search(text)
        self.record(Place("browser", SEARCH + text))

    def show_law_beside(self, law_id: str) -> None:
        """Open a law beside the screen shown (the builder's table, a quiz) without leaving it;
        its 'Open in the browser' button is one more click."""
        reader = self.reader
        if reader.isHidden() and not reader.isFloating():
            # A window too narrow for the screen and the law side by side: the law floats
            # beside it rather than pushing the window wider than the screen.
            needed = (self.stack.currentWidget().minimumSizeHint().width()
                      + reader.minimumSizeHint().width())
            if needed > self.width():
                reader.setFloating(True)
                reader.resize(max(360, self.width() // 2), self.height() * 3 // 4)
        reader.show_law(law_id)

    @property
    def reader(self) -> LawReader:
        """The law reader docked beside the screens (built on first use)."""
        if self._reader is None:
            from ui.law_reader import LawReader  # not needed before a law is opened beside

            self._reader = LawReader(self.store, self.content, self)
            self._reader.open_in_browser.connect(self._reader_to_browser)
            self._reader.term_requested.connect(self.open_term)
            self._reader.file_requested.connect(self.open_cited)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self._reader)
            self.resizeDocks([self._reader], [max(360, self.width() // 3)],
                             Qt.Orientation.Horizontal)
        return self._reader

    def _reader_to_browser(self, link: str) -> None:
        self.reader.hide()
        self.open_page(link)

    def open_first_example(self) -> None:
        """Open an example table in the builder (the welcome's second door)."""
        examples = sorted((content_dir() / "scenarios").glob("*.json"))
        builder = self.show_builder()
        if examples:
            builder.open_example(examples[0])

    # History across every screen ------------------------------------------------------------

    def record(self, place: Place) -> None:
        """Note a move to a place (ignored while Back or Forward restores one)."""
        self.journey.visit(place)
        self.update_history_actions()

    def go_back(self) -> None:
        """Back to the place before, whatever screen it was on."""
        place = self.journey.back()
        if place is not None:
            self._restore(place)

    def go_forward(self) -> None:
        """Forward again after Back."""
        place = self.journey.forward()
        if place is not None:
            self._restore(place)

    def _restore(self, place: Place) -> None:
        with self.journey.restoring():
            self.show_screen(place.screen)
            if place.target is not None:
                if place.screen == "browser" and place.target.startswith(SEARCH):
                    self.browser.show_search(place.target[len(SEARCH):])
                elif place.screen == "browser":
                    self.browser.open(place.target)
                elif place.screen == "compare":
                    self.compare.show_game(place.target)
                elif place.screen == "glossary":
                    self.glossary.show_term(place.target)
                elif place.screen == "ask":
                    self.screen("ask").go_to(place.target)  # type: ignore[attr-defined]
        self.update_history_actions()

    def update_history_actions(self) -> None:
        """Enable Back and Forward as the history allows."""
        self.back_action.setEnabled(self.journey.can_go_back())
        self.forward_action.setEnabled(self.journey.can_go_forward())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress and watched is self.windowHandle():
            button = event.button()  # type: ignore[attr-defined]
            if button == Qt.MouseButton.BackButton:
                self.go_back()
                return True
            if button == Qt.MouseButton.ForwardButton:
                self.go_forward()
                return True
        return False

    def focus_search(self) -> None:
        """Ctrl+F: find in the page when a page has the focus, else the screen's search box
        (the browser's if the screen has none)."""
        from ui.browser.law_page import LawPage

        focus = QApplication.focusWidget()
        while focus is not None and not isinstance(focus, LawPage):
            focus = focus.parentWidget()
        if isinstance(focus, LawPage) and focus.window() is self:
            focus.find_requested.emit()
            return
        if not hasattr(self.stack.currentWidget(), "focus_search"):
            self.show_screen("browser")
        self.stack.currentWidget().focus_search()  # type: ignore[attr-defined]

    def show_guide_here(self) -> None:
        """F1: the guide at the page of the screen in front."""
        from ui.help.guide import page_for_screen

        self.show_guide(page_for_screen(self.current_screen))

    def show_guide(self, page: str = "browser") -> None:
        """The user guide, at one of its pages ('shortcuts' for the shortcut sheet)."""
        if self._help is None:
            from ui.help.help_window import HelpWindow

            self._help = HelpWindow(self)
        self._help.show_page(page)
        self._help.show()
