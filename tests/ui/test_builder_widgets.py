"""The builder's parts: card widgets, hands, the pack, seats, the event form, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QSettings, Qt, QUrl
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

from app.cards import Card
from app.corpus.loading import load_content
from app.model.events import EVENTS
from app.model.games import build_games
from app.table_builder import new_table
from ui.builder.card_palette import CardPalette
from ui.builder.event_form import EventForm, event_words
from ui.builder.file_drop import dropped_scenario
from ui.builder.hand_view import MIN_STEP, HandView
from ui.builder.recent_files import RecentFiles
from ui.builder.scenario_document import ScenarioDocument
from ui.builder.table_view import seat_sides
from ui.widgets.card_widget import CARD_SIZE, CardWidget

GAMES = build_games(load_content())
QUEEN = Card("Q", "S")


def test_a_card_widget_is_named_for_assistive_technology(qtbot):
    card = CardWidget(QUEEN)
    qtbot.addWidget(card)
    face = QAccessible.queryAccessibleInterface(card)
    assert face.text(QAccessible.Text.Name) == "queen of spades"
    assert face.role() == QAccessible.Role.Button
    assert card.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_a_face_down_card_is_named_so_and_skipped_by_tab(qtbot):
    back = CardWidget(None)
    qtbot.addWidget(back)
    assert back.accessibleName() == "face-down card"
    assert back.focusPolicy() == Qt.FocusPolicy.NoFocus


@pytest.mark.parametrize("key", [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_a_focused_card_is_chosen_with_the_keyboard(qtbot, key):
    card = CardWidget(QUEEN)
    qtbot.addWidget(card)
    card.show()
    with qtbot.waitSignal(card.clicked):
        qtbot.keyClick(card, key)


def test_a_card_paints_its_states(qtbot):
    card = CardWidget(Card("10", "H"))
    qtbot.addWidget(card)
    card.set_badge("×3")
    card.set_chosen(True)
    card.set_marked(True)
    card.set_dimmed(True)
    image = card.grab().toImage()
    assert image.width() == CARD_SIZE.width() and image.height() == CARD_SIZE.height()
    assert card.badge == "×3" and card.chosen and card.marked and card.dimmed


def test_a_hand_fans_its_cards_when_space_is_short_but_keeps_the_corners(qtbot):
    hand = HandView()
    qtbot.addWidget(hand)
    hand.set_cards([Card(r, "S") for r in ("A", "K", "Q", "J", "10", "9", "8", "7")])
    hand.show()
    hand.resize(CARD_SIZE.width() * 8 + 40, 70)
    wide = [w.x() for w in hand.card_widgets()]
    assert wide[1] - wide[0] == CARD_SIZE.width() + 4
    hand.resize(80, 70)
    narrow = [w.x() for w in hand.card_widgets()]
    assert narrow[1] - narrow[0] == MIN_STEP
    assert hand.minimumSizeHint().width() == CARD_SIZE.width() + 7 * MIN_STEP


def test_a_hand_given_as_a_count_shows_backs_and_an_empty_hand_says_so(qtbot):
    hand = HandView()
    qtbot.addWidget(hand)
    hand.set_cards(3)
    assert [w.card for w in hand.card_widgets()] == [None, None, None]
    assert not hand.card_widget(0).isEnabled()
    hand.set_cards(None)
    assert hand.placeholder == "not given"
    hand.set_cards([])
    assert hand.placeholder == "no cards"


def test_the_pack_shows_copies_left_only_where_there_are_several(qtbot):
    palette = CardPalette()
    qtbot.addWidget(palette)
    palette.set_game(GAMES["cinch"])
    assert len(palette.card_widgets()) == 52
    palette.set_remaining({"QS": 0})
    assert palette.card_widget("QS").dimmed and palette.card_widget("QS").badge == ""
    assert palette.card_widget("qs").accessibleDescription() == "none left"
    palette.set_game(GAMES["rubicon-bezique"])
    assert len(palette.card_widgets()) == 32
    palette.set_remaining({"QS": 3})
    assert palette.card_widget("QS").badge == "×3"
    assert palette.card_widget("KS").badge == "×4"
    with qtbot.waitSignal(palette.card_chosen) as chosen:
        palette.card_widget("QS").click()
    assert chosen.args == ["QS"]


@pytest.mark.parametrize(
    ("count", "sides"),
    [
        (2, ("top", "bottom")),
        (4, ("top", "right", "bottom", "left")),
        (5, ("top", "top", "right", "bottom", "left")),
        (7, ("top", "top", "top", "right", "bottom", "bottom", "left")),
    ],
)
def test_seats_go_round_the_table_in_order_of_play(count, sides):
    assert seat_sides(count) == sides


@pytest.mark.parametrize("event_type", list(EVENTS))
def test_the_event_form_has_an_editor_per_field(qtbot, event_type):
    form = EventForm()
    qtbot.addWidget(form)
    players = ["North", "East", "South", "West"]
    form.show_event({"type": event_type}, players, GAMES["cinch"].pack.cards, None)
    assert form.type_box.currentText() == event_words(event_type)
    for spec in EVENTS[event_type].fields:
        editor, kind = form.editor(spec.name), spec.form_kind
        if kind in ("player", "card") or isinstance(kind, tuple):
            assert isinstance(editor, QComboBox)
        elif kind == "bool":
            # yes or no; an optional one may also be left unsaid
            assert isinstance(editor, QComboBox if spec.optional else QCheckBox)
        elif kind == "int":
            assert isinstance(editor, QSpinBox)
        else:
            assert editor.findChildren(QCheckBox if kind == "players" else QSpinBox)


def test_editing_a_field_reports_the_whole_event(qtbot):
    form = EventForm()
    qtbot.addWidget(form)
    form.show_event({"type": "abandoned-hand", "player": "North", "note": "kept"},
                    ["North", "South"], GAMES["ecarte"].pack.cards, None)
    with qtbot.waitSignal(form.event_edited) as edited:
        form.editor("player").setCurrentIndex(1)
    assert edited.args == [{"type": "abandoned-hand", "player": "South", "note": "kept"}]
    assert not form.editor("tricks_won").isEnabled()  # optional, not given


def test_choosing_another_event_type_is_reported(qtbot):
    form = EventForm()
    qtbot.addWidget(form)
    form.show_event({"type": "wrong-count"}, ["North", "South"], GAMES["ecarte"].pack.cards,
                    None)
    with qtbot.waitSignal(form.event_type_chosen) as chosen:
        form.type_box.setCurrentIndex(form.type_box.findData("king-turned"))
    assert chosen.args == ["king-turned"]


def test_a_dropped_json_file_is_recognised(tmp_path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "table.json"))])
    assert dropped_scenario(mime) == tmp_path / "table.json"
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "notes.txt"))])
    assert dropped_scenario(mime) is None
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / f"{n}.json")) for n in "ab"])
    assert dropped_scenario(mime) is None


def test_recent_files_survive_in_qsettings_newest_first(tmp_path):
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    recent = RecentFiles(settings)
    assert recent.paths() == []
    recent.add(tmp_path / "a.json")
    settings.sync()
    again = RecentFiles(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    assert again.paths() == [(tmp_path / "a.json").resolve()]  # one item comes back as text
    recent.add(tmp_path / "b.json")
    recent.add(tmp_path / "a.json")
    assert [p.name for p in recent.paths()] == ["a.json", "b.json"]
    recent.remove(tmp_path / "b.json")
    assert [p.name for p in recent.paths()] == ["a.json"]
    recent.clear()
    assert recent.paths() == []


def test_the_document_knows_its_file_and_its_unsaved_changes(qtbot, tmp_path):
    game = GAMES["cinch"]
    document = ScenarioDocument(GAMES, new_table(game))
    assert document.name == "Untitled" and not document.dirty
    with qtbot.waitSignal(document.changed), qtbot.waitSignal(document.state_changed):
        document.replace(new_table(game) | {"stage": "bidding"})
    assert document.dirty
    with qtbot.assertNotEmitted(document.changed):
        document.replace(document.raw)
    assert document.save(Path(tmp_path / "t.json")) == tmp_path / "t.json"
    assert not document.dirty and document.name == "t.json"
    with pytest.raises(ValueError):
        ScenarioDocument(GAMES, new_table(game)).save()


BOOL_SCRIPT = """
from ui.compat import pin_bools
from PySide6.QtCore import QObject, Signal

class Probe(QObject):
    fired = Signal(int)

pin_bools()
probe = Probe()
probe.fired.connect(lambda n: None)
for n in range(50_000):
    probe.fired.emit(n)  # PySide6 6.12 on 3.11 returns True here without a reference
print("ok")
"""


def test_many_signals_emitted_from_python_do_not_abort_the_interpreter():
    import os
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", BOOL_SCRIPT], env=env, capture_output=True,
                          text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
