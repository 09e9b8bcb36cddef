"""The scenario builder: set up a table with real cards, say what happened, and read every
code's ruling side by side, re-ruled on every change.

The screen only adapts the core: every edit is a function of app.table_builder, validation is
app.model.scenario's parser and the ruling is app.engine's. The slots choose the edit and show the
result.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.corpus.laws import Content
from app.corpus.loading import content_dir
from app.corpus.vocabulary import GAMES
from app.engine import Ruling, rule
from app.engine.core import Knowledge
from app.model.games import Game, build_games
from app.model.scenario import Scenario
from app.table_builder import (
    TRICK,
    TURN_UP,
    EditRefused,
    Example,
    Problem,
    VariantGroup,
    change_game,
    check_table,
    choose_event,
    choose_event_card,
    chosen_readings,
    codes_in_force,
    copies_left,
    deal_at_random,
    events_for,
    events_of_game,
    examples_by_game,
    fields_at,
    give_card,
    hand_of,
    is_new_table,
    new_table,
    offered_names,
    players_of,
    proper_counts,
    rename_player,
    set_bid,
    set_codes,
    set_count,
    set_event,
    set_player_count,
    set_score,
    set_seen,
    set_stage,
    set_trick_leader,
    set_value,
    set_variant,
    stage_of_event,
    stage_words,
    stages_for,
    take_card,
    trick_of,
    variant_groups,
)
from app.table_builder.words import needs_words
from ui import theme
from ui.builder.card_palette import CardPalette
from ui.builder.dialogs import BuilderDialogs
from ui.builder.edit_words import card_name, event_edit_words, target_words, value_words
from ui.builder.elided_label import ElidedLabel
from ui.builder.event_form import EventForm, event_words
from ui.builder.guidance import Guidance
from ui.builder.laws_form import LawsForm
from ui.builder.recent_files import RecentFiles
from ui.builder.ruling_panel import RulingPanel
from ui.builder.scenario_document import ScenarioDocument
from ui.builder.scenario_files import ScenarioFiles
from ui.builder.seat_view import problem_style
from ui.builder.table_view import TableView
from ui.compat import pin_bools
from ui.words import game_name


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    return area


class BuilderScreen(ScenarioFiles, QWidget):
    """Game and stage on top; the table and the pack on the left; the event and the rulings
    on the right.

    Signals:
        law_requested(str): a cited law was clicked (its id).
    """

    law_requested = Signal(str)

    def __init__(self, content: Content, *, recent: RecentFiles | None = None,
                 dialogs: BuilderDialogs | None = None, rng: random.Random | None = None,
                 parent: QWidget | None = None, fill_later: bool = False) -> None:
        super().__init__(parent)
        self._filled = False
        pin_bools()  # every edit emits signals (see ui/compat.py)
        self.content = content
        self.games = build_games(content)
        self.recent = recent or RecentFiles()
        self.dialogs = dialogs or BuilderDialogs()
        self._rng = rng or random.Random()
        first = next(g for g in GAMES if g in self.games)
        self.document = ScenarioDocument(self.games, new_table(self.games[first]), self)
        self.scenario: Scenario | None = None
        self.problem: Problem | None = None
        self.ruling: Ruling | None = None
        self._groups: dict[str, list[VariantGroup]] = {}
        self._examples: dict[str, list[Example]] | None = None

        self.game_box = QComboBox()
        self.game_box.setAccessibleName("Game")
        for gid in GAMES:
            if gid in self.games:
                self.game_box.addItem(game_name(gid), gid)
        self.stage_box = QComboBox()
        self.stage_box.setAccessibleName("Stage of the deal")
        self.deal_button = QPushButton("&Deal at random")
        self.deal_button.setToolTip("Deal a correct table at random for the stage chosen")
        self.file_label = ElidedLabel()
        self.file_label.setAccessibleName("Scenario file")
        game_caption = QLabel("&Game")
        game_caption.setBuddy(self.game_box)
        stage_caption = QLabel("S&tage")
        stage_caption.setBuddy(self.stage_box)
        top = QHBoxLayout()
        top.setContentsMargins(6, 6, 6, 0)
        for widget in (game_caption, self.game_box, stage_caption, self.stage_box,
                       self.deal_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.file_label)

        self.table_view = TableView()
        self.palette = CardPalette()
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        theme.keep_styled(self.problem_label, lambda: problem_style() + " padding: 2px 6px;")
        self.problem_label.setAccessibleName("What is impossible about the table")
        pack_box = QGroupBox("The pack: click a card to give it to the seat chosen above")
        pack_layout = QVBoxLayout(pack_box)
        pack_layout.setContentsMargins(4, 4, 4, 4)
        pack_layout.addWidget(self.palette)
        board = QWidget()
        board_layout = QVBoxLayout(board)
        board_layout.setContentsMargins(4, 4, 4, 4)
        board_layout.addWidget(self.table_view)
        board_layout.addWidget(pack_box)
        board_layout.addStretch(1)
        self.board = _scrolled(board)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.problem_label)
        left_layout.addWidget(self.board, 1)

        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.event_form = EventForm()
        event_box = QGroupBox("What happened")
        event_layout = QVBoxLayout(event_box)
        event_layout.setContentsMargins(6, 4, 6, 6)
        event_layout.addWidget(self.event_form)
        self.laws_form = LawsForm()
        laws_box = QGroupBox()  # untitled: the row says what it is, and height is scarce
        laws_layout = QVBoxLayout(laws_box)
        laws_layout.setContentsMargins(6, 2, 6, 4)
        laws_layout.addWidget(self.laws_form)
        self.ruling_panel = RulingPanel(content)
        self.guidance = Guidance()
        self.guidance.hide()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.about)
        right_layout.addWidget(event_box)
        right_layout.addWidget(laws_box)
        right_layout.addWidget(self.ruling_panel, 1)
        right_layout.addWidget(self.guidance, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([640, 360])  # proportions until the user moves the handle
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)

        self.document.changed.connect(self._refresh)
        self.document.state_changed.connect(self._show_file)
        self.game_box.currentIndexChanged.connect(self._on_game)
        self.stage_box.currentIndexChanged.connect(self._on_stage)
        self.deal_button.clicked.connect(self.deal_at_random)
        self.palette.card_chosen.connect(self._on_pack_card)
        view = self.table_view
        view.card_clicked.connect(self._on_table_card)
        view.dealer_chosen.connect(
            lambda p: self._edit(set_value(self.raw, "dealer", p), f"make {p} the dealer"))
        view.seen_edited.connect(lambda p, on: self._edit(
            set_seen(self.raw, p, on), f"mark {p}'s hand {'seen' if on else 'unseen'}"))
        view.count_edited.connect(lambda p, n: self._edit(
            set_count(self.raw, p, n), f"set {p}'s number of cards", f"count:{p}"))
        view.score_edited.connect(lambda p, v: self._edit(
            set_score(self.raw, p, v), f"set {p}'s score", f"score:{p}"))
        view.value_edited.connect(lambda key, v: self._edit(
            set_value(self.raw, key, v), f"set the {value_words(key)}",
            f"value:{key}" if isinstance(v, int) and not isinstance(v, bool) else None))
        view.bid_edited.connect(lambda p, n: self._edit(
            set_bid(self.raw, p, n), "set the bid", "bid"))
        view.leader_edited.connect(lambda p: self._edit(
            set_trick_leader(self.raw, p), "set who led the trick"))
        view.player_renamed.connect(lambda old, new: self._try(
            lambda: rename_player(self.raw, old, new, self.game), f"rename {old}"))
        view.player_count_edited.connect(lambda n: self._try(
            lambda: set_player_count(self.raw, n, self.game), "change the number of seats"))
        self.laws_form.codes_edited.connect(lambda codes: self._try(
            lambda: set_codes(self.raw, codes, self.game), "choose the codes"))
        self.laws_form.variant_chosen.connect(lambda group, law_id: self._try(
            lambda: set_variant(self.raw, group, law_id, self.content), "choose a reading"))
        self.event_form.event_type_chosen.connect(self._on_event_type)
        self.event_form.pick_in_hand.toggled.connect(lambda _on: self._show_hand_hint())
        self.event_form.event_edited.connect(self._on_event_edited)
        self.ruling_panel.law_requested.connect(self.law_requested)
        self.guidance.deal_requested.connect(self.deal_at_random)
        self.guidance.example_requested.connect(self._open_offered_example)
        if not fill_later:  # else the window fills it before showing it (ensure_filled)
            self.ensure_filled()

    def ensure_filled(self) -> None:
        """Show the first table, if it has not been shown yet."""
        if not self._filled:
            self._refresh()
            self._show_file()

    # The document ---------------------------------------------------------------------------

    @property
    def raw(self) -> dict[str, Any]:
        """The scenario mapping being built (a copy)."""
        return self.document.raw

    @property
    def game(self) -> Any:
        """The game of the table."""
        return self.games[self.document.raw["game"]]

    def _edit(self, raw: dict[str, Any], text: str, merge_key: str | None = None) -> None:
        """One step of the history; `text` finishes "Undo …" in the Edit menu."""
        self.document.replace(raw, text, merge_key)

    def _try(self, edit: Callable[[], dict[str, Any]], text: str) -> None:
        """Make an edit the core may refuse; a refusal puts the controls back and says why."""
        try:
            raw = edit()
        except EditRefused as exc:
            self._refresh()
            self.problem_label.setText(str(exc))
            self.problem_label.setVisible(True)
            return
        self._edit(raw, text)

    def variant_groups(self) -> list[VariantGroup]:
        """The disputed rules of the table's game with their readings (read from the content
        once per game, when first asked: the laws form asks when its readings are shown)."""
        gid = self.document.raw["game"]
        if gid not in self._groups:
            self._groups[gid] = variant_groups(self.content, gid)
        return self._groups[gid]

    def _refresh(self) -> None:
        self._filled = True
        raw = self.document.raw
        game = self.games[raw["game"]]
        checked = check_table(raw, self.games)
        self.problem = checked if isinstance(checked, Problem) else None
        self.scenario = checked if isinstance(checked, Scenario) else None
        self._show_top(raw, game)
        proper = proper_counts(self.scenario, game) if self.scenario else None
        self.table_view.show_table(raw, game, self.problem, proper)
        self.palette.set_game(game)
        self.palette.set_remaining(copies_left(raw, game))
        in_event = self.problem is not None and self.problem.place.area == "event"
        self.event_form.show_event(raw["event"], players_of(raw, game), game.pack.cards,
                                   self.problem.place.name if in_event and self.problem
                                   else None,
                                   *self._events_offered(game, raw.get("stage", "play")),
                                   fields=fields_at(raw["event"].get("type"), raw, game))
        self._show_hand_hint()
        self.laws_form.show_laws(tuple(game.codes), codes_in_force(raw, game),
                                 offered_names(game), chosen_readings(raw, game),
                                 self.variant_groups)
        self.problem_label.setText(self.problem.words if self.problem else "")
        self.problem_label.setVisible(self.problem is not None)
        self.ruling = None
        empty = is_new_table(raw, game)
        self.guidance.setVisible(empty)
        self.ruling_panel.setVisible(not empty)
        if empty:
            example = self.offered_example()
            self.guidance.show_guidance(game.name, example.title if example else None)
        elif self.scenario is None:
            self.ruling_panel.show_problem(self.problem.words if self.problem else "")
        else:
            try:
                # A fact the table leaves out is asked for, not ruled case by case: the
                # builder is where it can be given.
                self.ruling = rule(self.scenario, self.games, self.content,
                                   Knowledge(explore=False))
            except KeyError as exc:  # content loaded without some law the engine cites
                self.ruling_panel.show_problem(
                    f"a law this ruling needs is not loaded ({exc.args[0] if exc.args else exc})")
            else:
                self.ruling_panel.show_ruling(self.ruling)
                needed = needs_words(self.ruling)
                if needed:
                    self.ruling_panel.ask_for(needed)

    @staticmethod
    def _events_offered(game: Game, stage: Any) -> tuple[tuple[str, ...], dict[str, str]]:
        # Every event of the game, whatever the stage; those of other stages name theirs.
        here = events_for(game, stage) if isinstance(stage, str) else ()
        every = events_of_game(game)
        return every, {etype: stage_words(game, stage_of_event(game, stage, etype))
                       for etype in every if etype not in here}

    def offered_example(self) -> Example | None:
        """The example the empty table offers: the first of the game's examples."""
        if self._examples is None:
            self._examples = examples_by_game(content_dir() / "scenarios")
        found = self._examples.get(self.document.raw["game"])
        return found[0] if found else None

    def _open_offered_example(self) -> None:
        example = self.offered_example()
        if example is not None:
            self.open_example(example.path)

    def _show_hand_hint(self) -> None:
        self.table_view.set_hand_hint(
            "click to choose it for the event" if self.event_form.picks_from_hand
            else "click to take it back to the pack")

    def _show_top(self, raw: dict[str, Any], game: Any) -> None:
        for box in (self.game_box, self.stage_box):
            box.blockSignals(True)
        self.game_box.setCurrentIndex(self.game_box.findData(game.id))
        stages = list(stages_for(game))
        stage = raw.get("stage", "play")
        if stage not in stages and isinstance(stage, str):
            stages.append(stage)
        # Compared with their words too: games share stage ids but not labels (Pinochle's
        # last twelve tricks, Bézique's last eight), so a new game relabels the same stages.
        items = [(stage_words(game, s), s) for s in stages]
        if [(self.stage_box.itemText(i), self.stage_box.itemData(i))
                for i in range(self.stage_box.count())] != items:
            self.stage_box.clear()
            for words, s in items:
                self.stage_box.addItem(words, s)
        self.stage_box.setCurrentIndex(self.stage_box.findData(stage))
        for box in (self.game_box, self.stage_box):
            box.blockSignals(False)
        title = raw.get("title") if isinstance(raw.get("title"), str) else ""
        description = raw.get("description") if isinstance(raw.get("description"), str) else ""
        self.about.setText(f"<b>{escape(title)}</b> {escape(description)}" if title else "")
        self.about.setVisible(bool(title))

    def _show_file(self) -> None:
        self.file_label.setText(self.document.name + (" — unsaved changes"
                                                      if self.document.dirty else ""))

    # Slots: each picks the edit and hands the result to the document -------------------------

    def _on_game(self) -> None:
        gid = self.game_box.currentData()
        self.event_form.show_stage_note("")
        if gid != self.raw["game"]:
            self._edit(change_game(self.raw, self.games[gid]),
                       f"change the game to {game_name(gid)}")

    def _on_stage(self) -> None:
        stage = self.stage_box.currentData()
        self.event_form.show_stage_note("")
        if stage is not None:
            self._edit(set_stage(self.raw, stage, self.game),
                       f"change the stage to {stage_words(self.game, stage).lower()}")

    def _on_pack_card(self, code: str) -> None:
        target = self.table_view.target
        self._edit(give_card(self.raw, target, code, self.game),
                   f"give the {card_name(code)} to {target_words(target)}")

    def _on_table_card(self, target: str, index: int) -> None:
        raw = self.raw
        hand = hand_of(raw, target) if target not in (TRICK, TURN_UP) else None
        if isinstance(hand, list) and self.event_form.picks_from_hand:
            self._edit(choose_event_card(raw, target, hand[index], self.game),
                       f"choose the {card_name(hand[index])} for the event")
        else:
            cards = hand if isinstance(hand, list) else self._cards_at(raw, target)
            name = card_name(cards[index]) if 0 <= index < len(cards) else "card"
            self._edit(take_card(raw, target, index),
                       f"take the {name} back from {target_words(target)}")

    def _on_event_type(self, event_type: str) -> None:
        raw = self.raw
        new = choose_event(raw, event_type, self.game)
        words = f"choose the event {event_words(event_type).lower()}"
        moved = new.get("stage") != raw.get("stage")
        if moved:
            stage = stage_words(self.game, new["stage"])
            words += f" (moving the table to the stage: {stage.lower()})"
        self._edit(new, words)
        self.event_form.show_stage_note(
            f"The table moved to the stage “{stage}”: {event_words(event_type).lower()} "
            "can happen only there." if moved else "")

    def _on_event_edited(self, event: dict[str, Any]) -> None:
        raw = self.raw
        self._edit(set_event(raw, event), *event_edit_words(raw.get("event"), event))

    @staticmethod
    def _cards_at(raw: dict[str, Any], target: str) -> list[str]:
        if target == TURN_UP:
            return [raw["turn_up"]] if isinstance(raw.get("turn_up"), str) else []
        return trick_of(raw)[1]

    # Commands -------------------------------------------------------------------------------

    def set_game(self, game_id: str) -> None:
        """Move the table to another game (the same as choosing it in the list)."""
        self.game_box.setCurrentIndex(self.game_box.findData(game_id))

    def set_stage(self, stage: str) -> None:
        """Choose the stage of the deal."""
        self.stage_box.setCurrentIndex(self.stage_box.findData(stage))

    def deal_at_random(self) -> None:
        """Deal a correct table at random for the stage chosen, keeping the event's type."""
        stage = self.stage_box.currentData() or "play"
        self._edit(deal_at_random(self.raw, self.game, stage, self._rng), "deal at random")
