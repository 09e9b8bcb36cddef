"""The eighth blind round's #94, #168 and #115: an authored true/false item is answered by
the law, not by common sense or by an absolute in its wording.

"A player may claim the penalty for an irregularity he committed himself" is false to anyone
(two readers); "may exchange it ... at any moment of his choice" is marked false by its
absolute. A false statement says a wrong thing the laws rule out, in the terms of a case; an
absolute ("always", "never", "at any moment") is a sign of a false statement a learner reads
without the law.
"""

from __future__ import annotations

import re

from quizzes.authored import load_authored
from quizzes.bank import default_bank

CONTENT = default_bank().content
ITEMS = load_authored(CONTENT)
ABSOLUTES = re.compile(
    r"\b(?:always|never|at any (?:moment|time)|whatever|no matter|under no|in no case|"
    r"of his choice)\b", re.IGNORECASE)


def test_no_false_statement_is_marked_false_by_an_absolute():
    found = [(i.id, m[0]) for i in ITEMS.values() if i.kind == "true-false"
             and i.answer is False and (m := ABSOLUTES.search(i.prompt))]
    assert found == []


def test_the_own_error_item_asks_the_law_of_a_case():
    item = ITEMS["general-own-error"]
    # The principle asked through the case Foster rules by it (the dealer's adversary who
    # turns up his own card in the deal), not as a platitude.
    assert "committed himself" not in item.prompt and "favour him" not in item.prompt
    assert "general.american.own-card-exposed-in-deal" in item.laws
    assert "misdeal" in item.prompt


def test_each_reworded_item_cites_the_laws_it_rests_on():
    for name in ("general-own-error", "bezique-seven-of-trumps-exchange"):
        item = ITEMS[name]
        for law in item.laws:
            book = CONTENT.laws[law].book.split(",")[0].split(" (")[0]
            assert book.split()[0] in item.explanation, (name, law, book)
