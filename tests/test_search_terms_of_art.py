"""On the real laws: French and accent-free terms of art find the expected laws first."""

import pytest

from app.corpus.loading import load_content
from app.search.store import LawsStore


@pytest.fixture(scope="module")
def store():
    return LawsStore(load_content())


def first(store, query):
    hits = store.search(query)
    assert hits, f"no result for {query!r}"
    return store.law(hits[0].law_id)


def test_renonce_finds_a_revoke_law_first(store):
    law = first(store, "renonce")
    assert "revok" in (law.title + law.text).lower() or "renounc" in (law.title + law.text).lower()


def test_maldonne_finds_a_misdeal_law_first(store):
    law = first(store, "maldonne")
    assert "misdeal" in (law.title + law.text).lower()


def test_talon_finds_a_law_about_the_stock_first(store):
    law = first(store, "talon")
    assert "stock" in law.text.lower() or "talon" in law.text.lower()


@pytest.mark.parametrize("query", ["écarté", "ecarte", "ECARTE", "Écarte"])
def test_ecarte_with_or_without_accents_finds_ecarte_laws_first(store, query):
    hits = store.search(query)
    assert hits[0].game == "ecarte"
    assert [h.law_id for h in hits[:10]] == [h.law_id for h in store.search("écarté")[:10]]


def test_pone_finds_laws_that_say_non_dealer(store):
    texts = [store.law(h.law_id).text.lower() for h in store.search("pone", limit=200)]
    assert any("non-dealer" in t and "pone" not in t for t in texts)
