"""The chart beside an Ask ruling: the event's decision tree, the path the answers took marked,
and its export as PDF, SVG and a booklet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.ask.charts import Leaf, Question
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


class SaveTo:
    """A file dialog that answers with one path."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.asked: list[str] = []

    def save_path(self, parent, caption: str, suggested: str, filters: str) -> Path:
        self.asked.append(suggested)
        return self.path


def test_the_chart_marks_the_path_the_answers_took(qtbot, ask):
    panel = ask.chart_panel
    ask.choose_game("ecarte")
    assert panel.chart is None
    ask.choose_event("several-trumps-turned")
    assert panel.chart is None  # hidden behind the ruling: not drawn until looked at
    ask.tabs.setCurrentWidget(panel)
    panel.code_box.setCurrentIndex(panel.code_box.findData("english"))
    chart = panel.chart
    assert chart is not None and chart.code == "english"
    assert panel.title.text() == "Écarté, English laws: Several trumps turned"
    marked = panel.view.marked
    assert marked.nodes == (chart.root,) and not marked.complete  # nothing answered yet

    ask.answer("South")
    marked = panel.view.marked
    assert marked.branches == (1,)  # "South dealt."
    here = marked.nodes[-1]
    assert isinstance(here, Question) and here.words == ask.question_label.text()

    qtbot.keyClick(ask.choices, Qt.Key.Key_2)  # North has not looked at his hand
    marked = panel.view.marked
    assert marked.complete and marked.branches == (1, 1)
    leaf = marked.nodes[-1]
    # Foster and Club Code law 11: the trump or a new deal, as North chooses (issue 22, §6).
    assert isinstance(leaf, Leaf) and leaf.outcome == "innocent-chooses"
    assert leaf.option_lines()[0] == "North may: Choose which turned card is the trump."
    described = panel.view.accessibleDescription()
    assert described.startswith("Who dealt? South dealt. Has North looked at his hand? "
                                "North has not looked at his hand. Ruling: The innocent side "
                                "chooses whether the cards are dealt again")
    # The box the path ends in is drawn, and lies within the chart's height.
    end = panel.view.end_rect()
    assert end is not None and 0 < end.bottom() <= panel.view.minimumHeight()

    panel.code_box.setCurrentIndex(panel.code_box.findData("american"))
    assert panel.chart.code == "american"
    assert panel.view.marked.complete  # the same answers, the other code's chart
    assert panel.view.marked.nodes[-1].outcome == "innocent-chooses"

    ask.go_back()
    assert not panel.view.marked.complete and panel.view.marked.branches == (1,)
    ask.choose_game("cinch")
    assert panel.chart is None and not panel.export_button.isEnabled()


def test_the_chart_and_the_booklet_are_exported(qtbot, ask, tmp_path):
    panel = ask.chart_panel
    ask.choose_game("ecarte")
    ask.choose_event("several-trumps-turned")
    ask.tabs.setCurrentWidget(panel)
    panel.code_box.setCurrentIndex(panel.code_box.findData("english"))

    panel.dialogs = SaveTo(tmp_path / "two-cards.svg")
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    svg = (tmp_path / "two-cards.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "Who dealt?" in svg
    assert panel.note.text() == f"Written: {tmp_path / 'two-cards.svg'}"

    panel.dialogs = SaveTo(tmp_path / "two-cards")  # no ending: a PDF
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    assert (tmp_path / "two-cards.pdf").read_bytes().startswith(b"%PDF")

    dialog = SaveTo(tmp_path / "ecarte-english.pdf")
    panel.dialogs = dialog
    qtbot.mouseClick(panel.booklet_button, Qt.MouseButton.LeftButton)
    assert dialog.asked == ["ecarte-english-charts.pdf"]
    assert (tmp_path / "ecarte-english.pdf").read_bytes().startswith(b"%PDF")

    panel.dialogs = SaveTo(tmp_path / "no-such-folder" / "x.pdf")
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    assert panel.note.text().startswith("Not written:")


def test_the_box_where_the_path_ends_is_scrolled_into_view(qtbot, ask):
    ask.resize(800, 600)
    panel = ask.chart_panel
    ask.choose_game("ecarte")
    ask.choose_event("several-trumps-turned")
    ask.tabs.setCurrentWidget(panel)
    panel.code_box.setCurrentIndex(panel.code_box.findData("english"))
    ask.answer("South")
    ask.answer("no")  # the last leaf of the chart, below the fold at this size
    bar = panel.scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    end = panel.view.end_rect()

    def shown() -> bool:
        top = bar.value()
        return top <= end.top() and end.bottom() <= top + panel.scroll.viewport().height()

    qtbot.waitUntil(shown)
