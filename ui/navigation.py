"""One back/forward history across every screen of the window (no Qt).

A place is a screen and what it shows: ('browser', 'law:<id>'), ('browser', 'search:<text>'),
('compare', '<game>'), ('glossary', '<term id>'), ('builder', None)… The main window records
a place whenever the reader moves, and restores one on Back or Forward.
"""

from __future__ import annotations

from typing import NamedTuple

from ui.browser.history import History

SEARCH = "search:"  # a browser place that is a search, not a page: 'search:<text>'


class Place(NamedTuple):
    """Where the reader was: the screen, and what it showed (None when it shows one thing)."""

    screen: str
    target: str | None = None


class Journey:
    """The places visited, in order, with Back and Forward; recording pauses while restoring."""

    def __init__(self) -> None:
        self._history: History[Place] = History()
        self._restoring = 0

    @property
    def current(self) -> Place | None:
        """The place shown now."""
        return self._history.current

    def visit(self, place: Place) -> bool:
        """Record a move to a place (ignored while a place is being restored); True if new."""
        if self._restoring or place == self.current:
            return False
        self._history.visit(place)
        return True

    def can_go_back(self) -> bool:
        """True when there is a place before this one."""
        return self._history.can_go_back()

    def can_go_forward(self) -> bool:
        """True after Back, while a later place exists."""
        return self._history.can_go_forward()

    def back(self) -> Place | None:
        """Step back; the place to restore, or None at the start."""
        return self._history.back()

    def forward(self) -> Place | None:
        """Step forward; the place to restore, or None at the end."""
        return self._history.forward()

    def restoring(self) -> _Restoring:
        """A context in which the moves made to restore a place are not recorded."""
        return _Restoring(self)


class _Restoring:
    def __init__(self, journey: Journey) -> None:
        self._journey = journey

    def __enter__(self) -> None:
        self._journey._restoring += 1

    def __exit__(self, *_exc: object) -> None:
        self._journey._restoring -= 1
