"""The ninth blind round's findings on the all-fours games and the general laws.

- #41: a card found face up in the undealt remainder of the pack at Auction Pitch was ruled a
  misdeal under a law of the dealing itself ("a card dealt face up"): the card was never dealt,
  and no law held speaks of it, so the laws are silent there and the quiz does not ask it.
- #10: Foster's general laws let the player led into error take back his card; of a false lead
  every other player has played to (a complete trick, two-handed once the adversary has played)
  they say nothing: the general law is silent there, and is asked only while some player has
  still to play to the false lead.
- #133: "North led to the trick in progress: jack of hearts, three of hearts and ace of
  diamonds" read as North leading all three: each card is said with who played it.
- #139: at Cinch a short hand is made up "from the discard" (seed 003:1), and no discard lies
  aside in the bidding: that remedy is not given before anyone has discarded, and the quiz asks
  it where a discard has been made.
- #54: an authored item's right choice carried its own reason against bare wrong choices.
"""

from __future__ import annotations

import re

import pytest

from app.corpus.loading import load_content
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import parse_scenario
from quizzes.authored import load_authored
from quizzes.bank import default_bank
from quizzes.generators.rivals import impossible_at
from quizzes.questions import Question, QuestionError
from tests.bank_questions import BANK, built_of, question

CONTENT = load_content()
GAMES = build_games(CONTENT)
SEATS = ["North", "East", "South", "West"]


def _ruled(raw: dict, code: str = "american"):
    return rule(parse_scenario(raw, GAMES), GAMES, CONTENT).for_code(code)


# ------------------------------------------------------------------ #41: never dealt


@pytest.mark.parametrize("game", ["auction-pitch", "cinch"])
def test_a_card_faced_in_the_undealt_remainder_is_not_covered(game):
    dealt = GAMES[game].hand_size * len(SEATS)
    raw = {"game": game, "players": SEATS, "dealer": "West", "stage": "deal",
           "event": {"type": "faced-card-in-pack", "position": dealt + 18}}
    r = _ruled(raw)
    assert r.outcome == "not-covered", (game, r.outcome, r.laws)
    assert not any("exposed-or-wrong-count-in-deal" in law or "misdeal" in law
                   for law in r.laws)


def test_a_card_dealt_face_up_at_auction_pitch_is_still_a_new_deal():
    raw = {"game": "auction-pitch", "players": SEATS, "dealer": "West", "stage": "deal",
           "event": {"type": "faced-card-in-pack", "position": 5}}
    r = _ruled(raw)
    assert r.outcome == "new-deal"
    assert "auction-pitch.american.exposed-or-wrong-count-in-deal" in r.laws


def test_no_auction_pitch_question_rules_a_faced_card_in_the_pack():
    # Every Auction Pitch misdeal rests on what the encyclopedia article, of no identified
    # edition, counts as one (its exposed-or-wrong-count law): since the fourteenth round no
    # question asks it (quizzes/checkable.py), a faced card in the pack least of all.
    for item in ("ruling:auction-pitch.american.misdeal-same-dealer",
                 "ruling:auction-pitch.american.exposed-or-wrong-count-in-deal"):
        assert item not in BANK.items
        for seed in (510440, *range(4)):
            with pytest.raises(QuestionError):
                BANK.generate("ruling", item.split(":")[1], seed)


# ------------------------------------------------------------------ #10: all have played


def _two_handed_false_lead(followed: list[str]) -> dict:
    return {"game": "bezique", "players": ["North", "South"], "dealer": "North",
            "trump": "C", "tricks_played": 25, "stock": 0,
            "trick": {"leader": "South", "cards": []},
            "event": {"type": "lead-out-of-turn", "player": "North", "card": "10H",
                      **({"followed_by": followed} if followed else {})}}


def test_a_false_lead_everyone_has_played_to_is_not_ruled_by_the_general_law():
    r = _ruled(_two_handed_false_lead(["South"]))
    assert r.outcome == "not-covered", (r.outcome, r.laws)
    assert "general.american.lead-out-of-turn-no-partner" not in r.laws


def test_a_false_lead_not_yet_played_to_is_taken_back_without_penalty():
    r = _ruled(_two_handed_false_lead([]))
    assert r.outcome == "no-penalty"
    assert "general.american.lead-out-of-turn-no-partner" in r.laws


def test_the_general_lead_law_is_asked_only_while_a_player_has_still_to_play():
    items = ["ruling:general.american.lead-out-of-turn-no-partner",
             "ruling:general.american.adversaries-share-fault-for-false-lead",
             "ruling:general.american.follow-to-wrong-lead"]
    asked = built_of(items, [*range(10), 888667])
    for q in asked:
        event = q.table["event"]
        others = set(q.table["players"]) - {event["player"]}
        assert not others <= set(event.get("followed_by") or ()), (q.id, q.situation)


# ------------------------------------------------------------------ #133: who played each


def test_the_trick_in_progress_says_who_played_each_card():
    q = question("ruling:cinch.american.abandoned-hand", 239893)
    assert isinstance(q, Question)
    assert "led to the trick in progress: jack of hearts, three of hearts" not in q.situation
    assert ("North led the jack of hearts to the trick in progress, then East played the "
            "three of hearts and South the ace of diamonds.") in q.situation


def test_no_stem_has_one_player_lead_several_cards():
    listed = re.compile(r"led to the trick in progress: [^.]*(?:,| and )")
    found = [q.id for q in _all_fours_questions() if listed.search(q.situation or "")]
    assert found == []


def _all_fours_questions() -> list[Question]:
    """Questions of the games of more than two hands (Cinch, Auction Pitch), two seeds each."""
    items = [i for i in BANK.items if i.startswith("ruling:")
             and any(f":{g}." in i for g in ("cinch", "auction-pitch"))]
    return [q for i in items for s in range(2)
            if isinstance(q := question(i, s), Question)]


# ------------------------------------------------------------------ #139: no discard yet


def _cinch_short_after_bid(discards_made: bool) -> dict:
    pack = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7",
                                                  "6", "5", "4", "3", "2")]
    hands = {p: pack[9 * i:9 * i + 9] for i, p in enumerate(SEATS)}
    hands["West"] = hands["West"][:8]
    return {"game": "cinch", "players": SEATS, "dealer": "South", "hands": hands,
            "stock": 17, "stage": "bidding", "discards_made": discards_made,
            "bid": {"player": "West", "amount": 9}, "hands_seen": SEATS,
            "event": {"type": "wrong-count"}}


def test_no_shortage_is_made_up_from_a_discard_nobody_has_made():
    r = _ruled(_cinch_short_after_bid(False))
    assert r.outcome == "no-penalty"
    assert "cinch.american.wrong-count-after-bid" in r.laws
    assert not [o for o in r.options if o.id == "draw-from-discard"]
    assert r.remedy_waits


def test_a_ruling_that_draws_from_the_discard_is_impossible_before_the_discard():
    raw = _cinch_short_after_bid(False)
    s = parse_scenario(raw, GAMES)
    after = parse_scenario({**raw, "discards_made": True}, GAMES)
    later = _ruled({**raw, "discards_made": True})
    assert [o.id for o in later.options] == ["draw-from-discard"]
    assert impossible_at(later, s, GAMES["cinch"].for_code("american", s.variants))
    assert not impossible_at(later, after, GAMES["cinch"].for_code("american", after.variants))


def test_the_short_hand_is_asked_where_a_discard_has_been_made():
    asked = built_of(["ruling:cinch.american.wrong-count-after-bid"], [*range(12), 675419])
    for q in asked:
        draws = [c.text for c in q.choices if "from the discard" in c.text]
        if draws:
            assert q.table.get("discards_made"), (q.id, q.situation)
            assert "A discard has been made." in q.situation, q.id


# ------------------------------------------------------------------ #54: reasons in choices

# A choice that gives its own reason: a verdict followed by why ("No penalty: ...", "None:
# ..."), or a 'because' / 'since' clause.
REASON = re.compile(r"^\s*(?:no penalty|none|nothing|nobody|no one)\s*:|\bbecause\b|\bsince\b",
                    re.IGNORECASE)


def test_no_authored_right_choice_is_the_only_one_carrying_a_reason():
    items = load_authored(default_bank().content)
    found = []
    for item in items.values():
        if item.kind != "choice":
            continue
        wrong = [c for c in item.choices or () if c != item.answer]
        if REASON.search(str(item.answer)) and not any(REASON.search(c) for c in wrong):
            found.append(item.id)
    assert found == []


def test_the_round_game_bid_item_offers_bare_rulings():
    q = BANK.question("authored:general-bid-out-of-turn-round-game")
    assert all(not REASON.search(c.text) and ":" not in c.text for c in q.choices)
    right = [c.text for c in q.choices if c.key in q.answer]
    assert right == ["No penalty"]
