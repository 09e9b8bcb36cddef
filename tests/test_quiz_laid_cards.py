"""A card the event's words say was led or played lies on the trick in progress, out of its
player's hand, in the order played (play goes to the left), with the cards the others played
to a false lead; a card exposed but not played lies face up apart (quizzes/seen.py). The engine
rules the table as it stood, the event naming the card; the learner is shown what followed."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from app.cards import Card
from quizzes.bank import default_bank
from quizzes.judge import judge
from quizzes.moments import deal_moment
from quizzes.seen import laid_problems, taken

BANK = default_bank()
ROOT = Path(__file__).resolve().parents[1]
LAYING = ("lead-out-of-turn", "play-out-of-turn", "named-suit-not-led", "exposed-card")
# Audit r1: the stem said the card was led or played; the table kept it in the hand.
AUDIT = (
    "ruling:rubicon-bezique.english.several-cards-played-together:607769",  # 103
    "ruling:ecarte.french.named-suit-not-played:400944",  # 116
    # 126 was this law's 'which law?' item, no longer asked (its name restated the stem): the
    # same event ruled, from the same seed
    "ruling:cinch.american.exposed-two-cards-to-a-trick:255148",
    # 133 (law:ecarte.french.named-suit-not-played) is asked without a table now: no table
    # tells its rival laws apart (quizzes/generators/law.py); 116 is the same event ruled.
    "ruling:cinch.american.lead-in-partners-turn:255314",  # 151
    "ruling:ecarte.english.lead-out-of-turn:596532",  # 164 (its 'which law?' item restated)
    # 171 (ruling:ecarte.french.leader-names-suit) is asked under the law its ruling rests on
    # first, named-suit-not-played (116 above): the same table is no second item.
    # 175 was a code question; with Foster's general laws silent on a false lead played to
    # (round 9's #10) one code rules it: the same table was asked as the English ruling, no
    # more since the tenth round's #4, #40 (its wrong choices, "North adds 20" and "South adds
    # 10", varied only the figure and who scores: a giveaway, not asked so).
)


def _moments(event: str, n: int):
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled if c[2] == event})
    for combo in combos:
        for k in range(n):
            made = deal_moment(BANK, combo, random.Random(f"laid:{combo}:{k}"))
            if made is not None:
                yield made


def _trick(seen) -> list[tuple[str, Card]]:
    trick = seen.get("trick") or {}
    return [(p, Card.parse(c)) for p, c in zip(trick.get("players") or (),
                                              trick.get("cards") or (), strict=True)]


def _held(table, player) -> Counter:
    return Counter(Card.parse(c) for c in table["hands"][player])


@pytest.mark.parametrize("event", LAYING)
def test_every_card_the_words_say_was_played_is_on_the_trick_and_out_of_the_hand(event):
    checked = 0
    for made in _moments(event, 10):
        ruled, seen = made.table, made.seen
        ev = ruled["event"]
        player, cards = ev["player"], taken(ev)
        assert cards, ev  # the card is always named
        assert laid_problems(seen) == [], (seen, laid_problems(seen))
        trick = _trick(seen)
        apart = [Card.parse(c) for c in (seen.get("apart") or {}).get("cards", ())]
        exposed_only = event == "exposed-card" and ev["how"] != "two-played"
        for card in cards:
            assert ((player, card) in trick) != exposed_only, (card, seen)
            assert (card in apart) == exposed_only, (card, seen)
        # His hand is the one ruled on less the cards put down; the others' less theirs.
        assert _held(ruled, player) - _held(seen, player) == Counter(cards), seen
        for follower in ev.get("followed_by") or ():
            mine = [c for p, c in trick if p == follower]
            assert len(mine) == 1, (follower, seen)
            assert _held(ruled, follower) - _held(seen, follower) == Counter(mine)
        if trick and event != "play-out-of-turn":
            # In turn: each card after the lead is the next seat's (a player's two cards
            # played together lie together).
            seats = list(seen["players"])
            order = [p for i, (p, _) in enumerate(trick) if i == 0 or trick[i - 1][0] != p]
            start = seats.index(order[0])
            assert order == [seats[(start + i) % len(seats)] for i in range(len(order))], seen
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("qid", AUDIT)
def test_the_audit_questions_show_the_card_on_the_trick(qid):
    q = BANK.question(qid)
    ev = q.table["event"]
    trick = _trick(q.shown)
    for card in taken(ev):
        assert (ev["player"], card) in trick, q.shown
    assert not any(f.problem for f in judge(q, BANK.content, BANK.games)
                   if "trick" in f.problem and "played" in f.problem)
    for follower in ev.get("followed_by") or ():
        assert follower in [p for p, _ in trick]


def test_a_table_that_keeps_the_card_in_the_hand_is_found_out():
    q = BANK.question(AUDIT[1])
    # The table as the engine rules it still holds the card: shown so, it is a problem.
    assert any("does not lie on the trick" in p for p in laid_problems(q.table))
    assert laid_problems(q.shown) == []


def test_a_false_lead_is_followed_in_turn():
    # Audit r1 #151: after South's lead the next to play is West, not East.
    for made in _moments("lead-out-of-turn", 12):
        ev, seats = made.table["event"], made.table["players"]
        followers = list(ev.get("followed_by") or ())
        i = seats.index(ev["player"])
        assert followers == [seats[(i + k) % len(seats)] for k in range(1, len(followers) + 1)]


def test_the_command_line_says_the_card_lies_on_the_trick():
    qid = AUDIT[1]
    q = BANK.question(qid)
    out = subprocess.run([sys.executable, "-m", "app", "quiz", "show", qid], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    ev = q.table["event"]
    card = Card.parse(ev["card"])
    assert f"the {card.name} by {ev['player']}" in out
    hand_line = next(s for s in out.split(". ") if s.startswith(f"{ev['player']} holds"))
    assert card.name not in hand_line
