"""A ruling's outcome said in a sentence: what it means, and what the terms shown beside it
are (options, duties, both or neither), for every screen and report that shows a ruling."""

from __future__ import annotations

from typing import Any

from app.engine.ruling import DEPENDS_ASKED, OUTCOMES, CodeRuling


def outcome_meaning(outcome: str, cases: tuple[Any, ...] = ()) -> str:
    """What an outcome means, in a sentence: "depends" says each case is ruled only when the
    ruling holds its cases; otherwise the fact it turns on is named, to be asked."""
    if outcome == "depends" and not cases:
        return DEPENDS_ASKED
    return OUTCOMES.get(outcome, "")


# Outcomes whose sentence points to the terms the ruling shows beside it, said of what is
# shown: a ruling with a duty and no option (Portland law 55's replay, owed by the offender)
# read "the options say what the adversary may choose" over no option at all (the eleventh
# round).
_POINTS_TO_TERMS = {
    "penalty": ("The offender is penalised", "the adversary"),
    "innocent-chooses": ("The innocent side chooses whether the cards are dealt again", "he"),
}


def terms_heading(ruling: CodeRuling) -> str:
    """The heading over a ruling's terms, naming what they are: a duty alone is not shown
    under "Options" (a side must do it; nobody chooses it), the words ruling_meaning uses."""
    if ruling.duties and not ruling.options:
        return "Duties"
    return "Options and duties" if ruling.duties else "Options"


def ruling_meaning(ruling: CodeRuling) -> str:
    """What a ruling's outcome means, in a sentence naming the terms it shows: its options
    (what a side may choose), its duties (what a side must do), both, or neither."""
    if ruling.winner:
        return f"The game is won by {ruling.winner}."
    pointer = _POINTS_TO_TERMS.get(ruling.outcome)
    if pointer is None:
        return outcome_meaning(ruling.outcome, ruling.cases)
    said, chooser = pointer
    options = f"the options say what {chooser} may choose" if ruling.options else ""
    duties = "the duties say who must do what" if ruling.duties else ""
    if options and duties:
        return f"{said}; {options}, and {duties}."
    if options or duties:
        return f"{said}; {options or duties}."
    return f"{said}, as the explanation says."
