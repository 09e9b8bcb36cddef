"""What a declared combination scores, and whether a four of a kind is one card of each suit,
are the game's declared play facts ([play] declared_points and four_of_each_suit in
content/games), asked by name: the engine's declarations module names no game."""

from __future__ import annotations

from app.cards import Card
from app.corpus.loading import load_content
from app.engine.handlers import declarations
from app.model.events import DECLARATIONS
from app.model.games import build_games

GAMES = build_games(load_content())
BEZIQUE = {"four-aces": 100, "four-kings": 80, "four-queens": 60, "four-jacks": 40,
           "marriage": 20, "royal-marriage": 40, "bezique": 40, "double-bezique": 500,
           "sequence": 250}


def test_each_game_declares_what_its_combinations_score():
    points = {gid: dict(declarations.declared_points(g)) for gid, g in GAMES.items()}
    assert points["bezique"] == BEZIQUE == points["rubicon-bezique"]
    assert points["pinochle"] == {**{k: v for k, v in BEZIQUE.items()
                                     if k not in ("bezique", "double-bezique")},
                                  "sequence": 150, "pinochle": 40}
    assert points["ecarte"] == {"king": 1}
    assert not points["conquian"] and not points["cinch"]
    for gid, declared in points.items():
        assert set(declared) <= set(DECLARATIONS), gid


def test_a_four_of_a_kind_is_one_of_each_suit_only_where_the_game_says_so():
    three_and_one = (Card("K", "S"), Card("K", "S"), Card("K", "H"), Card("K", "D"))
    assert declarations.missing_cards("four-kings", three_and_one, "H",
                                      GAMES["bezique"]) == []
    assert declarations.missing_cards("four-kings", three_and_one, "H",
                                      GAMES["pinochle"]) == [Card("K", "C")]
    assert [gid for gid, g in GAMES.items() if not declarations.any_four(g)] == ["pinochle"]


def test_the_declarations_module_keeps_no_table_of_games():
    """No module-level table of the engine's declarations module is keyed by game (the game
    facts it held, VALUES and _FOUR_OF_EACH_SUIT, are the games' own now)."""
    assert not hasattr(declarations, "VALUES")
    assert not hasattr(declarations, "_FOUR_OF_EACH_SUIT")
    for name, value in vars(declarations).items():
        if isinstance(value, dict | set | frozenset):
            keys = set(value)
            assert not keys & set(GAMES) or keys <= set(DECLARATIONS), name
