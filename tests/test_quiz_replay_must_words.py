"""The tenth blind round's #68: Portland law 55's replay is a duty, not an option.

Law 55: in the last nine tricks, a card played failing to follow or to win "and all cards
subsequently played, must be taken up and replayed" (Hoffmann 1909). The answer said "South
may have the cards taken back": nobody chooses. As law 24's take-back (the eighth round's
#15), the Rubicon ruling lays the replay on the offender as a duty; Foster's Pinochle, where
the innocent player may require the replay, keeps it an option of his.
"""

from __future__ import annotations

from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.words import ruling_words
from tests.bank_questions import BANK

# Tricks played once the stock is gone, with the hand North holds then (5 at Rubicon's 128
# cards, 9 dealt each; 10 at Pinochle's 48, 12 dealt each).
_LAST = {"rubicon-bezique": (58, ["AS", "JH", "10C", "JC", "10S"]),
         "pinochle": (14, ["AS", "JH", "10C", "JC", "10S", "9C", "9H", "KC", "KH", "QC"])}


def _revoke(game: str) -> dict[str, object]:
    played, hand = _LAST[game]
    return {"game": game, "dealer": "South", "trump": "D", "stage": "stock-exhausted",
            "tricks_played": played, "hands": {"North": hand},
            "trick": {"leader": "South", "cards": ["JS"]},
            "event": {"type": "play", "player": "North", "card": "JH"}}


def _ruled(game: str, code: str):
    ruling = rule(parse_scenario(_revoke(game), BANK.games), BANK.games, BANK.content)
    return next(r for r in ruling.rulings if r.code == code)


def test_the_audits_replay_must_be_made():
    # (The audit's ruling question is asked no more, its one rival being this replay worded
    # as the adversary's right: tests/test_quiz_r33.py. The ruling's words, as a choice.)
    answer = ruling_words(_ruled("rubicon-bezique", "english"))
    assert "North must take back" in answer and " may " not in answer, answer


def test_portland_law_55_lays_the_replay_on_the_offender():
    r = _ruled("rubicon-bezique", "english")
    assert r.outcome == "revoke"
    assert [(d.id, d.by) for d in r.duties] == [("replay", "North")] and not r.options
    law = BANK.content.laws["rubicon-bezique.english.failure-to-follow-or-win"]
    assert "must be taken" in law.text and "must be taken" in law.remedy


def test_fosters_pinochle_replay_stays_the_innocent_players_option():
    r = _ruled("pinochle", "american")
    assert r.outcome == "revoke"
    assert [(o.id, o.by) for o in r.options] == [("replay", "South")] and not r.duties


def test_wrong_choices_varying_only_who_holds_the_remedy_are_a_giveaway():
    """The tenth round's #4, #40, #47: every wrong choice the right one with the right given
    to, or the duty laid on, the player the stem shows did nothing wrong is a giveaway, as a
    figure changed is (figures_only); a choice of another remedy or outcome is not."""
    import msgspec

    from app.engine import Option
    from app.engine.ruling import Duty
    from quizzes.judge import figures_only
    from quizzes.read_back import read_ruling
    from quizzes.words import ruling_words

    right = _ruled("rubicon-bezique", "english")
    moved = msgspec.structs.replace(right, decision=msgspec.structs.replace(
        right.decision, duties=tuple(Duty(d.id, "South") for d in right.duties)))
    assert figures_only(right, [moved])
    read = read_ruling(ruling_words(moved), "english", {})
    assert read is not None and [(d.id, d.by) for d in read.duties] == [("replay", "South")]
    other = _ruled("pinochle", "american")
    assert figures_only(other, [msgspec.structs.replace(other, decision=msgspec.structs.replace(
        other.decision, options=(Option("replay", "North"),)))])
    assert not figures_only(right, [moved, other])
