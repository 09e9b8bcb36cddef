"""The right-hand page of the browser: a law, a game's facts or a topic, as linked HTML."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QTextBrowser, QWidget

from app.corpus.laws import Content
from app.corpus.vocabulary import GAMES, TOPICS
from ui import theme
from ui.browser.pages import (
    COPY_CITATION,
    game_page_html,
    home_page_html,
    law_page_html,
    missing_page_html,
    page_style,
    topic_page_html,
)
from ui.browser.term_markup import TermMarker
from ui.compat import override
from ui.links import FILE_KINDS, parse

MEASURE = 75  # characters a line: the readable measure of a book page
MARGIN = 14
BODY_POINTS = 11  # the body text's size in pages.page_style()
SAMPLE_LINE = ("the adversary may claim a new deal, or that the offender draw the right number "
               "of cards from the stock before the next lead")

if TYPE_CHECKING:
    from app.rehearsal.citations import Citations
    from app.search.store import LawsStore


# Per content loaded: the index of what cites each law (the content kept beside its id, so a
# new content at a freed id is not taken for the old).
_CITATIONS: dict[int, tuple[Content, Citations]] = {}


class LawPage(QTextBrowser):
    """Renders one page by its link and reports the links the reader clicks.

    Signals:
        page_requested(str): a law, game or topic link was clicked.
        file_requested(str): an example or a rehearsal citing the law was clicked (its link).
        term_requested(str): a glossary term was clicked (its id).
        find_requested(): the reader pressed / (or Ctrl+F) to find in the page.

    Lines keep a readable measure (about MEASURE characters) at any width: the text is set in
    a column centred in the page, never wider.
    """

    page_requested = Signal(str)
    term_requested = Signal(str)
    file_requested = Signal(str)
    find_requested = Signal()

    def __init__(self, store: LawsStore, content: Content, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._content = content
        self._markers: dict[str, TermMarker] = {}  # per game, built when first needed
        self.setOpenLinks(False)
        self.document().setDefaultStyleSheet(page_style())
        self.document().setDocumentMargin(MARGIN)
        self.anchorClicked.connect(self._on_anchor)
        self.setAccessibleName("Law page")
        self._shown: str | None = None  # the link shown; None for the home page
        theme.changed().connect(self._rerender)

    def render_home(self) -> None:
        """Show the opening page: every game with laws, and how many."""
        self._shown = None
        counts: Counter[str] = Counter()
        for (game, _), n in self._content.topic_counts().items():
            counts[game] += n
        self.setHtml(home_page_html((g, counts[g]) for g in GAMES if g in counts))
        self._fit_measure()

    def render(self, link: str) -> bool:
        """Show the page for an internal link; False (and a 'not found' page) if unknown."""
        self._shown = link
        target = parse(link)
        html = self._html(target.kind, target.target) if target else None
        self.setHtml(html or missing_page_html(link))
        self._fit_measure()
        return html is not None

    def measure_width(self) -> float:
        """The widest the text column may be: MEASURE characters of body text, zoomed."""
        font = QFont(self.document().defaultFont())
        font.setPointSizeF(BODY_POINTS * theme.zoom_factor())
        sample = SAMPLE_LINE[:MEASURE]
        return QFontMetricsF(font).horizontalAdvance(sample)

    def page_width(self) -> int:
        """The viewport's width, worked out without asking for the viewport: the first time
        PySide wraps it, it resolves every widget class of QtWidgets and their enums (5-9 ms,
        which a page laid out before the window's first paint would add to every start)."""
        bar = self.verticalScrollBar()
        return self.maximumViewportSize().width() - (bar.width() if bar.isVisible() else 0)

    def _fit_measure(self) -> None:
        # Centre a column of the measure's width; a narrow window uses its whole width.
        spare = self.page_width() - self.measure_width() - 2 * MARGIN
        side = max(MARGIN, MARGIN + spare / 2)
        root = self.document().rootFrame()
        fmt = root.frameFormat()
        if abs(fmt.leftMargin() - side) >= 1:
            fmt.setLeftMargin(side)
            fmt.setRightMargin(side)
            root.setFrameFormat(fmt)

    @override
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_measure()

    @override
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.text() == "/" and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            self.find_requested.emit()
            return
        super().keyPressEvent(event)

    def copy_citation(self, law_id: str) -> str:
        """Put a law's citation, as a person writes it, on the clipboard; the text copied."""
        law = self._content.laws[law_id]
        text = f"{law.title}. {law.citation}"
        QGuiApplication.clipboard().setText(text)
        return text

    def _rerender(self) -> None:
        # New colours or a new zoom: the same page again, scrolled where it was.
        at = self.verticalScrollBar().value()
        self.document().setDefaultStyleSheet(page_style())
        if self._shown is None:
            self.render_home()
        else:
            self.render(self._shown)
        self.verticalScrollBar().setValue(at)

    def citations(self) -> Citations:
        """The examples and rehearsals of the app's content, by the laws they cite (one
        index for the content, shared by every page showing it)."""
        from app.corpus.loading import content_dir
        from app.model.games import build_games
        from app.rehearsal.citations import Citations

        known = _CITATIONS.get(id(self._content))
        if known is None or known[0] is not self._content:
            known = (self._content,
                     Citations(self._content, build_games(self._content), content_dir()))
            _CITATIONS[id(self._content)] = known
        return known[1]

    def _html(self, kind: str, target: str) -> str | None:
        if kind == "law":
            if target not in self._content.laws:
                return None
            law = self._store.law(target)
            variants = list(self._content.variants.get(law.variant_of, ()))
            if law.game not in self._markers:
                self._markers[law.game] = TermMarker(self._content.terms.values(), law.game)
            return law_page_html(law, self._store.law, self._markers[law.game], variants,
                                 self.citations().citing(law.id))
        if kind == "game":
            counts = {topic: n for (_, topic), n in self._content.topic_counts(target).items()}
            facts = self._content.games.get(target)
            if facts is None and not counts:
                return None
            topics = [(t, counts[t]) for t in TOPICS if t in counts]
            return game_page_html(target, facts, topics)
        if kind == "topic":
            game, _, topic = target.partition("/")
            return topic_page_html(game, topic, self._store.browse(game=game, topic=topic))
        return None

    def _on_anchor(self, url: QUrl) -> None:
        kind, _, law_id = url.toString().partition(":")
        if kind == COPY_CITATION and law_id in self._content.laws:
            self.copy_citation(law_id)
            return
        target = parse(url.toString())
        if target is None:
            return
        if target.kind == "term":
            self.term_requested.emit(target.target)
        elif target.kind in FILE_KINDS:
            self.file_requested.emit(url.toString())
        else:
            self.page_requested.emit(url.toString())
