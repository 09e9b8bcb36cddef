"""Declarations asked in the Bézique family (the quiz audit's false-declaration class, issue 25):
a combination is declared only by the winner of a trick, so the declarer won the last trick
and at least one is won (or none is, and the code's law on declaring before a trick is won is
what the ruling turns on); the stem says plainly when he declared and what was wrong in what he
laid down, with the wrong card one of his hand; a four of a kind is said by number, never by
suit; a declaration after the stock ran out is said so, with the cards held, so the time is the
one fault. A carte blanche declared again says that no card drawn since was a court card."""

from __future__ import annotations

import random
import re
from functools import lru_cache

from app.cards import Card
from app.engine.handlers.declarations import missing_cards
from quizzes.bank import default_bank
from quizzes.generators.common import rule_dealt
from quizzes.moments import Dealt, deal_moment
from quizzes.words import event_words

BANK = default_bank()
DECLARING = ("bezique", "rubicon-bezique", "pinochle")
FOUR = ("four-aces", "four-kings", "four-queens", "four-jacks")
CARD_NAME = re.compile(r"the ((?:ace|king|queen|jack|ten|nine|eight|seven) of "
                       r"(?:spades|hearts|diamonds|clubs))")
BY_NAME = {Card(r, s).name: Card(r, s) for r in ("A", "K", "Q", "J", "10", "9", "8", "7")
           for s in "SHDC"}


@lru_cache(maxsize=1)
def declarations() -> tuple[Dealt, ...]:
    out = []
    for gid in DECLARING:
        for stage in BANK.games[gid].stages_of("false-declaration"):
            for k in range(40):
                dealt = deal_moment(BANK, (gid, stage, "false-declaration"),
                                    random.Random(f"declared:{gid}:{stage}:{k}"))
                if dealt is not None:
                    out.append(dealt)
    return tuple(out)


def _said(d: Dealt) -> str:
    return event_words(d.scenario, d.game)


def _hand(d: Dealt) -> tuple[Card, ...]:
    hand = d.scenario.hands[d.scenario.event.get("player")]
    assert isinstance(hand, tuple)
    return hand


def test_the_declarer_is_the_winner_of_the_last_trick():
    checked = 0
    for d in declarations():
        s, player = d.scenario, d.scenario.event.get("player")
        if not s.tricks_played:
            continue
        checked += 1
        assert d.state.last_winner == player, (d.table, _said(d))
        if s.trick is not None and s.trick.cards:
            assert s.trick.leader == player, _said(d)
    assert checked >= 60


def test_a_declaration_in_time_says_what_was_wrong_in_what_he_laid_down():
    """Never 'he holds the cards for it' beside a ruling that the declaration was wrong: the
    wrong card he laid down, in place of which card, and whether he holds that one."""
    checked = 0
    for d in declarations():
        s, ev = d.scenario, d.scenario.event
        if s.stage != "play" or not s.tricks_played:
            continue
        declared, hand = str(ev.get("declared")), _hand(d)
        lacking = missing_cards(declared, hand, s.trump)
        assert lacking is not None
        assert len(lacking) <= (2 if declared in FOUR else 1), (declared, hand)
        said = _said(d)
        assert "He declared on winning the " in said, said
        assert "He laid down " in said and "holds the cards for it" not in said, said
        laid = said[said.index("He laid down "):]
        laid = laid.split(" in place of ")[0].split(":")[0]
        for name in CARD_NAME.findall(laid):
            assert BY_NAME[name] in hand, (name, hand, said)  # declared cards stay in hand
        checked += 1
    assert checked >= 60


def test_a_four_of_a_kind_is_said_by_number_or_by_the_suits_lacking():
    checked = 0
    for d in declarations():
        declared = str(d.scenario.event.get("declared"))
        if declared not in FOUR:
            continue
        said = _said(d)
        rank = declared.split("-")[1][:-1]
        held = sum(1 for c in _hand(d) if c.name.startswith(rank))
        assert not re.search(rf"does not hold the {rank} of", said), said
        if d.scenario.game == "pinochle" and "holds the cards for it" not in said \
                and "holds a fourth" not in said:
            # One of each suit wanted: the suits lacking are said, not a count of the rank
            # (the 43rd round's #138: "only three queens" beside two queens of clubs).
            assert re.search(rf"holds no {rank} of", said), said
            checked += 1
            continue
        assert "holds only" in said or "holds the cards for it" in said \
            or "holds a fourth" in said, said
        if "holds only" in said:
            assert f"holds only {('no', 'one', 'two', 'three')[held]} {rank}" in said, said
        checked += 1
    assert checked >= 10


def test_a_declaration_after_the_stock_ran_out_is_said_so_with_the_cards_held():
    """The time is the one fault (Portland law 52, not law 50 on a combination he lacks)."""
    checked = 0
    for d in declarations():
        if d.scenario.stage != "stock-exhausted":
            continue
        said = _said(d)
        assert "after the stock had run out" in said, said
        assert "holds the cards for it" in said, said
        assert "drawn from the stock since" not in said, said
        checked += 1
    # (Fewer since a late declaration is dealt only found before the next trick: round 8's
    # #166.)
    assert checked >= 15


def test_a_declaration_after_the_stock_ran_out_was_made_after_the_last_draw():
    """The winner of the last trick while the stock lasts (Bezique's 24th, Rubicon's 55th,
    Pinochle's 12th) declares before he draws its last card: that is in time (blind audit,
    round 6, #55). "After the stock had run out" is said only of a later trick."""
    checked = 0
    for d in declarations():
        if d.scenario.stage != "stock-exhausted":
            continue
        assert d.scenario.tricks_played > d.game.drawing_tricks, _said(d)
        checked += 1
    # (Fewer since a late declaration is dealt only found before the next trick: round 8's
    # #166.)
    assert checked >= 15


def test_before_any_trick_is_won_only_a_law_on_that_time_rules_it():
    """Pinochle's laws here say nothing of declaring before a trick is won: no question is set
    on a declaration nobody could have made; Bézique's and Rubicon's rule its time."""
    early = [d for d in declarations() if d.scenario.stage == "play"
             and not d.scenario.tricks_played]
    games = set()
    for d in early:
        said = _said(d)
        assert "No trick had yet been won." in said and "next trick" not in said, said
        found = rule_dealt(BANK, d)
        if d.game.id == "pinochle":
            assert found is None, said
        elif found is not None:
            games.add(d.game.id)
            assert any("declare" in law or "when-to-score" in law
                       for r in found.ruling.rulings for law in r.laws), said
    assert games


def test_a_good_declaration_is_not_asked_but_one_that_may_be_amended_is():
    seen = set()
    for d in declarations():
        s = d.scenario
        if s.stage != "play" or not s.tricks_played:
            continue
        if missing_cards(str(s.event.get("declared")), _hand(d), s.trump):
            continue
        found = rule_dealt(BANK, d)
        if d.game.id == "pinochle":
            assert found is not None
            assert "which he holds" in _said(d) or "holds a fourth" in _said(d)
        else:
            assert found is None, _said(d)
        seen.add(d.game.id)
    assert "pinochle" in seen and seen - {"pinochle"}


def test_a_carte_blanche_declared_again_says_no_court_card_was_drawn_since():
    """Portland law 16: again after each draw, until he draws a king, queen or knave. The
    table cannot show the cards drawn and played, so the stem says it; and the hand is asked
    a few draws into play, where a blank hand still is likely."""
    checked = 0
    for k in range(60):
        d = deal_moment(BANK, ("rubicon-bezique", "play", "carte-blanche"),
                        random.Random(f"blank:{k}"))
        if d is None or not d.scenario.event.get("repeated"):
            continue
        assert 1 <= d.scenario.tricks_played <= 4, d.scenario.tricks_played
        blank = not any(c.rank in "KQJ" for c in _hand(d))
        drawn = d.scenario.event.get("drawn")
        said = _said(d)
        if blank and not (isinstance(drawn, Card) and drawn.rank in "KQJ"):
            assert "no card he has drawn since has been a king, queen or knave" in said, said
            checked += 1
        else:
            assert "since has been" not in said
    assert checked >= 3


def test_a_carte_blanche_declared_again_is_on_drawing_with_no_court_card_anywhere_of_his():
    """Blind audit, round 6, #174: North "declares again after drawing" while his queen of
    diamonds lay on the next trick. Law 16: he declares on drawing, before his next play, and
    no card he has held since the deal is a court card: none on a trick in progress (there is
    none yet) nor among the cards he has played."""
    checked = 0
    for k in range(80):
        d = deal_moment(BANK, ("rubicon-bezique", "play", "carte-blanche"),
                        random.Random(f"blank-again:{k}"))
        if d is None or not d.scenario.event.get("repeated"):
            continue
        trick = d.scenario.trick
        assert trick is None or not trick.cards, _said(d)
        checked += 1
    assert checked >= 3
