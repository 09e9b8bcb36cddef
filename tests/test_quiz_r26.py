"""The twenty-sixth blind round's findings, each as a learner reads them.

#170: the why of an Écarté renounce under the Club Code said the offender "marks nothing" for
the point in the replay, dropping law 43's third case: one, where his adversary stood or
refused the first proposal. #16: Portland law 12's short hand before play, asked "under the
English laws", where Foster's summary of the same code lets the deal stand with no time said.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_replays_score_keeps_law_43s_condition():  # #170
    q = BANK.question("revoke:ecarte.english.renounce-or-failure-to-win:403419")
    # (South, the elder hand, could only have played without proposing: round 28's #37)
    assert ("if North then wins the point he marks nothing, or only one if South had played "
            "without proposing, and if he wins the vole he marks only one.") in \
        q.explanation


def test_portland_law_12_is_asked_by_its_account():  # #16
    q = BANK.question("ruling:rubicon-bezique.english.short-before-play:882736")
    assert q.prompt == ("Under the English laws as the Portland Club gives them (Hoffmann "
                        "1909), what is the ruling?")
