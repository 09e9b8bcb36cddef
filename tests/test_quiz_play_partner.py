"""Foster's Cinch, ¶6: the fourth hand playing before the second (the third not having
played) gives the adversaries the trick; the third hand playing before the second lets the
second hand tell his partner, the fourth, "Play, partner". A wrong choice read "South may tell
the partner to play before the second hand" beside the fourth hand's play: South had played,
his partner was the second hand, and no law gives that right to anyone but the second hand.
The right is said the second hand's ("tell his partner to play before him") and offered as
wrong only where the second hand and his partner are both still to play; a side's right moved
player by player ("East or North may claim the trick", one of each side) is not offered."""

from __future__ import annotations

import re

import bank_questions

from app.engine import CodeRuling
from app.engine.ruling import Decision, Option
from app.model.scenario import parse_scenario
from quizzes.generators.rivals import impossible_at
from quizzes.questions import Question

BANK = bank_questions.BANK
GAME = BANK.games["cinch"]
_TABLE = {
    "game": "cinch", "dealer": "North", "stage": "play", "trump": "S", "tricks_played": 1,
    "hands": {"North": ["QS", "5C", "KS", "10S", "AC"], "East": ["6S", "QC", "10C", "5S", "7H"],
              "South": ["5D", "7D", "JC", "8C", "AS"], "West": ["8S", "6H", "9S", "10D"]},
    "trick": {"leader": "West", "cards": ["3S"]},
}


def _scenario(player: str):
    return parse_scenario({**_TABLE, "event": {"type": "play-out-of-turn", "player": player}},
                          BANK.games)


def _play_partner(by: str) -> CodeRuling:
    return CodeRuling("american", Decision("play-on", ("cinch.american.third-hand-before-second",),
                                           "", options=(Option("play-partner", by),)))


def test_play_partner_is_the_second_hands_while_he_and_his_partner_are_to_play() -> None:
    # West led: North is second hand, East third, South fourth (North's partner).
    third_played = _scenario("East")
    assert impossible_at(_play_partner("North"), third_played, GAME) == ""
    for other in ("East", "South", "West"):
        assert impossible_at(_play_partner(other), third_played, GAME), other
    fourth_played = _scenario("South")
    for anyone in ("North", "East", "South", "West"):
        assert impossible_at(_play_partner(anyone), fourth_played, GAME), anyone


def _sides_apart(text: str) -> list[tuple[str, str]]:
    partner = {"North": "South", "South": "North", "East": "West", "West": "East"}
    return [(a, b) for a, b in re.findall(r"\b(North|East|South|West) or "
                                          r"(North|East|South|West) may\b", text)
            if partner[a] != b]


def test_the_fourth_hands_play_is_never_offered_a_play_partner_or_a_mixed_side() -> None:
    asked = 0
    for seed in range(8):
        q = bank_questions.question("ruling:cinch.american.fourth-hand-before-second", seed)
        if not isinstance(q, Question):
            continue
        asked += 1
        for choice in q.choices:
            assert "Play, partner" not in choice.text, (q.id, choice.text)
            assert "before the second hand" not in choice.text, (q.id, choice.text)
            assert not _sides_apart(choice.text), (q.id, choice.text)
        assert len(q.choices) >= 3, q.id
    assert asked


def test_the_third_hands_play_says_who_tells_whom() -> None:
    for seed in range(4):
        q = bank_questions.question("ruling:cinch.american.third-hand-before-second", seed)
        if not isinstance(q, Question):
            continue
        assert isinstance(q.answer, tuple)
        right = next(c.text for c in q.choices if c.key in q.answer)
        assert re.search(r"\b(North|East|South|West) may tell his partner to play before "
                         r'him \("Play, partner"\)\.', right), (q.id, right)


def test_no_cinch_ruling_offers_a_right_to_one_player_of_each_side() -> None:
    for item, info in BANK.items.items():
        if info.type != "ruling" or not info.law.startswith("cinch."):
            continue
        for seed in (0, 1):
            q = bank_questions.question(item, seed)
            if isinstance(q, Question):
                for choice in q.choices:
                    assert not _sides_apart(choice.text), (q.id, choice.text)
