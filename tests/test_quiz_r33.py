"""The thirty-third blind round's findings, and the thirty-second's leftovers, as a learner
reads them.

Round 32's #137: Auction Pitch's two players counting out, the bidder set back: "The game is
won." named nobody, so every choice read alike but for the set-back, and the law (the pool
goes to the bidder only if he made his bid) was never asked. A ruling that wins a game now
names its winner, and a wrong choice names another.

Round 33's #9, #129 (a draw of two the law compels, offered as the adversary's right to insist
on it), #139 (Portland law 55's compulsory replay, the same) and #70 (the 40 taken off without
the right to call the cards beside it): a wrong choice that says part of the right ruling and
nothing false of it is not offered. #42: the card taken back was "the card led out of turn",
the stem's own words. Round 32's #187: a hand thrown down with several trumps, "the exposed
trump".
"""

from __future__ import annotations

import re

from app.engine.ruling_words import ruling_meaning
from quizzes.read_back import read_ruling
from quizzes.words import ruling_words
from tests.bank_questions import BANK, generated, marked_words

TWO_OUT = "auction-pitch.american.two-count-out-bidder-wins"
_OUT = re.compile(r"^(?:The points )?(\w+) and (\w+) (?:each took on this deal"
                  r"|can count out)")
_BID = re.compile(r"(\w+)(?: bid|, the eldest hand, kept the pitch for) \d+\.")


def _two_out() -> list:
    asked = [q for seed in range(8) if (q := generated("ruling", TWO_OUT, seed)) is not None]
    assert len(asked) >= 4
    return asked


def test_two_players_out_the_answer_names_who_takes_the_pool():  # round 32's #137
    for q in _two_out():
        stem = q.situation.splitlines()[1]
        out = _OUT.match(stem)
        bidder = _BID.search(q.situation)
        assert out and bidder, q.situation
        made = "the bidder made his bid" in stem
        winner = bidder[1] if made else next(p for p in out.groups() if p != bidder[1])
        right = marked_words(q)
        assert right.startswith(f"The game is won by {winner}"), (q.id, right)
        # A wrong choice gives the game to another player: who wins is what is asked.
        others = [c.text for c in q.choices if c.key not in q.answer]
        assert any(t.startswith("The game is won by ") and
                   not t.startswith(f"The game is won by {winner}") for t in others), others


def test_the_ruling_on_the_screen_names_the_winner():
    q = _two_out()[0]
    right = marked_words(q)
    winner = re.match(r"The game is won by (\w+)", right)
    assert winner
    cr = read_ruling(right, q.code, {})
    assert cr is not None and cr.winner == winner[1], right
    assert ruling_meaning(cr) == f"The game is won by {winner[1]}."
    assert ruling_words(cr) == right


def test_a_rubicon_won_says_whose_win_and_its_worth_at_once():
    asked = [q for seed in range(6) if (q := generated(
        "ruling", "rubicon-bezique.english.played-with-surplus-rubiconed", seed)) is not None]
    won = [marked_words(q) for q in asked if marked_words(q).startswith("The game is won")]
    assert won
    for text in won:
        said = re.match(r"The game is won by (North|South), worth (\d+)\.", text)
        assert said, text
        assert f"{said[1]} wins it" not in text  # said once
        cr = read_ruling(text, "english", {})
        assert cr is not None and cr.winner == said[1] and cr.score[said[1]] == int(said[2])


def test_a_compelled_draw_is_not_offered_as_the_adversarys_right():  # #9, #129
    for seed in (329327, 939546, 1, 2, 3):
        q = generated("ruling", "bezique.english.forgot-to-draw", seed)
        if q is None:
            continue
        assert "must draw two cards at the next draw" in marked_words(q), q.id
        for c in q.choices:
            assert "may make the offender draw two" not in c.text, (q.id, c.text)


def test_the_points_without_the_right_beside_them_are_not_offered():  # #70
    q = BANK.question("ruling:bezique.english.wrong-card-in-declaration:635738")
    right = marked_words(q)
    assert "may call any of the cards laid down" in right
    points = re.search(r"\w+ has \d+ taken off his score\.", right)
    assert points
    for c in q.choices:
        if c.key not in q.answer:
            assert c.text != f"Play goes on. {points[0]}", c.text


def test_portland_law_55_is_asked_as_a_revoke_not_as_a_replay_on_offer():  # #139
    assert "ruling:rubicon-bezique.english.failure-to-follow-or-win" not in BANK.items
    assert "revoke:rubicon-bezique.english.failure-to-follow-or-win" in BANK.items


def test_a_lead_taken_back_is_not_said_in_the_stems_words():  # #42
    q = BANK.question("ruling:rubicon-bezique.english.lead-out-of-turn:662541")
    assert "led the ten of spades out of turn" in q.situation
    assert marked_words(q) == "No penalty. North must take back his card."


def test_a_hand_thrown_down_bars_any_of_its_trumps():  # round 32's #187
    said = [c.text for seed in range(8)
            if (q := generated("ruling", "cinch.american.abandoned-hand", seed)) is not None
            for c in q.choices if c.key in q.answer and "forbid" in c.text]
    assert said
    for text in said:
        assert "forbid the playing of any trump in that hand" in text, text
        assert "the exposed trump" not in text
