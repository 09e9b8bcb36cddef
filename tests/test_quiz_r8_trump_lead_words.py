"""The eighth blind round's #56 and #130: a trump led is explained by the trump-lead rule.

The why of a play (lawful or a revoke) was the stage's plain-suit sentence ("a player holding
the suit led may trump instead; when void he may trump or discard") wherever the trick was
led with a trump, where the law that decides is that a player holding a trump must play one.
"""

from __future__ import annotations

import pytest

from app.engine import rule
from quizzes.generators.common import STRICT_RULES
from tests.bank_questions import BANK, dealt_moments, question

PLAIN_SUIT_WORDS = ("may trump instead", "when void he")
# (#56's penalty item is asked of the revoke law that gives its figure now, #72's class: the
# engine's words for its table are checked below with every game's. #56's own item, Auction
# Pitch's trump lead, is no longer asked: its revoke cites the penalty of an encyclopedia
# article of no identified edition, quizzes.checkable; Cinch's trump lead stands for it.)
AUDITED = (("revoke:cinch.american.revoke-holding-suit", 482723),)


@pytest.mark.parametrize(("item", "seed"), AUDITED)
def test_the_audits_trump_leads_are_explained_by_the_trump_lead_rule(item, seed):
    q = question(item, seed)
    assert not isinstance(q, Exception), q
    assert "Trumps were led" in q.explanation, q.explanation
    assert not any(w in q.explanation for w in PLAIN_SUIT_WORDS), q.explanation


def test_every_game_explains_a_play_to_a_trump_lead_by_the_trump_lead_rule():
    games = set()
    for made in dealt_moments("play", 12, "r8-trump-lead"):
        s = made.scenario
        game = BANK.games[s.game]
        trick = s.trick.cards if s.trick else ()
        stage = game.stage_rule(s.stage)
        trump_led = bool(trick) and s.trump is not None and \
            game.effective_suit(trick[0], s.trump) == s.trump
        if stage is None or stage.rule not in STRICT_RULES or not trump_led:
            continue
        for cr in rule(s, BANK.games, BANK.content).rulings:
            if cr.outcome in ("legal", "revoke") and "obligations" in cr.explanation:
                assert "Trumps were led" in cr.explanation, (s.game, cr.explanation)
                assert not any(w in cr.explanation for w in PLAIN_SUIT_WORDS), cr.explanation
                games.add(s.game)
    # Every game with a strict stage and trumps had a trump lead ruled.
    assert {"auction-pitch", "cinch", "ecarte", "pinochle"} <= games, games


def test_a_plain_suit_lead_keeps_the_plain_suit_words():
    rule_ = BANK.games["auction-pitch"].stage_rule("play")
    assert rule_ is not None
    assert "may trump instead" in rule_.describe()
    assert "Trumps were led" in rule_.describe(trump_led=True)
