"""Rehearse a deal: play it forward, make a mistake happen, see it ruled under every code in
force, choose the innocent side's option and see the remedy applied, step back and branch.

The screen adapts app/rehearsal: every table it shows is a `Moment` the core computed, every
ruling comes from the engine; a click only chooses the next step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.cards import Card
from app.corpus.laws import Content
from app.model.games import build_games
from app.rehearsal import document
from app.rehearsal.melds import meld_options
from app.rehearsal.play import RehearsalError, count_points, facts, legal_cards, settle_draws
from app.rehearsal.record import record_html
from app.rehearsal.session import Moment, Rehearser, Start, Step
from ui.builder.ruling_panel import RulingPanel
from ui.rehearse.controls import DeclareRow, MistakeForm
from ui.rehearse.options_box import OptionsBox
from ui.rehearse.ruling_side import ruling_side
from ui.rehearse.table_panel import TablePanel
from ui.rehearse.timeline_panel import TimelinePanel
from ui.threads import start_worker

SUFFIX = ".rehearsal.json"



class _Relay(QObject):
    """Carries a rehearsal read on a worker thread back to the screen (a queued signal)."""

    read = Signal(object, object)  # the path; (rehearsal, timelines) or RehearsalFileError


class RehearseScreen(QWidget):
    """The rehearsal screen.

    Signals:
        law_requested(str): a cited law was clicked (its id).
        title_changed(str): the rehearsal's name changed (file or example title).
    """

    law_requested = Signal(str)
    title_changed = Signal(str)
    opened = Signal(str)  # a file opened in the background is shown, or refused (its path)

    def __init__(self, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._relay = _Relay(self)
        self._relay.read.connect(self._read_in_background)
        self.content = content
        self.games = build_games(content)
        self.rehearser = Rehearser(self.games, content)
        self.path: Path | None = None
        self.rehearsal: document.Rehearsal | None = None
        self.branch = 0
        self.moments: list[Moment] = []
        self.position = 0
        self._chosen: list[Card] = []

        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game to deal")
        for gid, game in sorted(self.games.items(), key=lambda kv: kv[1].name):
            if game.facts.play is not None:
                self.game_box.addItem(game.name, gid)
        deal_button = QPushButton("&Deal")
        deal_button.setToolTip("Deal a new hand of the chosen game at random")
        deal_button.clicked.connect(lambda: self.new_deal(self.game_box.currentData()))
        open_button = QPushButton("&Open…")
        open_button.clicked.connect(self.open_dialog)
        save_button = QPushButton("&Save…")
        save_button.clicked.connect(self.save_dialog)
        export_button = QPushButton("Export &PDF…")
        export_button.clicked.connect(self.export_dialog)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.game_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.game_box.setMinimumContentsLength(22)
        top = QHBoxLayout()
        top.addWidget(QLabel("Game:"))
        top.addWidget(self.game_box)
        top.addWidget(deal_button)
        top.addStretch(1)
        for b in (open_button, save_button, export_button):
            top.addWidget(b)

        self.table = TablePanel()
        self.table.card_clicked.connect(self._card_clicked)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setAccessibleName("Message")

        self.wrong_button = QPushButton("Something &went wrong…")
        self.wrong_button.setCheckable(True)
        self.wrong_button.setToolTip("Make an irregularity happen at the table and have it ruled")
        self.wrong_box = MistakeForm()
        self.event_form = self.wrong_box.event_form
        self.wrong_box.rule_requested.connect(self.make_mistake)
        self.wrong_box.hide()
        self.wrong_button.toggled.connect(self._toggle_wrong)

        self.declare_row = DeclareRow()
        self.declare_row.declared.connect(self.declare)
        self.turn_button = QPushButton("&Turn a card")
        self.turn_button.clicked.connect(lambda: self.act(Step("turn", {"player": self._mover()})))
        self.meld_button = QPushButton("&Meld the chosen cards")
        self.meld_button.clicked.connect(self.meld)
        self.pass_button = QPushButton("P&ass")
        self.pass_button.clicked.connect(lambda: self.act(Step("pass", {"player": self._mover()})))
        self.redeal_button = QPushButton("Deal &again")
        self.redeal_button.setToolTip("The deal is over: the next deal, by the next dealer")
        self.redeal_button.clicked.connect(self.deal_again)
        actions = QHBoxLayout()
        actions.addWidget(self.wrong_button)
        for w in (self.declare_row, self.turn_button, self.meld_button, self.pass_button,
                  self.redeal_button):
            actions.addWidget(w)
        actions.addStretch(1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.table)
        left_layout.addWidget(self.message)
        left_layout.addLayout(actions)
        left_layout.addWidget(self.wrong_box)
        left_layout.addStretch(1)
        left_scroll = QScrollArea()
        left_scroll.setWidgetResizable(True)
        left_scroll.setWidget(left)

        self.rulings = RulingPanel(content)
        self.rulings.law_requested.connect(self.law_requested)
        self.options = OptionsBox()
        self.options.chosen.connect(self.choose)
        self.timeline = TimelinePanel()
        self.timeline.moment_chosen.connect(self.show_position)
        self.timeline.branch_chosen.connect(self.show_branch)
        self.timeline.compare_asked.connect(self.compare)
        right, self.guide = ruling_side(self.rulings, self.options, self.timeline)

        self.splitter = QSplitter()
        self.splitter.addWidget(left_scroll)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.title)
        layout.addWidget(self.splitter, 1)
        if self.game_box.count():
            self.new_deal(self.game_box.currentData())
        else:
            # Content whose games declare no [play] table (a club's own laws, say).
            self.message.setText("None of these games says how its hands are played (a [play] "
                                 "table in its games file), so none can be rehearsed.")
            for w in (deal_button, save_button, export_button, self.wrong_button):
                w.setEnabled(False)
            for w in (self.declare_row, self.turn_button, self.meld_button, self.pass_button,
                      self.redeal_button, self.rulings, self.options):
                w.hide()

    # --- starting ------------------------------------------------------------------------
    def new_deal(self, game: str, seed: int | None = None) -> None:
        """A random deal of the game, with its usual seats; a fresh rehearsal."""
        seats = self.games[game].default_seats()
        seed = seed if seed is not None else random.randrange(1, 2**31 - 1)
        name = f"{self.games[game].name}, deal {seed}"
        self.start(Start(game, tuple(seats), seats[-1], seed, title=name))

    def rehearse_table(self, raw: Mapping[str, Any], title: str = "") -> bool:
        """Start from a scenario's table (the builder, an example): its event is set in the
        form, ready to be made to happen. False, with the reason shown, if it cannot be."""
        try:
            start = self.rehearser.start_from_table(raw, seed=1, title=title or "A table")
            self.start(start)
        except RehearsalError as exc:
            self.message.setText(f"This table cannot be rehearsed: {exc}")
            return False
        event = raw.get("event")
        if isinstance(event, Mapping):
            self.wrong_button.setChecked(True)
            self._show_event_form(dict(event))
        return True

    def start(self, start: Start, path: Path | None = None) -> None:
        """Begin a rehearsal (RehearsalError if the start is impossible)."""
        first = self.rehearser.first(start)
        self.rehearsal = document.Rehearsal(start)
        self.branch, self.moments, self.position = 0, [first], 0
        self.path = path
        self._game_chosen(start.game)
        self.title_changed.emit(start.title)
        self.wrong_button.setChecked(False)
        self.refresh()

    def _game_chosen(self, game: str) -> None:
        """Show the game in the list, and offer its declarations."""
        index = self.game_box.findData(game)
        if index >= 0:
            self.game_box.setCurrentIndex(index)
        self.declare_row.set_game(self.games.get(game))

    # --- acting --------------------------------------------------------------------------
    @property
    def moment(self) -> Moment:
        """The moment shown."""
        return self.moments[self.position]

    def _mover(self) -> str:
        return self.moment.state.to_move

    def act(self, step: Step) -> bool:
        """Take a step from the moment shown; from an earlier moment it starts a new branch.
        False, with the reason shown, if the step cannot be taken."""
        assert self.rehearsal is not None
        try:
            after = self.rehearser.advance(self.moment, step, self.rehearsal.start)
        except RehearsalError as exc:
            self.message.setText(str(exc))
            return False
        rehearsal = self.rehearsal
        if self.position < len(self.moments) - 1:
            rehearsal, self.branch = rehearsal.branch_from(self.branch, self.position)
            self.moments = self.moments[: self.position + 1]
        steps = [*rehearsal.branches[self.branch].steps, step]
        self.rehearsal = rehearsal.with_steps(self.branch, steps)
        self.moments.append(after)
        self.position = len(self.moments) - 1
        self._chosen = []
        self.message.setText("")
        self.refresh()
        return True

    def _card_clicked(self, player: str, card: Card) -> None:
        state = self.moment.state
        if state.melds is not None:
            if state.melds.must_discard and player == state.to_move:
                self.act(Step("discard", {"player": player, "card": card.code}))
            elif player == state.to_move:
                if card in self._chosen:
                    self._chosen.remove(card)
                else:
                    self._chosen.append(card)
                chosen = ", ".join(c.name for c in self._chosen) or "none"
                self.message.setText(f"Chosen to meld with the card on offer: {chosen}")
            return
        if self.wrong_button.isChecked() and self.event_form.has_field("card"):
            self._show_event_form({**self.event_form.current(), "player": player,
                                   "card": card.code})
            return
        self.act(Step("play", {"player": player, "card": card.code}))

    def make_mistake(self, event: Mapping[str, Any] | None = None) -> None:
        """Make the irregularity in the form happen and show its ruling."""
        event = event if event is not None else self.event_form.current()
        if self.act(Step("mistake", {"event": dict(event)})):
            self.wrong_button.setChecked(False)

    def choose(self, code: str, option: str) -> None:
        """Apply the ruling under `code` with the innocent side's option ("" for none)."""
        self.act(Step("remedy", {"code": code, "option": option or None}))

    def declare(self, declaration: Mapping[str, Any]) -> None:
        """The winner of the last trick declares, before drawing."""
        state = self.moment.state
        self.act(Step("declare", {"player": state.last_winner or state.to_move,
                                  **declaration}))

    def meld(self) -> None:
        """Meld the card on offer with the cards chosen from the hand."""
        self.act(Step("meld", {"player": self._mover(),
                               "cards": [c.code for c in self._chosen]}))

    def deal_again(self) -> None:
        """After a void deal or the end of the hand: the next deal, by the next dealer."""
        state = self.moment.state
        dealer = state.dealer
        if state.status != "void":
            dealer = state.players[(state.players.index(dealer) + 1) % len(state.players)]
        self.act(Step("deal", {"dealer": dealer, "seed": random.randrange(1, 2**31 - 1)}))

    # --- looking -------------------------------------------------------------------------
    def show_position(self, index: int) -> None:
        """Show the table as it was after step `index` (0: the deal)."""
        if 0 <= index < len(self.moments):
            self.position = index
            self.refresh(keep_timeline=True)

    def show_branch(self, index: int) -> None:
        """Switch to another branch, at its last step."""
        assert self.rehearsal is not None
        if not 0 <= index < len(self.rehearsal.branches) or index == self.branch:
            return
        steps = self.rehearsal.branches[index].steps
        self.branch = index
        self.moments = self.rehearser.moments(self.rehearsal.start, steps)
        self.position = len(self.moments) - 1
        self.refresh()

    def compare(self, a: int, b: int) -> None:
        """Where two branches end, side by side."""
        assert self.rehearsal is not None
        ends = []
        for i in (a, b):
            if 0 <= i < len(self.rehearsal.branches):
                branch = self.rehearsal.branches[i]
                line = self.rehearser.moments(self.rehearsal.start, branch.steps)
                ends.append((branch.name, line[-1]))
        self.timeline.show_comparison(ends)

    def refresh(self, *, keep_timeline: bool = False) -> None:
        """Show the moment: table, ruling waiting for a choice, actions, timeline."""
        assert self.rehearsal is not None
        moment = self.moment
        state = moment.state
        game = self.rehearser.game(state)
        ready = settle_draws(state, game) if state.melds is None and not state.over else state
        lawful = legal_cards(ready, game) if moment.mistake is None else []
        play = facts(game)
        in_cards = count_points(state, game) if play.count == "card-points" else None
        self.table.show_state(ready if ready.to_draw == () else state, lawful, in_cards,
                              draws_from_stock=game.draws_from_stock)
        self.title.setText(self.rehearsal.start.title)
        waiting = moment.mistake is not None
        melding = state.melds is not None and not state.over and not waiting
        self.declare_row.setVisible(play.declarations and not state.over and not waiting)
        for w in (self.turn_button, self.meld_button, self.pass_button):
            w.setVisible(melding)
        if melding:
            m = state.melds
            assert m is not None
            self.turn_button.setEnabled(m.upcard is None and not m.must_discard)
            self.meld_button.setEnabled(m.upcard is not None)
            self.pass_button.setEnabled(m.upcard is not None)
            if m.upcard is not None and not self._chosen:
                ways = meld_options(state, game, state.to_move)
                hint = "; ".join(" and ".join(c.name for c in way) for way in ways[:3])
                self.message.setText(f"The {m.upcard.name} can be melded with {hint}."
                                     if ways else f"The {m.upcard.name} fits no meld: pass it.")
        self.redeal_button.setVisible(state.over and not waiting)
        self.wrong_button.setEnabled(not state.over and not waiting)
        if waiting:
            assert moment.mistake is not None
            self.rulings.show_ruling(moment.mistake.ruling)
            self.rulings.show()
            self.options.show_ruling(moment.mistake.ruling)
        elif moment.hand_ruling is not None:
            self.rulings.show_ruling(moment.hand_ruling)
            self.rulings.show()
            self.options.clear()
        else:
            self.rulings.hide()
            self.options.clear()
        self.guide.setVisible(self.rulings.isHidden())
        if not keep_timeline:
            self.timeline.show_timeline(self.rehearsal, self.branch, self.moments)
        self.timeline.select(self.position)
        if self.wrong_button.isChecked():
            self._show_event_form()

    # --- the mistake form ----------------------------------------------------------------
    def _toggle_wrong(self, on: bool) -> None:
        self.wrong_box.setVisible(on)
        if on:
            self._show_event_form()

    def _show_event_form(self, event: Mapping[str, Any] | None = None) -> None:
        state = self.moment.state
        self.wrong_box.show_event(state, self.rehearser.game(state), event)

    # --- files ---------------------------------------------------------------------------
    def open_dialog(self) -> None:
        """Choose a rehearsal file and open it."""
        name, _ = QFileDialog.getOpenFileName(self, "Open rehearsal", "",
                                              f"Rehearsals (*{SUFFIX} *.json)")
        if name:
            self.open_in_background(Path(name))

    def open_in_background(self, path: Path) -> None:
        """Open a rehearsal file the learner chose, read and replayed on a worker thread: a
        file of fifty branches replays for a second or more, and the window stays live.
        `opened` is emitted once it is shown (or refused, and said so)."""
        if not self.game_box.count():
            return
        self.message.setText(f"Opening {path.name}…")
        rehearser, relay = self.rehearser, self._relay

        def read() -> None:
            try:
                result: object = document.read_file(path, rehearser)
            except document.RehearsalFileError as exc:
                result = exc
            relay.read.emit(path, result)

        start_worker(read, f"rehearsal-{path.name}")

    def _read_in_background(self, path: Path, result: object) -> None:
        # On the UI thread (a queued signal from the worker).
        if isinstance(result, document.RehearsalFileError):
            self.message.setText(f"Cannot open {path.name}: {result}")
        else:
            rehearsal, timelines = result  # type: ignore[misc]
            self._show_opened(path, rehearsal, timelines)
        self.opened.emit(str(path))

    def open_path(self, path: Path) -> bool:
        """Open a rehearsal file at once (a shipped one, from the menu); a bad one is reported
        and the current one kept."""
        if not self.game_box.count():
            return False
        try:
            rehearsal, timelines = document.read_file(path, self.rehearser)
        except document.RehearsalFileError as exc:
            self.message.setText(f"Cannot open {path.name}: {exc}")
            return False
        self._show_opened(path, rehearsal, timelines)
        return True

    def _show_opened(self, path: Path, rehearsal: document.Rehearsal,
                     timelines: list[list[Moment]]) -> None:
        self.message.setText("")
        self.rehearsal, self.branch, self.path = rehearsal, 0, path
        self._game_chosen(rehearsal.start.game)
        self.moments = timelines[0]
        self.position = len(self.moments) - 1
        self.title_changed.emit(rehearsal.start.title)
        self.refresh()

    def save_dialog(self) -> None:
        """Choose where to save the rehearsal, and save it."""
        name, _ = QFileDialog.getSaveFileName(self, "Save rehearsal",
                                              str(self.path or f"rehearsal{SUFFIX}"),
                                              f"Rehearsals (*{SUFFIX})")
        if name:
            self.save_path(Path(name))

    def save_path(self, path: Path) -> bool:
        """Save to a file; a failure is reported."""
        if self.rehearsal is None:
            return False
        try:
            document.write_file(path, self.rehearsal)
        except OSError as exc:
            self.message.setText(f"Cannot save {path.name}: {exc.strerror or exc}")
            return False
        self.path = path
        self.message.setText(f"Saved to {path.name}.")
        return True

    def export_dialog(self) -> None:
        """Choose where to write the timeline as PDF, and write it."""
        name, _ = QFileDialog.getSaveFileName(self, "Export rehearsal as PDF", "rehearsal.pdf",
                                              "PDF (*.pdf)")
        if name:
            self.export_pdf(Path(name))

    def export_pdf(self, path: Path) -> None:
        """Write every branch's timeline, with each ruling and the laws cited, as PDF."""
        from ui.builder.export import write_pdf

        assert self.rehearsal is not None
        timelines = [self.rehearser.moments(self.rehearsal.start, b.steps)
                     for b in self.rehearsal.branches]
        html = record_html(self.rehearsal, timelines, self.content)
        write_pdf(path, html, title=self.rehearsal.start.title or "Card Laws rehearsal")
        self.message.setText(f"Exported to {path.name}.")
