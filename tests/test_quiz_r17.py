"""The seventeenth blind round's findings, each as a learner reads the question.

#176 (firm): "how many points does North score?" after South abandoned, with North holding
the king of trumps he may still mark: 2 or 3, on a fact no stem gives. #1: rights on an
exposed card whose holder has no other card (two cards played to trick 5 of 6). #70: a rule
of Foster's 1913 Cooncan laws asked "at Conquian", naming no code.
"""

from __future__ import annotations

from tests.bank_questions import BANK

ECARTE_PENALTIES = [i.law for i in BANK.items.values()
                    if i.type == "penalty" and i.game == "ecarte"]


def _king_of_trumps_in_a_hand(table: dict) -> bool:
    trump = table.get("trump")
    return bool(trump) and any(f"K{trump}" in hand for hand in table["hands"].values()
                               if isinstance(hand, list))


def test_no_ecarte_count_is_asked_beside_a_king_of_trumps_still_to_mark():  # #176
    q = BANK.question("penalty:ecarte.english.abandon-before-trick:204960")
    assert q.table is not None
    assert not _king_of_trumps_in_a_hand(q.table), q.table["hands"]
    asked = 0
    for law in ECARTE_PENALTIES:
        for seed in range(6):
            q = BANK.generate("penalty", law, seed)
            assert q.table is not None
            if not q.table.get("tricks_played"):
                asked += 1
                assert not _king_of_trumps_in_a_hand(q.table), (q.id, q.table["hands"])
    assert asked


def test_rights_on_an_exposed_card_are_asked_only_where_its_holder_has_another():  # #1
    for seed in (64007, *range(8)):
        q = BANK.generate("ruling", "cinch.american.exposed-two-cards-to-a-trick", seed)
        assert q.table is not None
        player = q.table["event"]["player"]
        assert q.table["hands"][player], (q.id, q.table["hands"])


def test_the_cooncan_rule_names_the_laws_it_is_from():  # #70
    q = BANK.question("authored:conquian-top-card-touched")
    assert "Foster's laws of Cooncan (1913)" in q.prompt
