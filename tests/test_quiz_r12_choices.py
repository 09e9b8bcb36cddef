"""Round 11's giveaways by wrong choices a learner strikes out from the table alone, without
knowing the law (issue 25, section 4; docs/audits/quiz-sample-2026-12-02-round-11.md):

- #163: a plain marriage (20) declared, and the rival remedies' "points wrongly marked" were
  +40, +80 and +150, another combination's; the option read "add ... to one's own score";
- #51: North only took too many cards in the exchange, and both wrong choices spoke of
  exposed cards;
- #99: a bidder set back, whose wrong choices were absurd (a player credited with points he
  did not make, the figures doubled), not the misreadings a learner makes.

Each is checked in the choices' words across many seeds (tests/test_quiz_r12_choice_audit.py
shows `quiz audit` finding each class).
"""

from __future__ import annotations

import re

import pytest

from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.questions import Choice, Question, QuestionError

BANK = default_bank()
SEEDS = (*range(12), 537513, 824101, 251652)


def _built(item: str, seeds=SEEDS) -> list[Question]:
    kind, law = item.split(":")
    out = []
    for seed in seeds:
        try:
            out.append(BANK.generate(kind, law, seed))
        except QuestionError:
            continue
    assert out, item
    return out


def _wrong(q: Question) -> list[Choice]:
    return [c for c in q.choices if c.key not in q.answer]


# --- #163: a rival remedy's points are this table's -----------------------------------------
_ADDED = re.compile(r"If (\w+) chooses to add the points wrongly marked[^:]*: (\w+) \+(\d+)")


def _declared_value(q: Question) -> int:
    """What the declaration made at this table is worth: the engine's points taken down when
    the declarer has drawn since (he may no longer amend it), the same declaration."""
    raw = {**q.table, "event": {**q.table["event"], "drawn_since": True}}
    r = rule(parse_scenario(raw, BANK.games), BANK.games, BANK.content).for_code(q.code)
    return -r.score[str(q.table["event"]["player"])]


@pytest.mark.parametrize("item", ["ruling:pinochle.american.amending-a-declaration",
                                  "ruling:pinochle.american.other-false-declarations"])
def test_points_wrongly_marked_are_the_declaration_made_here(item: str) -> None:
    if item not in BANK.items:
        pytest.skip(f"{item} is not in the bank")
    for q in _built(item):
        value = _declared_value(q)
        for c in q.choices:
            for chooser, gainer, figure in _ADDED.findall(c.text):
                assert int(figure) == value, (q.id, value, c.text)
                # he adds them to his own score: never "If North chooses ...: South +20"
                assert gainer == chooser, (q.id, c.text)
            assert "taken off his score" not in c.text or f"has {value} taken off" in c.text \
                or f"has the {value} he marked in error taken off" in c.text, (q.id, value, c.text)


def test_no_choice_is_worded_for_one_s_own_score() -> None:
    for item in ("ruling:pinochle.american.amending-a-declaration",
                 "ruling:pinochle.american.other-false-declarations",
                 "ruling:pinochle.american.erroneous-score"):
        if item not in BANK.items:
            continue
        for q in _built(item, range(6)):
            for c in q.choices:
                assert "one's own" not in c.text, (q.id, c.text)
                if "wrongly marked" in c.text:
                    assert "to his own score" in c.text, c.text


# --- #51: no wrong choice acts on a card nobody exposed --------------------------------------
@pytest.mark.parametrize("item", ["ruling:ecarte.english.pone-took-too-many",
                                  "ruling:ecarte.english.dealer-takes-too-many"])
def test_no_exposed_card_remedy_beside_a_surplus_taken(item: str) -> None:
    if item not in BANK.items:
        pytest.skip(f"{item} is not in the bank")
    for q in _built(item):
        assert "exposed" not in q.situation, q.situation
        for c in _wrong(q):
            assert "exposed" not in c.text, (q.id, c.text)
        assert len(_wrong(q)) >= 2, q.id


def test_the_surplus_taken_keeps_a_rival_that_fits_the_table() -> None:
    # The fresh deal forgotten: the deal stands and the surplus alone is drawn.
    texts = [c.text for q in _built("ruling:ecarte.english.pone-took-too-many")
             for c in _wrong(q)]
    # (its denial of the fresh deal said outright since the 43rd round's #5, #6, #43)
    assert any(t.startswith("The deal stands, and no fresh deal may be claimed. ")
               and "draw the surplus" in t for t in texts)


# --- #99: a set-back's wrong choices are the misreadings of it -------------------------------
# (an eldest hand who sells and keeps the pitch "kept the pitch for" it: the 62nd round's #47)
_BID = re.compile(r"(\w+)(?: bid|, the eldest hand, kept the pitch for) (\d+)\.")
_MADE = re.compile(r"(\w+) made (\d+)")
_ADDS = re.compile(r"(\w+) adds (\d+) to his score")
_OFF = re.compile(r"(\w+) has (\d+) taken off his score")


# (The white counters' item, a bid made, is no longer asked: its answer was the stem's points
# restated, round 12's #84 and #104; tests/test_quiz_r14_cites.py.)
@pytest.mark.parametrize("item", ["ruling:auction-pitch.american.bidder-set-back"])
def test_a_set_back_is_offered_beside_its_misreadings(item: str) -> None:
    for q in _built(item):
        (bidder, bid), = _BID.findall(q.situation)
        made = {p: int(n) for p, n in _MADE.findall(q.situation.split("The hand is over:")[1]
                                                    .split("\n")[0])}
        mine = made[bidder]
        for c in _wrong(q):
            for p, n in _ADDS.findall(c.text):
                # nobody credited with points he did not make (the bidder held to his bid)
                assert int(n) == made[p] or (p == bidder and int(n) == int(bid)), (
                    q.id, c.text, made)
            for p, n in _OFF.findall(c.text):
                # only the bidder set back: by his bid, by what he made or what he fell short
                assert p == bidder and int(n) in {int(bid), mine, abs(int(bid) - mine)}, (
                    q.id, c.text, made)
        # at least one wrong choice is no penalty or the others' points forgotten, not a
        # figure alone
        assert any(c.text.startswith("No penalty. ") or not _ADDS.search(c.text)
                   for c in _wrong(q)), q.id
