"""The user guide: short pages in the app's own words (Help ▸ User guide, F1)."""

from __future__ import annotations

from typing import NamedTuple

from ui.help.words import explain


class GuidePage(NamedTuple):
    """One page of the guide: an id, its title in the contents, its HTML body."""

    id: str
    title: str
    body: str


PAGES: tuple[GuidePage, ...] = (
    GuidePage("browser", "The laws and their codes", f"""
<h1>The laws and their codes</h1>
<p>Every law says what went wrong at the table and what follows from it, in our own words, and
cites the book and section it comes from. Laws are grouped by game and by topic in the tree on
the left of the <b>Laws</b> screen (Ctrl+1); type in the search box above it to search every law
as you type, in English or French terms of art (<i>renonce</i>, <i>talon</i>).</p>
<p>A game may be ruled by more than one <b>code</b>. A badge names the code wherever a law is
named: <b>EN</b> English, <b>FR</b> French, <b>US</b> American (Foster). {explain("code")}</p>
<p>A law's page links the same situation under the other codes (<i>Other codes</i>), the laws
related to it, and its source, which you can copy as a citation. Underlined words are terms of
art: click one to read it in the <b>Glossary</b> (Ctrl+3).</p>
<p><b>Compare codes</b> (Ctrl+2) sets a game's codes side by side: each topic lists the
situations two codes cover, the ones they rule differently highlighted; situations only one
code covers are folded under a count. {explain("contrast")}</p>
<p>Back and Forward (Alt+Left, Alt+Right, or the mouse's side buttons) walk every screen you
visited, not only the laws.</p>
"""),
    GuidePage("builder", "The builder and its readings", f"""
<h1>The scenario builder and its readings</h1>
<p>The <b>Scenario builder</b> (Ctrl+4) lays out a table: the game, the dealer, the hands, the
stock, the trump, the scores and the stage. Choose what went wrong (the event) and the ruling
under every code of the game appears beside the table at once: the outcome, the options the
adversary has, the scores changed and the laws that decide it. Where the codes disagree the
difference is highlighted.</p>
<p>Click a card in the pack to give it to the seat chosen; a seat whose count is not its
<i>proper count</i> says so. {explain("proper-count")}</p>
<p>{explain("readings")}</p>
<p>A law the ruling cites opens beside the table; <i>Open in the browser</i> takes you to it in
the Laws screen. Tables save to files and open again; the Examples menu holds a table for every
kind of irregularity.</p>
"""),
    GuidePage("ask", "Ask: a guided ruling", """
<h1>Ask: a guided ruling</h1>
<p><b>Ask</b> (Ctrl+K, first in the toolbar) rules a table's mistake without laying the table
out. Choose the game, then say what happened: type a few words (<i>two cards turned</i>,
<i>led out of turn</i>, <i>forgot to draw</i>) and the events of that game are filtered as you
type; Enter takes the first.</p>
<p>Then answer one question at a time. Only the facts the laws of the game read to decide are
asked, in the order they read them: who dealt, whether the non-dealer has looked at his hand,
whose lead it was. A fact the game settles by itself is not asked (the stage, when the event
can happen at one stage only). Press a digit to choose an answer, Enter to take the one selected,
<b>?</b> for <i>I don't know</i>, Backspace to go back a question.</p>
<p>Each code's ruling shows beside the questions as soon as it is decided: the outcome, the
innocent side's options with the points they bring, the laws cited (click one to read it
beside), where the codes differ. <i>Decided by</i> lists the facts each ruling turned on; click
an answer on the left to change it, and the ruling follows.</p>
<p>Answer <i>I don't know</i> and the ruling is given for each value of that fact: "if North
had looked at his hand: a fresh deal; if not: his choice". Where a fact has too many values to
rule one by one (a card, a whole hand), the code's guiding principle is given until it is known.
The same guided ruling runs on the command line: <code>python -m app ask --game ecarte</code>.</p>
<p><b>Chart</b>, the tab beside the ruling, draws the event's whole decision tree under the
code chosen: each box a question the laws turn on, each arrow an answer, each leaf the ruling
there (outcome, who may choose what, the points, the laws cited). The path your answers took is
drawn thick. The chart is found by the rules engine itself, trying every answer to every
question it reads, so each leaf is the ruling Ask would give. <b>Export chart</b> writes it as
a PDF or an SVG picture; <b>Export booklet</b> writes every event's chart for the game under
that code, grouped by topic, one to a page. On the command line:
<code>python -m app chart --game ecarte --code english --out ecarte.pdf</code>.</p>
"""),
    GuidePage("rehearse", "Rehearse a deal", """
<h1>Rehearse a deal</h1>
<p><b>Rehearse a deal</b> (Ctrl+7) plays a hand forward card by card so that you can make a
mistake happen at the right moment and see it ruled. Choose the game and press <b>Deal</b>; the
hands are dealt at random. The player to move has his lawful cards edged in gold and the others
faded (a screen reader says of each card whether it may be played now): click one to play it.
Where the game has them, declarations, the turned card, melds and passes have their own
buttons.</p>
<p>When you want the table to go wrong, press <b>Something went wrong…</b>: choose the
irregularity (only the game's own are offered), fill in who and which card (click a card in a
hand to choose it), and press <b>Rule it</b>. The ruling under every code in force appears on
the right, and under it, in the same place, <i>Apply the ruling</i>: one button for each choice
the innocent side has, or one that applies a ruling which leaves no choice. The remedy is
applied to the table: cards taken back, a deal called void, points set back on the score.</p>
<p>The <b>timeline</b> lists every step. Click a step to see the table as it was then; acting
from there starts a new branch, so you can try the other option. <b>Compare</b> sets where two
branches end side by side.</p>
<p>A rehearsal saves to a file and opens again exactly (<b>Save…</b>, <b>Open…</b>); <b>Export
PDF…</b> writes every branch with its rulings and the laws cited. The Examples menu holds a
rehearsal for every game, and <i>Rehearse the builder's table</i> (Ctrl+R) starts from the table
laid out in the builder, its irregularity ready to happen.</p>
"""),
    GuidePage("quizzes", "Quizzes", """
<h1>Quizzes</h1>
<p>The <b>Quizzes</b> screen (Ctrl+5) asks questions per game and topic: what the ruling is,
how the English and French codes differ, spot the revoke, count the penalty, which law applies.
Most are made by the rules engine from real tables, so the answer is the one the laws give.</p>
<p>Pick an answer and check it: the verdict, the ruling and the laws behind it appear beside the
question. A law named there opens beside the quiz.</p>
<p>An exam is a fixed set of questions against the clock, scored at the end.</p>
"""),
    GuidePage("scheduling", "Scheduling and mastery", f"""
<h1>Scheduling and mastery</h1>
<p>Each question you answer is scheduled again by spaced repetition (FSRS): one you got right
comes back later, one you missed comes back soon. Study sessions start with the items due.</p>
<p>{explain("due")}</p>
<p>{explain("mastery")}</p>
<p>Your progress is kept on this computer in a small database; learner profiles keep several
people's progress apart.</p>
"""),
    GuidePage("statistics", "Statistics", f"""
<h1>Statistics</h1>
<p>The <b>Statistics</b> screen (Ctrl+6) shows your answers day by day, your accuracy and
mastery by game, topic, code or law, what falls due in the coming days, and the laws you miss
most (click one to read it beside the figures).</p>
<p>{explain("accuracy")} {explain("mastery")}</p>
"""),
)


def page_for_screen(screen: str) -> str:
    """The page F1 opens in front of a screen: its own, else the laws' (which also covers the
    comparison and the glossary)."""
    return screen if any(p.id == screen for p in PAGES) else "browser"


def page(page_id: str) -> GuidePage:
    """A guide page by its id."""
    return next(p for p in PAGES if p.id == page_id)
