"""The eighth blind round's #15: a lead out of turn the law says "must" be taken back is
ruled so, not "may".

Portland law 24: "A card led out of turn must be taken up, unless it has been played to";
the answer said "North may take back the card played in error". The Club Code's law 40 at
Écarté says "may be taken up again", and its ruling keeps the offender's option. Each lead
out of turn ruled in every game is worded as its law's text words it.
"""

from __future__ import annotations

import re

from quizzes.generators.common import rule_dealt
from quizzes.words import ruling_words
from tests.bank_questions import BANK, dealt_moments, marked_words, question

AUDITED = ("ruling:rubicon-bezique.english.lead-out-of-turn", 773812)
_SAYS = re.compile(r"\b(must|may) be (?:taken back|taken up|withdrawn)")


def test_the_audits_lead_must_be_taken_back():
    q = question(*AUDITED)
    assert not isinstance(q, Exception), q
    answer = marked_words(q)
    assert "must take back" in answer and "may take back" not in answer, answer


def test_every_lead_taken_back_is_worded_as_its_law_words_it():
    said: dict[str, set[str]] = {}
    for event in ("lead-out-of-turn", "play-out-of-turn"):
        for made in dealt_moments(event, 4, f"r8-taken-back:{event}"):
            found = rule_dealt(BANK, made)
            if found is None:
                continue
            for cr in found.ruling.rulings:
                acts = [(o.id, o.by) for o in cr.options] + [
                    (d.id, d.by) for d in getattr(cr, "duties", ())]
                if not any(i == "take-back" and by == found.scenario.event.get("player")
                           for i, by in acts):
                    continue
                law = BANK.content.laws[cr.laws[0]]
                verb = _SAYS.search(law.text)
                if verb is None:
                    continue
                words = ruling_words(cr)
                assert f"{verb[1]} take back" in words, (law.id, words)
                said.setdefault(verb[1], set()).add(law.id)
    assert "rubicon-bezique.english.lead-out-of-turn" in said.get("must", set()), said
    assert "ecarte.english.lead-out-of-turn" in said.get("may", set()), said
