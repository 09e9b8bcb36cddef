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

import json
import tomllib

import pytest

from app.corpus.location import CONTENT_DIR
from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.questions import QuestionError
from quizzes.words import event_words
from tests.bank_questions import BANK, marked_words


def _example(name: str) -> dict:
    return json.loads((CONTENT_DIR / "scenarios" / f"{name}.json").read_text(encoding="utf-8"))


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
    assert ("“Play goes on. The last trick and its 50 go to North by law, whoever takes it.”"
            in q.prompt)
    assert "North holds the right number of cards." in q.situation
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


# --- 2. whose account, which law, in which words -------------------------------------------------

def test_an_encyclopedia_answer_says_whose_account_it_is():  # #106, #111, #191
    # (Auction Pitch's revoke penalty and Pinochle's meld after the stock, of an encyclopedia
    # of no identified edition and of an inference, are asked no more: quizzes/checkable.py.)
    vole = _show("penalty:ecarte.american.point-and-vole:1")
    assert vole.prompt.startswith(
        "Under the American laws as completed by the Encyclopedia Americana, how many points")
    king = _show("ruling:ecarte.american.turned-king-scores:0")
    assert "as completed by the Encyclopedia Americana" in king.prompt


def test_every_encyclopedia_law_of_the_american_code_names_its_account():
    # A law of a disputed rule is named by its reading instead (quizzes.words.reading_words).
    for path in sorted((CONTENT_DIR / "laws").glob("*.toml")):
        for law in tomllib.loads(path.read_text(encoding="utf-8")).get("law", []):
            if law["code"] == "american" and "yclop" in law["authority"] \
                    and "variant_of" not in law:
                assert law.get("account", "").startswith("as completed by "), law["id"]


def test_a_lead_caught_at_once_cites_no_law_of_a_lead_unnoticed():  # #107
    q = _show("ruling:general.american.lead-out-of-turn-no-partner:76293")
    assert "general.american.adversaries-share-fault-for-false-lead" not in q.laws
    assert "share the fault" not in q.explanation
    assert q.explanation.startswith("North has no partner to inform, so taking the lead back "
                                    "hurts only himself: there is no penalty.\n")


def test_a_lead_played_to_unnoticed_shares_the_fault():
    raw = {"game": "auction-pitch", "dealer": "South", "trump": "S", "stage": "play",
           "bid": {"player": "West", "amount": 2}, "tricks_played": 1,
           "hands": {"North": ["10D", "10H", "AS", "QS", "7C"],
                     "East": ["KH", "AH", "KD", "10C", "QH"]},
           "trick": {"leader": "North", "cards": ["JH", "7H"]},
           "event": {"type": "lead-out-of-turn", "player": "North", "card": "JH",
                     "followed_by": ["East"]}}
    ruled = _ruled(raw, "american")
    assert "general.american.adversaries-share-fault-for-false-lead" in ruled.laws
    assert "adversaries who failed to notice the lead share the fault" in ruled.explanation


def test_the_american_king_is_told_by_the_first_trick():  # #191
    # Its penalty item left the bank in round 11 (#35: the count was the stem's); the table
    # of the example is told and ruled in the American terms.
    scenario = parse_scenario(_example("ecarte-king-announced-too-late"), BANK.games)
    assert ("He announced it only after playing his first card, once the first trick had "
            "begun.") in event_words(scenario, BANK.games["ecarte"], "american")
    ruled = rule(scenario, BANK.games, BANK.content).for_code("american")
    assert "once the first trick had begun: it is too late" in ruled.explanation


def test_a_cinch_misdeal_before_a_bid_says_nobody_has_bid():  # #43
    q = _show("ruling:cinch.american.wrong-count-before-bid:992454")
    assert "Nobody has bid yet." in q.situation
    assert "bidding is not over" not in q.situation


@pytest.mark.parametrize("item", ["ruling:rubicon-bezique.english.free-play-while-stock-lasts",
                                  "ruling:bezique.english.free-play-while-stock-lasts"])
def test_a_free_play_is_lawful_under_every_code(item):  # #154
    kind, law = item.split(":")
    built = []
    for seed in range(1, 6):
        try:
            built.append(BANK.generate(kind, law, seed))
        except QuestionError:
            continue
    assert built
    for q in built:
        assert "do not cover" not in q.explanation, q.id
        scenario = parse_scenario(dict(q.table), BANK.games)
        ruling = rule(scenario, BANK.games, BANK.content)
        assert {r.outcome for r in ruling.rulings} == {"legal"}, q.id


def test_the_audited_free_play_explains_no_code_silent():  # #154
    q = _show("ruling:rubicon-bezique.english.free-play-while-stock-lasts:364277")
    assert "Under the French laws: These laws do not cover the situation." not in q.explanation


def test_a_false_king_owned_before_play_cites_law_51_alone():  # #27
    # The audited table: North holds the king South announced; no card played.
    raw = {"game": "ecarte", "players": ["North", "South"], "dealer": "North",
           "codes": ["american", "english", "french"],
           "hands": {"North": ["JS", "9H", "7H", "JD", "KS"],
                     "South": ["8S", "8H", "9C", "KH", "10D"]},
           "stock": 21, "scores": {"North": 2, "South": 4}, "stage": "bidding",
           "tricks_played": 0, "hands_seen": ["North", "South"], "trump": "S",
           "turn_up": "9S",
           "event": {"type": "false-declaration", "player": "South", "declared": "king",
                     "next_trick_started": False}}
    ruled = _ruled(raw, "english")
    assert ruled.laws == ("ecarte.english.overscore-taken-down",)
    assert ruled.outcome == "no-penalty" and ruled.score == {"South": -1}
    assert "law 25" not in ruled.explanation
    with pytest.raises(QuestionError):
        _show("penalty:ecarte.english.false-king:234840")
