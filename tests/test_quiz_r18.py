"""The eighteenth blind round's findings, each as a learner or a player would notice it.

#64: Foster's choices for a wrong count (supply, discard, draw) given of an Écarté hand
already played out. #91: "these laws do not cover the situation" of Foster's imperfect pack,
whose law says earlier scores stand. #149: a play said to stand drawn still in its player's
hand. #38: a left pedro played out of turn read as a card off suit. #190: a seven turned up
at Bézique, and the dealer's score without its 10.
"""

from __future__ import annotations

import random

from app.engine.core import rule
from app.model.scenario import parse_scenario
from app.rehearsal.play import deal
from quizzes.table_header import table_words
from tests.bank_questions import BANK

GAMES = BANK.games


def test_foster_says_nothing_of_a_wrong_count_once_the_hand_is_played_out():  # #64
    table = {"game": "ecarte", "dealer": "North", "codes": ["american", "english"],
             "stage": "hand-over", "trump": "C", "turn_up": "8C", "stock": 21,
             "tricks_played": 4, "scores": {"North": 3, "South": 3},
             "hands_seen": ["North", "South"], "event": {"type": "wrong-count"},
             "hands": {"North": [], "South": ["QS", "10H"]}}
    ruled = rule(parse_scenario(table, GAMES), GAMES, BANK.content)
    assert ruled.for_code("american").outcome == "not-covered"
    assert ruled.for_code("english").outcome == "new-deal"
    q = BANK.question("ruling:ecarte.english.pone-wrong-count-found-in-play:280307")
    american = q.explanation.split("Under the American laws: ")[1].split("\n")[0]
    assert "discard the surplus" not in american and "played out" in american, american


def test_a_code_whose_law_speaks_in_part_is_given_in_its_own_words():  # #91
    q = BANK.question("ruling:ecarte.english.imperfect-pack:591885")
    american = q.explanation.split("Under the American laws: ")[1].split("\n")[0]
    assert american.startswith("Every score already made with the imperfect pack stands good")
    assert "do not cover" not in american


def test_a_play_said_to_stand_lies_on_the_trick():  # #149
    # (The round's own question, a club followed to a club lead, is no longer asked: a card of
    # the suit led tests no law of Pitch, round 22's #187.)
    q = BANK.generate("ruling", "auction-pitch.american.plain-suit-lead-trump-allowed", 0)
    assert "the card stands" in q.situation
    shown = q.shown
    assert shown is not None
    assert shown["trick"]["cards"] == ["AC", "2C", "AH"]
    assert "AH" not in shown["hands"]["East"]
    # the engine still rules the table as it stood, the card in his hand
    assert q.table is not None and "AH" in q.table["hands"]["East"]


def test_a_left_pedro_played_is_said_to_be_a_trump():  # #38
    q = BANK.question("ruling:cinch.american.third-hand-before-second:158544")
    assert "West played the five of spades" in q.situation
    assert "The five of spades is the left pedro, a trump." in q.situation
    # Not of a play to be judged: whether it is lawful is the question.
    table = {"game": "cinch", "dealer": "West", "codes": ["american"], "stage": "play",
             "trump": "C", "tricks_played": 3, "bid": {"player": "South", "amount": 11},
             "trick": {"leader": "East", "cards": ["2D"]},
             "hands": {"North": ["5D", "10D", "KD"], "East": ["8C", "AC"],
                       "South": ["JC", "9S", "10H"], "West": ["7D", "6H", "5S"]}}
    judged = parse_scenario({**table, "event": {"type": "play", "player": "South",
                                                "card": "9S"}}, GAMES)
    assert "left pedro" not in table_words(judged, GAMES["cinch"])
    judged = parse_scenario({**table, "event": {"type": "play", "player": "West",
                                                "card": "5S"}}, GAMES)
    assert "left pedro" not in table_words(judged, GAMES["cinch"])
    led = parse_scenario({**table, "hands": {**table["hands"], "West": ["7D", "6H"]},
                          "trick": {"leader": "West", "cards": ["5S"]},
                          "event": {"type": "play", "player": "South", "card": "JC"}}, GAMES)
    assert "The five of spades is the left pedro, a trump." in table_words(led, GAMES["cinch"])


def test_a_seven_turned_up_at_bezique_scores_the_dealer_ten():  # #190
    game = GAMES["bezique"]
    sevens = others = 0
    for seed in range(60):
        state = deal(game, ("North", "South"), "South", random.Random(seed),
                     scores={"North": 100, "South": 200})
        assert state.turn_up is not None
        if state.turn_up.rank == "7":
            sevens += 1
            assert state.scores == {"North": 100, "South": 210}
        else:
            others += 1
            assert state.scores == {"North": 100, "South": 200}
    assert sevens and others
    # Écarté's turned king is not marked by the deal (the Club Code lets it wait: law 22).
    ecarte = GAMES["ecarte"]
    for seed in range(40):
        state = deal(ecarte, ("North", "South"), "South", random.Random(seed))
        assert state.scores == {"North": 0, "South": 0}


def test_cards_exposed_in_giving_lie_apart_not_yet_taken():  # #85
    q = BANK.generate("ruling", "ecarte.english.pone-cards-exposed-in-giving", 233480)
    shown = q.shown
    assert shown is not None and shown["apart"]["player"] == "North"
    exposed = shown["apart"]["cards"]
    assert len(exposed) == 2 and not set(exposed) & set(shown["hands"]["North"])
    assert len(shown["hands"]["North"]) == 3
    assert "refuse the exposed cards" in " ".join(c.text for c in q.choices)


def test_a_right_moved_to_another_seat_names_the_seats_in_its_words_anew():  # #41
    q = BANK.generate("ruling", "pinochle.american.amending-a-declaration", 450533)
    for choice in q.choices:
        for seat in ("North", "South"):
            assert f"{seat} may make {seat} lead" not in choice.text, choice.text
    assert any("South may make North lead or play one of the cards he showed" in c.text
               for c in q.choices)
