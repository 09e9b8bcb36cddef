"""A player who draws two at the rehearsal's table: at Rubicon Bézique the laws speak of a
drawer who *sees* two cards (Portland laws 28 and 30; the game's [play] two_drawn = "seen"):
he takes his one card and sees the next, so his hand keeps nine, as the quiz's tables have it.
At Pinochle (two_drawn = "drawn") both cards go into his hand: he holds a card over."""

from __future__ import annotations

import pytest

from app.corpus.loading import load_content
from app.model.games import build_games
from app.rehearsal.play import legal_cards, settle_draws
from app.rehearsal.session import Moment, Rehearser, Start, Step

CONTENT = load_content()
GAMES = build_games(CONTENT)
REHEARSER = Rehearser(GAMES, CONTENT)


def _after_first_trick(game: str, seed: int = 3) -> tuple[Start, Moment]:
    """The moment the first trick is won, the draws still to make."""
    seats = GAMES[game].default_seats()
    s = Start(game, tuple(seats), seats[-1], seed)
    m = REHEARSER.first(s)
    g = REHEARSER.game(s)
    for _ in range(len(seats)):
        ready = settle_draws(m.state, g)
        card = legal_cards(ready, g)[0]
        m = REHEARSER.advance(m, Step("play", {"player": ready.to_move, "card": card.code}), s)
    assert m.state.to_draw, "the draws after the trick are owed"
    return s, m


def test_a_rubicon_drawer_who_sees_two_keeps_nine_and_the_law_of_seeing_two_rules() -> None:
    s, m = _after_first_trick("rubicon-bezique")
    winner = m.state.to_draw[0]
    stock = len(m.state.stock)
    moment = REHEARSER.advance(m, Step("mistake", {"event": {
        "type": "drew-two", "player": winner, "saw_second": True}}), s)
    after = moment.mistake.after
    assert {p: len(after.hand(p)) for p in after.players} == {p: 9 for p in after.players}
    assert len(after.stock) == stock - 2  # one card each, as the draws are owed
    english = next(r for r in moment.mistake.ruling.rulings if r.code == "english")
    assert english.laws == ("rubicon-bezique.english.winner-sees-two-cards",), english.laws


@pytest.mark.parametrize("game", ["pinochle"])
def test_where_both_cards_are_drawn_the_drawer_holds_one_over(game: str) -> None:
    s, m = _after_first_trick(game)
    winner = m.state.to_draw[0]
    size = GAMES[game].hand_size
    moment = REHEARSER.advance(m, Step("mistake", {"event": {
        "type": "drew-two", "player": winner, "saw_second": True}}), s)
    after = moment.mistake.after
    assert len(after.hand(winner)) == size + 1
