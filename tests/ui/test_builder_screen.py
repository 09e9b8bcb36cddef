"""The scenario builder screen: a table built with real cards, the event, and the rulings."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import click_link
from PySide6.QtCore import QPoint, Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QWidget

from app.corpus.laws import Content
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.model.scenario import ScenarioError
from app.table_builder import read_scenario_file, stages_for
from ui.builder.builder_screen import BuilderScreen
from ui.builder.dialogs import BuilderDialogs, Unsaved
from ui.builder.recent_files import RecentFiles
from ui.widgets.card_widget import CardWidget

EXAMPLES = CONTENT_DIR / "scenarios"
SURPLUS = EXAMPLES / "rubicon-bezique-surplus-after-first-trick.json"
NORTH_TEN = ["AS", "10S", "KH", "QH", "JD", "9C", "8C", "7S", "KS", "QS"]
SOUTH_NINE = ["AH", "10H", "KD", "QD", "JS", "9H", "8D", "7C", "AC"]


class FakeDialogs(BuilderDialogs):
    """Scripted answers in place of the modal dialogs; what was shown is recorded."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []
        self.asked_unsaved = 0
        self.unsaved_answer = Unsaved.CANCEL
        self.open_answer: Path | None = None
        self.save_answer: Path | None = None
        self.pdf_answer: Path | None = None
        self.print_to: Path | None = None

    def open_path(self, parent: QWidget, start: Path | None) -> Path | None:
        return self.open_answer

    def save_path(self, parent: QWidget, suggested: Path | None) -> Path | None:
        return self.save_answer

    def pdf_path(self, parent: QWidget, suggested: Path | None) -> Path | None:
        return self.pdf_answer

    def unsaved_changes(self, parent: QWidget, name: str) -> Unsaved:
        self.asked_unsaved += 1
        return self.unsaved_answer

    def error(self, parent: QWidget, title: str, text: str) -> None:
        self.errors.append((title, text))

    def setup_printer(self, parent: QWidget, printer: QPrinter) -> bool:
        if self.print_to is None:
            return False
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.print_to))
        return True


@pytest.fixture(scope="session")
def real_content() -> Content:
    """The laws and games as shipped (the engine cites laws the fixture content lacks)."""
    return load_content()


@pytest.fixture
def builder(qtbot, real_content) -> BuilderScreen:
    screen = BuilderScreen(real_content, recent=RecentFiles(None), dialogs=FakeDialogs(),
                           rng=random.Random(11))
    qtbot.addWidget(screen)
    screen.resize(1200, 760)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def click(qtbot, card: CardWidget) -> None:
    """Click a card on its corner index, which stays visible when cards overlap."""
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton, pos=QPoint(6, 8))


def give(qtbot, builder: BuilderScreen, seat: str, codes: list[str]) -> None:
    builder.table_view.set_target(seat)
    for code in codes:
        click(qtbot, builder.palette.card_widget(code))


def choose_event(builder: BuilderScreen, event_type: str) -> None:
    box = builder.event_form.type_box
    box.setCurrentIndex(box.findData(event_type))


def english(builder: BuilderScreen):
    return builder.ruling_panel.columns["english"]


# --- the Rubicon surplus, built by hand ------------------------------------------------------


def _ten_against_nine(qtbot, builder: BuilderScreen, north_score: int) -> None:
    builder.set_game("rubicon-bezique")
    give(qtbot, builder, "North", NORTH_TEN)
    give(qtbot, builder, "South", SOUTH_NINE)
    builder.table_view.facts.tricks.setValue(2)
    builder.table_view.seats["North"].score.setValue(north_score)
    choose_event(builder, "wrong-count")


def test_ten_cards_against_nine_after_the_first_trick_abandons_the_game(qtbot, builder):
    _ten_against_nine(qtbot, builder, 450)
    qtbot.waitUntil(lambda: english(builder).outcome.text() == "game abandoned")
    assert builder.raw["hands"] == {"North": NORTH_TEN, "South": SOUTH_NINE}
    # 1300 + 450: Foster's sum, all the offender's points, unrounded (round 7's #99)
    assert "South +1750" in english(builder).details.toPlainText()
    assert builder.table_view.seats["North"].proper.text() == "should hold 9"


def test_the_offenders_points_given_to_the_adversary_are_capped_at_900(qtbot, builder):
    _ten_against_nine(qtbot, builder, 450)
    builder.table_view.seats["North"].score.setValue(1200)
    qtbot.waitUntil(lambda: "South +2200" in english(builder).details.toPlainText())
    assert english(builder).outcome.text() == "game abandoned"


def test_counts_without_cards_rule_the_same(qtbot, builder):
    builder.set_game("rubicon-bezique")
    builder.table_view.seats["North"].count.setValue(10)
    builder.table_view.seats["South"].count.setValue(9)
    builder.table_view.facts.tricks.setValue(2)
    builder.table_view.seats["North"].score.setValue(450)
    qtbot.waitUntil(lambda: english(builder).outcome.text() == "game abandoned")
    assert builder.raw["hands"] == {"North": 10, "South": 9}
    assert "South +1750" in english(builder).details.toPlainText()
    backs = builder.table_view.seats["North"].hand.card_widgets()
    assert len(backs) == 10 and all(b.card is None for b in backs)


def test_the_codes_that_disagree_are_highlighted(qtbot, builder):
    _ten_against_nine(qtbot, builder, 450)
    assert builder.ruling is not None and builder.ruling.differences() == ["outcome", "score"]
    assert builder.ruling_panel.banner.text() == (
        "<b>The codes differ</b>: only the English laws cover this situation; the French laws "
        "say nothing about it (highlighted).")
    assert "background" in english(builder).outcome.styleSheet()
    assert builder.ruling_panel.columns["french"].outcome.text() == "not covered"
    assert "(the codes differ)" in english(builder).details.toPlainText()


# --- the table ------------------------------------------------------------------------------


def test_switching_to_cinch_seats_four_players_with_partners_facing(qtbot, builder):
    builder.set_game("rubicon-bezique")
    assert list(builder.table_view.seats) == ["North", "South"]
    builder.set_game("cinch")
    seats = builder.table_view.seats
    assert list(seats) == ["North", "East", "South", "West"]

    def facing() -> bool:  # partners face each other across the table
        geo = {p: seat.geometry() for p, seat in seats.items()}
        return (geo["North"].bottom() < geo["South"].top()
                and geo["West"].right() < geo["East"].left())

    qtbot.waitUntil(facing)
    assert builder.table_view.facts.parts["bid"].isVisibleTo(builder)


def test_a_card_clicked_in_a_hand_goes_back_to_the_pack(qtbot, builder):
    builder.set_game("cinch")
    give(qtbot, builder, "South", ["QH", "3H", "7C"])
    assert builder.palette.card_widget("3H").dimmed
    click(qtbot, builder.table_view.seats["South"].hand.card_widget(1))
    assert builder.raw["hands"]["South"] == ["QH", "7C"]
    assert not builder.palette.card_widget("3H").dimmed


def test_multi_pack_games_show_the_copies_left(qtbot, builder):
    builder.set_game("rubicon-bezique")
    assert builder.palette.card_widget("QS").badge == "×4"
    give(qtbot, builder, "North", ["QS", "QS"])
    assert builder.palette.card_widget("QS").badge == "×2"


def test_a_card_played_is_chosen_by_clicking_it_in_the_hand(qtbot, builder):
    builder.set_game("cinch")
    give(qtbot, builder, "South", ["QH", "3H", "7C", "6D", "JS", "10S"])
    builder.table_view.set_target("trick")
    builder.table_view.centre.leader.setCurrentIndex(
        builder.table_view.centre.leader.findData("East"))
    click(qtbot, builder.palette.card_widget("KC"))
    builder.table_view.facts.trump.setCurrentIndex(builder.table_view.facts.trump.findData("H"))
    choose_event(builder, "play")
    assert builder.event_form.picks_from_hand
    click(qtbot, builder.table_view.seats["South"].hand.card_widget(3))
    assert builder.raw["event"] == {"type": "play", "player": "South", "card": "6D"}
    assert builder.raw["hands"]["South"] == ["QH", "3H", "7C", "6D", "JS", "10S"]
    assert builder.table_view.seats["South"].hand.card_widget(3).chosen
    column = builder.ruling_panel.columns["american"]
    qtbot.waitUntil(lambda: column.outcome.text() == "revoke")


def test_the_event_form_is_generated_from_the_events_fields(qtbot, builder):
    builder.set_game("pinochle")
    choose_event(builder, "drew-two")
    form = builder.event_form
    saw = form.editor("saw_second")
    assert saw.text() == "Saw the second card?"
    saw.setChecked(True)
    assert builder.raw["event"]["saw_second"] is True
    player = form.editor("player")
    player.setCurrentIndex(player.findData("South"))
    assert builder.raw["event"] == {"type": "drew-two", "player": "South", "saw_second": True}


def test_taken_back_is_asked_at_ecarte_and_not_at_pinochle(qtbot, builder):
    # Only the Club Code's law 39 tells a card taken back in time from a revoke: at Pinochle
    # the field would change nothing, and the form does not show it.
    builder.set_game("ecarte")
    choose_event(builder, "play")
    form = builder.event_form
    assert form.has_field("taken_back")
    back = form.editor("taken_back")
    assert [back.itemText(i) for i in range(back.count())] == ["not said", "yes", "no"]
    assert "taken_back" not in builder.raw["event"]
    back.setCurrentIndex(back.findText("no"))
    assert builder.raw["event"]["taken_back"] is False  # a "no" is kept, not dropped
    back.setCurrentIndex(back.findText("yes"))
    assert builder.raw["event"]["taken_back"] is True
    builder.laws_form.code_boxes["english"].setChecked(False)
    assert not form.has_field("taken_back") and "taken_back" not in builder.raw["event"]
    builder.set_game("pinochle")
    choose_event(builder, "play")
    assert builder.raw["event"]["type"] == "play"
    assert form.has_field("card") and not form.has_field("taken_back")


def test_a_king_not_marked_yet_stays_not_marked_through_an_edit(qtbot, builder, tmp_path):
    # The Club Code's law 22: a turned king that would make the dealer's fifth point wins the
    # game once he marks it. A "no" opened from a file is kept when the table is edited.
    raw = json.loads((EXAMPLES / "ecarte-king-turned.json").read_text(encoding="utf-8"))
    raw.pop("expected")
    raw["scores"] = {"North": 2, "South": 4}
    raw["event"] = {"type": "king-turned", "marked": False}
    path = tmp_path / "king.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert builder.open_path(path)
    marked = builder.event_form.editor("marked")
    assert marked.currentText() == "no"
    builder.table_view.seats["North"].score.setValue(3)
    assert builder.raw["event"]["marked"] is False
    qtbot.waitUntil(lambda: english(builder).outcome.text() == "play on")
    marked.setCurrentIndex(marked.findText("yes"))
    qtbot.waitUntil(lambda: english(builder).outcome.text() == "game won")
    assert "The game is won by South." in english(builder).meaning.text()


def test_an_impossible_table_is_marked_on_the_spot_and_nothing_crashes(qtbot, builder):
    builder.set_game("rubicon-bezique")
    give(qtbot, builder, "North", ["QS"] * 5)
    assert builder.problem is not None and builder.problem.field == "hands.North[4]"
    assert builder.problem_label.isVisibleTo(builder)
    assert builder.problem_label.text() == ("A fifth queen of spades in North's hand: the "
                                            "Rubicon Bézique pack has only four (the others "
                                            "are in North's hand).")
    assert builder.table_view.seats["North"].hand.card_widget(4).marked
    assert builder.palette.card_widget("QS").badge == "-1"
    assert builder.ruling is None
    assert "No ruling" in builder.ruling_panel.banner.text()
    click(qtbot, builder.table_view.seats["North"].hand.card_widget(4))
    assert builder.problem is None and builder.ruling is not None


def test_a_card_from_another_games_pack_is_marked(qtbot, builder):
    builder.set_game("rubicon-bezique")
    give(qtbot, builder, "North", ["7S"])
    builder.set_game("pinochle")
    assert builder.problem is not None
    assert builder.problem_label.text() == ("The seven of spades in North's hand is not a "
                                            "card of the Pinochle (two-handed) pack: take it back.")
    assert builder.table_view.seats["North"].hand.card_widget(0).marked


def test_a_law_cited_opens_in_the_rules_browser(qtbot, builder):
    builder.open_example(SURPLUS)
    column = english(builder)
    law = "rubicon-bezique.english.surplus-after-first-trick"
    assert law in column.law_links()
    with qtbot.waitSignal(builder.law_requested) as asked:
        click_link(qtbot, column.details, f"law:{law}")
    assert asked.args == [law]


# --- dealing at random -----------------------------------------------------------------------


def test_dealing_at_random_gives_a_table_the_engine_accepts_for_every_game_and_stage(builder):
    for gid in builder.games:
        builder.set_game(gid)
        for stage in stages_for(builder.games[gid]):
            builder.set_stage(stage)
            builder.deal_at_random()
            assert builder.problem is None, (gid, stage, builder.problem)
            assert builder.scenario is not None and builder.scenario.stage == stage
            assert builder.ruling is not None
            assert list(builder.ruling_panel.columns) == list(builder.scenario.codes)


def test_a_random_deal_keeps_the_event_chosen(builder):
    builder.set_game("cinch")
    choose_event(builder, "play")
    builder.deal_at_random()
    assert builder.raw["event"]["type"] == "play"
    assert builder.ruling is not None


# --- files -----------------------------------------------------------------------------------


def test_open_save_open_round_trips_a_scenario_exactly(builder, tmp_path):
    original = json.loads(SURPLUS.read_text(encoding="utf-8"))
    assert builder.open_path(SURPLUS)
    assert builder.raw == original and not builder.document.dirty
    builder.dialogs.save_answer = tmp_path / "copy.json"
    assert builder.save_as()
    assert json.loads((tmp_path / "copy.json").read_text(encoding="utf-8")) == original
    assert builder.new_scenario()
    assert builder.open_path(tmp_path / "copy.json")
    assert builder.raw == original
    assert builder.document.path == tmp_path / "copy.json"
    assert builder.recent.paths()[0] == (tmp_path / "copy.json").resolve()


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{not json", "file"),
        ('{"game": "rubicon-bezique", "hands": {"North": ["2S"]}, '
         '"event": {"type": "wrong-count"}}', "hands.North[0]"),
        ('{"game": []}', "game"),
    ],
)
def test_an_invalid_file_says_what_is_wrong_and_keeps_the_table(qtbot, builder, tmp_path,
                                                                 text, field):
    builder.set_game("cinch")
    give(qtbot, builder, "South", ["QH"])
    before = builder.raw
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    assert not builder.open_path(bad)
    assert builder.raw == before
    ((title, message),) = builder.dialogs.errors
    assert title == "Cannot open the scenario"
    assert "bad.json" in message and f"Field: {field}" in message
    assert builder.dialogs.asked_unsaved == 0


def test_unsaved_changes_are_not_lost_without_a_question(qtbot, builder, tmp_path):
    builder.set_game("cinch")
    give(qtbot, builder, "South", ["QH"])
    assert builder.document.dirty
    before = builder.raw
    builder.dialogs.unsaved_answer = Unsaved.CANCEL
    assert not builder.new_scenario()
    assert not builder.open_path(SURPLUS)
    assert builder.raw == before and builder.dialogs.asked_unsaved == 2
    builder.dialogs.unsaved_answer = Unsaved.SAVE
    builder.dialogs.save_answer = tmp_path / "kept.json"
    assert builder.open_path(SURPLUS)
    assert json.loads((tmp_path / "kept.json").read_text(encoding="utf-8")) == before
    give(qtbot, builder, "North", ["AS"])
    builder.dialogs.unsaved_answer = Unsaved.DISCARD
    assert builder.new_scenario()
    assert builder.raw["hands"] == {}


def test_save_writes_to_the_files_own_path_once_it_has_one(qtbot, builder, tmp_path):
    path = tmp_path / "mine.json"
    builder.dialogs.save_answer = path
    assert builder.save()  # untitled: asks where
    builder.dialogs.save_answer = None
    give(qtbot, builder, "North", ["AS"])
    assert builder.document.dirty
    assert builder.save()  # titled: no question
    assert not builder.document.dirty
    assert read_scenario_file(path, builder.games)[0] == builder.raw
    assert builder.file_label.text() == "mine.json"


def test_an_example_opens_untitled_so_saving_never_overwrites_it(builder):
    assert builder.open_example(SURPLUS)
    assert builder.document.path is None and not builder.document.dirty
    assert "Ten cards found" in builder.about.text()


def test_the_ruling_exports_to_pdf_and_prints(builder, tmp_path):
    builder.open_example(SURPLUS)
    builder.dialogs.pdf_answer = tmp_path / "ruling.pdf"
    assert builder.export_pdf() == tmp_path / "ruling.pdf"
    assert (tmp_path / "ruling.pdf").read_bytes().startswith(b"%PDF")
    html = builder.page_html()
    for words in ("Ten cards found after the first trick", "game abandoned", "South +1750",
                  "rubicon-bezique.english.surplus-after-first-trick", "North&#x27;s hand"):
        assert words in html
    assert not builder.print_ruling()  # the print dialog was cancelled
    builder.dialogs.print_to = tmp_path / "printed.pdf"
    assert builder.print_ruling()
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


def test_a_scenario_error_is_raised_for_the_file_not_shown_half_read(builder, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    with pytest.raises(ScenarioError):
        builder.document.load(bad)
    assert builder.document.path is None


# --- keyboard --------------------------------------------------------------------------------


def test_cards_are_chosen_with_space_and_enter(qtbot, builder):
    builder.set_game("ecarte")
    builder.table_view.set_target("North")
    king = builder.palette.card_widget("KS")
    king.setFocus()
    qtbot.keyClick(king, Qt.Key.Key_Space)
    assert builder.raw["hands"]["North"] == ["KS"]
    qtbot.keyClick(builder.palette.card_widget("QH"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: builder.raw["hands"]["North"] == ["KS", "QH"])


def test_every_control_is_reachable_with_tab(builder):
    builder.open_example(EXAMPLES / "cinch-exposed-card-faced.json")
    reached: list[QWidget] = []
    widget = builder.game_box
    for _ in range(2000):
        if widget.isVisibleTo(builder) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            reached.append(widget)
        widget = widget.nextInFocusChain()
        if widget is builder.game_box:
            break
    seat = builder.table_view.seats["West"]
    wanted = [builder.game_box, builder.stage_box, builder.deal_button, seat.target,
              seat.dealer, seat.count, seat.score, seat.hand.card_widget(0),
              builder.table_view.facts.trump, builder.table_view.centre.leader,
              builder.palette.card_widget("AS"), builder.event_form.type_box,
              builder.event_form.editor("card"), builder.ruling_panel.columns["american"].details]
    missing = [w.accessibleName() or w.objectName() for w in wanted if w not in reached]
    assert not missing


def test_tab_moves_from_the_game_to_the_stage(qtbot, builder):
    builder.activateWindow()
    builder.game_box.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is builder.game_box)
    qtbot.keyClick(builder.game_box, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is builder.stage_box)


def test_the_ruling_matches_the_engine_after_each_edit(qtbot, builder, real_content):
    builder.open_example(SURPLUS)
    give(qtbot, builder, "South", ["7H"])
    assert builder.scenario is not None
    engine = rule(builder.scenario, builder.games, real_content)
    assert builder.ruling == engine


def test_a_new_game_relabels_the_stages_it_shares(builder):
    # Pinochle and Bézique share the stage ids but not their words: the stage shown for a
    # Bézique table after a Pinochle one is Bézique's last eight tricks, not Pinochle's twelve.
    assert builder.open_example(EXAMPLES / "pinochle-drew-two-unseen.json")
    assert builder.open_example(EXAMPLES / "bezique-last-eight-failure-to-win.json")
    assert builder.stage_box.currentText() == "The last eight tricks (stock exhausted)"
    labels = [builder.stage_box.itemText(i) for i in range(builder.stage_box.count())]
    assert "The last twelve tricks (stock exhausted)" not in labels
