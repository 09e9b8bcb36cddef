"""'Is this play lawful?' asks of a card whose lawfulness needs the law (the twelfth blind
round's #119 and #133): a card that follows suit and wins is lawful under every rule of every
stage, so "Lawful" could be picked knowing none of them."""

from __future__ import annotations

from app.cards import Card
from app.model.games import build_games
from quizzes.generators.revoke import JUDGE_EVERY
from quizzes.questions import QuestionError
from tests.bank_questions import BANK

GAMES = build_games(BANK.content)



def _judged() -> list:
    built = []
    for key, item in sorted(BANK.items.items()):
        if not key.startswith("revoke:"):
            continue
        for seed in range(0, 8 * JUDGE_EVERY, JUDGE_EVERY):
            try:
                built.append(BANK.generate("revoke", item.law, seed))
            except QuestionError:
                continue
    return built


def _follows_and_wins(q) -> bool:
    """Read from the question's table as a learner reads it: the card played follows the suit
    led (or a trump led) and beats every card on the trick under the game's ranking."""
    table, game = q.table, GAMES[q.game]
    trick = [c for c in table["trick"]["cards"]]
    event = table["event"]

    cards = [Card.parse(c) if isinstance(c, str) else Card.parse(c["card"]) for c in trick]
    played = Card.parse(event["card"])
    trump = table.get("trump")
    led = game.effective_suit(cards[0], trump)
    if game.effective_suit(played, trump) != led:
        return False
    best = cards[game.winning_card(cards, trump)]
    return game.beats(played, best, led, trump)


def test_no_lawful_play_judged_is_one_that_follows_and_wins() -> None:
    judged = [q for q in _judged() if q.kind == "single"]
    assert len(judged) >= 20
    lawful = [q for q in judged if q.answer == ("legal",)]
    assert lawful, "no lawful play is ever judged"
    for q in lawful:
        assert not _follows_and_wins(q), (q.id, q.prompt)
