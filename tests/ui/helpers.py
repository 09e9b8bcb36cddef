"""Helpers for driving the pages and views like a reader would."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QAbstractItemView, QTextBrowser


def anchor_point(page: QTextBrowser, href: str) -> QPoint:
    """The viewport point in the middle of the first anchor with this href."""
    block = page.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == href:
                cursor = QTextCursor(page.document())
                cursor.setPosition(fragment.position() + fragment.length() // 2)
                page.setTextCursor(cursor)
                page.ensureCursorVisible()
                return page.cursorRect(cursor).center()
            it += 1
        block = block.next()
    raise AssertionError(f"no link to {href!r} on the page")


def click_link(qtbot, page: QTextBrowser, href: str) -> None:
    """Click a link on a page."""
    point = anchor_point(page, href)
    qtbot.mouseClick(page.viewport(), Qt.MouseButton.LeftButton, pos=point)


def click_index(qtbot, view: QAbstractItemView, index: QModelIndex) -> None:
    """Click an item of a view."""
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def page_links(page: QTextBrowser) -> list[str]:
    """Every link href on a page, in order."""
    found = []
    block = page.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            href = it.fragment().charFormat().anchorHref()
            if href and href not in found:
                found.append(href)
            it += 1
        block = block.next()
    return found


def after_turns(qtbot, turns: int) -> None:
    """Wait until the event loop has gone round `turns` times: whatever was queued for the next
    turns (a screen opened turn by turn, a zero timer) has run, however slow the machine."""
    done: list[bool] = []

    def turn(left: int) -> None:
        if left == 0:
            done.append(True)
        else:
            QTimer.singleShot(0, lambda: turn(left - 1))

    turn(turns)
    qtbot.waitUntil(lambda: bool(done))
