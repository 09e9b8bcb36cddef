"""The eighth blind round's #7: a game played to points is not given a worth that a law by
agreement changes.

Écarté is five up; the Club Code's law 46 lets the players agree beforehand that a game
counts treble, double or single by the loser's score. "North wins it, worth 1" beside "worth
2" (the loser had 2: a double, if so agreed) left the reckoning to guess. A ruling that wins
a game played to points says the points marked toward it, which no agreement changes.
"""

from __future__ import annotations

from tests.bank_questions import BANK, built, question

AUDITED = ("ruling:ecarte.english.king-scores-one", 308051)


def _to_points(game_id: str) -> bool:
    if game_id not in BANK.games:
        return False  # the general laws: no game of their own
    play = BANK.games[game_id].facts.play
    return play is not None and bool(play.game_to)


def test_the_audits_king_turned_offers_no_worth():
    q = question(*AUDITED)
    assert not isinstance(q, Exception), q
    assert not any("worth" in c.text for c in q.choices), [c.text for c in q.choices]


def test_no_question_of_a_game_played_to_points_offers_a_games_worth():
    checked = 0
    for q in built(range(3), types=("ruling", "code")):
        if not _to_points(q.game):
            continue
        checked += 1
        said = [q.prompt, q.explanation, *(c.text for c in q.choices)]
        assert not any("worth" in s for s in said), (q.id, said)
    assert checked


def test_a_rubicon_game_won_keeps_its_worth():
    # Each deal a game, its points the game's value (Portland law 58): said as its worth.
    worth = [q for q in built(range(3), types=("ruling",)) if q.game == "rubicon-bezique"
             and any("worth" in c.text for c in q.choices)]
    assert worth
