"""Rehearse's right side: how to rehearse, the rulings with the options they offer, and the
timeline of the deal below them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from ui.builder.ruling_panel import RulingPanel
from ui.rehearse.options_box import OptionsBox
from ui.rehearse.timeline_panel import TimelinePanel


def ruling_side(
    rulings: RulingPanel, options: OptionsBox, timeline: TimelinePanel
) -> tuple[QSplitter, QLabel]:
    """The guide and the rulings (their options scrolling with them) above the timeline; and
    the guide, which gives way to the rulings once there are some."""
    side = QWidget()
    ruling_layout = QVBoxLayout(side)
    ruling_layout.setContentsMargins(0, 0, 0, 0)
    guide = QLabel(
        "Play the deal forward: click a gold-edged card of the player to move (the faded "
        "ones may not be played now). When you want the table to go wrong, press "
        "<b>Something went wrong…</b>: the ruling of every code in force appears here, "
        "and the innocent side's choice is applied to the table. Click a step of the "
        "timeline to go back to it; acting there starts a new branch.")
    guide.setWordWrap(True)
    guide.setTextFormat(Qt.TextFormat.RichText)
    ruling_layout.addWidget(guide, 1, Qt.AlignmentFlag.AlignTop)
    ruling_layout.addWidget(rulings, 1)
    # The options scroll with the ruling they apply: beside it they took the room, and
    # at 800x600 left the ruling a strip of some 100 px.
    rulings.add_below(options)
    right = QSplitter(Qt.Orientation.Vertical)
    right.addWidget(side)
    right.addWidget(timeline)
    right.setStretchFactor(0, 3)
    right.setStretchFactor(1, 2)
    right.setChildrenCollapsible(False)
    right.setSizes([500, 260])  # the ruling needs the room; the timeline scrolls
    timeline.setMinimumHeight(160)
    return right, guide
