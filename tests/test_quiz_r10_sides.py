"""The tenth blind round's #40, #47 and #68, and its "What is left" items 1 and 2: wrong choices
struck out by whose they are.

#47 (Auction Pitch, North's card lawful): the three "revoke" choices set back West, South and
East, who played nothing; "The play is lawful" won by elimination. #40 (Écarté, South's score
omitted): the correction fell on North, who marked nothing. #68 (Rubicon, law 55): the replay,
North's duty, laid on South. A wrong choice is made from the side that acted with another
outcome or remedy (the revoke ruling of North's card, Foster's Pinochle's replay the innocent
player may require); a table whose wrong choices are all so struck out is not asked so; and the
audit's judge says such a question is a giveaway.
"""

from __future__ import annotations

import dataclasses
import re

from app.engine.table import Table
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.judge import judge
from quizzes.questions import Choice, Question
from tests.bank_questions import BANK, built, marked_words, question

SEATS = ("North", "East", "South", "West")
PITCH = ("ruling:auction-pitch.american.void-trump-or-discard", 812152)
ECARTE = ("ruling:ecarte.english.omitted-score", 433157)

# The seats a choice sets back, read from its words: points taken off, a duty laid.
_SET_BACK = re.compile(r"\b(North|East|South|West)(?: and (North|East|South|West))? "
                       r"(?:has|have) (?:the )?\d+ (?:he marked in error )?taken off|"
                       r"\b(North|East|South|West) must\b")


def _set_back(text: str) -> set[str]:
    return {s for m in _SET_BACK.finditer(text) for s in m.groups() if s}


def _actors(q: Question) -> set[str]:
    """The side the stem says acted: the event's player, the bidder of a hand scored against
    his bid (Auction Pitch's points made), or the dealer; with his partner."""
    assert q.table is not None
    raw = {"event": {"type": "imperfect-pack"}, **q.table}
    s = parse_scenario(raw, BANK.games)
    player = s.event.get("player")
    if s.event.type == "points-made" and s.bid is not None:
        player = s.bid.player
    actor = player if isinstance(player, str) else s.dealer
    return set(Table(s, BANK.games[s.game]).side(actor))


def _no_seats(text: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"\b(?:North|East|South|West)\b", "X", text))


def _struck_out(q: Question, text: str) -> bool:
    """A wrong choice a learner strikes out by its names: the right one with other seats or
    figures, or setting back only players who did not act."""
    if _no_seats(text) == _no_seats(marked_words(q)):
        return True
    hit = _set_back(text)
    return bool(hit) and not hit & _actors(q) and not hit <= _set_back(marked_words(q))


def test_no_ruling_question_is_all_wrong_choices_struck_out_by_their_names():
    bad, duties = [], []
    for q in built(range(2), ("ruling",)):
        wrong = [c.text for c in q.choices if c.key not in q.answer]
        if wrong and all(_struck_out(q, t) for t in wrong):
            bad.append((q.id, wrong))
        # A duty laid on a player who did not act, where the ruling lays none on him (#68).
        right_duties = set(re.findall(r"\b(\w+) must\b", marked_words(q)))
        for t in wrong:
            laid = set(re.findall(r"\b(North|East|South|West) must\b", t))
            if laid - _actors(q) - right_duties:
                duties.append((q.id, t))
    assert not bad, bad
    assert not duties, duties


def _player(q: Question) -> str:
    assert q.table is not None
    return str(q.table["event"]["player"])


def test_the_audits_pitch_revoke_falls_on_the_player_of_the_card():
    # (The audit's own table, North's discard holding no trump, is no longer asked: every
    # rule allows it, round 15's #100; the seed draws a discard by a player holding one.)
    q = question(*PITCH)
    assert isinstance(q, Question), q
    assert marked_words(q) == "The play is lawful."
    player = _player(q)
    revokes = [c.text for c in q.choices if c.text.startswith("It is a revoke")]
    assert revokes
    for text in revokes:
        assert not _set_back(text) - {player}, text
    assert any(f"{player} has" in t for t in revokes), revokes


def test_the_audits_ecarte_omission_sets_back_nobody_who_did_not_mark():
    q = question(*ECARTE)
    assert isinstance(q, Question), q
    # South marked 0 where 2 were due. Since round 12 the law's time limit is a ruling of its
    # own ("The score stands as marked.", too late once the next trump is turned), so the item
    # asks the omission found in a later deal; its one rival is the omission found in time
    # ("South may mark the points omitted"), and a choice setting back North is offered only
    # to make up the fewest choices beside it, never as every wrong choice (#40).
    assert "The score stands as marked." in [c.text for c in q.choices]
    assert any("South may mark the points omitted" in c.text for c in q.choices)
    assert sum("North has" in c.text for c in q.choices) <= 1
    assert any(c.key not in q.answer and not _struck_out(q, c.text) for c in q.choices)


def test_the_judge_calls_the_old_choices_a_giveaway():
    """The audit judges from the ruling read back, not the generator: the round's choices of
    #47 (revokes on the three who played nothing) and of #68 (the replay laid on South)."""
    bank = default_bank()
    pitch = question(*PITCH)
    assert isinstance(pitch, Question)
    bystanders = [seat for seat in SEATS if seat != _player(pitch)]
    old = (*(f"It is a revoke (the trick obligations are broken). {seat} has 4 taken off his "
             f"score." for seat in bystanders), "The play is lawful.")
    was = dataclasses.replace(pitch, choices=tuple(Choice("abcd"[i], t)
                                                   for i, t in enumerate(old)), answer=("d",))
    found = [f.detail for f in judge(was, bank.content, bank.games) if f.cls == "giveaway"]
    assert any("sets back only a player who did not act" in d for d in found), found
    assert not [f for f in judge(pitch, bank.content, bank.games) if f.cls == "giveaway"]

    # (#68's Rubicon question is asked no more: tests/test_quiz_r33.py. A duty laid on the
    # player who did not act, in Enquire Within's draw of two, is the same giveaway.)
    drawn = next(q for seed in range(8) if isinstance(q := question(
        "ruling:bezique.english.forgot-to-draw", seed), Question))
    (innocent,) = {"North", "South"} - {_player(drawn)}
    moved = re.sub(r"\b(North|South) must", f"{innocent} must", marked_words(drawn))
    assert moved != marked_words(drawn)
    was = dataclasses.replace(drawn, choices=(
        Choice("a", "The play is lawful."), Choice("b", moved),
        Choice("c", marked_words(drawn))), answer=("c",))
    found = [f.detail for f in judge(was, bank.content, bank.games) if f.cls == "giveaway"]
    assert any(f"lays a duty on {innocent}, who did not act" in d for d in found), found
