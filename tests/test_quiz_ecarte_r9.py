"""Écarté as a learner reads it, the ninth blind round's classes (/work/round9).

- A law whose code holds a rival reading of its case (a variant group, or another book of the
  same code ruling the case) is asked "following" its authority (#101).
- No choice pairs "No penalty" with a fine: a score taken down beside it is worded as the
  correction it is, and a wrong choice made by mutating a score keeps its outcome's sense
  (#108).
- A faced card's place in the stock and in the whole pack agree, the turn-up lying apart
  (#134).
- The Club Code's laws 15 to 18 speak before the non-dealer proposes and the dealer answers:
  the stem says nobody has proposed yet (#141).
- An error in the exchange is told in the words that fit who made it: the dealer takes, the
  non-dealer asks for (#48).
- The false king is punished by law 25 only where he played a card without owning his error
  (or the adversary holds the king); owned before a card is played, the point comes off as an
  admitted overscore (law 51), and the stem says he admits it (#27).
- A wrong choice giving the right ruling's rights and more, by the law the ruling cites (the
  law's whole remedy, part of it moot at the table), is not offered (#171, #194).
"""

from __future__ import annotations

import dataclasses
import random

import bank_questions

from app.engine import CodeRuling, rule
from app.engine.ruling import Decision, Option
from app.model.event_words import exchange_error_words
from app.model.scenario import parse_scenario
from quizzes.audit import question_problems
from quizzes.generators.ruling import _mutations
from quizzes.judge import judge, wider_under_the_law
from quizzes.questions import Choice, Question, QuestionError
from quizzes.read_back import read_ruling
from quizzes.readings import disputed
from quizzes.words import NO_PENALTY, event_words, ruling_words, side_words

BANK = bank_questions.BANK
SEEDS = range(6)


def _built(law_id: str, qtype: str = "ruling", seeds: range = SEEDS) -> list[Question]:
    out: list[Question] = []
    for seed in seeds:
        try:
            out.append(BANK.generate(qtype, law_id, seed))
        except QuestionError:  # a seed with no table is no question
            continue
    return out


# --- #101: the reading asked is named wherever the code holds a rival one ---------------------

def test_the_hgi_rule_makes_the_club_codes_law_11_a_disputed_case() -> None:
    laws = BANK.content.laws
    assert disputed(BANK.content, laws["ecarte.english.several-turned-after-looking"])
    assert not disputed(BANK.content, laws["ecarte.english.king-in-hand-announced"])


def test_the_audited_question_names_the_club_code() -> None:
    q = BANK.generate("ruling", "ecarte.english.several-turned-after-looking", 800489)
    assert "following English Club Code (Cavendish)" in q.prompt


def test_every_disputed_law_is_asked_following_its_authority() -> None:
    content = BANK.content
    asked = 0
    for law in content.laws.values():
        if law.game != "ecarte" or not disputed(content, law):
            continue
        for q in _built(law.id, seeds=range(2)):
            assert f"following {law.authority}" in q.prompt, q.id
            asked += 1
    assert asked


def test_the_audit_finds_a_disputed_law_asked_unnamed() -> None:
    q = BANK.generate("ruling", "ecarte.english.several-turned-after-looking", 800489)
    bare = dataclasses.replace(q, prompt="Under the English laws, what is the ruling?")
    kinds = {p.kind for p in question_problems(BANK.content, BANK.games, bare)}
    assert "unnamed-reading" in kinds


# --- #108: no "No penalty" beside a fine -------------------------------------------------------

def _refuting(text: str) -> bool:
    return text.startswith("No penalty.") and "taken off" in text and "(a correction)" not in text


def test_the_audited_question_offers_no_self_refuting_choice() -> None:
    q = BANK.generate("ruling", "ecarte.english.king-in-hand-announced", 281573)
    assert not [c.text for c in q.choices if _refuting(c.text)]


def test_no_ecarte_ruling_choice_pairs_no_penalty_with_a_fine() -> None:
    seen = 0
    for item in BANK.items:
        if not item.startswith("ruling:ecarte."):
            continue
        for q in _built(item.split(":", 1)[1], seeds=range(2)):
            seen += 1
            assert not [c.text for c in q.choices if _refuting(c.text)], q.id
    assert seen


def test_a_deduction_beside_no_penalty_is_worded_a_correction() -> None:
    ruling = CodeRuling("english", Decision("no-penalty", (), "", score={"South": -1}))
    words = ruling_words(ruling)
    assert words == ("No penalty. South has the 1 he marked in error taken off his score "
                     "(a correction).")


def test_mutations_never_move_or_double_a_correction() -> None:
    right = CodeRuling("english", Decision("no-penalty", (), "", score={"South": -1}))
    fined = CodeRuling("english", Decision("penalty", (), "", score={"South": -2}))
    for cr in (right, fined):
        for m in _mutations(cr, ("North", "South"), "North", random.Random(1),
                            {"North": "North", "South": "South"}):
            if m.outcome in NO_PENALTY and m.score:
                assert m.score == cr.score, (cr, m)


def test_the_judge_finds_a_fine_beside_no_penalty() -> None:
    q = BANK.generate("ruling", "ecarte.english.king-in-hand-announced", 281573)
    wrong = next(c for c in q.choices if not isinstance(q.answer, tuple) or c.key not in q.answer)
    bad = Choice(wrong.key, "No penalty. South has 1 taken off his score.")
    changed = dataclasses.replace(q, choices=tuple(bad if c.key == wrong.key else c
                                                  for c in q.choices))
    assert [f for f in judge(changed, BANK.content, BANK.games)
            if f.cls == "giveaway" and "No penalty" in f.detail]


# --- #134: the faced card's two places agree ---------------------------------------------------

def test_the_audited_faced_card_is_the_third_of_the_stock_after_the_turn_up() -> None:
    q = BANK.generate("ruling", "ecarte.american.faced-card-in-pack", 38656)
    assert "the third card from the top of the stock" in q.situation
    assert "the card turned up for trumps (the 14th card of the whole pack)" in q.situation


def test_every_faced_card_place_adds_up() -> None:
    ordinals = {w: i for i, w in enumerate(
        ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
         "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
         "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"), start=1)}
    checked = 0
    for item in BANK.items:
        if not item.endswith("faced-card-in-pack"):
            continue
        for q in _built(item.split(":", 1)[1]):
            assert q.table is not None
            scenario = parse_scenario(dict(q.table), BANK.games)
            position = scenario.event.get("position")
            dealt = sum(len(h) for h in scenario.hands.values() if not isinstance(h, int))
            for word, k in ordinals.items():
                if f"the {word} card from the top of the stock" in q.situation:
                    turned = 1 if scenario.turn_up is not None else 0
                    assert dealt + turned + k == position, q.id
                    checked += 1
    assert checked


# --- #141: nobody has proposed yet ---------------------------------------------------------

def test_the_audited_wrong_count_says_nobody_has_proposed() -> None:
    q = BANK.generate("ruling", "ecarte.english.dealer-too-few-dealt", 334878)
    assert "Nobody has proposed yet" in q.situation
    assert "the dealer has neither accepted nor refused" in q.situation


def test_the_club_code_wrong_count_before_play_turns_on_the_proposal() -> None:
    for law in ("ecarte.english.pone-too-many-dealt", "ecarte.english.pone-too-few-dealt",
                "ecarte.english.dealer-too-many-dealt", "ecarte.english.dealer-too-few-dealt"):
        for q in _built(law, seeds=range(2)):
            assert q.table is not None
            scenario = parse_scenario(dict(q.table), BANK.games)
            ruled = rule(scenario, BANK.games, BANK.content).for_code("english")
            assert ("proposing-begun", None, False) in {(g.fact, g.seat, g.value)
                                                       for g in ruled.grounds}, q.id
            assert "Nobody has proposed yet" in q.situation, q.id


# --- #48: the dealer takes, the non-dealer asks for --------------------------------------------

def test_an_exchange_error_is_told_in_the_words_of_who_made_it() -> None:
    f = {"player": "North", "error": "took-too-few"}
    assert "asked for" not in exchange_error_words(f, "North")
    assert "took fewer cards from the stock" in exchange_error_words(f, "North")
    assert "asked for fewer cards" in exchange_error_words(f, "South")


def test_the_audited_dealer_takes_too_few_is_told_as_the_dealers() -> None:
    q = BANK.generate("ruling", "ecarte.english.dealer-takes-too-few", 271329)
    assert "(or asked for)" not in q.situation
    assert "North took fewer cards from the stock than he discarded" in q.situation


# --- #171, #194: the law's whole remedy, part of it moot here, is no wrong choice ---------------

def test_a_wider_ruling_under_the_same_law_is_found() -> None:
    law = ("ecarte.french.named-suit-not-played",)
    right = CodeRuling("french", Decision("penalty", law, "",
                                          options=(Option("direct-play", "South"),)))
    whole = CodeRuling("french", Decision("penalty", law, "", options=(
        Option("insist-named-suit", "South"), Option("direct-play", "South"))))
    other_law = CodeRuling("french", Decision("penalty", ("x",), "", options=whole.options))
    assert wider_under_the_law(whole, right)
    assert not wider_under_the_law(right, whole)
    assert not wider_under_the_law(other_law, right)


def test_no_ruling_choice_quotes_the_whole_remedy_where_part_is_moot() -> None:
    law = "ecarte.french.named-suit-not-played"
    built = [BANK.generate("ruling", law, s) for s in (688077, 5899)] + _built(law)
    for q in built:
        assert q.table is not None and isinstance(q.answer, tuple)
        scenario = parse_scenario(dict(q.table), BANK.games)
        game = BANK.games[scenario.game]
        sides = side_words(scenario, game)
        right = rule(scenario, BANK.games, BANK.content).for_code("french")
        rights = {(o.id, o.by) for o in right.options}
        for c in q.choices:
            said = read_ruling(c.text, "french", sides)
            if c.key in q.answer or said is None:
                continue
            wider = {(o.id, o.by) for o in said.options}
            assert not (said.outcome == right.outcome and rights < wider), (q.id, c.text)


# --- #27: the false king's penalty only where law 25's condition holds --------------------------

def test_no_count_is_asked_of_a_false_king_the_stem_says_was_marked() -> None:
    # Round 11's #35: "marked one point for it", how many points are taken off? 1 is the stem
    # restated, whichever law (25, or 51 for an error owned) takes it down: no count is asked.
    for law_id in ("ecarte.english.false-king", "ecarte.english.overscore-taken-down"):
        assert f"penalty:{law_id}" not in BANK.items
        assert not _built(law_id, "penalty")


# The audited table's kind (#27): the king of trumps in nobody's hand, no card played.
_UNPLAYED_FALSE_KING = {
    "game": "ecarte", "players": ["North", "South"], "dealer": "South",
    "codes": ["american", "english", "french"],
    "hands": {"North": ["KH", "JD", "AC", "QC", "KC"], "South": ["JS", "7C", "AS", "7H", "8H"]},
    "stock": 21, "scores": {"North": 1, "South": 1}, "stage": "bidding", "tricks_played": 0,
    "hands_seen": ["North", "South"], "trump": "D", "turn_up": "7D",
    "event": {"type": "false-declaration", "player": "North", "declared": "king",
              "next_trick_started": False},
}


def test_the_club_code_takes_an_unplayed_false_king_down_by_law_51() -> None:
    scenario = parse_scenario(_UNPLAYED_FALSE_KING, BANK.games)
    ruled = rule(scenario, BANK.games, BANK.content).for_code("english")
    # Law 51 alone since the tenth round's #27: law 25 speaks of an error not owned.
    assert ruled.laws == ("ecarte.english.overscore-taken-down",)
    assert ruled.outcome == "no-penalty" and ruled.score == {"North": -1}
    words = event_words(scenario, BANK.games["ecarte"], "english")
    assert "South challenges it before North plays a card. He admits the error." in words
