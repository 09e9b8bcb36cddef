"""The builder in the main window: undo and redo of every table edit, the scenario's name in
the title, the events offered at each game and stage, and random deals the table accepts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_builder_screen import SURPLUS, FakeDialogs

from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, load_content
from app.search.store import LawsStore
from app.table_builder import (
    events_for,
    events_of_game,
    new_table,
    stage_of_event,
    stage_words,
    stages_for,
)
from ui.builder.builder_screen import BuilderScreen
from ui.builder.event_form import event_words
from ui.main_window import MainWindow
from ui.settings import UiSettings


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
    builder = window.show_builder()
    builder.dialogs = FakeDialogs()
    builder.document.start(new_table(builder.games["rubicon-bezique"]))
    yield window
    window.builder.document.start(window.builder.raw)  # nothing unsaved: closing asks nothing
    window.close()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _click(widget) -> None:
    # On the corner index, which stays visible when cards overlap.
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(6, 8))


def _undo_keys(qtbot, window: MainWindow, *, redo: bool = False) -> None:
    modifiers = Qt.KeyboardModifier.ControlModifier
    if redo:
        modifiers |= Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_Z, modifiers)


def _edit_menu(window: MainWindow):
    return next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")


def test_ctrl_z_and_ctrl_shift_z_undo_and_redo_cards_given(qtbot, main):
    builder: BuilderScreen = main.builder
    builder.table_view.set_target("North")
    _click(builder.palette.card_widget("QS"))
    _click(builder.palette.card_widget("JD"))
    assert builder.raw["hands"]["North"] == ["QS", "JD"]
    texts = [a.text() for a in _edit_menu(main).actions()]
    assert texts == ["&Undo give the jack of diamonds to North", "&Redo"]
    main.activateWindow()
    _undo_keys(qtbot, main)
    assert builder.raw["hands"]["North"] == ["QS"]
    assert main.builder_actions.redo_action.text() == "&Redo give the jack of diamonds to North"
    _undo_keys(qtbot, main)
    assert builder.raw["hands"] == {}
    assert not main.builder_actions.undo_action.isEnabled()
    # The pack shows the cards back, and the seat's hand is empty again.
    assert builder.palette.card_widget("QS").badge != "×0"
    assert builder.table_view.seats["North"].hand.card_widgets() == []
    _undo_keys(qtbot, main, redo=True)
    _undo_keys(qtbot, main, redo=True)
    assert builder.raw["hands"]["North"] == ["QS", "JD"]
    assert [w.card.code for w in builder.table_view.seats["North"].hand.card_widgets()] == \
        ["QS", "JD"]


def test_every_kind_of_edit_is_undone(qtbot, main):
    builder: BuilderScreen = main.builder
    start = builder.raw
    builder.set_game("ecarte")
    builder.set_stage("deal")
    builder.event_form.type_box.setCurrentIndex(
        builder.event_form.type_box.findData("king-turned"))
    builder.table_view.seats["South"].score.setValue(3)
    builder.deal_at_random()
    steps = builder.document.undo_stack.count()
    assert steps == 5
    for _ in range(steps):
        main.builder_actions.undo_action.trigger()
    assert builder.raw == start
    assert builder.game_box.currentData() == "rubicon-bezique"
    assert not builder.document.dirty


def test_a_score_typed_digit_by_digit_is_one_step(qtbot, main):
    builder: BuilderScreen = main.builder
    score = builder.table_view.seats["North"].score
    score.setFocus()
    score.selectAll()
    qtbot.keyClicks(score, "250")
    assert builder.raw["scores"] == {"North": 250}
    assert builder.document.undo_stack.count() == 1
    main.builder_actions.undo_action.trigger()
    assert "scores" not in builder.raw and score.value() == 0


def test_undo_acts_only_on_the_builder_in_front(main):
    builder: BuilderScreen = main.builder
    builder.table_view.set_target("South")
    _click(builder.palette.card_widget("AH"))
    assert main.builder_actions.undo_action.isEnabled()
    main.show_screen("browser")
    assert not main.builder_actions.undo_action.isEnabled()
    main.builder_actions.undo_action.trigger()
    assert builder.raw["hands"]["South"] == ["AH"]
    main.show_screen("builder")
    assert main.builder_actions.undo_action.isEnabled()


def test_the_title_names_the_example_and_marks_it_modified(main):
    builder: BuilderScreen = main.builder
    assert builder.open_example(SURPLUS)
    assert main.windowTitle() == "Ten cards found after the first trick[*] — Card Laws"
    assert not main.isWindowModified()
    assert builder.file_label.text() == "Ten cards found after the first trick"
    builder.table_view.set_target("South")
    _click(builder.table_view.seats["South"].hand.card_widget(0))  # chooses the event's card
    builder.table_view.seats["South"].score.setValue(40)
    assert main.windowTitle().startswith("Ten cards found after the first trick")
    assert main.isWindowModified()
    assert "unsaved changes" in builder.file_label.text()
    while builder.document.undo_stack.canUndo():
        main.builder_actions.undo_action.trigger()
    assert not main.isWindowModified()  # back to the example as opened
    main.show_screen("browser")
    assert main.windowTitle() == "Card Laws"


def test_a_saved_file_is_named_by_its_file(main, tmp_path):
    builder: BuilderScreen = main.builder
    builder.open_example(SURPLUS)
    builder.dialogs.save_answer = tmp_path / "mine.json"
    assert builder.save()
    assert main.windowTitle() == "mine.json[*] — Card Laws" and not main.isWindowModified()
    builder.table_view.seats["North"].score.setValue(10)
    assert main.isWindowModified()
    main.builder_actions.undo_action.trigger()
    assert not main.isWindowModified()


def test_every_event_of_the_game_is_offered_whatever_the_stage(main):
    builder: BuilderScreen = main.builder
    game = builder.games["rubicon-bezique"]
    for stage in stages_for(game):
        builder.set_stage(stage)
        offered = builder.event_form.offered()
        assert "king-turned" not in offered  # an Écarté event
        assert offered == list(events_of_game(builder.game))
        box = builder.event_form.type_box
        for etype in offered:  # those of another stage say which
            words = box.itemText(box.findData(etype))
            if etype in events_for(game, stage):
                assert words == event_words(etype)
            else:
                where = stage_words(game, stage_of_event(game, stage, etype))
                assert words == f"{event_words(etype)} (at: {where})"


def test_choosing_an_event_of_another_stage_moves_the_table_there_and_says_so(main):
    builder: BuilderScreen = main.builder
    builder.set_game("ecarte")
    builder.set_stage("play")
    box = builder.event_form.type_box
    note = builder.event_form.stage_note
    assert not note.isVisibleTo(builder)
    box.setCurrentIndex(box.findData("king-turned"))
    assert builder.raw["stage"] == "deal"
    assert builder.raw["event"]["type"] == "king-turned"
    assert builder.stage_box.currentData() == "deal"
    dealing = stage_words(builder.game, "deal")
    assert note.isVisibleTo(builder)
    assert note.text() == (f"The table moved to the stage “{dealing}”: "
                           f"{event_words('king-turned').lower()} can happen only there.")
    main.builder_actions.undo_action.trigger()  # one step back: stage and event together
    assert builder.raw["stage"] == "play"
    assert builder.raw["event"]["type"] != "king-turned"
    main.builder_actions.redo_action.trigger()
    builder.set_stage("hand-over")  # the user's own choice of stage: the note goes
    assert builder.raw["event"]["type"] in events_for(builder.game, "hand-over")
    assert not note.isVisibleTo(builder)


def test_deal_at_random_gives_a_clean_table_for_every_game_and_stage(qtbot, main):
    builder: BuilderScreen = main.builder
    for gid in builder.games:
        builder.set_game(gid)
        for stage in stages_for(builder.game):
            builder.set_stage(stage)
            for _ in range(4):
                qtbot.mouseClick(builder.deal_button, Qt.MouseButton.LeftButton)
                assert builder.scenario is not None, (gid, stage, builder.problem)
                assert not builder.problem_label.isVisibleTo(builder)
                shown = {seat: view.proper.text()
                         for seat, view in builder.table_view.seats.items()}
                assert all(text == "" for text in shown.values()), (gid, stage, shown)


def test_an_empty_builder_guides_and_offers_an_example_and_a_deal(qtbot, main):
    builder: BuilderScreen = main.builder
    assert builder.new_scenario()
    assert builder.guidance.isVisibleTo(builder)
    assert not builder.ruling_panel.isVisibleTo(builder)  # no three "not covered" columns
    assert "Lay out a table of Rubicon Bézique" in builder.guidance.text.text()
    example = builder.offered_example()
    assert example is not None and example.game == "rubicon-bezique"
    assert builder.guidance.example_button.text() == f"Open the example “{example.title}”"
    qtbot.mouseClick(builder.guidance.example_button, Qt.MouseButton.LeftButton)
    assert main.windowTitle() == f"{example.title}[*] — Card Laws"
    assert builder.ruling_panel.isVisibleTo(builder) and builder.ruling is not None
    assert not builder.guidance.isVisibleTo(builder)
    assert builder.new_scenario()
    qtbot.mouseClick(builder.guidance.deal_button, Qt.MouseButton.LeftButton)
    assert builder.ruling is not None and builder.ruling_panel.isVisibleTo(builder)
    main.builder_actions.undo_action.trigger()  # back to the empty table: guidance again
    assert builder.guidance.isVisibleTo(builder)


# Pinochle, a hand found a card over once the hand is played out: neither code's laws speak.
# (An empty table no longer serves: a table that gives no hand is asked for its hands.)
SILENT = {"game": "pinochle", "stage": "hand-over", "hands": {"North": 1},
          "event": {"type": "wrong-count"}}


def test_codes_that_say_nothing_are_never_said_to_agree(main):
    builder: BuilderScreen = main.builder
    builder.document.start(SILENT)  # a wrong count at the end of the hand: no code speaks
    assert builder.ruling is not None
    assert {r.outcome for r in builder.ruling.rulings} == {"not-covered"}
    banner = builder.ruling_panel.banner.text()
    assert "agree" not in banner
    assert banner.startswith("<b>Not covered:</b> none of the codes' laws say anything")


def test_one_silent_code_is_said_to_say_nothing(main):
    import msgspec

    from ui.builder.ruling_panel import agreement_html

    builder: BuilderScreen = main.builder
    builder.document.start(SILENT)
    assert builder.ruling is not None
    one = msgspec.structs.replace(builder.ruling, rulings=builder.ruling.rulings[:1])
    assert agreement_html(one).startswith(
        "<b>Not covered:</b> the code's laws say nothing about this situation; ")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
def test_every_codes_ruling_is_whole_in_one_scroll_area(qtbot, main, size):
    # Écarté's three codes: each column has the room to read, stands whole (its text never
    # scrolls on its own) and is reached by the panel's one scroll bar, never off to the side.
    from PySide6.QtWidgets import QAbstractScrollArea

    from ui.builder.ruling_panel import SIDE_BY_SIDE

    builder: BuilderScreen = main.builder
    main.resize(*size)
    assert main.builder_actions.open_path(
        CONTENT_DIR / "scenarios" / "ecarte-dealer-exposes-pone-card.json")
    panel = builder.ruling_panel
    assert len(panel.columns) == 3
    qtbot.waitUntil(lambda: all(c.details.height() > 40 for c in panel.columns.values()))
    scrolling = [area for area in panel.findChildren(QAbstractScrollArea)
                 if area is not panel.scroll
                 and area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff]
    assert not scrolling
    room = panel.scroll.viewport().width()
    for column in panel.columns.values():
        details = column.details
        assert details.height() >= details.document().size().height()
        assert column.width() >= min(SIDE_BY_SIDE, room) - 12
        assert column.geometry().right() <= room
    lefts = {c.geometry().left() for c in panel.columns.values()}
    assert panel.side_by_side == (len(lefts) == 3)
