"""The Ask screen: a referee types what happened, answers only what decides, reads the ruling."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from app.corpus.laws import Content
from app.corpus.loading import load_content
from ui.ask.ask_screen import AskScreen


@pytest.fixture(scope="module")
def shipped() -> Content:
    return load_content()


@pytest.fixture
def ask(qtbot, shipped) -> Iterator[AskScreen]:
    screen = AskScreen(shipped)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    yield screen


def english_text(screen: AskScreen) -> str:
    return screen.ruling_panel.columns["english"].details.toPlainText()


def test_two_cards_turned_at_ecarte_is_ruled_in_two_key_presses(qtbot, ask):
    ask.choose_game("ecarte")
    qtbot.keyClicks(ask.event_filter, "two cards turned")
    assert ask.events.currentItem().data(Qt.ItemDataRole.UserRole) == "several-trumps-turned"
    qtbot.keyClick(ask.event_filter, Qt.Key.Key_Return)
    assert ask.question_label.text() == "Who dealt?"
    qtbot.keyClick(ask.choices, Qt.Key.Key_2)  # South
    assert ask.question_label.text() == "Has North looked at his hand?"
    qtbot.keyClick(ask.choices, Qt.Key.Key_2)  # no
    assert ask.question_label.text() == "Every code has ruled."
    shown = english_text(ask)
    assert "North may choose: Choose which turned card is the trump." in shown
    assert "Decided by" in shown and "North has not looked at his hand." in shown
    assert [ask.asked.item(i).text() for i in range(ask.asked.count())] == [
        "South dealt.", "North has not looked at his hand."]


def test_clicking_an_answer_goes_back_to_it_and_the_ruling_follows(qtbot, ask):
    ask.choose_game("ecarte")
    ask.choose_event("several-trumps-turned")
    ask.answer("South")
    ask.answer("no")
    assert "choose which turned card" in english_text(ask).lower()
    qtbot.mouseClick(ask.asked.viewport(), Qt.MouseButton.LeftButton,
                     pos=ask.asked.visualItemRect(ask.asked.item(1)).center())
    assert ask.question_label.text() == "Has North looked at his hand?"
    qtbot.keyClick(ask.choices, Qt.Key.Key_1)  # yes, he has looked
    assert "North has looked at his hand." in english_text(ask)
    assert "choose which turned card" not in english_text(ask).lower()


def test_backspace_goes_back_a_question_and_question_mark_is_i_dont_know(qtbot, ask):
    ask.choose_game("ecarte")
    ask.choose_event("several-trumps-turned")
    qtbot.keyClick(ask.choices, Qt.Key.Key_2)
    qtbot.keyClick(ask.choices, Qt.Key.Key_Backspace)
    assert ask.question_label.text() == "Who dealt?"
    qtbot.keyClick(ask.choices, Qt.Key.Key_2)
    qtbot.keyClicks(ask.choices, "?")  # has North looked? not known
    english = ask.ruling_panel.ruling.for_code("english")
    assert english.outcome == "depends" and len(english.cases) == 2
    assert "Has North looked at his hand? Not known." in [
        ask.asked.item(i).text() for i in range(ask.asked.count())]


def test_a_lead_in_the_partners_turn_at_cinch_asks_whose_lead_it_was(qtbot, ask):
    ask.choose_game("cinch")
    qtbot.keyClicks(ask.event_filter, "led out of turn")
    qtbot.keyClick(ask.event_filter, Qt.Key.Key_Return)
    asked = []
    answers = {"Who did it?": "North", "Whose lead was it?": "South"}
    while ask.question is not None:
        asked.append(ask.question_label.text())
        ask.answer(answers.get(ask.question_label.text(), ask.question.choices[0].value))
    assert "Whose lead was it?" in asked and len(asked) <= 4
    shown = ask.ruling_panel.columns["american"].details.toPlainText()
    assert "East may choose: Call on South to lead a trump." in shown  # North's partner


def test_a_wrong_typed_answer_says_what_the_answers_are(qtbot, ask):
    ask.choose_game("cinch")
    ask.choose_event("play")
    ask.answer("North")
    assert ask.question is not None and ask.question.fact == "event.card"
    assert ask.free.isVisible()  # a card may be typed
    ask.free.setText("ZZ")
    qtbot.keyClick(ask.free, Qt.Key.Key_Return)
    assert "ZZ" in ask.problem.text()
    assert ask.question.fact == "event.card"  # still asked


def test_every_control_is_named_for_a_screen_reader(ask):
    for widget in (ask.game_box, ask.event_filter, ask.events, ask.question_label,
                   ask.choices, ask.free, ask.asked, ask.back_button, ask.ruling_panel):
        assert widget.accessibleName(), widget


def test_ask_is_first_in_the_toolbar_with_its_shortcut_its_guide_page_and_its_history(
        qtbot, window):
    from PySide6.QtWidgets import QToolBar

    from ui.help.guide import page
    from ui.help.shortcuts import SHORTCUTS

    toolbar = window.findChild(QToolBar, "navigation-toolbar")
    screens = [a for a in toolbar.actions() if a in window.screen_actions.values()]
    assert screens[0] is window.screen_actions["ask"]
    assert window.screen_actions["ask"].shortcut().toString() == "Ctrl+K"
    assert any(s.keys == "Ctrl+K" for s in SHORTCUTS)
    assert "Ctrl+K" in page("ask").body
    window.screen_actions["ask"].trigger()
    assert window.current_screen == "ask"
    ask = window.screen("ask")
    game = ask.game_id
    event = ask.events.item(0).data(Qt.ItemDataRole.UserRole)
    ask.choose_event(event)
    window.show_screen("glossary")
    window.go_back()  # Alt+Left: back to the interview, started afresh
    assert window.current_screen == "ask"
    assert ask.interview is not None and ask.interview.event == event
    assert ask.game_id == game


def test_save_as_scenario_writes_a_file_that_rules_the_same(qtbot, shipped, tmp_path):
    import json

    from test_builder_screen import FakeDialogs

    from app.engine import rule
    from app.model.games import build_games
    from app.model.scenario import load_scenario_file

    dialogs = FakeDialogs()
    screen = AskScreen(shipped, dialogs=dialogs)
    qtbot.addWidget(screen)
    screen.choose_game("ecarte")
    screen.choose_event("several-trumps-turned")
    screen.answer("South")
    screen.answer("no")
    dialogs.save_answer = tmp_path / "asked.json"
    assert screen.save_as()
    assert json.loads(dialogs.save_answer.read_text(encoding="utf-8"))["game"] == "ecarte"
    games = build_games(shipped)
    saved = rule(load_scenario_file(dialogs.save_answer, games), games, shipped)
    english = saved.for_code("english")
    assert {(o.id, o.by) for o in english.options} == {("choose-trump", "North"),
                                                      ("new-deal", "North")}
    assert "Saved as asked.json." in screen.problem.text()


def test_refine_in_the_builder_opens_the_same_ruling_there(qtbot, window):
    from PySide6.QtWidgets import QApplication

    window.screen_actions["ask"].trigger()
    ask = window.screen("ask")
    ask.choose_event(ask.events.item(0).data(Qt.ItemDataRole.UserRole))
    while ask.question is not None:
        ask.answer(ask.question.choices[0].value)
    asked = ask.interview.ruling()
    qtbot.mouseClick(ask.refine_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert window.current_screen == "builder", (ask.game_id, ask.interview.event,
                                                ask.problem.text(), ask.interview.answers)
    shown = window.builder.ruling_panel.ruling
    assert shown is not None
    assert [(r.code, r.outcome, r.laws) for r in shown.rulings] == [
        (r.code, r.outcome, r.laws) for r in asked.rulings]


def test_content_without_a_law_the_ruling_needs_says_so(qtbot, content):
    """A club's own content may lack a law the engine cites: Ask says which, and holds."""
    screen = AskScreen(content)  # the fixture content: a few laws of two games
    qtbot.addWidget(screen)
    screen.choose_game("ecarte")
    screen.choose_event("several-trumps-turned")
    while screen.question is not None:
        screen.answer(screen.question.choices[0].value)
    assert "a law this ruling needs is not loaded (ecarte." in screen.ruling_panel.banner.text()
    assert screen.ruling_panel.ruling is None

