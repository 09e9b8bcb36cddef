"""The forty-first blind round's findings, as a learner reads them.

#30: Foster's wrong count found in play, read two ways, opened "It is a misdeal" and then took
it back; both readings now come before either's remedy. #53, #118: Cinch's right-hand
adversary "must call it before he plays himself" beside a trick he had played to, or one its
holder leads. #68: a faced card's place in the whole pack said twice. #94: another code's note
called a fact "not stated above" that the table lists card by card. #163, #183: "will win the
last trick" read as a forecast, not the law's award. #166: "the 1 points wrongly marked".
"""

from __future__ import annotations

import pytest
import rulings_support

from tests.bank_questions import BANK

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled


def test_fosters_two_readings_come_before_the_remedy():  # #30
    q = BANK.question("ruling:ecarte.english.pone-wrong-count-found-in-play:476221")
    line = next(x for x in q.explanation.splitlines() if x.startswith("Under the American"))
    assert "It is a misdeal:" not in line
    assert ("Foster's laws on a wrong count are read two ways once play has begun." in line
            and line.index("read as laws of the deal") < line.index("the pone, either claims"))
    assert "Read the first way: both hands being wrong, South, the pone," in line


def test_the_right_hand_adversarys_call_is_said_of_a_trick_to_come():  # #53
    q = BANK.question("ruling:cinch.american.exposed-two-cards-to-a-trick:632224")
    assert "before he plays himself" not in q.explanation
    assert ("West, on its holder's right, may call it to a trick only before he has played to "
            "that trick himself.") in q.explanation


def test_a_call_for_the_holders_own_lead_is_said_as_a_time_passed(ruled):  # #118
    # (said as a moment passed since the 44th round's #87, #89; conditional on when it was
    # exposed since the 46th round's #72; in plainer words since the 50th round's #57, whose
    # tables, a card exposed by the player about to lead, are no longer asked)
    raw = {"game": "cinch", "players": ["North", "East", "South", "West"], "dealer": "West",
           "stage": "play", "trump": "H", "bid": {"player": "North", "amount": 6},
           "tricks_played": 1, "trick": {"leader": "South", "cards": []},
           "hands": {"South": ["KD", "10S", "4C", "QH"]},
           "event": {"type": "exposed-card", "player": "South", "card": "KD", "how": "named"}}
    assert ("South is to lead: a call for his lead had to be made before the last trick was "
            "turned and quitted, so if the card lay exposed then, it can no longer be called "
            "to be led to this trick.") in ruled(raw, "american").explanation
    q = BANK.question("ruling:cinch.american.exposed-card-named:525495")
    assert "is to lead: a call for his lead" not in q.explanation


def test_a_faced_cards_place_is_said_once():  # #68
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:808629")
    assert q.situation.count("18") == 1, q.situation


def test_another_codes_fact_is_not_said_to_be_unstated():  # #94
    q = BANK.question("ruling:rubicon-bezique.french.forgot-to-draw:164597")
    assert "not stated above" not in q.explanation
    assert ("Their ruling also turns on this fact: North holds the right number of cards."
            in q.explanation)


@pytest.mark.parametrize("qid", ["ruling:rubicon-bezique.english.surplus-and-short:616733",
                                 "ruling:rubicon-bezique.english.both-short:847658"])
def test_the_last_trick_is_the_laws_award_not_a_forecast(qid):  # #163, #183
    q = BANK.question(qid)
    texts = [c.text for c in q.choices] + [q.explanation]
    assert not any("will win the last trick" in t for t in texts), q.id
    assert any("The last trick and its 50 go to " in t and "by law, whoever takes it." in t
               for t in texts), q.id


def test_one_point_wrongly_marked_is_said_in_the_singular(ruled):  # #166
    raw = {"game": "pinochle", "dealer": "South", "stage": "play", "trump": "D",
           "tricks_played": 7, "scores": {"North": 240, "South": 60},
           "event": {"type": "wrong-score", "player": "North", "marked": 240, "correct": 239,
                     "earlier_deal": True}}
    r = ruled(raw, "american")
    assert "the 1 point wrongly marked is taken down, and South may add it" in r.explanation


def test_two_cards_drawn_are_seen_at_once():  # #144, round 40's #13
    # The drawer's nine cards are the moment of the draw, not a surplus found in play.
    q = BANK.question("ruling:bezique.english.drew-two-cards:821131")
    assert ("The error is seen as the cards are drawn and put right at once, before a card of "
            "the next trick is played.") in \
        q.situation
