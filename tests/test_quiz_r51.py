"""The fifty-first blind round's findings, as a learner reads them.

#51: two cards turned up for trumps, the first a king with the dealer at 4, whose point (and
the game) the question never spoke of. #72: "Under the English laws: These laws do not cover
the situation." beside the older English law the question compares, which does. #109: "Scores
so far: North 3" beside a king of trumps announced and marked: whether the 3 held the point.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_no_king_is_among_the_cards_turned_for_trumps():  # #51
    for law in ("ecarte.american.several-turned-after-seen",
                "ecarte.english.several-turned-after-looking"):
        for seed in (601950, *range(1, 10)):
            q = generated("ruling", law, seed)
            if q is None:
                continue
            turned = q.seen["apart"]["cards"]
            assert not any(c.startswith("K") for c in turned), (q.id, turned)


def test_the_other_code_not_covering_names_the_reading_it_follows():  # #72
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:329283")
    assert "ecarte.english.hgi-faced-card-in-pack" in q.links
    assert ("Under the English laws, following English Club Code (Cavendish), printed by "
            "Hoffmann 1909: These laws do not cover the situation.") in q.explanation


def test_the_scores_shown_hold_a_point_just_marked():  # #109
    q = BANK.question("ruling:ecarte.english.king-in-hand-announced:977923")
    assert ("Scores as marked, North's 1 for the king of trumps included: North 3 and "
            "South 3.") in q.situation
    assert "Scores so far" not in q.situation
