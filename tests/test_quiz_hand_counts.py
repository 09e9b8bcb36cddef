"""Wrong counts at Bézique, Rubicon Bézique and Pinochle, as a learner reads them: the "should
hold" figure the stem gives is the one the laws and the stage give (the one the ruling and its
why turn on), and a player said to hold too few or too many does so on the table shown.

Both hands a card short in play, their cards left in the stock, look on the table like the
moment between a trick and its draws (each hand rightly a card fewer): the stem once said
"North holds 8 (should hold 8)" and then "North holds 1 card too few", the why "should hold 9".
"""

from __future__ import annotations

import re

import bank_questions
import pytest

from app.engine.table import Table
from app.model.scenario import parse_scenario
from quizzes.questions import Question, QuestionError

_SAID = re.compile(r"(\w+) holds (\d+) \(should hold (\d+)\)")
_GAMES = ("bezique", "rubicon-bezique", "pinochle")
# The wrong-count items of the Bézique family (and Foster's general short-hand law, asked
# there), by the words their laws are named with.
_COUNTS = re.compile(r"surplus|short|too-many|too-few|count")


def _count_questions(seeds: range) -> list[Question]:
    out = []
    for item, info in bank_questions.BANK.items.items():
        if not _COUNTS.search(info.law) or (
                info.game not in _GAMES and not info.law.startswith("general.")):
            continue
        for seed in seeds:
            q = bank_questions.question(item, seed)
            if isinstance(q, Question) and q.table is not None and q.table["game"] in _GAMES:
                out.append(q)
    return out


@pytest.fixture(scope="module")
def count_questions() -> list[Question]:
    return _count_questions(range(6))


def _held(q: Question) -> dict[str, int]:
    hands = (q.shown or {}).get("hands") or {}
    return {p: h if isinstance(h, int) else len(h) for p, h in hands.items()}


def test_the_should_hold_in_the_stem_is_the_one_ruled_on(count_questions) -> None:
    bank = bank_questions.BANK
    both_short = 0
    for q in count_questions:
        said = {p: (int(h), int(s)) for p, h, s in _SAID.findall(q.situation)}
        if not said:
            continue
        scenario = parse_scenario(dict(q.table), bank.games)  # type: ignore[arg-type]
        table = Table(scenario, bank.games[scenario.game])
        held = _held(q)
        for p, (h, should) in said.items():
            # As the table shows it, and as the engine reckons the right count.
            assert held.get(p) == h, (q.id, q.situation)
            assert should == table.proper_count(p), (q.id, q.situation)
        # The why repeats the stem's counts, never another figure.
        assert dict((p, (int(h), int(s))) for p, h, s in _SAID.findall(q.explanation)) \
            in ({}, said), (q.id, q.situation, q.explanation)
        # No one said to hold his right number is then said to be a card short or over.
        for p, (h, should) in said.items():
            if h == should:
                assert not re.search(rf"{p} holds \d+ cards? too (few|many)", q.situation), (
                    q.id, q.situation)
        if len(said) == 2 and all(h < s for h, s in said.values()):
            both_short += 1
    assert both_short >= 3  # both hands short, their cards in the stock, asked and read right


def test_both_hands_short_in_play_say_the_draws_were_made() -> None:
    """With both hands a card short and the stock two over, the table alone reads as the draws
    after the last trick still to make: the stem says they were made."""
    seen = 0
    for seed in range(8):
        for item in ("law:rubicon-bezique.english.both-short",
                     "ruling:rubicon-bezique.english.both-short"):
            if item not in bank_questions.BANK.items:
                continue  # (the law item is not asked: round 6's #135, no law of its counts)
            q = bank_questions.question(item, seed)
            if isinstance(q, QuestionError) or q.table is None:
                continue
            table = q.shown or {}
            if table.get("stage") != "play" or (table.get("trick") or {}).get("cards"):
                continue
            played = table["tricks_played"]
            stock = table["stock"] if isinstance(table["stock"], int) else len(table["stock"])
            if stock == 110 - 2 * (played - 1):  # as it stands before the trick's draws
                assert f"Each player has drawn from the stock after trick {played}." in \
                    q.situation, (q.id, q.situation)
                assert "card too few" not in q.situation, (q.id, q.situation)
                seen += 1
    assert seen >= 2
