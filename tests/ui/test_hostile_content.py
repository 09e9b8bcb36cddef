"""Text from outside the program (a content folder named by $CARDLAWS_CONTENT_DIR, the words
typed in a search box) is shown as text in the browser, the glossary and Compare: never as
rich text that could load an image or restyle a page.

Law titles, texts and briefs and a glossary term carry an <img> tag pointing at a file; a
page or a result list rendering them as HTML would load it (see test_hostile_names.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import page_links
from PySide6.QtGui import Qt
from test_hostile_names import MARK, rich_offenders

from app.corpus.loading import load_content
from app.search.store import LawsStore
from ui.main_window import MainWindow
from ui.settings import UiSettings

FIXTURE = Path(__file__).parent / "fixture_content"
HOSTILE = MARK + '-law.png" width="4000" height="4000"><i>advise</i>'
TERM = MARK + '-term.png"><b>pioche</b>'


def _hostile(text: str) -> str:
    return f"'{text}'"  # a TOML literal string: the tag's quotes stay as they are


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    laws = root / "laws" / "ecarte.toml"
    text = laws.read_text(encoding="utf-8")
    for old in ('"Bystanders may advise"', '"Bystanders may advise the player, by pointing only."',
                '"Allowed, by pointing only."'):
        text = text.replace(old, _hostile(f"Bystanders {HOSTILE} by pointing"))
    laws.write_text(text, encoding="utf-8")
    glossary = root / "glossary.toml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        '"The undealt cards left face down, from which the players draw."',
        _hostile(f"The undealt cards {TERM}, from which the players draw."),
    ).replace('french = ["pioche"]', f"french = [{_hostile(TERM)}]"), encoding="utf-8")
    content = load_content(root, seeds_dir=None)
    assert MARK in content.laws["ecarte.french.bystander-advice"].title
    settings = UiSettings.in_file(str(tmp_path / "ui.ini"))
    settings.welcomed = True
    win = MainWindow(LawsStore(content), content, settings, data_dir=tmp_path / "data")
    qtbot.addWidget(win)
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_hostile_law_text_is_text_on_its_page_in_the_tree_and_in_the_results(qtbot, window):
    browser = window.browser
    window.show_screen("browser")
    browser.show_law("ecarte.french.bystander-advice")
    assert "advise" in browser.page.toPlainText()
    current = browser.tree.currentIndex()
    assert current.data() == window.content.laws["ecarte.french.bystander-advice"].title
    tip = current.data(Qt.ItemDataRole.ToolTipRole)
    assert "advise" in tip and not (MARK in tip and Qt.mightBeRichText(tip))
    assert not rich_offenders(window)
    browser.open("topic:ecarte/general-principles")
    assert "advise" in browser.page.toPlainText()
    assert not rich_offenders(window)
    browser.search("bystanders pointing")
    assert browser.left_pages.currentWidget() is browser.results
    assert not rich_offenders(window)


def test_a_hostile_query_is_text_in_the_status_line_and_the_empty_state(qtbot, window):
    browser = window.browser
    window.show_screen("browser")
    browser.filters.set_game("rubicon-bezique")  # the hostile law is Écarté's
    browser.search(f"{MARK}-query.png\">zzqx")
    shown = browser.left_pages.currentWidget()
    assert shown is browser.no_results
    assert "zzqx" in shown.text()
    assert not rich_offenders(window)


def test_a_hostile_term_is_text_in_the_glossary_and_its_laws_are_listed(qtbot, window):
    window.show_screen("glossary")
    glossary = window.glossary
    glossary.show_term("talon")
    text = glossary.page.toPlainText()
    assert "pioche" in text and "The undealt cards" in text
    assert "law:rubicon-bezique.french.forgot-to-draw" in page_links(glossary.page)
    assert not rich_offenders(window)


def test_hostile_law_text_is_text_when_the_codes_are_compared(qtbot, window):
    window.show_screen("compare")
    compare = window.screen("compare")
    qtbot.waitUntil(compare.isVisible)
    assert compare.model.rowCount() > 0  # the codes are compared: their texts are on screen
    assert not rich_offenders(window)
