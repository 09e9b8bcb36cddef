"""The fourteenth blind round's #45, #10 and #170: a deciding fact stated nowhere, or muddled.

- #45: the Club Code's false king (law 25: "fail to declare his error before he has played a
  card") was told "announced only after playing his first card", with no card played since:
  the error was still his to own. The stem now says he announced before his first card and
  has played a card since (the table shows it), as law 25's penalty needs.
- #10: Portland law 28 (the winner who sees two cards) against law 30 (the loser) turns on who
  won the last trick; "It was North's lead" could be read as "North led it". Every draw after a
  trick now says who won it, and so who drew first.
- #170: "he does not hold the king and queen of any one suit" beside the king of spades he led
  just after laying down the queen of spades: no false declaration is drawn where a card he has
  played since would have made it true, and the table check says so of such a table.
"""

from __future__ import annotations

import bank_questions
from bank_questions import BANK

from app.cards import Card
from quizzes.possible import completed_by, table_problems
from quizzes.questions import Question

SEEDS = range(6)


def _situation(item: str, seed: int) -> Question:
    q = bank_questions.question(item, seed)
    assert isinstance(q, Question), q
    return q


# --- #45 -----------------------------------------------------------------------------------

def test_the_false_king_of_round_14_is_told_with_a_card_played_since() -> None:
    q = _situation("ruling:ecarte.english.false-king", 167227)
    assert "He announced it before playing his first card. North has played a card this hand " \
           "since announcing it, and has not owned his error." in q.situation, q.situation
    assert "only after playing his first card" not in q.situation
    assert bank_questions.marked_words(q).startswith(
        "A penalty. South may have the whole hand played again from its first card.")


def test_no_false_king_is_told_as_announced_after_the_first_card() -> None:
    told = [q for seed in range(20)
            if isinstance(q := bank_questions.question("ruling:ecarte.english.false-king",
                                                       seed), Question)]
    assert told
    for q in told:
        assert "only after playing his first card" not in q.situation, (q.id, q.situation)
        if "played again" in bank_questions.marked_words(q):
            assert "since announcing it" in q.situation, (q.id, q.situation)


# --- #10 -----------------------------------------------------------------------------------

_DRAWS = ("ruling:rubicon-bezique.english.loser-sees-two-cards",
          "ruling:pinochle.american.loser-saw-two-cards",
          "ruling:bezique.english.drew-out-of-turn", "penalty:bezique.english.drew-out-of-turn",
          "ruling:bezique.english.drew-two-cards")


def test_the_loser_who_saw_two_of_round_14_is_told_who_won_the_trick() -> None:
    q = _situation("ruling:rubicon-bezique.english.loser-sees-two-cards", 850647)
    assert "North won the 19th trick: the first draw after it was his, the second South's." \
        in q.situation, q.situation
    assert "It was North's lead." not in q.situation
    assert bank_questions.marked_words(q) == \
        "A penalty. North may look at both cards at the next draw and take either."


def test_every_draw_after_a_trick_says_who_won_it() -> None:
    told = list(bank_questions.asked(_DRAWS, SEEDS))
    assert len(told) >= 10
    for q in told:
        assert q.table is not None
        winner = q.table["trick"]["leader"]
        loser = next(p for p in q.table["players"] if p != winner)
        assert f"{winner} won the " in q.situation, (q.id, q.situation)
        assert f"the first draw after it was his, the second {loser}'s." in q.situation, q.id
        assert "'s lead." not in q.situation, (q.id, q.situation)
        event = q.table["event"]
        if event["type"] == "loser-saw-two" or event.get("card_was_adversarys"):
            assert event["player"] == loser, (q.id, q.situation)  # the loser's error


# --- #170 ----------------------------------------------------------------------------------

_FALSE_DECLARATIONS = (
    "ruling:bezique.english.wrong-card-in-declaration",
    "penalty:bezique.english.wrong-card-in-declaration",
    "ruling:bezique.english.declare-after-winning-trick",
    "ruling:rubicon-bezique.english.false-declaration",
    "penalty:rubicon-bezique.english.false-declaration",
    "ruling:pinochle.american.false-four-of-a-kind",
    "ruling:pinochle.american.other-false-declarations",
    "penalty:pinochle.american.other-false-declarations",
)

# Round 14's #170 as it was shown: South laid down the queen of spades and the jack of diamonds
# for a marriage and led the king of spades.
_KING_LED = {
    "game": "bezique", "players": ["North", "South"], "dealer": "South",
    "codes": ["english", "french", "american"], "stock": 23,
    "scores": {"North": 130, "South": 160}, "stage": "play", "tricks_played": 12,
    "hands_seen": ["North", "South"],
    "hands": {"North": ["KD", "QC", "KS", "AH", "10S", "10H", "JD", "QD"],
              "South": ["JD", "QS", "10S", "AD", "JS", "JH", "7S"]},
    "event": {"type": "false-declaration", "player": "South", "declared": "marriage",
              "next_trick_started": True},
    "trump": "C", "turn_up": "QC", "trick": {"leader": "South", "cards": ["KS"]},
}


def test_a_false_declaration_beside_the_card_that_completes_it_cannot_be_shown() -> None:
    assert any("would complete it" in p for p in table_problems(_KING_LED, BANK.games))
    led_another = {**_KING_LED, "trick": {"leader": "South", "cards": ["7H"]},
                   "hands": {**_KING_LED["hands"],
                             "South": ["JD", "QS", "10S", "AD", "JS", "JH", "KS"]}}
    assert not any("would complete it" in p for p in table_problems(led_another, BANK.games))


def test_the_wrong_card_of_round_14_is_not_drawn_beside_the_king_led() -> None:
    q = _situation("ruling:bezique.english.wrong-card-in-declaration", 876890)
    assert "led to the trick in progress: king of spades" not in q.situation, q.situation


def test_no_false_declaration_shows_the_declarer_leading_the_card_he_lacked() -> None:
    checked = 0
    for q in bank_questions.asked(_FALSE_DECLARATIONS, (*SEEDS, 876890)):
        t = q.table
        assert t is not None
        event, trick = t["event"], t.get("trick") or {}
        if event.get("type") != "false-declaration" or not trick.get("cards") \
                or trick.get("leader") != event["player"]:
            continue
        game = BANK.games[t["game"]]
        hand = tuple(Card.parse(c) for c in t["hands"][event["player"]])
        led = (Card.parse(trick["cards"][0]),)
        assert not completed_by(event["declared"], hand, led, t.get("trump"), game), \
            (q.id, q.situation)
        checked += 1
    assert checked >= 5
