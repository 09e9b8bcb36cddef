"""Écarté and the cut, as a learner reads the questions (the blind audit's classes of issue 25).

Each test builds its items' questions from a few seeds (shared with the other bank audits,
tests/bank_questions.py) and reads what the learner is shown: the stem, the table drawn
beside it (`shown`), the choices and the marked answer.

- Every card turned for trumps lies on the table, and none is named the trump while the
  adversary may choose among them or a fresh deal is due (Club Code law 11; Foster's
  Misdealing ¶6): #10, #85, #96, #185.
- An error of the exchange whose remedy is a choice is ruled at the exchange, before the first
  card is led, both players having looked (Club Code laws 29, 31-33, 35-37): #127, #179.
  Law 38's stem says the stock ran short for both exchanges, as the cards left show: #187.
- A cut is told by the size of its smaller packet, never as "too few" (Club Code law 3,
  Foster's trick's worth): #107, #197. Cutting for deal comes before the first deal: #112.
- An overscore is admitted (#106, #184); a hand abandoned follows an accepted proposal (#24);
  a dealer with points who turned a king is never asked about (whether he marked it is not
  shown, #79).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import bank_questions
import pytest

from quizzes.generators.common import find
from quizzes.generators.ruling import ruling_choices
from quizzes.questions import Question
from quizzes.stem import table_text

SEEDS = range(4)


def _questions(*items: str) -> Iterator[Question]:
    return bank_questions.asked(items, SEEDS)


def _built(*items: str) -> list[Question]:
    return bank_questions.built_of(items, SEEDS)


# Every item of the bank on several cards turned for trumps, whichever types are asked of it
# (a code question is asked only while the codes' rulings differ in meaning).
SEVERAL_TURNED = tuple(item for item in bank_questions.BANK.items
                       if ":ecarte." in item and ".several-turned-" in item)


def test_every_card_turned_for_trumps_lies_on_the_table_and_none_is_named_trumps() -> None:
    # (3 since round 7's #25: before the pone has seen his hand, Foster's choice of any turned
    # card has no wrong ruling a learner can rule out that is not a narrower form of it.)
    assert len(SEVERAL_TURNED) >= 3, SEVERAL_TURNED
    for q in _built(*SEVERAL_TURNED):
        shown = q.shown
        assert shown is not None
        count = shown["event"]["count"]
        turned = shown["apart"]["cards"]
        assert len(turned) == count == len(set(turned)), q.id
        assert "turn_up" not in shown and "trump" not in shown, q.id
        # 32 cards: the two hands, the cards turned and the stock.
        held = sum(len(h) for h in shown["hands"].values())
        assert held + count + shown["stock"] == 32, q.id
        said = f"{q.situation}\n{table_text(shown)}"
        assert "Trumps are" not in said and "turned up for trumps is" not in said, q.id
        assert "Turned up for trumps by the dealer, the eleventh card first" in said, q.id


CHOSEN_AT_THE_EXCHANGE = (
    "ruling:ecarte.english.dealer-gives-pone-too-many",
    "ruling:ecarte.english.dealer-gives-pone-too-few",
    "ruling:ecarte.english.pone-cards-exposed-in-giving",
    "ruling:ecarte.english.pone-took-too-many",
    "ruling:ecarte.english.dealer-takes-too-many",
    "ruling:ecarte.english.faced-card-in-stock",
    "ruling:ecarte.english.card-turned-in-error",
)


def test_an_exchange_error_whose_remedy_is_a_choice_is_ruled_at_the_exchange() -> None:
    for q in _built(*CHOSEN_AT_THE_EXCHANGE):
        shown = q.shown
        assert shown is not None
        assert not shown.get("tricks_played") and not (shown.get("trick") or {}).get("cards"), q.id
        assert "Tricks played" not in q.situation, q.id
        assert set(shown.get("hands_seen") or ()) == {"North", "South"}, q.id


def test_a_card_turned_in_error_in_the_exchange_lies_on_the_table() -> None:
    for q in _built("ruling:ecarte.english.card-turned-in-error"):
        assert q.shown is not None
        assert len(q.shown["apart"]["cards"]) == 1, q.id
        assert "Turned up in error by the dealer" in table_text(q.shown), q.id


def test_a_stock_too_small_is_said_for_both_exchanges_as_the_cards_left_show() -> None:
    # Law 38's ruling ("as many as are left; play goes on") is asked only while the bank has
    # a question on it; wherever a stem tells of a short stock, it says so of both exchanges.
    short = [q for q in bank_questions.built(SEEDS) if "stock" in q.situation
             and ("could supply" in q.situation or "for both players to exchange" in q.situation)]
    for q in short:
        assert "more cards than the stock could supply" not in q.situation, q.id
        assert "too few cards for both players to exchange" in q.situation, q.id


# No ruling question is asked at the cut (its laws give two rulings, the cut made again or
# standing: tests/test_quiz_cut_rivals.py): its stems are read as a question would tell the
# tables the bank deals there.
def _cuts(game: str | None = "ecarte") -> list[bank_questions.Told]:
    return list(bank_questions.told_moments("cut-error", 30, "ecarte-cuts", game=game))


def test_a_cut_is_told_by_its_packet_never_as_too_few() -> None:
    told = _cuts(None)
    assert {t.table["game"] for t in told} >= {"ecarte", "cinch", "conquian"}
    for q in told:
        cards = q.shown["event"].get("cards")
        assert "too few" not in q.situation, q.id
        if cards is not None and q.shown["event"]["error"] == "packet-too-small":
            assert f"leaving {cards} card" in q.situation, q.id


def test_only_a_packet_too_small_tells_the_packets_size() -> None:
    told = [t for t in _cuts() if t.shown["event"]["error"] != "packet-too-small"]
    assert len(told) >= 5
    for q in told:
        assert "smaller packet" not in q.situation, q.id


def test_cutting_for_deal_is_before_the_first_deal() -> None:
    told = [t for t in _cuts() if t.shown["event"]["error"] == "several-shown-for-deal"]
    assert len(told) >= 3
    for q in told:
        shown = q.shown
        assert set(shown["scores"].values()) == {0}, q.id
        said = f"{q.situation}\n{table_text(shown)}"
        assert "turn to deal" not in said, q.id
        assert not any(f"{p} dealt." in said for p in ("North", "South")), q.id
        assert "cutting for the first deal" in said, q.id


def test_an_overscore_taken_down_is_said_to_be_admitted() -> None:
    # (No longer asked by its count, the stem's own subtraction: round 11's #37. The stems of
    # its tables, as a ruling words them, are checked.)
    told = [t for t in bank_questions.told_moments("wrong-score", 6, "overscore", game="ecarte")
            if t.table["event"]["marked"] > t.table["event"]["correct"]]
    assert told
    for t in told:
        assert "He admits the error." in t.situation, t.id


def test_a_hand_abandoned_follows_an_accepted_proposal() -> None:
    # With no exchange a stand or refusal was made, and its maker's failure gives 2 (law 49).
    for q in _built("penalty:ecarte.english.abandon-after-tricks",
                    "ruling:ecarte.english.abandon-after-tricks"):
        assert q.shown is not None and q.shown.get("discards"), q.id
        assert "A discard has been made." in q.situation, q.id
        assert set(q.shown.get("hands_seen") or ()) == {"North", "South"}, q.id


def test_no_hand_is_scored_beside_a_king_turned_by_a_dealer_who_has_points() -> None:
    # Law 22 (when a turned king is marked) is cited beside law 24's point for the king: its
    # tables are asked under the law the ruling rests on first (king-scores-one).
    for q in _built("code:ecarte.english.turned-king-marking-time",
                    "ruling:ecarte.english.king-scores-one",
                    "penalty:ecarte.english.king-scores-one"):
        shown = q.shown
        assert shown is not None
        king = str(shown.get("turn_up", "")).startswith("K")
        if shown["event"]["type"] == "hand-result" and king:
            assert shown["scores"][shown["dealer"]] == 0, q.id


@pytest.mark.parametrize("seed", SEEDS)
def test_the_club_codes_rectify_or_deal_again_is_no_rival_to_fosters_corrections(seed) -> None:
    # Foster's pone dealt too many discards his surplus or claims a misdeal: "North may require
    # the dealer to put the error right or have the cards dealt again" says that too (#68).
    # No American ruling of a wrong count dealt is asked as an item (round 6, #111: none has
    # two real rivals once no choice gives the dealer who erred the innocent side's choice),
    # so each such law's table is dealt here and its choices made as the generator makes
    # them: the rival is the same beside any of them.
    bank = bank_questions.BANK
    laws = [law for law in bank.content.laws if law.startswith("ecarte.american.")
            and ("wrong-count" in law or "too-many" in law or "too-few" in law)]
    offered: list[str] = []
    dealt = 0
    for law in laws:
        combos = bank.survey.combos(law, "ruled")  # every table whose ruling cites the law
        if not combos:
            continue
        rng = random.Random(f"{law}:{seed}")
        found = find(bank, law, "american", combos, rng)
        choices, _ = ruling_choices(bank, found, "american", rng, combos)
        offered += [c.text for c in choices]
        dealt += 1
    assert dealt >= len(laws) // 2, dealt
    assert not any("put the error right" in text for text in offered), offered
