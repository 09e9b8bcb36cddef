"""The rehearsal screen on the real main window: play, make a mistake happen, choose the
innocent side's option, see the table change, step back and branch, save and reopen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, load_content
from app.rehearsal.play import legal_cards, settle_draws
from app.search.store import LawsStore
from ui.main_window import MainWindow
from ui.rehearse.rehearse_screen import RehearseScreen
from ui.settings import UiSettings


@pytest.fixture(scope="module")
def real() -> tuple[Content, LawsStore]:
    content = load_content()
    return content, LawsStore(content)


@pytest.fixture
def screen(qtbot, real) -> RehearseScreen:
    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.show_screen("rehearse")
    rehearse = window.screen("rehearse")
    assert isinstance(rehearse, RehearseScreen)
    return rehearse


def _lawful_click(qtbot, screen: RehearseScreen) -> None:
    """Click, on the screen, the first gold-edged (lawful) card of the player to move."""
    state = settle_draws(screen.moment.state, screen.rehearser.game(screen.moment.state))
    seat = screen.table.seats[state.to_move]
    widget = next(w for w in seat.visible_cards if w.chosen)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_play_inject_choose_step_back_and_branch(qtbot, screen: RehearseScreen,
                                                 tmp_path: Path) -> None:
    screen.new_deal("bezique", seed=31)
    assert "North" in screen.table.seats and screen.table.seats["North"].visible_cards
    for _ in range(2):  # one trick: the draws fall due
        _lawful_click(qtbot, screen)
    assert screen.moment.state.tricks_played == 1
    assert screen.timeline.steps.count() == 3  # the deal and two plays

    # Something went wrong: the loser of the trick forgets to draw.
    offender = next(p for p in screen.moment.state.players
                    if p != screen.moment.state.last_winner)
    qtbot.mouseClick(screen.wrong_button, Qt.MouseButton.LeftButton)
    assert screen.wrong_box.isVisible()
    form = screen.event_form
    form.type_box.setCurrentIndex(form.type_box.findData("failed-to-draw"))
    screen._show_event_form({"type": "failed-to-draw", "player": offender})
    screen.make_mistake()
    assert screen.moment.mistake is not None
    assert len(screen.moment.state.hand(offender)) == 7
    texts = [b.accessibleName() for b in screen.options.buttons]
    assert any("draw two cards" in t for t in texts), texts
    assert screen.rulings.isVisible()

    # The innocent side calls the deal void (under the French laws).
    void = next(b for b in screen.options.buttons
                if "void" in b.accessibleName() and "French" in b.accessibleName())
    qtbot.mouseClick(void, Qt.MouseButton.LeftButton)
    assert screen.moment.state.status == "void"
    assert "dealt again" in screen.table.status.text()

    # Step back to the ruling and try the other option: a new branch.
    screen.timeline.steps.setCurrentRow(3)
    assert screen.moment.mistake is not None
    other = next(b for b in screen.options.buttons
                 if "draw two" in b.accessibleName() and "French" in b.accessibleName())
    qtbot.mouseClick(other, Qt.MouseButton.LeftButton)
    assert screen.rehearsal is not None and len(screen.rehearsal.branches) == 2
    assert screen.branch == 1
    assert screen.moment.state.status == "playing"
    assert screen.moment.state.draw_extra == {offender: 1}
    screen.compare(0, 1)
    assert "void" in screen.timeline.comparison.text().lower()

    # Save, start something else, reopen: the same branches and tables.
    path = tmp_path / "deal.rehearsal.json"
    assert screen.save_path(path)
    screen.new_deal("cinch", seed=5)
    assert screen.open_path(path)
    assert len(screen.rehearsal.branches) == 2
    assert screen.moment.state.status == "void"  # the main line ends with the void deal


def test_an_unlawful_click_says_which_rule_forbids_it(qtbot, screen: RehearseScreen) -> None:
    screen.open_path(CONTENT_DIR / "rehearsals" / "pinochle-failure-to-win.json")
    mistake = next(i for i, m in enumerate(screen.moments) if m.mistake is not None)
    screen.show_position(mistake - 1)
    state = settle_draws(screen.moment.state, screen.rehearser.game(screen.moment.state))
    lawful = legal_cards(state, screen.rehearser.game(state))
    seat = screen.table.seats[state.to_move]
    faded = next(w for w in seat.visible_cards if w.dimmed)
    assert faded.card not in lawful
    before = len(screen.moments)
    qtbot.mouseClick(faded, Qt.MouseButton.LeftButton)
    assert "may not be played now" in screen.message.text()
    assert "Follow suit and win" in screen.message.text()
    assert len(screen.moments) == before


def test_the_builders_table_is_rehearsed_with_its_event_ready(qtbot, real) -> None:
    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    window.show()
    builder = window.show_builder()
    example = "rubicon-bezique-surplus-after-first-trick.json"
    builder.open_example(CONTENT_DIR / "scenarios" / example)
    window.rehearse_table_action.trigger()
    screen = window.screen("rehearse")
    assert isinstance(screen, RehearseScreen)
    assert screen.wrong_box.isVisible()
    assert screen.event_form.event_type == "wrong-count"
    screen.make_mistake()
    texts = [b.accessibleName() for b in screen.options.buttons]
    assert texts and "English" in texts[0]
    qtbot.mouseClick(screen.options.buttons[0], Qt.MouseButton.LeftButton)
    assert screen.moment.state.status == "abandoned"


def test_conquian_turn_meld_and_discard_on_screen(qtbot, screen: RehearseScreen) -> None:
    screen.new_deal("conquian", seed=3)
    assert screen.turn_button.isVisible()
    for _ in range(40):
        state = screen.moment.state
        m = state.melds
        if state.over:
            break
        if m.must_discard:
            qtbot.mouseClick(screen.table.seats[state.to_move].visible_cards[0],
                             Qt.MouseButton.LeftButton)
        elif m.upcard is None:
            qtbot.mouseClick(screen.turn_button, Qt.MouseButton.LeftButton)
        else:
            from app.rehearsal.melds import meld_options

            ways = meld_options(state, screen.rehearser.game(state), state.to_move)
            if ways:
                seat = screen.table.seats[state.to_move]
                for card in ways[0]:
                    qtbot.mouseClick(next(w for w in seat.visible_cards if w.card == card),
                                     Qt.MouseButton.LeftButton)
                qtbot.mouseClick(screen.meld_button, Qt.MouseButton.LeftButton)
                assert screen.moment.state.melds.down[state.to_move]
                return
            qtbot.mouseClick(screen.pass_button, Qt.MouseButton.LeftButton)
    pytest.skip("no meld came up in forty moves of this deal")


def test_a_bad_rehearsal_file_is_reported_and_the_current_one_kept(
        qtbot, screen: RehearseScreen, tmp_path: Path) -> None:
    screen.new_deal("ecarte", seed=2)
    before = screen.rehearsal
    bad = tmp_path / "bad.rehearsal.json"
    bad.write_text('{"format": "cardlaws-rehearsal", "version": 1, "start": []}', "utf-8")
    assert not screen.open_path(bad)
    assert "start" in screen.message.text()
    assert screen.rehearsal == before


def test_content_without_play_facts_says_nothing_can_be_rehearsed(qtbot, content) -> None:
    screen = RehearseScreen(content)  # the fixture content declares no [play] table
    qtbot.addWidget(screen)
    assert "none can be rehearsed" in screen.message.text()
    assert not screen.wrong_button.isEnabled()


def test_only_the_games_own_events_are_offered_and_pitchs_rest_is_undealt(
        qtbot, screen: RehearseScreen) -> None:
    # Auction Pitch draws from no stock: no drawing irregularity, and the cards left after
    # the deal are undealt, not "the stock". Bézique draws: both are there.
    from app.table_builder import events_for

    drawing = {"failed-to-draw", "drew-two", "drew-out-of-turn", "both-drew-wrong",
               "loser-saw-two", "even-stock", "peeked-at-stock", "stock-exhausted",
               "touched-top-card"}
    screen.new_deal("auction-pitch", seed=3)
    qtbot.mouseClick(screen.wrong_button, Qt.MouseButton.LeftButton)
    game = screen.rehearser.game(screen.moment.state)
    offered = set(screen.event_form.offered())
    assert offered and not offered & drawing
    assert offered == set(events_for(game, screen.moment.state.stage))
    assert "undealt" in screen.table.facts.text()
    assert "stock" not in screen.table.facts.text()
    screen.new_deal("bezique", seed=31)
    assert "in the stock" in screen.table.facts.text()
    screen._show_event_form(None)
    assert "failed-to-draw" in screen.event_form.offered()


def test_rule_it_is_in_sight_at_1280_by_800_whatever_the_event(qtbot, screen) -> None:
    # Four seats at Auction Pitch, and every event the game offers in play, fields and all.
    screen.new_deal("auction-pitch", seed=3)
    qtbot.mouseClick(screen.wrong_button, Qt.MouseButton.LeftButton)
    button = screen.wrong_box.rule_button
    for etype in screen.event_form.offered():
        screen._show_event_form({"type": etype})
        scroll = next(a for a in screen.findChildren(QScrollArea) if a.isAncestorOf(button))
        scroll.verticalScrollBar().setValue(0)
        QApplication.processEvents()
        top_left = button.mapTo(scroll.viewport(), QPoint(0, 0))
        inside = scroll.viewport().rect().contains(
            QRect(top_left, button.size()))
        assert button.isVisible() and inside, etype


def test_cards_say_whether_they_may_be_played_and_no_option_reads_as_none(
        qtbot, screen) -> None:
    screen.new_deal("bezique", seed=31)
    state = settle_draws(screen.moment.state, screen.rehearser.game(screen.moment.state))
    game = screen.rehearser.game(state)
    lawful = legal_cards(state, game)
    mover = screen.table.seats[state.to_move]
    said = {w.card: w.accessibleDescription() for w in mover.visible_cards}
    assert all(said[c] == "may be played now" for c in lawful)
    other = next(p for p in state.players if p != state.to_move)
    for widget in screen.table.seats[other].visible_cards:
        assert widget.accessibleDescription() == \
            f"may not be played now: it is not {other}'s turn"
    # A wrong count ruled: a code with no options says so, as the ruling's "Options: None".
    qtbot.mouseClick(screen.wrong_button, Qt.MouseButton.LeftButton)
    screen._show_event_form({"type": "wrong-count"})
    screen.make_mistake()
    ruling = screen.moment.mistake.ruling
    for r in ruling.rulings:
        if r.outcome != "not-covered" and not r.options:
            words = [b.accessibleName() for b in screen.options.buttons]
            assert any("No options: apply the ruling" in w for w in words), words
            assert not any("as it stands." in w and "silent" not in w for w in words)


def test_the_ruling_has_the_room_at_800_by_600_and_its_options_follow_it(qtbot, real) -> None:
    # The options box stood outside the ruling and took the room: the ruling was a strip of
    # some 100 px. Now the ruling's own scroll area has most of its side, the options under
    # the columns in the same scroll area (none inside another).
    content, store = real
    window = MainWindow(store, content, UiSettings.ephemeral())
    qtbot.addWidget(window)
    window.resize(800, 600)
    window.show()
    window.open_rehearsal(CONTENT_DIR / "rehearsals" / "pinochle-failure-to-win.json")
    screen = window.screen("rehearse")
    assert isinstance(screen, RehearseScreen)
    screen.show_position(next(i for i, m in enumerate(screen.moments) if m.mistake))
    qtbot.waitUntil(lambda: screen.options.buttons != [] and screen.options.isVisible())
    side = screen.rulings.parentWidget()
    viewport = screen.rulings.scroll.viewport()
    # Laid out, the ruling's visible area is most of its side of the screen.
    qtbot.waitUntil(lambda: viewport.height() >= max(200, 0.6 * side.height()))
    assert screen.rulings.scroll.widget().isAncestorOf(screen.options)
    # Scrolled to the end, the options are in sight.
    bar = screen.rulings.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    button = screen.options.buttons[-1]
    top_left = button.mapTo(viewport, QPoint(0, 0))
    assert viewport.rect().contains(QRect(top_left, button.size()))


def test_f1_in_front_of_rehearse_opens_its_page_which_the_contents_list(qtbot, screen) -> None:
    window = screen.window()
    window.guide_action.trigger()
    help_window = window._help
    assert help_window.current_page == "rehearse"
    text = help_window.page.toPlainText()
    assert "Something went wrong…" in text and "Rule it" in text and "timeline" in text
    titles = [help_window.contents.item(i).text() for i in range(help_window.contents.count())]
    assert "Rehearse a deal" in titles
    # In front of another screen with a page of its own, F1 opens that one; else the laws'.
    window.show_screen("quizzes")
    window.guide_action.trigger()
    assert help_window.current_page == "quizzes"
    window.show_screen("glossary")
    window.guide_action.trigger()
    assert help_window.current_page == "browser"


def test_a_chosen_file_is_read_and_replayed_off_the_ui_thread(
        qtbot, screen: RehearseScreen, tmp_path: Path, monkeypatch) -> None:
    """A rehearsal of fifty branches replays for a second or more: the file the learner picks
    is read on a worker, the window stays live, and the file is shown once it is read."""
    import json
    import threading

    from app.rehearsal import document

    source = CONTENT_DIR / "rehearsals" / "ecarte-failure-to-win.json"
    raw = json.loads(source.read_text(encoding="utf-8"))
    raw["branches"] = [dict(raw["branches"][0], name=f"Branch {n}") for n in range(20)]
    path = tmp_path / "many.rehearsal.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    threads: list[str] = []
    reading = document.read_file

    def spy(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return reading(*args, **kwargs)

    monkeypatch.setattr(document, "read_file", spy)
    with qtbot.waitSignal(screen.opened):
        screen.open_in_background(path)
    assert threads == [f"rehearsal-{path.name}"]  # not the UI thread
    assert screen.path == path and screen.rehearsal is not None
    assert len(screen.rehearsal.branches) == 20

    bad = tmp_path / "bad.rehearsal.json"
    bad.write_text('{"format": "cardlaws-rehearsal", "version": 1, "start": []}', "utf-8")
    with qtbot.waitSignal(screen.opened):
        screen.open_in_background(bad)
    assert "Cannot open bad.rehearsal.json" in screen.message.text()
    assert screen.path == path  # the current one kept


def test_a_revoke_ruled_and_applied_shows_on_the_score(qtbot, screen: RehearseScreen,
                                                       tmp_path: Path) -> None:
    """Issue 24: after a revoke ruled and applied, the score line had been reported to stay at
    0. Played as a user plays it: lawful cards clicked until a player holds a card he may not
    play to the trick; Something went wrong, a card played, that card clicked, Rule it, the
    ruling applied. The score line and the seat show the bid set back, and still do after
    the hand is played on, and when the rehearsal is saved and opened again."""
    screen.new_deal("auction-pitch", seed=1)
    game = screen.rehearser.game(screen.moment.state)
    for _ in range(20):
        state = settle_draws(screen.moment.state, game)
        lawful = legal_cards(state, game, state.to_move)
        unlawful = [c for c in state.hand(state.to_move) if c not in lawful]
        if state.trick and unlawful:
            break
        _lawful_click(qtbot, screen)
    else:
        pytest.fail("no revoke came within reach")
    revoker, bid = state.to_move, state.bid
    assert bid is not None  # a Pitch deal is rehearsed with its bid
    before = screen.moment.state.score(revoker)
    qtbot.mouseClick(screen.wrong_button, Qt.MouseButton.LeftButton)
    form = screen.event_form
    form.type_box.setCurrentIndex(form.type_box.findData("play"))
    widget = next(w for w in screen.table.seats[revoker].visible_cards if w.card == unlawful[0])
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    assert form.current()["card"] == unlawful[0].code
    qtbot.mouseClick(screen.wrong_box.rule_button, Qt.MouseButton.LeftButton)
    ruling = screen.moment.mistake.ruling.rulings[0]
    assert ruling.outcome == "revoke" and dict(ruling.score) == {revoker: -bid["amount"]}
    (apply,) = screen.options.buttons
    qtbot.mouseClick(apply, Qt.MouseButton.LeftButton)
    now = before - bid["amount"]
    assert f"{revoker} {now}" in screen.table.facts.text()
    assert f": {now} points" in screen.table.seats[revoker].title.text()
    _lawful_click(qtbot, screen)  # play goes on: the score stays
    assert f"{revoker} {now}" in screen.table.facts.text()
    path = tmp_path / "revoke.rehearsal.json"
    assert screen.save_path(path)
    screen.new_deal("cinch", seed=5)
    assert screen.open_path(path)
    assert f"{revoker} {now}" in screen.table.facts.text()


def test_the_declare_row_offers_the_games_declared_points(screen) -> None:
    """The declarations offered, with their points, are the game's declared play facts."""
    screen._game_chosen("pinochle")
    row = screen.declare_row
    offered = {row.kind.itemData(i): row.kind.itemText(i) for i in range(row.kind.count())}
    assert offered["pinochle"] == "pinochle (40)" and offered["sequence"].endswith("(150)")
    assert "double-bezique" not in offered
    screen._game_chosen("rubicon-bezique")
    offered = {row.kind.itemData(i) for i in range(row.kind.count())}
    assert "double-bezique" in offered
