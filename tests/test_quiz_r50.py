"""The fiftieth blind round's findings, as a learner reads them.

#39: cards exposed as the Écarté dealer gave them to the non-dealer, two shown beside one
discard (the cards still added up to the pack). #57: a Cinch card exposed by the player about to
lead, the why's "before the trick before it is turned and quitted". #87: an adversary who had
not looked at his cards said to challenge a king announced. #103: "After the last trick" of a
draw, where "the last trick" is also Bézique's scoring term.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated

EXPOSED_IN_GIVING = "ecarte.english.pone-cards-exposed-in-giving"


def test_cards_exposed_in_giving_follow_as_many_discards():  # #39
    asked = 0
    for seed in (741973, *range(1, 12)):
        q = generated("ruling", EXPOSED_IN_GIVING, seed)
        if q is None:
            continue
        asked += 1
        stock, discards = q.seen["stock"], q.seen["discards"]
        assert discards >= 2, q.id  # he set aside at least the two given him
        # Only the non-dealer has exchanged: the stock lost what he was given.
        assert stock + discards == 21, q.id
    assert asked >= 5


def test_no_card_exposed_by_the_player_about_to_lead_is_asked():  # #57
    for seed in (441641, *range(1, 10)):
        q = generated("ruling", "cinch.american.exposed-card-named", seed)
        if q is None:
            continue
        assert "a call for his lead" not in q.explanation, q.id
        assert "before the trick before it" not in q.explanation


def test_an_adversary_who_has_not_looked_challenges_nothing():  # #87
    q = BANK.question("ruling:ecarte.english.overscore-taken-down:466306")
    assert "South has looked at his cards; North has not." in q.situation
    assert "North challenges" not in q.situation
    assert "He admits the error before he plays a card." in q.situation


def test_a_draw_out_of_turn_follows_the_trick_just_played():  # #103
    q = BANK.question("ruling:bezique.english.drew-out-of-turn:236502")
    assert "After the trick just played, before his adversary had drawn" in q.situation
    assert "After the last trick" not in q.situation
