"""A back/forward history, like a web browser's (no Qt); ui/navigation.py keeps one for the
whole window."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class History(Generic[T]):
    """A list of visited places with a cursor, like a web browser's."""

    def __init__(self) -> None:
        self._pages: list[T] = []
        self._at = -1

    @property
    def current(self) -> T | None:
        """The page shown now, if any."""
        return self._pages[self._at] if self._at >= 0 else None

    def visit(self, page: T) -> None:
        """Record a new page; drops the forward pages. Revisiting the current page is a no-op."""
        if page == self.current:
            return
        del self._pages[self._at + 1:]
        self._pages.append(page)
        self._at += 1

    def can_go_back(self) -> bool:
        """True when there is a page before the current one."""
        return self._at > 0

    def can_go_forward(self) -> bool:
        """True when back has been used and a later page exists."""
        return self._at < len(self._pages) - 1

    def back(self) -> T | None:
        """Step back; the page to show, or None at the start."""
        if not self.can_go_back():
            return None
        self._at -= 1
        return self.current

    def forward(self) -> T | None:
        """Step forward; the page to show, or None at the end."""
        if not self.can_go_forward():
            return None
        self._at += 1
        return self.current
