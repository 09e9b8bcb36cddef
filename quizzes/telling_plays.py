"""Which lawful plays tell a learner something about a law.

A card that follows suit and wins (or, void, trumps) is lawful under the strictest duty any
stage lays, so "is that lawful?" of it is answered by common sense, not by the law of the
stage: the twelfth blind round's #119 and #133 (a revoke question) and the fifteenth's #65
and #100 (a ruling question: a diamond followed to a diamond led that it cannot beat; a
discard by a player holding neither the suit led nor a trump). In a game none of whose stages
asks a player to win (Auction Pitch, Cinch), any card of the suit led is so (the
twenty-second round's #187). Such a play is not asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from app.cards import Card

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank
    from quizzes.generators.common import Found


def lawful_everywhere(bank: QuestionBank, found: Found, card: Card) -> bool:
    """Whether `card` is lawful under the strictest duty any stage lays (follow suit, win, and
    trump when void): such a card is lawful under every rule, so judging it tests no law. A
    lawful card asked of is one only the stage's laxer rule allows."""
    s = found.scenario
    game = bank.games[s.game]
    player = found.scenario.event.get("player")
    hand = s.hands.get(player) if isinstance(player, str) else None
    stage_rule = game.stage_rule(s.stage)
    if not isinstance(hand, tuple) or stage_rule is None:
        return False
    strictest = msgspec.structs.replace(stage_rule, rule="follow-and-win", trump_when_void=True)
    trick = s.trick.cards if s.trick else ()
    # Where no stage of the game asks a player to win the trick (Auction Pitch, Cinch), a card
    # that follows suit is lawful under every reading of its laws: asked as lawful, it tests
    # none (the twenty-second blind round's #187: a heart followed to a heart led). A void
    # player's discard still tests one (Écarté's laws would have him trump).
    win = any(stage.rule == "follow-and-win" for stage in game.facts.stages.values())
    if not win and trick and game.effective_suit(card, s.trump) == \
            game.effective_suit(trick[0], s.trump):
        return True
    return card in game.legal_plays(hand, trick, s.trump, s.stage, rule=strictest)


def lawful_by_any_law(bank: QuestionBank, found: Found, code: str) -> bool:
    """Whether the table's event is a play its code rules lawful and every rule would allow
    (lawful_everywhere): a ruling question of it tests no law."""
    event = found.scenario.event
    card = event.get("card")
    if event.type != "play" or not isinstance(card, Card) or code not in found.scenario.codes:
        return False
    return found.for_code(code).outcome == "legal" and lawful_everywhere(bank, found, card)
