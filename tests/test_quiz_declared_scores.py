"""Scores and "still to score" facts the deal shown can have reached (the blind audit's class
of issue 25, C96, C102, C24, C60).

- A combination still to score was declared on a trick its holder won, and a higher one scored
  from it needs a later trick of his (Portland law 42): the holder has won a trick at least,
  two where the higher one is scored (C96, C102).
- A carte blanche declared again means the hand dealt held no court card (law 16): each court
  card in his hand came by a draw, one a trick played (C24).
- At Rubicon trumps are fixed by the first marriage declared (law 41), on a trick won: during
  the deal nobody has fixed them (C60).

Each test reads the table a learner sees beside the question (the trick in progress and its
leader, the tricks played, the hands, the trump named) over many deals.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bank_questions import BANK, dealt_moments

from quizzes.possible import table_problems


def _tables(event: str, n: int, stage: str | None = None) -> Iterator[dict[str, Any]]:
    return (made.table for made in dealt_moments(event, n, "declared", stage=stage))


def _most_won(table: dict[str, Any], player: str) -> int:
    """The most tricks the table lets `player` have won: the leader of the trick in progress
    won the last one, so the other of two players one fewer than were played."""
    played = table.get("tricks_played", 0)
    trick = table.get("trick")
    if played and trick and len(table["players"]) == 2 and trick["leader"] != player:
        return played - 1
    return played


def test_a_combination_still_to_score_follows_a_trick_won_by_its_holder() -> None:
    higher = 0
    for table in _tables("unscored-combination-broken", 40):
        ev = table["event"]
        need = 2 if ev["how"] == "higher-scored" else 1
        higher += ev["how"] == "higher-scored"
        assert _most_won(table, ev["player"]) >= need, table
    assert higher >= 5


def test_a_carte_blanche_declared_again_holds_no_court_card_dealt() -> None:
    repeats = 0
    for table in _tables("carte-blanche", 40, "play"):
        ev = table["event"]
        if not ev.get("repeated"):
            continue
        repeats += 1
        courts = [c for c in table["hands"][ev["player"]] if c[:-1] in ("K", "Q", "J")]
        assert len(courts) <= table["tricks_played"], table
        if table.get("trump"):
            # The marriage that fixed trumps (40) was the other's: his score is his carte
            # blanches, 50 each.
            other = next(p for p in table["players"] if p != ev["player"])
            assert table["scores"][other] >= 40, table
    # (Few: a repeat is asked only on drawing, before his next play, with no court card among
    # the cards he has played since the deal.)
    assert repeats >= 2


def test_trumps_at_rubicon_follow_a_marriage_scored_as_forty() -> None:
    dealt = list(_tables("carte-blanche", 20, "deal"))
    assert len(dealt) >= 10
    assert all(t.get("trump") is None for t in dealt), [t["trump"] for t in dealt]
    fixed = 0
    for event in ("carte-blanche", "unscored-combination-broken"):
        for table in _tables(event, 30, "play"):
            if table["game"] != "rubicon-bezique" or table.get("trump") is None:
                continue
            fixed += 1
            assert max(table["scores"].values()) >= 40, table
    assert fixed >= 5


def test_the_audit_judge_finds_each_impossible_declaration() -> None:
    table = next(t for t in _tables("unscored-combination-broken", 40)
                 if t["game"] == "rubicon-bezique" and t["event"]["how"] == "higher-scored")
    holder = table["event"]["player"]
    other = next(p for p in table["players"] if p != holder)
    assert table_problems(table, BANK.games) == []
    early = {**table, "tricks_played": 1, "trick": {"leader": other, "cards": []}}
    assert any("still to score" in p for p in table_problems(early, BANK.games))
    dealt = next(_tables("carte-blanche", 10, "deal"))
    fixed = {**dealt, "trump": "S"}
    assert any("trumps fixed" in p for p in table_problems(fixed, BANK.games))
    played = next(t for t in _tables("carte-blanche", 30, "play") if t.get("trump"))
    assert table_problems(played, BANK.games) == []
    low = {**played, "scores": dict.fromkeys(played["players"], 20)}
    assert any("nobody has 40" in p for p in table_problems(low, BANK.games))
