"""Écarté under the English code: a lead or a play out of turn.

The English code's ruling is the Club Code's law 40 (Cavendish, printed by Hoffmann 1909; domain
E-14, source H-EC/H-E7): a card led out of turn may be taken back until it is played to, and
after that it stands. The Victorian household list (BD-E) instead puts "playing out of turn"
among the causes of a new deal; domain.md counts BD-E among the Victorian domestic rules, "not
club codes", so it is the other reading of the group `ecarte-lead-out-of-turn`, chosen only by
a scenario's `variants`.
"""

from __future__ import annotations

import pytest
import rulings_support

content = rulings_support.content
games = rulings_support.games
ruled = rulings_support.ruled

E = "ecarte.english."
CLUB_CODE = E + "lead-out-of-turn"
HOUSEHOLD = E + "bd-play-out-of-turn-new-deal"
GROUP = "ecarte-lead-out-of-turn"


def in_play(event: dict, **extra) -> dict:
    """North won the second trick and has the lead to the third; the exchange is over."""
    raw = {
        "game": "ecarte",
        "dealer": "South",
        "stage": "play",
        "turn_up": "7H",
        "discards_made": True,
        "tricks_played": 2,
        "trick": {"leader": "North", "cards": []},
        "event": event,
    }
    raw.update(extra)
    return raw


def test_club_code_is_the_default_reading_and_bd_e_the_other(content):
    """Law 40 (H-EC) is the English code's reading; BD-E is kept, visible, as the other."""
    readings = [law.id for law in content.variants[GROUP]]
    assert readings == [CLUB_CODE, HOUSEHOLD]
    assert {content.laws[i].code for i in readings} == {"english"}


def test_a_play_before_the_adversary_leads_is_taken_back_under_law_40(ruled):
    """Club Code law 40 (domain E-14): with two players, South's card played when North had
    the lead is a lead out of turn; nobody has played to it, so South takes it back, no score
    changes and no new deal."""
    r = ruled(in_play({"type": "play-out-of-turn", "player": "South", "card": "KS"}), "english")
    assert r.outcome == "no-penalty"
    assert r.laws == (CLUB_CODE,)
    assert [(o.id, o.by) for o in r.options] == [("take-back", "South")]
    assert dict(r.score) == {}
    assert "king of spades" in r.explanation
    assert "new deal" not in r.explanation


def test_a_lead_out_of_turn_not_yet_played_to_is_taken_back(ruled):
    """Club Code law 40: taken back until it is played to."""
    r = ruled(in_play({"type": "lead-out-of-turn", "player": "South", "card": "KS"}), "english")
    assert r.outcome == "no-penalty"
    assert r.laws == (CLUB_CODE,)
    assert [(o.id, o.by) for o in r.options] == [("take-back", "South")]


def test_a_lead_out_of_turn_played_to_stands(ruled):
    """Club Code law 40: once the adversary has played to it, the lead stands."""
    event = {"type": "lead-out-of-turn", "player": "South", "card": "KS", "followed_by": ["North"]}
    r = ruled(in_play(event), "english")
    assert r.outcome == "play-on"
    assert r.laws == (CLUB_CODE,)
    assert r.options == ()


@pytest.mark.parametrize(
    "event",
    [
        {"type": "play-out-of-turn", "player": "South", "card": "KS"},
        {"type": "lead-out-of-turn", "player": "South", "card": "KS"},
    ],
)
def test_the_victorian_list_is_followed_only_when_chosen(ruled, event):
    """BD-E: playing out of turn is a cause of a new deal, under that reading only."""
    r = ruled(in_play(event, variants={GROUP: HOUSEHOLD}), "english")
    assert r.outcome == "new-deal"
    assert r.laws == (HOUSEHOLD,)
    assert "BD-E" in r.explanation


def test_the_reading_changes_the_english_ruling_only(ruled):
    """A reading of the English group leaves the French and American rulings as they were."""
    event = {"type": "lead-out-of-turn", "player": "South", "card": "KS"}
    for code in ("american", "french"):
        plain = ruled(in_play(event), code)
        chosen = ruled(in_play(event, variants={GROUP: HOUSEHOLD}), code)
        assert (plain.outcome, plain.laws) == (chosen.outcome, chosen.laws)
