"""The fourteenth blind round's #76, ruled as a referee reads it."""

from __future__ import annotations

from app.engine import rule
from app.model.scenario import parse_scenario
from tests.bank_questions import BANK

# South dealt himself four; North has led; South has not played. Whether North stood or
# proposed and was refused is not shown.
_LED_NOT_ANSWERED = {
    "game": "ecarte", "players": ["North", "South"], "dealer": "South",
    "codes": ["english"], "stage": "play", "tricks_played": 0,
    "hands": {"North": ["8C", "10S", "10H", "7C"], "South": ["QS", "JS", "QD", "AS"]},
    "hands_seen": ["North", "South"], "trump": "D", "turn_up": "JD",
    "trick": {"leader": "North", "cards": ["10D"]},
    "event": {"type": "wrong-count"},
}


def test_a_dealers_short_hand_found_before_he_plays_turns_on_the_proposal() -> None:
    # Law 21 needs the dealer to have played; law 18 runs, with no proposal, until he plays,
    # and ended at a refusal: whether North stood decides, and the ruling says so.
    scenario = parse_scenario(_LED_NOT_ANSWERED, BANK.games)
    ruled = rule(scenario, BANK.games, BANK.content).for_code("english")
    assert ruled.outcome == "depends"
    assert "ecarte.english.dealer-too-few-dealt" in ruled.laws
    assert "If North stood (made no proposal)" in ruled.explanation
    assert "let the dealer complete his hand from the stock" in ruled.explanation


def test_the_quiz_asks_law_21_only_once_the_dealer_has_played() -> None:
    for seed in (879547, *range(12)):
        q = BANK.generate("ruling", "ecarte.english.dealer-wrong-count-found-in-play", seed)
        assert q.table is not None
        dealer = q.table["dealer"]
        assert f"{dealer} has played a card this hand" in q.situation or \
            int(q.table.get("tricks_played", 0)) > 0, (q.id, q.situation)
