"""The builder's laws in force and seats: readings of disputed rules, codes, seat names and
(Auction Pitch) the number of players, each re-ruled on screen at once."""

from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_builder_screen import EXAMPLES, FakeDialogs

from app.corpus.laws import Content
from app.corpus.loading import load_content
from app.table_builder import read_scenario_file
from ui.builder.builder_screen import BuilderScreen
from ui.builder.recent_files import RecentFiles

OPTIONAL = "ecarte.american.trump-when-void-optional"
# South is void in spades, the suit led, holds trumps and discards a club.
VOID_DISCARD = {
    "game": "ecarte", "players": ["North", "South"], "dealer": "South", "stage": "play",
    "trump": "H", "turn_up": "7H", "tricks_played": 1,
    "hands": {"North": ["KS", "QS", "10D", "9C"], "South": ["KH", "8H", "JD", "7C"]},
    "trick": {"leader": "North", "cards": ["AS"]},
    "event": {"type": "play", "player": "South", "card": "7C"},
}


@pytest.fixture(scope="module")
def shipped() -> Content:
    return load_content()


@pytest.fixture
def builder(qtbot, shipped) -> BuilderScreen:
    screen = BuilderScreen(shipped, recent=RecentFiles(None), dialogs=FakeDialogs(),
                           rng=random.Random(5))
    qtbot.addWidget(screen)
    screen.resize(1200, 760)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def outcomes(builder: BuilderScreen) -> dict[str, str]:
    return {code: col.outcome.text() for code, col in builder.ruling_panel.columns.items()}


def explanation(builder: BuilderScreen, code: str) -> str:
    return builder.ruling_panel.columns[code].details.toPlainText()


def void_discard(builder: BuilderScreen) -> None:
    builder.document.start(VOID_DISCARD)


# --- readings ------------------------------------------------------------------------------


def test_choosing_trumping_optional_turns_a_revoke_into_a_legal_play(qtbot, builder):
    void_discard(builder)
    assert outcomes(builder)["american"] == "revoke"
    assert outcomes(builder)["english"] == "revoke"
    form = builder.laws_form
    qtbot.mouseClick(form.toggle, Qt.MouseButton.LeftButton)
    assert form.readings.isVisible()
    combo = form.reading_boxes["ecarte-trump-when-void"]
    assert combo.isVisible()
    assert combo.itemText(0).endswith("(usual)")
    index = next(i for i in range(combo.count()) if "trumping allowed" in combo.itemText(i))
    combo.setCurrentIndex(index)
    assert outcomes(builder)["american"] == "legal"
    assert outcomes(builder)["english"] == "revoke"  # an American reading: the Club Code holds
    assert builder.raw["variants"] == {"ecarte-trump-when-void": OPTIONAL}
    assert form.toggle.text() == "Readings: 1 not the usual"
    assert "American Cyclopaedia" in combo.toolTip()
    assert builder.document.dirty
    combo.setCurrentIndex(0)  # the usual reading again: the key goes
    assert "variants" not in builder.raw
    assert outcomes(builder)["american"] == "revoke"


def test_the_readings_list_the_games_variant_groups_with_their_sources(builder, shipped):
    builder.set_game("ecarte")
    boxes = builder.laws_form.reading_boxes
    # Each group belongs to one code: the cut for the first deal is each code's own law.
    # The older English laws (Hoyle's Games Improved) are readings kept for the record: no
    # table is ruled by them, so their nine groups are not offered.
    assert set(boxes) == {
        "ecarte-lead-out-of-turn", "ecarte-second-discard", "ecarte-trump-when-void",
    }
    assert builder.laws_form.toggle.isVisibleTo(builder)
    combo = boxes["ecarte-trump-when-void"]
    for i in range(combo.count()):
        law = shipped.laws[combo.itemData(i)]
        tip = combo.itemData(i, Qt.ItemDataRole.ToolTipRole)
        assert law.authority in tip and law.source in tip
    builder.set_game("rubicon-bezique")  # no disputed rules: no readings to open
    assert not builder.laws_form.toggle.isVisibleTo(builder)
    assert builder.laws_form.reading_boxes == {}


def test_an_opened_file_shows_its_reading(builder, tmp_path):
    path = tmp_path / "optional.json"
    path.write_text(json.dumps({**VOID_DISCARD, "variants": {"ecarte-trump-when-void": OPTIONAL}}),
                    encoding="utf-8")
    assert builder.open_path(path)
    assert builder.laws_form.reading_boxes["ecarte-trump-when-void"].currentData() == OPTIONAL
    assert outcomes(builder)["american"] == "legal"


# --- codes ---------------------------------------------------------------------------------


def test_unchecking_a_code_removes_its_column(builder):
    void_discard(builder)
    assert list(builder.ruling_panel.columns) == ["american", "english", "french"]
    boxes = builder.laws_form.code_boxes
    boxes["french"].setChecked(False)
    assert list(builder.ruling_panel.columns) == ["american", "english"]
    assert builder.raw["codes"] == ["american", "english"]
    boxes["american"].setChecked(False)
    assert list(builder.ruling_panel.columns) == ["english"]
    assert not boxes["english"].isEnabled()  # the last code stays in force
    boxes["french"].setChecked(True)
    boxes["american"].setChecked(True)
    assert list(builder.ruling_panel.columns) == ["american", "english", "french"]
    assert "codes" not in builder.raw
    assert all(box.isEnabled() for box in boxes.values())


def test_a_game_with_one_code_cannot_untick_it(builder):
    builder.set_game("cinch")
    (box,) = builder.laws_form.code_boxes.values()
    assert box.isChecked() and not box.isEnabled()


# --- seat names ----------------------------------------------------------------------------


def rename(qtbot, builder: BuilderScreen, seat: str, new: str) -> None:
    field = builder.table_view.seats[seat].name
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, new)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_renaming_a_seat_keeps_the_ruling_and_renames_it_in_the_explanation(qtbot, builder):
    void_discard(builder)
    assert "South could have played" in explanation(builder, "american")
    rename(qtbot, builder, "South", "Sophie")
    assert builder.raw["players"] == ["North", "Sophie"]
    assert builder.raw["dealer"] == "Sophie"
    assert builder.raw["event"]["player"] == "Sophie"
    assert list(builder.raw["hands"]) == ["North", "Sophie"]
    assert outcomes(builder)["american"] == "revoke"
    assert "Sophie could have played" in explanation(builder, "american")
    assert "South" not in explanation(builder, "american")
    seat = builder.table_view.seats["Sophie"]
    assert seat.name.text() == "Sophie" and seat.target.accessibleName() == "Give cards to Sophie"
    assert builder.event_form.editor("player").currentText() == "Sophie"


def test_a_duplicate_or_empty_name_is_refused_with_a_plain_message(qtbot, builder):
    void_discard(builder)
    before = builder.raw
    rename(qtbot, builder, "South", "North")
    assert builder.raw == before
    assert builder.problem_label.isVisible()
    assert "another seat is already called North" in builder.problem_label.text()
    assert builder.table_view.seats["South"].name.text() == "South"  # the name goes back
    rename(qtbot, builder, "South", "   ")
    assert builder.raw == before
    assert "needs a name" in builder.problem_label.text()
    assert not builder.document.dirty


def test_choosing_a_seats_name_gives_it_the_cards_from_the_pack(qtbot, builder):
    void_discard(builder)
    builder.table_view.set_target("North")
    qtbot.mouseClick(builder.table_view.seats["South"].name, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: builder.table_view.target == "South")


def test_the_seat_being_renamed_keeps_the_focus(qtbot, builder):
    void_discard(builder)
    field = builder.table_view.seats["North"].name
    rename(qtbot, builder, "North", "Nora")
    assert builder.table_view.seats["Nora"].name is field
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)


# --- the number of players -----------------------------------------------------------------


def test_auction_pitch_seats_four_to_seven(builder):
    builder.set_game("auction-pitch")
    spin = builder.table_view.facts.seat_count
    assert spin.isVisibleTo(builder)
    assert (spin.minimum(), spin.maximum()) == (4, 7)
    spin.setValue(6)
    assert builder.raw["players"] == ["North", "East", "South", "West", "Player 5", "Player 6"]
    assert list(builder.table_view.seats) == builder.raw["players"]
    assert builder.scenario is not None and builder.ruling is not None
    spin.setValue(4)
    assert list(builder.table_view.seats) == ["North", "East", "South", "West"]
    builder.set_game("cinch")
    assert not spin.isVisibleTo(builder)


def test_fewer_players_takes_the_leavers_out_of_the_event(builder):
    assert builder.open_example(EXAMPLES / "auction-pitch-lead-out-of-turn-followed.json")
    assert builder.raw["event"]["followed_by"] == ["Eve"]
    builder.table_view.facts.seat_count.setValue(4)
    assert builder.raw["players"] == ["Ann", "Ben", "Cora", "Dan"]
    assert builder.raw["event"]["followed_by"] == []
    assert builder.scenario is not None


# --- files ---------------------------------------------------------------------------------


def test_the_saved_file_round_trips_the_new_keys_exactly(qtbot, builder, tmp_path):
    void_discard(builder)
    combo = builder.laws_form.reading_boxes["ecarte-trump-when-void"]
    combo.setCurrentIndex(combo.findData(OPTIONAL))
    builder.laws_form.code_boxes["french"].setChecked(False)
    rename(qtbot, builder, "North", "Nora")
    builder.dialogs.save_answer = tmp_path / "saved.json"
    assert builder.save()
    saved = json.loads((tmp_path / "saved.json").read_text(encoding="utf-8"))
    assert saved == builder.raw
    assert saved["variants"] == {"ecarte-trump-when-void": OPTIONAL}
    assert saved["codes"] == ["american", "english"]
    assert saved["players"] == ["Nora", "South"]
    raw, _ = read_scenario_file(tmp_path / "saved.json", builder.games)
    assert raw == saved
    assert builder.open_path(tmp_path / "saved.json")
    assert builder.raw == saved
    assert list(builder.ruling_panel.columns) == ["american", "english"]
    assert builder.laws_form.reading_boxes["ecarte-trump-when-void"].currentData() == OPTIONAL
    assert list(builder.table_view.seats) == ["Nora", "South"]
