"""The fifty-eighth blind round's findings, as a learner reads them.

#153 (and round 54's #117, round 56's #128): "may call the exposed card to be led or played"
offered as wrong beside Foster's general lead out of turn by a player with no partner, which
readers held from the same paragraph's exposed cards: not offered there; a fresh deal, which
no law gives for it, is.
#167, #181: an Écarté table before play with a king turned up and the dealer's score as it
was, where Foster's dealer marks the king at once: before play no king is turned beside a
question of something else.
#71: "where Foster's laws in this trainer are silent" read as pointing at the trainer: an
account is "as completed by" its book.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_no_exposed_card_is_called_beside_fosters_general_lead_out_of_turn():  # #153
    q = BANK.question("ruling:general.american.lead-out-of-turn-no-partner:23946")
    texts = [c.text for c in q.choices]
    assert not any("call the exposed card" in t for t in texts), texts
    assert q.answer and all("call the exposed card" not in c.text for c in q.choices)
    built = [generated("ruling", "general.american.lead-out-of-turn-no-partner", s)
             for s in range(10)]
    assert all(b is not None for b in built)


def test_no_king_is_turned_before_play_beside_another_question():  # #167, #181
    for qid in ("ruling:ecarte.american.dealer-exposes-own-card:883511",
                "ruling:ecarte.american.faced-card-in-pack:599592"):
        q = BANK.question(qid)
        assert not str(q.table.get("turn_up", "")).startswith("K"), qid


def test_an_account_is_named_as_completed_by_its_book():  # #71
    q = BANK.question("penalty:ecarte.american.point-and-vole:946274")
    assert q.prompt.startswith("Under the American laws as completed by the Encyclopedia "
                               "Americana, how many points does North score?")
