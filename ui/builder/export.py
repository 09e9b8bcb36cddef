"""The ruling on paper: the table, the event and every code's ruling with its citations,
as HTML rendered to a PDF file (QPdfWriter) or a printer (QPrinter)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtPrintSupport import QPrinter

from app.corpus.laws import Content
from app.engine.ruling import Ruling
from app.engine.ruling_words import ruling_meaning, terms_heading
from app.model.games import Game
from app.table_builder import describe_event, describe_table
from ui import theme
from ui.builder.ruling_column import option_words, outcome_words, score_words
from ui.words import code_name

# Paper is white whatever the screen's scheme: the light colours of the theme.
_STYLE = f"""
body {{ font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; }}
h1 {{ font-size: 16pt; margin-bottom: 2px; }}
h2 {{ font-size: 13pt; margin-top: 14px; margin-bottom: 4px; }}
h3 {{ font-size: 11pt; margin-top: 10px; margin-bottom: 2px; }}
td.label {{ color: {theme.hex("muted", dark=False)}; padding-right: 10px; }}
.outcome {{ font-size: 14pt; font-weight: bold; }}
.differs {{ background-color: {theme.hex("differs-bg", dark=False)}; }}
.source {{ color: {theme.hex("muted", dark=False)}; }}
"""


def _rows(lines: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td class='label'>{escape(label)}</td><td>{escape(value)}</td></tr>"
                   for label, value in lines)
    return f"<table cellspacing='0' cellpadding='2'>{body}</table>"


def ruling_html(raw: Mapping[str, Any], game: Game, ruling: Ruling | None,
                problem: str | None, content: Content) -> str:
    """The printable page: title, table, event, then each code's ruling and its laws."""
    title = raw.get("title") if isinstance(raw.get("title"), str) else "Scenario"
    parts = [f"<html><head><style>{_STYLE}</style></head><body>",
             f"<h1>{escape(title)}</h1>"]
    if isinstance(raw.get("description"), str):
        parts.append(f"<p>{escape(raw['description'])}</p>")
    parts.append("<h2>The table</h2>" + _rows(describe_table(raw, game)))
    event = raw.get("event") if isinstance(raw.get("event"), dict) else {}
    parts.append("<h2>What happened</h2>" + _rows(describe_event(event)))
    parts.append("<h2>Rulings</h2>")
    if ruling is None:
        parts.append(f"<p><b>No ruling:</b> {escape(problem or 'the table is incomplete')}</p>")
    else:
        differs = set(ruling.differences())
        if len(ruling.rulings) > 1:
            parts.append("<p>" + (f"The codes differ on: {escape(', '.join(sorted(differs)))}."
                                  if differs else "The codes agree.") + "</p>")
        for r in ruling.rulings:
            mark = " class='differs'" if "outcome" in differs else ""
            parts.append(f"<h3>{escape(code_name(r.code))} laws</h3>")
            parts.append(f"<p><span{mark}><span class='outcome'>"
                         f"{escape(outcome_words(r.outcome))}</span></span><br/>"
                         f"{escape(ruling_meaning(r))}</p>")
            options = option_words(r)
            if options:
                items = "".join(f"<li>{escape(o)}</li>" for o in options)
                parts.append(f"<p><b>{escape(terms_heading(r))}</b></p><ul>{items}</ul>")
            scores = score_words(r)
            parts.append("<p><b>Score:</b> " + escape(", ".join(scores) or "no change") + "</p>")
            parts.append(f"<p>{escape(r.explanation)}</p>")
            if r.laws:
                items = []
                for law_id in r.laws:
                    law = content.laws.get(law_id)
                    words = (f"{escape(law.title)} <span class='source'>— {escape(law.book)}, "
                             f"{escape(law.section)} [{escape(law_id)}]</span>"
                             ) if law else escape(law_id)
                    items.append(f"<li>{words}</li>")
                parts.append(f"<p><b>Laws cited</b></p><ul>{''.join(items)}</ul>")
    parts.append("</body></html>")
    return "".join(parts)


def _render(device: QPagedPaintDevice, html: str) -> None:
    document = QTextDocument()
    document.setHtml(html)
    document.print_(device)


def write_pdf(path: Path, html: str, title: str = "Card Laws ruling") -> None:
    """Write the page as an A4 PDF."""
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("Card Laws")
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
    _render(writer, html)
    del writer  # the file is complete once the writer is gone


def print_page(printer: QPrinter, html: str) -> None:
    """Print the page on a printer the user chose."""
    _render(printer, html)
