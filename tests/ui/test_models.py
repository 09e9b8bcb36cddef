"""The item models behave as Qt's model tester requires."""

from __future__ import annotations

from app.corpus.vocabulary import CODES
from ui.browser.law_tree_model import LawTreeModel
from ui.browser.results_model import ResultsModel
from ui.compare.compare_model import CompareModel
from ui.glossary.term_list_model import TermListModel


def test_results_model(qtmodeltester, store):
    model = ResultsModel()
    model.set_hits(store.search("cards"))
    assert model.rowCount() > 1
    qtmodeltester.check(model)


def test_compare_model(qtmodeltester, store, content):
    codes = [c for c in CODES if c in content.games["ecarte"].codes]
    model = CompareModel()
    model.set_laws(store.browse(game="ecarte"), codes)
    qtmodeltester.check(model)
    model.unfold_all()  # the only-here rows too
    model.fetch_all()
    qtmodeltester.check(model)


def test_term_list_model(qtmodeltester, content):
    model = TermListModel()
    model.set_terms(list(content.terms.values()))
    qtmodeltester.check(model)


def test_law_tree_model(qtmodeltester, content):
    model = LawTreeModel(content)
    model.set_filter(None, None)
    qtmodeltester.check(model)
    narrowed = LawTreeModel(content)
    narrowed.set_filter("ecarte", "french")
    qtmodeltester.check(narrowed)
