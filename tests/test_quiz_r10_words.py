"""The tenth blind round's doubtful (g) findings and #27, by class: what a learner reads.

1. A marked ruling short of its code's whole remedy: the French Pinochle revoke's "counts
   nothing from then on" (#95) and, alike, the Britannica's and Enquire Within's revokes;
   the English Rubicon forgot-to-draw without the last trick the adversary's right hand wins
   (#127).
2. Whose account a question asks under: "the American laws" resting on an encyclopedia where
   Foster's laws held are silent (#106, #111, #191); a neighbouring law cited in the why
   (#107); the American king's time told in the Club Code's words (#191); "the bidding is not
   over" where the law turns on no bid made (#43); a free play told "not covered" by codes
   under which it is lawful (#154); law 25 cited beside law 51's correction of a false king
   before a card is played (#27).
"""

from __future__ import annotations

from app.engine import rule
from app.model.scenario import parse_scenario
from tests.bank_questions import BANK, marked_words


def _show(question_id: str):
    kind, law, seed = question_id.split(":")
    return BANK.generate(kind, law, int(seed))


def _ruled(raw: dict[str, object], code: str):
    return rule(parse_scenario(raw, BANK.games), BANK.games, BANK.content).for_code(code)


# --- 1. the whole remedy in the marked ruling ----------------------------------------------------

def test_the_french_pinochle_revoke_marks_the_offender_counting_nothing():  # #95
    q = _show("ruling:pinochle.french.counts-nothing-after-failure-to-follow-or-win:400430")
    assert marked_words(q) == (
        "It is a revoke (the trick obligations are broken). North must count nothing more "
        "this hand from the error on: neither brisques nor the last trick.")


_LAST = {"pinochle": (14, ["AS", "JH", "10C", "JC", "10S", "9C", "9H", "KC", "KH", "QC"]),
         "bezique": (26, ["AS", "JH", "10C", "JC", "10S", "9C"])}


def _revoke(game: str, **variants: str) -> dict[str, object]:
    played, hand = _LAST[game]
    return {"game": game, "dealer": "South", "trump": "D", "stage": "stock-exhausted",
            "tricks_played": played, "hands": {"North": hand},
            "trick": {"leader": "South", "cards": ["JS"]}, "variants": variants,
            "event": {"type": "play", "player": "North", "card": "JH"}}


def test_every_last_stage_revoke_lays_its_remedy_in_the_ruling():
    french = _ruled(_revoke("pinochle"), "french")
    assert [(d.id, d.by) for d in french.duties] == [("count-nothing-further", "North")]
    britannica = _ruled(_revoke("pinochle", **{
        "pinochle-last-stage-revoke": "pinochle.american.revoke-loses-card-points"}),
        "american")
    assert [(d.id, d.by) for d in britannica.duties] == [("lose-card-points", "North")]
    household = _ruled(_revoke("bezique"), "english")
    assert household.outcome == "revoke"
    assert [(d.id, d.by) for d in household.duties] == [("forfeit-last-eight", "North")]


def test_the_english_forgot_to_draw_gives_the_last_trick_to_the_right_hand():  # #127
    q = _show("code:rubicon-bezique.english.forgot-to-draw:162845")
    assert "“Play goes on. South will win the last trick and score it (50).”" in q.prompt
    assert "South holds the right number of cards." in q.situation
    assert "rubicon-bezique.english.one-short-other-right" in q.laws


def test_the_last_trick_is_not_given_where_the_other_hand_is_wrong_too():
    raw = {"game": "rubicon-bezique", "dealer": "South", "stage": "play", "tricks_played": 8,
           "hands": {"North": ["QH", "AH", "QC", "AS", "AH", "JC", "QH"],
                     "South": ["QD", "KS", "KH", "10D", "AD", "QH", "10D", "KD"]},
           "trick": {"leader": "North", "cards": ["JS"]}, "stock": 96,
           "event": {"type": "failed-to-draw", "player": "North"}}
    ruled = _ruled(raw, "english")
    assert ruled.outcome == "play-on" and not ruled.score
    assert ruled.laws == ("rubicon-bezique.english.forgot-to-draw",)
