"""A "what is the ruling?" question's wrong choices are real rivals: none is ruled out by the
moment of the hand the table shows, or given by no law of the game for what happened (the
blind audit of 2026-12-02: A4, A17, A26, A54, A58 "the cards are taken back and played again"
before any card is played and "the game is abandoned at once" where no law abandons it; A36
"it is a revoke" beside a lead; C19, C53, C108), and every question has at least three choices.

Read from what the learner is shown (the table, the choices' words), over the bank's ruling
questions from the seeds other audits build (tests/bank_questions.py), so nothing is built
twice.
"""

from __future__ import annotations

import re
from functools import cache

import bank_questions

from quizzes.bank import default_bank
from quizzes.questions import Question

BANK = default_bank()
SEEDS = (0, 1, 2)
# Events in which a card is played to a trick.
PLAYS = {"play", "lead-out-of-turn", "play-out-of-turn", "named-suit-not-led"}
TAKEN_BACK = re.compile(r"taken back|take back|played again", re.IGNORECASE)


@cache
def _questions() -> tuple[Question, ...]:
    # The ruling items alone, each seed's question shared with the other audits' cache.
    found = (bank_questions.question(item, seed) for item, info in BANK.items.items()
             if info.type == "ruling" for seed in SEEDS)
    return tuple(q for q in found if isinstance(q, Question))


def _wrong(q: Question) -> list[str]:
    return [c.text for c in q.choices if c.key not in q.answer]


def _card_played(table: dict) -> bool:
    trick = table.get("trick") or {}
    return (table.get("tricks_played", 0) > 0 or bool(trick.get("cards"))
            or table["event"]["type"] in PLAYS)


def _abandoning_games() -> set[str]:
    """Games with a law whose remedy abandons the game."""
    return {law.game for law in BANK.content.laws.values()
            if re.search(r"\bgame is abandoned\b", law.remedy, re.IGNORECASE)}


def test_the_bank_asks_rulings_of_every_game():
    games = {q.game for q in _questions()}
    assert {"ecarte", "bezique", "rubicon-bezique", "pinochle", "cinch", "conquian",
            "auction-pitch"} <= games


def test_every_ruling_question_has_three_choices_or_more():
    short = [q.id for q in _questions() if len(q.choices) < 3]
    assert not short, short


def test_nothing_is_taken_back_before_a_card_is_played():
    # A4, A17, A26, A54, A58: "The cards are taken back and played again." with the stock
    # whole and no card played.
    bad = [(q.id, t) for q in _questions() if not _card_played(q.table)
           for t in _wrong(q) if TAKEN_BACK.search(t)]
    assert not bad, bad


def test_no_law_gives_cards_taken_back_and_played_again_as_a_ruling_of_its_own():
    # No law of any game held rules "the cards are taken back and played again" and nothing
    # more: the bare words are a filler.
    bad = [q.id for q in _questions()
           if "The cards are taken back and played again." in _wrong(q)]
    assert not bad, bad


def test_no_revoke_is_offered_beside_a_card_that_follows_nothing():
    # A36: "No card has been led ... North has the lead": a lead owes nothing to the trick.
    bad = []
    for q in _questions():
        trick = q.table.get("trick") or {}
        to_a_lead = q.table["event"]["type"] == "play" and bool(trick.get("cards"))
        if not to_a_lead:
            bad += [(q.id, t) for t in _wrong(q) if t.startswith("It is a revoke")]
    assert not bad, bad


def test_the_game_is_abandoned_only_where_a_law_of_the_game_abandons_it():
    games = _abandoning_games()
    assert games == {"rubicon-bezique"}
    bad = [(q.id, t) for q in _questions() for t in _wrong(q)
           if "abandoned" in t and (q.game not in games or q.table["stage"] == "hand-over"
                                    or q.table["event"]["type"] != "wrong-count")]
    assert not bad, bad


def test_the_cut_is_made_again_only_beside_an_error_in_cutting():
    bad = [(q.id, t) for q in _questions() for t in _wrong(q)
           if t.startswith("The cut is made again") and q.table["event"]["type"] != "cut-error"]
    assert not bad, bad


HOLDS = re.compile(r"(\w+) holds (\d+) \(should hold (\d+)\)")


def test_a_shortage_or_surplus_is_acted_on_only_where_the_counts_show_one():
    # "South may ... make up the shortage from the stock" beside North 6 and South 5 (both
    # due 5): nobody is short, and the learner rules the choice out by counting.
    bad = []
    for q in _questions():
        counts = HOLDS.findall(q.situation)
        if not counts:
            continue
        short = any(int(n) < int(due) for _, n, due in counts)
        over = any(int(n) > int(due) for _, n, due in counts)
        for t in _wrong(q):
            if ("shortage" in t and not short) or ("surplus" in t and not over):
                bad.append((q.id, t))
    assert not bad, bad


def test_a_card_is_given_back_only_to_a_player_who_played_one():
    # "No penalty. South may take back the card played in error." beside North's lead out of
    # turn that nobody played to: South has no card to take back.
    bad = []
    for q in _questions():
        event = q.table["event"]
        played = {event.get("player"), *(event.get("followed_by") or ())}
        trick = q.table.get("trick") or {}
        if trick.get("cards"):
            seats = list(q.table["players"])
            start = seats.index(trick["leader"])
            played |= {seats[(start + n) % len(seats)] for n in range(len(trick["cards"]))}
        for t in _wrong(q):
            for who in re.findall(r"\b(\w+) may take back the card", t):
                if who not in played:
                    bad.append((q.id, t))
    assert not bad, bad


def test_no_new_deal_is_offered_beside_a_happening_that_is_no_fault():
    # A carte blanche declared, a king turned up: no law deals again for them, and "North may
    # have the cards dealt again" beside them is a fault's remedy where there is none.
    bad = [(q.id, t) for q in _questions()
           if q.table["event"]["type"] in ("carte-blanche", "king-turned")
           for t in _wrong(q) if "dealt again" in t]
    assert not bad, bad
