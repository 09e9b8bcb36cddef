"""The nineteenth blind round's findings, each as a learner reads the question.

#29, #47, #60, #161: "North is to play. His hand: ..." beside his card already lying on the
trick (a play said to stand had been laid on the trick in every question's table, round 18's
#149, where only a stem saying so should show it).
"""

from __future__ import annotations

from tests.bank_questions import BANK, question

ASKED = ["revoke:ecarte.american.follow-suit-and-win:853810",
         "revoke:pinochle.american.replay-after-failure-to-follow-or-win:642235",
         "revoke:auction-pitch.american.follow-trump-lead:305468",
         "revoke:auction-pitch.american.plain-suit-lead-trump-allowed:405494"]


def _to_play(q) -> str:
    return q.situation.split(" is to play.")[0].rsplit("\n", 1)[-1]


def test_a_player_to_play_still_holds_his_cards_on_the_table_shown():
    for qid in ASKED:
        q = BANK.question(qid)
        player = _to_play(q)
        shown = q.shown
        assert shown is not None
        played = [p for p in (shown.get("trick") or {}).get("players", [])]
        assert player not in played, (qid, shown.get("trick"))
        held = set(shown["hands"][player])
        assert {c.key for c in q.choices} <= held, (qid, held)
    asked = 0
    for item in [i for i in BANK.items if i.startswith("revoke:")]:
        for seed in range(3):
            q = question(item, seed)
            if q is None or isinstance(q, Exception) or " is to play." not in q.situation:
                continue
            asked += 1
            player = _to_play(q)
            assert player not in (q.shown.get("trick") or {}).get("players", []), q.id
    assert asked


def test_a_ruling_stem_saying_the_card_stands_still_shows_it_on_the_trick():  # round 18's #149
    q = BANK.generate("ruling", "auction-pitch.american.plain-suit-lead-trump-allowed", 0)
    assert q.shown is not None and q.shown["trick"]["cards"] == ["AC", "2C", "AH"]
