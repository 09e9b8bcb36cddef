"""One code's ruling: the outcome in large type, the options and who chooses them, the score
changes, the explanation and the laws cited as links."""

from __future__ import annotations

import math
from collections.abc import Collection
from html import escape

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QTextBrowser, QVBoxLayout, QWidget

from app.corpus.laws import Content
from app.engine.ruling import ANALOGY_NOTE, CodeRuling, Option
from app.engine.ruling_words import ruling_meaning, terms_heading
from app.engine.terms import beside_a_choice
from ui import links, theme
from ui.compat import override
from ui.words import short_code_name


def outcome_words(outcome: str) -> str:
    """An outcome id in words: 'game-abandoned' -> 'game abandoned'."""
    return outcome.replace("-", " ")


def term_parts(ruling: CodeRuling) -> list[tuple[str, str, str, str]]:
    """Each option, then each duty, as (who, 'may choose' / 'may also' / 'must', what, its
    score if chosen or ''): the one reading both the plain line and the page are made from."""
    return [(o.by, _may(o, ruling), o.words, o.score_words() if o.score else "")
            for o in ruling.options] + [(d.by, "must", d.words, "") for d in ruling.duties]


def option_words(ruling: CodeRuling) -> list[str]:
    """Each option as shown: who may choose it, what it does, and its score if chosen; then
    each duty: who must do what."""
    return [f"{who} {verb}: {what}" + (f" (if chosen: {chosen})" if chosen else "")
            for who, verb, what, chosen in term_parts(ruling)]


def _may(option: Option, ruling: CodeRuling) -> str:
    """'may choose' an option of a side's choice; 'may also' a right held beside it (a card
    taken back beside the call of a trump lead: round 14's #131), as the quiz says them."""
    return "may also" if beside_a_choice(option, ruling.options) else "may choose"


def score_words(ruling: CodeRuling) -> list[str]:
    """Each score change as shown, e.g. 'South +1700' (or 'South +50 with the last trick')."""
    later = " with the last trick" if ruling.score_when == "last-trick" else ""
    return [f"{player} {points:+d}{later}" for player, points in ruling.score.items()]


class FittedBrowser(QTextBrowser):
    """A page of links that is as tall as its text: it never scrolls on its own (the ruling
    panel around it scrolls), so no ruling hides behind a second scroll bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().documentLayout().documentSizeChanged.connect(lambda _size: self._fit())

    def _fit(self) -> None:
        self.document().setTextWidth(self.viewport().width())
        frame = self.frameWidth() * 2
        height = math.ceil(self.document().size().height()) + frame
        if self.height() != height or self.minimumHeight() != height:
            self.setFixedHeight(height)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()


class RulingColumn(QFrame):
    """The ruling under one code of laws; parts that differ from another code are highlighted.

    Signals:
        law_requested(str): a cited law's link was followed (the law's id).
    """

    law_requested = Signal(str)

    def __init__(self, code: str, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.code = code
        self._content = content
        self.setObjectName("ruling-column")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.heading = QLabel(f"<b>{escape(short_code_name(code))}</b>")
        self.authority = QLabel()
        self.authority.setWordWrap(True)
        self.authority.setTextFormat(Qt.TextFormat.PlainText)
        theme.keep_styled(self.authority, lambda: f"color: {theme.hex('muted')};")
        self.outcome = QLabel()
        self.outcome.setObjectName("outcome")
        self.outcome.setWordWrap(True)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.7)
        big.setBold(True)
        self.outcome.setFont(big)
        self.meaning = QLabel()
        self.meaning.setWordWrap(True)
        self.meaning.setTextFormat(Qt.TextFormat.PlainText)
        self.details = FittedBrowser()
        self.details.setOpenLinks(False)
        self.details.setAccessibleName(f"{short_code_name(code)} ruling")
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.anchorClicked.connect(self._on_link)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(3)
        layout.addWidget(self.heading)
        layout.addWidget(self.authority)
        layout.addWidget(self.outcome)
        layout.addWidget(self.meaning)
        layout.addWidget(self.details)
        self._html = ""

    def show_ruling(self, ruling: CodeRuling, authority: str, differs: Collection[str]) -> None:
        """Show the code's ruling; `differs` names the parts where the codes disagree."""
        self.authority.setText(authority)
        self.outcome.setText(outcome_words(ruling.outcome))
        self.outcome.setAccessibleName(f"{short_code_name(self.code)} outcome")
        style = (f"background: {theme.hex('differs-bg')}; "
                 f"border: 1px solid {theme.hex('differs-edge')}; padding: 2px;"
                 if "outcome" in differs else "padding: 2px;")
        if self.outcome.styleSheet() != style:
            self.outcome.setStyleSheet(style)
        self.outcome.setToolTip("The codes differ on the outcome" if "outcome" in differs
                                else "")
        self.meaning.setText(ruling_meaning(ruling))
        html = self._details_html(ruling, differs)
        if html != self._html:
            self._html = html
            self.details.setHtml(html)

    def _section(self, title: str, body: str, differs: bool) -> str:
        mark = " <i>(the codes differ)</i>" if differs else ""
        inner = f"<p style='margin:0'><b>{escape(title)}</b>{mark}</p>{body}"
        if not differs:
            return f"<div style='margin-top:6px'>{inner}</div>"
        return (f"<table width='100%' cellpadding='4' cellspacing='0' style='margin-top:6px'>"
                f"<tr><td bgcolor='{theme.hex('differs-bg')}'>{inner}</td></tr></table>")

    def _details_html(self, ruling: CodeRuling, differs: Collection[str]) -> str:
        options = "".join(
            f"<li><b>{escape(who)}</b> {verb}: {escape(what)}"
            + (f" <i>(if chosen: {escape(chosen)})</i>" if chosen else "") + "</li>"
            for who, verb, what, chosen in term_parts(ruling))
        options = f"<ul style='margin:0'>{options}</ul>" if options else "<p>None.</p>"
        scores = "<br/>".join(escape(s) for s in score_words(ruling)) or "No change."
        laws = [self._law_item(law_id) for law_id in ruling.laws]
        cited = f"<ul style='margin:0'>{''.join(laws)}</ul>" if laws else "<p>None.</p>"
        sections = [
            self._section(terms_heading(ruling), options, "options" in differs),
            self._section("Score", f"<p style='margin:0'>{scores}</p>", "score" in differs),
            self._section("Why", f"<p style='margin:0'>{escape(ruling.explanation)}</p>", False),
        ]
        if ruling.grounds:  # the facts the ruling turned on, in the order the law reads them
            facts = "".join(f"<li>{escape(g.words)}</li>" for g in ruling.grounds)
            sections.append(self._section("Decided by", f"<ul style='margin:0'>{facts}</ul>",
                                          False))
        if ruling.cases:  # a fact the table leaves out: the ruling for each of its values
            cases = "".join(
                f"<li><b>{escape(c.words)}</b> "
                f"{escape(ruling_meaning(c.ruling))}"
                + "".join(f" {escape(o.by)} {_may(o, c.ruling)}: {escape(o.words)}"
                          for o in c.ruling.options) + "</li>"
                for c in ruling.cases)
            sections.append(self._section("Each case", f"<ul style='margin:0'>{cases}</ul>",
                                          False))
        sections.append(self._section("Laws cited", cited, False))
        if ruling.analogues:
            near = "".join(self._law_item(a.law) for a in ruling.analogues)
            sections.append(self._section(
                f"{ANALOGY_NOTE}: sibling games", f"<ul style='margin:0'>{near}</ul>", False))
        return "".join(sections)

    def _law_item(self, law_id: str) -> str:
        law = self._content.laws.get(law_id)
        title = escape(law.title) if law else escape(law_id)
        source = (f" <span style='color:{theme.hex('muted')}'>({escape(law.authority)}, "
                  f"{escape(law.section)})</span>") if law else ""
        return f"<li><a href='{links.href('law', law_id)}'>{title}</a>{source}</li>"

    def law_links(self) -> list[str]:
        """The ids of the laws linked in the column, in order (read back from the page)."""
        found: list[str] = []
        block = self.details.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                link = links.parse(it.fragment().charFormat().anchorHref())
                if link and link.kind == "law" and link.target not in found:
                    found.append(link.target)
                it += 1
            block = block.next()
        return found

    def _on_link(self, url: QUrl) -> None:
        link = links.parse(url.toString())
        if link and link.kind == "law":
            self.law_requested.emit(link.target)
