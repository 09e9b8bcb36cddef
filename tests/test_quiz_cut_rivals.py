"""At the cut nothing has been dealt: no wrong ruling offered there speaks of the cards being
dealt again, or of a deal standing (the blind audit of 2026-12-02, fifth round, #30: players
cutting for the first deal, "no card has been dealt", and both wrong choices "the cards are
dealt again", so the stage alone left "The cut is made again.").

The rulings the laws give at the cut, in every game and code the bank holds (Portland laws
4, 7, 8 and 9; Écarté Club Code laws 3, 4, 6 and 7; Foster's general law of the pone's cut and
Cinch's), are two: the cut is made again, or it stands. A ruling question at the cut has then
one wrong ruling possible there, and is not asked: a coin toss between two is no question.
"""

from __future__ import annotations

import random

from bank_questions import BANK, built, dealt_moments

from app.engine import CodeRuling
from app.engine.ruling import Decision, Option
from quizzes.generators.common import rule_dealt
from quizzes.generators.rivals import real_rival
from quizzes.generators.ruling import ruling_choices
from quizzes.questions import Question

DEAL_WORDS = ("dealt again", "deal stands", "deal is void", "misdeal")


def _ruling(outcome: str, code: str, *options: Option) -> CodeRuling:
    return CodeRuling(code, Decision(outcome, (), "", options))


def _cut_tables():
    """Tables of an error in the cut, found before anything was dealt, in every game whose
    laws rule one, with the engine's ruling."""
    for made in dealt_moments("cut-error", 6, "cut-rivals"):
        if made.event.get("dealt"):
            continue
        found = rule_dealt(BANK, made)
        if found is not None:
            yield found


def test_before_any_card_is_dealt_only_the_cut_s_remedies_are_real_rivals():
    games = set()
    for found in _cut_tables():
        s = found.scenario
        assert not any(s.hands.values()), s  # (nothing dealt: the pack is whole)
        games.add(s.game)
        for code in s.codes:
            player = next(p for p in s.players if p != s.dealer)
            for ruling in (_ruling("new-deal", code), _ruling("deal-stands", code),
                           _ruling("innocent-chooses", code, Option("new-deal", player)),
                           _ruling("misdeal", code)):
                assert not real_rival(BANK, ruling, s), (s.game, ruling.outcome)
            for ruling in (_ruling("cut-again", code), _ruling("no-penalty", code)):
                assert real_rival(BANK, ruling, s), (s.game, ruling.outcome)
    assert {"rubicon-bezique", "ecarte", "cinch"} <= games


def test_no_wrong_ruling_at_the_cut_speaks_of_a_deal():
    checked = 0
    for found in _cut_tables():
        for cr in found.ruling.rulings:
            if cr.outcome == "not-covered":
                continue
            checked += 1
            combos = BANK.survey.combos(cr.laws[0], "stated")
            choices, key = ruling_choices(BANK, found, cr.code, random.Random(checked), combos)
            wrong = [c.text for c in choices if c.key != key]
            assert not [t for t in wrong if any(w in t for w in DEAL_WORDS)], (
                found.scenario.event, wrong)
    assert checked >= 10


def test_no_ruling_question_of_the_bank_offers_a_deal_at_the_cut():
    for q in built(range(2), ("ruling",)):
        assert isinstance(q, Question)
        if (q.table or {}).get("event", {}).get("type") != "cut-error":
            continue
        wrong = [c.text for c in q.choices if c.key not in q.answer]
        assert not [t for t in wrong if any(w in t for w in DEAL_WORDS)], (q.id, wrong)
