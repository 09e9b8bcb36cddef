"""A declaration's stem says nothing the table or the laws contradict: a plain marriage is never
named by the cards of the trump suit (that marriage is royal); the next trick is spoken of as
the table shows it, and no card lying on the first trick is called one "of the next trick";
once the stock is gone the declarer is
the winner of the trick, who leads the next; and a declaration is never penalised for a fault
the stem does not state."""

from __future__ import annotations

import random

from bank_questions import told_moments

from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.generators.common import lawful_declaration
from quizzes.moments import deal_moment
from quizzes.questions import QuestionError
from quizzes.words import event_words

BANK = default_bank()


AFTER = "The score was challenged only after a card of the next trick had been played."
BEFORE = "The score was challenged before any card of the next trick was played."


def _moments(n: int = 12):
    combos = sorted({c for r in BANK.survey.reach.values() for c in r.ruled
                     if c[2] == "false-declaration"})
    assert combos
    for combo in combos:
        for k in range(n):
            made = deal_moment(BANK, combo, random.Random(f"declared:{combo}:{k}"))
            if made is not None:
                yield made


def test_what_the_declaration_words_say_agrees_with_the_table():
    checked = exhausted = 0
    for made in _moments():
        s, table = made.scenario, made.table
        words = event_words(s, made.game)
        trick = table.get("trick") or {}
        started = bool(trick.get("cards"))
        if not s.tricks_played and started:
            assert "next trick" not in words, words  # the first trick's card is down
        elif not made.game.facts.play.declarations:
            # Écarté's king is announced before the first card: the next trick is Bézique's
            # time, not its (the sixth blind round's #20).
            assert "next trick" not in words, words
        else:
            assert (AFTER in words) == started
            assert (BEFORE in words) == (not started)
        if s.trump and table["event"]["declared"] == "marriage":
            for suit in ("spades", "hearts", "diamonds", "clubs"):
                if suit.upper()[0] == s.trump:
                    assert f"king of {suit}" not in words and f"queen of {suit}" not in words
        if s.stage == "stock-exhausted" and made.game.facts.play.declarations:
            exhausted += 1
            assert trick.get("leader") == table["event"]["player"], table
        checked += 1
    assert checked >= 40 and exhausted >= 3


def test_a_lawful_declaration_is_never_asked_as_penalised():
    penalised = 0
    for made in _moments(20):
        if not lawful_declaration(made.scenario, made.game):
            continue
        ruling = rule(made.scenario, BANK.games, BANK.content)
        penalised += any(r.outcome == "penalty" for r in ruling.rulings)
    assert penalised > 0  # the engine penalises some: the questions must leave them out
    asked = 0
    for seed in range(12):
        for qtype in ("ruling", "penalty"):
            try:
                q = BANK.generate(qtype, "pinochle.american.other-false-declarations", seed)
            except QuestionError:
                continue
            asked += 1
            s = parse_scenario(dict(q.table), BANK.games)
            # Holding the cards, he is penalised only for the wrong card the stem says he
            # laid down in place of one he holds (too late to amend).
            assert not lawful_declaration(s, BANK.games[s.game]) or any(
                w in q.situation for w in (", which he holds.", "though he holds a fourth")), q.id
    assert asked >= 6


def test_the_audit_declarations_read_true():
    # Audit r1 #138 and #140 were asked of Enquire Within's laws of the moment to declare,
    # whose remedy is inferred and no longer asked (the twentieth round: quizzes.checkable).
    # #140: "a card of the next trick" before any trick was complete, in their tables' words.
    said = 0
    for t in told_moments("false-declaration", 12, "r1-140", game="bezique"):
        if "next trick" in t.situation:
            said += 1
            assert t.table.get("tricks_played"), t.id
    assert said
    # #166: "no card of the next trick played" beside a lead on the table.
    # (The king announced too late is no longer asked by its count, the point the stem says he
    # marked: round 11's #35. The stems of its tables, as a ruling words them, are checked.)
    told = list(told_moments("false-declaration", 4, "r1-166", game="ecarte"))
    assert told
    for t in told:
        if t.table.get("trick", {}).get("cards"):
            assert "No card of the next trick" not in t.situation, t.id
    # #115: the declarer, having won the trick, leads the next.
    q = BANK.question("penalty:rubicon-bezique.english.declaring-after-stock-exhausted:108518")
    assert q.table["trick"]["leader"] == q.table["event"]["player"]
