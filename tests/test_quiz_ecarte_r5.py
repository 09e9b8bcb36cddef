"""Écarté as a learner reads it, the fifth blind round's classes (docs/audits/
quiz-sample-2026-12-02-round-5.md).

- A ruling never grants a right the stem says was not used: a card played in error and not
  taken back before the next lead is ruled under law 43 alone, law 39's retake spent (#25,
  #48, #61).
- Foster's "the trump card stays as it is" is neither cited nor said of a table with no card
  turned (#46, #166).
- A score the stem says was marked this deal is in the running score shown (#97).
- Another code's way of putting a wrong count right (the pone draws the dealer's surplus) is
  not offered against the Club Code's "the dealer puts it right" (#93).
- Foster's deal out of turn found after the turn-up is marked as he rules it, the pack set
  aside for the next deal, with no half-true "deal stands" or "dealt again" beside it (#8).
- A faced card found once the hands are dealt is placed in the stock and in the whole pack,
  never as a bare "card number 11 from the top" (#101).
- A hand that ended after four tricks says how it ended (an earlier round's stage words).
"""

from __future__ import annotations

from collections.abc import Iterator

import bank_questions
import pytest

from app.engine.core import rule
from app.engine.ruling import CodeRuling, also_true_of
from app.model.scenario import parse_scenario
from quizzes.questions import Question, QuestionError

SEEDS = range(4)
BANK = bank_questions.BANK


def _questions(*items: str) -> Iterator[Question]:
    return bank_questions.asked(items, SEEDS)


def _built(*items: str) -> list[Question]:
    return bank_questions.built_of(items, SEEDS)


def _stem(q: Question) -> str:
    """What the learner reads above the choices: the situation and the question."""
    return f"{q.situation}\n{q.prompt}"


# --- #25, #48, #61: a card not taken back -----------------------------------------------------

_RENOUNCE = tuple(item for item in BANK.items if ":ecarte.english." in item
                  and (item.endswith(".renounce-or-failure-to-win")
                       or item.endswith(".played-card-retaken")))


def test_a_card_not_taken_back_is_ruled_as_not_taken_back() -> None:
    kept = 0
    for q in _built(*_RENOUNCE):
        if "does not take it back" not in _stem(q):
            continue
        kept += 1
        marked = [c.text for c in q.choices if c.key in q.answer] if q.kind != "number" else []
        for text in [*marked, q.explanation.split("Under the")[0]]:
            assert "may take back" not in text and "may take the card back" not in text, (
                q.id, text)
        # The retake law does not decide a table where the card was not retaken.
        assert "ecarte.english.played-card-retaken" not in q.laws, q.id
    assert kept, "no card kept was asked"


_TABLE = {
    "game": "ecarte", "dealer": "North", "codes": ["english"], "trump": "C", "turn_up": "8C",
    "scores": {"North": 0, "South": 0},
    "hands": {"North": ["KC", "7C", "10C", "9H", "QS"], "South": ["KH", "KD", "7H", "10H"]},
    "trick": {"leader": "South", "cards": ["QH"]},
}


@pytest.mark.parametrize(("taken_back", "outcome", "laws", "options"), [
    (None, "revoke", ["ecarte.english.renounce-or-failure-to-win",
                      "ecarte.english.played-card-retaken"],
     [("take-back", "North"), ("replay-hand", "South")]),
    (False, "revoke", ["ecarte.english.renounce-or-failure-to-win"],
     [("replay-hand", "South")]),
    (True, "no-penalty", ["ecarte.english.played-card-retaken",
                          "ecarte.english.renounce-or-failure-to-win"], []),
])
def test_club_code_law_39_is_ruled_from_whether_the_card_was_taken_back(
        taken_back: bool | None, outcome: str, laws: list[str],
        options: list[tuple[str, str]]) -> None:
    event: dict[str, object] = {"type": "play", "player": "North", "card": "QS"}
    if taken_back is not None:
        event["taken_back"] = taken_back
    s = parse_scenario({**_TABLE, "event": event}, BANK.games)
    (ruled,) = rule(s, BANK.games, BANK.content).rulings
    assert ruled.outcome == outcome
    assert list(ruled.laws) == laws
    assert [(o.id, o.by) for o in ruled.options] == options


# --- #46, #166: Foster's trump card unchanged, where no card is turned --------------------------

_FOSTER_COUNTS = tuple(item for item in BANK.items if ":ecarte.american." in item and any(
    w in item for w in ("wrong-count", "too-few", "too-many", "trump-unchanged")))
_UNTURNED = "No card has been turned up for trumps"


def test_the_trump_card_unchanged_is_said_only_where_a_card_is_turned() -> None:
    # (Every wrong count of Foster's is asked under paragraph 1's item, the laws it also cites
    # not as items of their own: tests/test_quiz_deciding_law.py. Round 6's #111: with no
    # choice giving the innocent side's choice to the dealer who erred, Foster's counts may
    # have no two real rivals and not be asked.)
    unturned = 0
    asked = [*_questions("ruling:ecarte.american.pone-too-few-before-seen", *_FOSTER_COUNTS)]
    for q in asked:
        if _UNTURNED not in _stem(q):
            continue
        unturned += 1
        assert "ecarte.american.trump-unchanged-after-correction" not in q.laws, q.id
        assert "trump card stays" not in q.explanation, q.id
        for law in q.laws:
            assert "turned trump" not in BANK.content.laws[law].text, (q.id, law)
    # The item of paragraph 5 itself is asked only with a card turned.
    for q in _questions(*(i for i in _FOSTER_COUNTS if i.endswith("trump-unchanged-after-"
                                                                   "correction"))):
        assert _UNTURNED not in _stem(q), q.id
    assert unturned or not asked, "no table before the turn-up was asked"


def test_foster_rules_a_count_found_before_the_turn_up_without_a_trump_card() -> None:
    s = parse_scenario({
        "game": "ecarte", "dealer": "South", "codes": ["american"], "stage": "deal",
        "scores": {"North": 0, "South": 0}, "hands_seen": [],
        "hands": {"North": ["10D", "8C", "10S", "10H"],
                  "South": ["QS", "JS", "QD", "AS", "AH", "JD"]},
        "event": {"type": "wrong-count"}}, BANK.games)
    (ruled,) = rule(s, BANK.games, BANK.content).rulings
    assert ruled.outcome == "innocent-chooses"
    assert "ecarte.american.trump-unchanged-after-correction" not in ruled.laws
    assert "trump" not in ruled.explanation


# --- #97: a score marked this deal is in the running score ----------------------------------

_SCORE_CORRECTIONS = tuple(item for item in BANK.items if ":ecarte." in item
                           and item.endswith(("overscore-taken-down", "score-not-marked")))


def test_a_score_shown_holds_what_the_stem_says_was_marked() -> None:
    # (The overscore is no longer asked by its count, the stem's own subtraction: round 11's
    # #37. Its tables, as a ruling words them, are checked beside the items still asked.)
    told = list(bank_questions.told_moments("wrong-score", 8, "score-shown", game="ecarte"))
    # (The bank asks the overscore as a penalty since round 7: its ruling's choices varied
    # only a figure. The audited seed is built from the generator, whether or not it builds.)
    try:
        audited: Question | None = BANK.generate("ruling", "ecarte.english.overscore-taken-down",
                                                 528632)
    except QuestionError:
        audited = None
    checked = after_the_hand = 0
    for q in [audited, *told, *(bank_questions.question(item, seed)
                                for item in _SCORE_CORRECTIONS for seed in range(8))]:
        if not isinstance(q, (Question, bank_questions.Told)) or q.table is None:
            continue
        event = q.table["event"]
        if event["type"] != "wrong-score":
            continue
        checked += 1
        player, marked = event["player"], event["marked"]
        assert q.table["scores"][player] >= marked, (q.id, q.table["scores"], event)
        said = f"marked {marked} point"
        assert said in q.situation, (q.id, q.situation)
        after_the_hand += q.table.get("stage") == "hand-over"
    assert checked >= 4, checked
    assert after_the_hand, "no score marked after the hand was asked"


# --- #93: another code's way of putting the count right is no rival remedy -------------------

def _wrong_count_rulings() -> dict[str, CodeRuling]:
    s = parse_scenario({
        "game": "ecarte", "dealer": "North", "codes": ["english", "american"], "stage": "deal",
        "scores": {"North": 4, "South": 1}, "hands_seen": [],
        "hands": {"North": ["8H", "AH", "10H", "10S", "8S", "KD"],
                  "South": ["8D", "QS", "JS", "10C", "7S"]},
        "event": {"type": "wrong-count"}}, BANK.games)
    return {r.code: r for r in rule(s, BANK.games, BANK.content).rulings}


def test_a_correction_the_dealer_makes_and_one_the_pone_makes_are_one_remedy() -> None:
    ruled = _wrong_count_rulings()
    english, american = ruled["english"], ruled["american"]
    assert {o.id for o in english.options} >= {"dealer-rectifies"}
    assert {o.id for o in american.options} >= {"draw-from-dealer"}
    assert also_true_of(american, english) and also_true_of(english, american)


def test_the_club_codes_wrong_count_offers_no_other_codes_way_of_rectifying() -> None:
    audited = bank_questions.question("ruling:ecarte.english.wrong-count-dealt", 459960)
    if not isinstance(audited, Question):
        return  # not asked (round 6's #111: its other rivals gave the dealer who erred the choice)
    for q in [audited, *_built("ruling:ecarte.english.wrong-count-dealt")]:
        (marked,) = [c.text for c in q.choices if c.key in q.answer]
        holder = marked.split(" may ")[0].split()[-1]
        for c in q.choices:
            if c.text == marked:
                continue
            # Who holds each right the choice names: a choice whose every right is the
            # innocent player's, as the marked one's are, differs only in how the count is
            # put right.
            holders = [sentence.split(" may ")[0].strip() for sentence in c.text.split(".")
                       if " may " in sentence]
            assert not holders or set(holders) != {holder}, (q.id, c.text)


# --- #8: Foster's pack set aside for the next deal --------------------------------------------

_HALF_TRUE_OF_SET_ASIDE = ("The deal stands.", "The cards are dealt again.", "It is a misdeal.",
                           "The deal is void.")


def test_fosters_deal_out_of_turn_after_the_turn_up_is_set_aside_for_the_next_deal() -> None:
    item = "ruling:ecarte.american.wrong-dealer-after-turn-up"
    if item not in BANK.items:
        return  # not asked (round 6's #111: its other rivals gave the dealer who erred the choice)
    audited = bank_questions.question(item, 819509)
    assert isinstance(audited, Question)
    for q in [audited, *_built(item)]:
        (marked,) = [c.text for c in q.choices if c.key in q.answer]
        assert "set aside" in marked and "next deal" in marked and "other pack" in marked, marked
        for c in q.choices:
            if c.text != marked:
                assert c.text not in _HALF_TRUE_OF_SET_ASIDE, (q.id, c.text)


# --- #101: where a faced card lay, said as the table stands ----------------------------------

def test_a_faced_card_is_placed_in_words_true_once_the_hands_are_dealt() -> None:
    items = tuple(i for i in BANK.items if ":ecarte." in i and i.endswith("faced-card-in-pack"))
    audited = bank_questions.question("ruling:ecarte.english.faced-card-in-pack", 83680)
    assert isinstance(audited, Question)
    dealt_tables = 0
    for q in [audited, *_built(*items)]:
        assert q.table is not None
        hands = q.table.get("hands") or {}
        if not any(hands.values()):
            continue
        dealt_tables += 1
        for sentence in q.situation.replace("\n", " ").split(". "):
            if "card number" in sentence or "from the top" in sentence:
                assert "stock" in sentence or "whole pack" in sentence, (q.id, sentence)
        # (the card turned up lies apart from the stock: round 9's #134)
        assert "of the stock" in q.situation or "the card next after the" in q.situation, q.id
        # Its place, not the exception the law makes of it (the twelfth blind round's #92).
        assert "face up in the pack: the card turned up for trumps" not in q.situation, q.id
    assert dealt_tables, "no faced card was asked with the hands dealt"


# --- an earlier round: "after the hand" beside four tricks -----------------------------------

def test_a_hand_that_ended_early_says_how_it_ended() -> None:
    items = tuple(i for i in BANK.items if ":ecarte." in i and "wrong-count-found-in-play" in i)
    early = 0
    for q in _built(*items):
        assert q.table is not None
        played = q.table.get("tricks_played") or 0
        if q.table.get("stage") != "hand-over" or not 0 < played < 5:
            continue
        early += 1
        first = q.situation.split(";")[0]
        assert f"after the hand, which ended after {played} of its 5 tricks" in first, first
        assert "had no card left to play" in first, first
    assert early, "no hand that ended early was asked"
