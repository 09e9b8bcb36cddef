"""Ask: a guided ruling. Choose the game, say what happened, then answer one question at a
time (only the facts the engine reads); every code's ruling shows as soon as it is decided.

The interview is app/ask/interview.py's (its questions app/ask/questions.py's): this screen shows
its questions and its rulings.
Keyboard first: type to filter, digits choose an answer, Enter takes the one selected,
Backspace goes back a question.

Signals:
    law_requested(str): a cited law was clicked (its id).
    refine_requested(object): "Refine in the builder": the table (a scenario mapping) that
        rules as the interview did, to open in the builder.
    place_changed(str): the game and event asked about ("ecarte/several-trumps-turned"), for
        the window's history.
"""

from __future__ import annotations

from html import escape
from typing import Any

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.ask.answers import UNKNOWN_ANSWER, AnswerError
from app.ask.interview import Interview
from app.ask.questions import Question, match_events, offered_events
from app.ask.tables import table_for
from app.corpus.laws import Content
from app.corpus.vocabulary import CODES
from app.model.games import build_games
from app.table_builder.files import write_scenario_file
from ui.ask.chart_view import ChartPanel
from ui.builder.dialogs import BuilderDialogs
from ui.builder.ruling_panel import RulingPanel
from ui.compat import override
from ui.help.shortcuts import declare

for _keys, _what in (
    ("type", "Filter the events by what happened (\"two cards turned\")"),
    ("1 … 9", "Choose that answer"),
    ("?", "I don't know"),
    ("Enter", "Take the answer (or the event) selected"),
    ("Backspace", "Back one question"),
):
    declare(_keys, _what, "Ask")

KEY_ROLE = Qt.ItemDataRole.UserRole


class ChoiceList(QListWidget):
    """The answers to a question, numbered: digits pick one, Enter takes it, Backspace goes
    back, ? says "I don't know"."""

    chosen = Signal(str)
    back = Signal()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit() and text != "0" and int(text) <= self.count():
            item = self.item(int(text) - 1)
            self.setCurrentItem(item)
            self.chosen.emit(item.data(KEY_ROLE))
            return
        if text == "?":
            self.chosen.emit(UNKNOWN_ANSWER)
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem():
            self.chosen.emit(self.currentItem().data(KEY_ROLE))
            return
        if event.key() == Qt.Key.Key_Backspace:
            self.back.emit()
            return
        super().keyPressEvent(event)


class AskScreen(QWidget):
    """The guided ruling (see the module's docstring)."""

    law_requested = Signal(str)
    place_changed = Signal(str)
    refine_requested = Signal(object)

    def __init__(self, content: Content, parent: QWidget | None = None,
                 dialogs: BuilderDialogs | None = None) -> None:
        super().__init__(parent)
        self.dialogs = dialogs or BuilderDialogs()
        self._content = content
        self._games = build_games(content)
        self.interview: Interview | None = None
        self.question: Question | None = None

        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game")
        for game in sorted(self._games.values(), key=lambda g: g.name):
            self.game_box.addItem(game.name, game.id)
        self.event_filter = QLineEdit()
        self.event_filter.setPlaceholderText(
            "What happened? Type to filter: two cards turned, led out of turn…")
        self.event_filter.setAccessibleName("What happened")
        self.event_filter.setClearButtonEnabled(True)
        self.events = QListWidget()
        self.events.setAccessibleName("Events of the game")
        top = QFormLayout()
        top.addRow("&Game:", self.game_box)
        top.addRow("&What happened:", self.event_filter)

        self.question_label = QLabel()
        self.question_label.setTextFormat(Qt.TextFormat.PlainText)
        self.question_label.setWordWrap(True)
        self.question_label.setAccessibleName("Question")
        font = self.question_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.question_label.setFont(font)
        self.choices = ChoiceList()
        self.choices.setAccessibleName("Answers")
        self.free = QLineEdit()
        self.free.setAccessibleName("Type an answer")
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setObjectName("problem")
        self.asked = QListWidget()
        self.asked.setAccessibleName("Answers given: click one to change it")
        self.asked.setToolTip("Click an answer to go back and change it")
        self.back_button = QPushButton("&Back")
        self.back_button.setAccessibleName("Back one question")
        self.restart_button = QPushButton("Start &again")
        self.refine_button = QPushButton("Refine in the &builder")
        self.refine_button.setToolTip("Open a table that rules the same in the scenario builder")
        self.save_button = QPushButton("&Save as scenario…")
        self.save_button.setToolTip("Write a scenario file that rules the same")
        # Two rows: the interview's own moves, then what to do with the table it amounts to
        # (one row of four is wider than the left side at 800×600).
        buttons = QGridLayout()
        buttons.addWidget(self.back_button, 0, 0)
        buttons.addWidget(self.restart_button, 0, 1)
        buttons.addWidget(self.refine_button, 1, 0)
        buttons.addWidget(self.save_button, 1, 1)
        buttons.setColumnStretch(2, 1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addLayout(top)
        left_layout.addWidget(self.events, 2)
        left_layout.addWidget(self.question_label)
        left_layout.addWidget(self.choices, 3)
        left_layout.addWidget(self.free)
        left_layout.addWidget(self.problem)
        decided = QLabel("Decided by (click to change):")
        left_layout.addWidget(decided)
        left_layout.addWidget(self.asked, 2)
        left_layout.addLayout(buttons)

        self.ruling_panel = RulingPanel(content)
        self.ruling_panel.setAccessibleName("The ruling under each code")
        # Beside the ruling, its chart: every answer's ruling, the path taken marked.
        self.chart_panel = ChartPanel(content, self._games)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.ruling_panel, "Ruling")
        self.tabs.addTab(self.chart_panel, "Chart")
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([440, 840])  # the rulings take the room; the questions are short
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        self.game_box.currentIndexChanged.connect(self._game_chosen)
        self.event_filter.textChanged.connect(self._filter_events)
        self.event_filter.returnPressed.connect(self._take_first_event)
        self.events.itemActivated.connect(self._event_activated)
        self.events.itemClicked.connect(self._event_activated)
        self.choices.chosen.connect(self.answer)
        self.choices.back.connect(self.go_back)
        self.choices.itemClicked.connect(lambda item: self.answer(item.data(KEY_ROLE)))
        self.free.returnPressed.connect(lambda: self.answer(self.free.text()))
        self.asked.itemClicked.connect(self._change_answer)
        self.back_button.clicked.connect(self.go_back)
        self.restart_button.clicked.connect(self.restart)
        self.refine_button.clicked.connect(self.refine)
        self.save_button.clicked.connect(self.save_as)
        self.ruling_panel.law_requested.connect(self.law_requested)
        self._game_chosen()

    # --- choosing the game and the event ---------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game chosen."""
        return str(self.game_box.currentData())

    def choose_game(self, game_id: str) -> None:
        """Choose a game by id."""
        index = self.game_box.findData(game_id)
        if index >= 0:
            self.game_box.setCurrentIndex(index)

    def _game_chosen(self) -> None:
        self.interview = None
        self.chart_panel.clear()
        self._filter_events(self.event_filter.text())
        self._show_question(None)

    def _filter_events(self, typed: str) -> None:
        game = self._games[self.game_id]
        self.events.clear()
        for etype, words in match_events(offered_events(game), typed):
            item = QListWidgetItem(words)
            item.setData(KEY_ROLE, etype)
            self.events.addItem(item)
        if self.events.count():
            self.events.setCurrentRow(0)

    def _take_first_event(self) -> None:
        item = self.events.currentItem()
        if item is not None:
            self.choose_event(item.data(KEY_ROLE))

    def _event_activated(self, item: QListWidgetItem) -> None:
        self.choose_event(item.data(KEY_ROLE))

    def choose_event(self, event: str) -> None:
        """Start the interview for an event of the game chosen."""
        self.interview = Interview(self._games[self.game_id], self._games, self._content, event)
        self.place_changed.emit(f"{self.game_id}/{event}")
        self._advance()
        self.choices.setFocus()

    def restart(self) -> None:
        """Back to choosing what happened."""
        self.interview = None
        self.chart_panel.clear()
        self._show_question(None)
        self.ruling_panel.show_problem("Choose what happened, then answer the questions.")
        self.event_filter.setFocus()

    def go_to(self, place: str) -> None:
        """Open a place of the history: "game/event" starts that interview afresh."""
        game, _, event = place.partition("/")
        self.choose_game(game)
        if event:
            self.choose_event(event)

    # --- the table it amounts to ----------------------------------------------------------
    def table(self) -> dict[str, Any] | None:
        """A scenario that rules as the interview does; None (and said) when none is found."""
        if self.interview is None:
            return None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            raw = table_for(self.interview)
        finally:
            QApplication.restoreOverrideCursor()
        if raw is None:
            self.problem.setText("No table of this game rules as these answers do: change an "
                                 "answer, or lay the table out in the builder.")
        return raw

    def refine(self) -> None:
        """Open a table that rules the same in the builder."""
        raw = self.table()
        if raw is not None:
            self.refine_requested.emit(raw)

    def save_as(self) -> bool:
        """Ask where, and write a scenario file that rules the same."""
        raw = self.table()
        if raw is None:
            return False
        path = self.dialogs.save_path(self, None)
        if path is None:
            return False
        try:
            write_scenario_file(path, raw)
        except OSError as exc:
            self.dialogs.error(self, "Cannot save the scenario", f"{path} was not saved: {exc}")
            return False
        self.problem.setText(f"Saved as {path.name}.")
        return True

    # --- the interview -------------------------------------------------------------------
    def answer(self, typed: str) -> None:
        """Answer the question shown (a choice's value, something typed, or unknown)."""
        if self.interview is None or self.question is None:
            return
        try:
            self.interview.answer(self.question.key, typed)
        except AnswerError as exc:
            self.problem.setText(str(exc))
            return
        self._advance()

    def go_back(self) -> None:
        """Take back the last answer and ask it again."""
        if self.interview is not None and self.interview.order:
            self.interview.back_to(self.interview.order[-1])
            self._advance()

    def _change_answer(self, item: QListWidgetItem) -> None:
        if self.interview is None:
            return
        key = item.data(KEY_ROLE)
        self.interview.back_to((key[0], key[1]))
        self._advance()

    def _advance(self) -> None:
        """Rule on what is known; show the next question, the answers and every ruling."""
        assert self.interview is not None
        self.problem.clear()
        try:
            ruling = self.interview.ruling()
        except KeyError as exc:  # content loaded without some law the engine cites
            self._show_question(None)
            self.ruling_panel.show_problem(
                f"a law this ruling needs is not loaded ({exc.args[0] if exc.args else exc})")
            return
        self._show_question(self.interview.next_question(ruling))
        self.chart_panel.follow(self.interview.game, self.interview.event,
                                self.interview.answers)
        self.refine_button.setEnabled(True)
        self.save_button.setEnabled(True)
        self.asked.clear()
        for given in self.interview.asked():
            item = QListWidgetItem(given.words)
            item.setData(KEY_ROLE, (given.fact, given.seat))
            self.asked.addItem(item)
        # A code's ruling shows once decided; one still waiting on a question is named.
        decided = tuple(r for r in ruling.rulings if not self.interview.waiting(r))
        waiting = [r.code for r in ruling.rulings if self.interview.waiting(r)]
        if decided:
            self.ruling_panel.show_ruling(msgspec.structs.replace(ruling, rulings=decided))
            if waiting:
                names = ", ".join(CODES[c] for c in waiting)
                self.ruling_panel.banner.setText(
                    f"{self.ruling_panel.banner.text()}<br/><i>Still to decide: "
                    f"{escape(names)} (answer the question on the left).</i>")
        else:
            self.ruling_panel.show_problem("Answer the question on the left: each code's "
                                           "ruling shows here as soon as it is decided.")

    def _show_question(self, question: Question | None) -> None:
        self.question = question
        if self.interview is None:
            self.refine_button.setEnabled(False)
            self.save_button.setEnabled(False)
        self.choices.clear()
        self.free.clear()
        asking = question is not None
        self.events.setVisible(self.interview is None)
        if question is None:
            self.question_label.setText("Every code has ruled." if self.interview else
                                        "Choose the game and what happened.")
            self.choices.hide()
            self.free.hide()
            return
        self.question_label.setText(question.words)
        for n, choice in enumerate(question.choices, start=1):
            shown = f"{n}.  {choice.words}" if n <= 9 else f"     {choice.words}"
            item = QListWidgetItem(shown)
            item.setData(KEY_ROLE, choice.value)
            self.choices.addItem(item)
        unknown = QListWidgetItem("?.  I don't know")
        unknown.setData(KEY_ROLE, UNKNOWN_ANSWER)
        self.choices.addItem(unknown)
        self.choices.setCurrentRow(0)
        self.choices.setVisible(asking)
        self.free.setVisible(bool(question.free))
        self.free.setPlaceholderText(f"Or type {question.free}, then Enter")
