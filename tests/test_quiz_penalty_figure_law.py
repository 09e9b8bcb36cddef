"""The eighth blind round's #72 (and #56): a 'how many points' item is asked of the law that
gives its figure.

penalty:bezique.english.lead-out-of-turn-played-to asked "how many points does South
score?" of Britannica's "the trick stands", whose answer, 10, is a Victorian forfeit list's
fine for playing out of turn; penalty:auction-pitch.american.follow-trump-lead asked the
set-back of Foster's "follow in trumps", a figure the encyclopedia's revoke law gives. Each
such table is asked under the law whose words give its points.
"""

from __future__ import annotations

import re

from tests.bank_questions import BANK, built

MOVED = {"penalty:bezique.english.lead-out-of-turn-played-to":
         "penalty:bezique.english.play-out-of-turn",
         "penalty:auction-pitch.american.follow-trump-lead":
         "penalty:auction-pitch.american.revoke-penalty"}


def test_the_audits_items_are_asked_of_the_laws_that_give_their_figures():
    # Each moved to the law giving its figure; both those laws are of books not identified
    # (a Victorian forfeits list, an encyclopedia article of no known edition), so since the
    # fourteenth round neither figure is asked at all (quizzes/checkable.py).
    for old, new in MOVED.items():
        assert old not in BANK.items, old
        assert new not in BANK.items, new


def _states(law_id: str, figure: int) -> bool:
    law = BANK.content.laws[law_id]
    return re.search(rf"(?<![\d.]){figure}(?!\d)", f"{law.text} {law.remedy}") is not None


# The item's law scores something itself ("scores carte blanche again": its value is the
# combination's, stated where carte blanche is).
_SCORES = re.compile(r"\b(?:scores?|scored|forfeits?|fine[sd]?|set back|pays?)\b", re.IGNORECASE)


def test_no_penalty_figure_is_stated_by_another_cited_law_than_the_items():
    checked = 0
    for q in built(range(3), types=["penalty"]):
        own, others = q.laws[0], q.laws[1:]
        law = BANK.content.laws[own]
        checked += 1
        if _states(own, q.answer) or _SCORES.search(f"{law.text} {law.remedy}"):
            continue
        assert not any(_states(x, q.answer) for x in others), (q.id, q.answer)
    assert checked


def test_no_count_asked_rests_on_the_forfeit_list_of_no_identified_book():
    # The Bézique lead out of turn's 10 was asked under the forfeit law (#72); no count asks
    # it now, under that law or another.
    for q in built(range(3), types=["penalty"]):
        assert "bezique.english.play-out-of-turn" not in q.laws, q.id
