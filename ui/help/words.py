"""The app's own words, explained once: tooltips on every screen read them from here."""

from __future__ import annotations

EXPLAINED: dict[str, str] = {
    "mastery": (
        "Mastery: how likely you are to recall these items today, on average, estimated from "
        "your answers by the spaced-repetition scheduler (FSRS). Items never answered count "
        "as 0%. It falls as time passes and rises with each right answer."
    ),
    "accuracy": "Right: the share of your answers that were right.",
    "readings": (
        "Readings: where the old authorities disagree on a rule, each version is a reading. "
        "Choose which one the table follows; the usual reading is chosen unless you change it."
    ),
    "proper-count": (
        "Proper count: how many cards a player should hold at this point of the game and "
        "stage. A hand with more or fewer is where most irregularities begin."
    ),
    "due": "Due: items the scheduler asks you to review today, so you see them before you "
           "forget them.",
    "contrast": (
        "Contrast: how one code's ruling reads against another's for the same situation: "
        "the same, stricter, more lenient, or a different remedy."
    ),
    "code": (
        "Code: a body of laws for a game, as one authority set it down. EN is the English "
        "code, FR the French, US the American (Foster)."
    ),
}


def explain(word: str) -> str:
    """The tooltip that explains one of the app's words ('mastery', 'readings', …)."""
    return EXPLAINED[word]
