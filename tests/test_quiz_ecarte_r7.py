"""Écarté as a learner reads it, the seventh blind round's classes (/work/round7).

- A card played is said to stand past the moment the asked code's own law names: the Club
  Code's "until another card is led" (laws 39 and 43), not another game's "turned and quitted"
  (#167); the moment is the games file's, per code.
"""

from __future__ import annotations

import random

import bank_questions

from quizzes.moments import deal_moment
from quizzes.words import card_stands_after, event_words

SEEDS = range(6)
BANK = bank_questions.BANK


# --- #167: the moment a card played stands, in each code's own words --------------------------

def test_the_club_code_renounce_stem_says_until_another_card_is_led() -> None:
    q = BANK.generate("ruling", "ecarte.english.renounce-or-failure-to-win", 457512)
    assert "He does not take it back before another card is led." in q.situation
    assert "turned and quitted" not in q.situation


def test_every_games_play_stem_says_the_moment_its_own_code_names() -> None:
    said = 0
    for gid, game in BANK.games.items():
        if not game.has_tricks:
            continue
        for k in range(12):
            dealt = deal_moment(BANK, (gid, "play", "play"), random.Random(f"r7:{gid}:{k}"))
            if dealt is None:
                continue
            for code in dealt.scenario.codes:
                moment = card_stands_after(dealt.scenario, game, code)
                text = event_words(dealt.scenario, game, code)
                own = game.facts.codes[code].card_stands_after
                assert moment == own or not own
                assert (f"He does not take it back before {moment}." if moment
                        else "He does not take it back: the card stands.") in text, (gid, code)
                said += 1
            break
    assert said >= 5
