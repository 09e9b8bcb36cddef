"""Tables of the twelfth blind round's findings, read as a learner reads them."""

from __future__ import annotations

import pytest

from quizzes.questions import QuestionError
from tests.bank_questions import BANK


@pytest.mark.parametrize("item", ["ruling:ecarte.american.point-and-vole",
                                  "penalty:ecarte.american.point-and-vole",
                                  "ruling:ecarte.english.point-and-vole"])
def test_a_hand_s_end_shows_no_king_turned_whose_marking_it_cannot_show(item: str) -> None:
    # #176: "Scores so far: North 0 and South 0" beside a king of clubs turned up by the
    # dealer, under the American laws, which have him mark it at once: whether he did is not
    # shown and the score turns on it.
    kind, law = item.split(":")
    built = []
    for seed in range(40):
        try:
            built.append(BANK.generate(kind, law, seed))
        except QuestionError:
            continue
    assert len(built) >= 30
    for q in built:
        assert q.table is not None
        turned = q.table.get("turn_up")
        assert not (isinstance(turned, str) and turned.startswith("K")), (q.id, turned)
        assert "turned up for trumps is the king" not in q.situation, q.id


def test_a_faced_eleventh_card_is_told_by_its_place_not_as_the_trump_card() -> None:
    # #92: "A card is found face up in the pack: the card turned up for trumps" named the
    # exception Foster makes of the eleventh card, so "The deal stands" needed no law.
    # Since the 42nd round's #99 (a card "found" face up that the table showed turned up) the
    # eleventh is found as the dealer comes to turn it: the table shows no turn-up yet.
    from tests.bank_questions import generated

    eleventh = [q for seed in range(40) if (q := generated(
        "ruling", "ecarte.american.faced-card-in-pack", seed)) is not None
        and q.table["event"]["position"] == 11]
    assert eleventh
    for q in eleventh:
        assert ("face up in the pack: the top card of the stock, the card due to be turned up "
                "for trumps, after the 10 cards dealt (the 11th card of the whole pack)"
                ) in q.situation, q.situation
        assert "face up in the pack: the card turned up for trumps" not in q.situation
        assert not q.table.get("turn_up"), q.id


def test_a_score_taken_down_offers_the_plain_correction_as_the_rival() -> None:
    # Foster's Pinochle: "the adversary MAY add the points to his own score". A rival moving
    # the points off the wrong player is struck out by the stem's figures (round 12's restore)
    # and one of another table's figures by the choices' (round 11's #163). The option read
    # as done outright was the same score once he chooses (round 16's #13): the rival that
    # keeps the law asked is the plain correction, the Portland laws' ruling.
    q = BANK.generate("ruling", "pinochle.american.erroneous-score", 9)
    marked = next(c.text for c in q.choices if (c.key,) == q.answer)
    assert "may add the points wrongly marked" in marked
    texts = [c.text for c in q.choices]
    assert not [t for t in texts if "may add" not in t and " adds " in t], texts
    assert [t for t in texts if t.startswith("No penalty.") and "(a correction)" in t], texts
