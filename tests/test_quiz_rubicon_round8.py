"""Questions the eighth blind round (/work/round8) found open to two readings, each as the
class it stands for, judged from the Portland Club laws (Hoffmann 1909) and Foster:

- #4: a hand of eleven found "just after the deal", nobody having taken up a card: law 11
  (the dealer may put a wrong deal right with his adversary's permission, before either
  player has taken up a card) and law 12 (more than nine: a fresh deal) both fit word for
  word. Where two laws of a code fit a moment and rule it differently, the ruling gives both
  (contested) and the quiz asks the moment once the cards are taken up, or not at all;
- #166: a declaration scored after the stock ran out, found after a card of the next trick:
  law 50 (the score stands) against laws 51-52. A wrongly timed declaration is asked found
  before any card of the next trick is played, in every game whose trick winners declare;
- #178: both hands long: Foster's "the deal is void" beside Portland law 18's "the game is
  null and void", cited and worded;
- #10: Bézique, a card drawn out of turn in the middle of a trick, "not his adversary's", the
  drawer's hand one over, which meets the surplus laws: the stem says which card, whose, and
  when, and no table shows a hand off its count that a law outside the ruling rules.
"""

from __future__ import annotations

import random

from bank_questions import BANK, generated

from app.engine import rule
from quizzes.generators.common import count_ruled_otherwise, rule_combo
from quizzes.moments import deal_moment
from quizzes.questions import Question

E = "rubicon-bezique.english."
SEEDS = (0, 1, 2, 3, 4, 5, 6, 7)


def _question(kind: str, law: str, seed: int) -> Question | None:
    return generated(kind, law, seed)


def _questions(kind: str, law: str, seeds: tuple[int, ...] = SEEDS) -> list[Question]:
    return [q for s in seeds if (q := _question(kind, law, s)) is not None]


# --- #4: laws 11 and 12 both fit a wrong deal nobody has taken up -------------------------
def test_a_long_hand_is_asked_only_once_the_cards_are_taken_up():
    asked = _questions("ruling", E + "surplus-before-play", (577920, *SEEDS))
    assert len(asked) >= 6
    for q in asked:
        assert "Nobody has taken up" not in q.situation, q.id
        assert "have taken up their cards" in q.situation or "has taken up" in q.situation, q.id
        assert "law 12" in q.explanation and "that time is past" in q.explanation, q.id


def test_no_wrong_count_is_asked_where_the_ruling_is_contested():
    """Every table of a wrong count dealt just after the deal: a contested ruling never comes
    out of the generators' moment, and a moment nobody has taken up a card is asked only
    where the ruling offers law 11's reading beside law 12's."""
    combo = ("rubicon-bezique", "deal", "wrong-count")
    for k in range(40):
        found = rule_combo(BANK, combo, random.Random(f"r8:{k}"))
        if found is None:
            continue
        english = found.for_code("english")
        assert not english.contested, found.scenario
        if not found.scenario.hands_seen and english.outcome != "deal-stands":
            assert E + "dealer-deals-wrongly" in english.laws
            assert "Law 11" in english.explanation and "law 12" in english.explanation


# --- #166: a wrongly timed declaration is found before the next trick ---------------------
def test_a_late_declaration_is_never_asked_found_after_a_card_of_the_next_trick():
    asked = [*_questions("penalty", E + "declaring-after-stock-exhausted", (129301, *SEEDS)),
             *_questions("ruling", E + "declaring-after-stock-exhausted", SEEDS)]
    assert asked
    for q in asked:
        assert "after a card of the next trick had been played" not in q.situation, q.id


def test_no_game_deals_a_wrongly_timed_declaration_found_after_the_next_trick_began():
    for gid in ("rubicon-bezique", "bezique", "pinochle"):
        for stage in ("play", "stock-exhausted"):
            for k in range(30):
                dealt = deal_moment(BANK, (gid, stage, "false-declaration"),
                                    random.Random(f"r8:{gid}:{stage}:{k}"))
                if dealt is None or dealt.scenario.stage != "stock-exhausted":
                    continue
                assert not dealt.event.get("next_trick_started"), (gid, k)


# --- #178: Portland law 18 beside Foster's "deal void" -------------------------------------
def test_both_hands_long_cites_and_words_portland_law_18():
    law = BANK.content.laws[E + "both-played-with-surplus"]
    assert law.source == "H-PC law 18" and "null and void" in law.text
    asked = _questions("ruling", E + "both-surplus", (98826, *SEEDS))
    assert asked
    for q in asked:
        assert E + "both-played-with-surplus" in q.laws, q.id
        assert "the game is null and void (Portland law 18)" in q.explanation, q.id


# --- #10: a draw out of turn says which card, whose and when, and the hand fits -------------
def test_a_draw_out_of_turn_says_which_card_whose_and_when():
    asked = _questions("ruling", "bezique.english.drew-out-of-turn", (53482, *SEEDS))
    assert len(asked) >= 6
    for q in asked:
        assert "he took the top card of the stock: the card his adversary should have drawn" \
            in q.situation, q.id
        assert "led to the trick in progress" not in q.situation, q.id
        assert "not his adversary's" not in q.situation, q.id


def test_no_draw_out_of_turn_shows_a_hand_the_surplus_laws_rule():
    kept = 0
    for k in range(40):
        dealt = deal_moment(BANK, ("bezique", "play", "drew-out-of-turn"),
                            random.Random(f"r8:dot:{k}"))
        if dealt is None:
            continue
        ruling = rule(dealt.scenario, BANK.games, BANK.content)
        if count_ruled_otherwise(BANK, dealt, ruling):
            continue
        kept += 1
        counted = rule(dealt.with_event({"type": "wrong-count"}, BANK.games).scenario,
                       BANK.games, BANK.content)
        assert counted.for_code("english").outcome == "not-covered", dealt.event
    assert kept >= 20
