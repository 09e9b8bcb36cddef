"""The Club Code's wrong count found in play (laws 20 and 21): where both hands are wrong, the
ruling speaks of both, as the table shows both (a stock of 19 after four tricks: each hand was
dealt a card over). Law 20 makes the fresh deal compulsory whatever the dealer holds, so the
dealer's count, which alone gives the non-dealer the choice (law 21), changes nothing."""

from __future__ import annotations

import bank_questions
import pytest

from app.engine.core import rule
from app.model.scenario import parse_scenario
from quizzes.questions import Question

BANK = bank_questions.BANK
E = "ecarte.english."

# South dealt, North the non-dealer; four tricks played, North has led to the fifth.
_TABLE = {
    "game": "ecarte", "dealer": "South", "codes": ["english"], "stage": "play",
    "trump": "H", "turn_up": "8H", "stock": 19, "tricks_played": 4,
    "scores": {"North": 1, "South": 3}, "hands_seen": ["North", "South"],
    "trick": {"leader": "North", "cards": ["AH"]},
    "event": {"type": "wrong-count"},
}


def _ruled(hands: dict[str, list[str]]):
    s = parse_scenario({**_TABLE, "hands": hands}, BANK.games)
    (ruled,) = rule(s, BANK.games, BANK.content).rulings
    return ruled


def test_both_hands_found_wrong_in_play_are_both_ruled() -> None:
    ruled = _ruled({"North": ["10H"], "South": ["KS", "10S"]})
    assert ruled.outcome == "new-deal" and not ruled.options
    assert list(ruled.laws) == [E + "pone-wrong-count-found-in-play",
                                E + "dealer-wrong-count-found-in-play"]
    assert ruled.explanation.startswith("Both hands are found wrong only after play began.")
    assert "the dealer's" in ruled.explanation and "changes nothing" in ruled.explanation


@pytest.mark.parametrize(("hands", "laws", "options"), [
    ({"North": ["10H"], "South": ["KS"]}, [E + "pone-wrong-count-found-in-play"], []),
    ({"North": [], "South": ["KS", "10S"]}, [E + "dealer-wrong-count-found-in-play"],
     [("new-deal", "North")]),
])
def test_one_hand_found_wrong_in_play_is_ruled_by_its_own_law(hands, laws, options) -> None:
    ruled = _ruled(hands)
    assert list(ruled.laws) == laws
    assert [(o.id, o.by) for o in ruled.options] == options
    assert "Both hands" not in ruled.explanation


def test_the_question_on_law_20_says_what_it_rules_of_each_wrong_hand() -> None:
    both = 0
    for seed in range(8):
        q = bank_questions.question("ruling:ecarte.english.pone-wrong-count-found-in-play",
                                    seed)
        if not isinstance(q, Question):
            continue
        why = q.explanation.split("\nUnder the")[0]
        counted = q.situation.split("The hands are counted: ")[1].split("\n")[0]
        wrong = counted.count("should hold")
        assert wrong >= 1, q.id
        if wrong == 2 and all(f"holds {n} (should hold {n})" not in counted for n in range(6)):
            both += 1
            assert "Both hands are found wrong" in why, (q.id, why)
            assert "ecarte.english.dealer-wrong-count-found-in-play" in q.laws, q.id
    assert both, "no table with both hands wrong was asked"


def test_foster_sets_no_time_limit_on_a_wrong_count_found_in_play() -> None:
    # The seventeenth blind round's #154, #188: seed 004 paragraph 4 gives the pone his
    # choices "if the cards have been seen", with no later limit; a count found after a trick
    # is ruled by it, not left uncovered.
    s = parse_scenario({**_TABLE, "codes": ["american", "english"],
                        "hands": {"North": ["10H", "9C", "KD"], "South": ["KS"]}}, BANK.games)
    american = rule(s, BANK.games, BANK.content).for_code("american")
    assert american.outcome != "not-covered"
    assert {(o.id, o.by) for o in american.options} == {("claim-misdeal", "North"),
                                                        ("discard-surplus", "North")}
    assert "ecarte.american.pone-wrong-count-after-seen" in american.laws
    assert "no time limit" in american.explanation
    # Round 26's #54 and round 29's #187 read them as laws of the deal, ended by play: both
    # readings are said, and the ruling is contested (no quiz asks it).
    assert "read as laws of the deal, which stands once a trick is played to, they do not. " \
        "Read the first way:" in american.explanation
    assert american.contested
    dealer_short = parse_scenario({**_TABLE, "codes": ["american"],
                                   "hands": {"North": [], "South": []}}, BANK.games)
    (ruled,) = rule(dealer_short, BANK.games, BANK.content).rulings
    assert {(o.id, o.by) for o in ruled.options} == {("claim-misdeal", "North"),
                                                     ("supply-from-stock", "North")}
    assert "ecarte.american.dealer-wrong-count-after-seen" in ruled.laws
