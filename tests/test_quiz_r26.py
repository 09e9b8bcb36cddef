"""The twenty-sixth blind round's findings, each as a learner reads them.

#170: the why of an Écarté renounce under the Club Code said the offender "marks nothing" for
the point in the replay, dropping law 43's third case: one, where his adversary stood or
refused the first proposal.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_the_replays_score_keeps_law_43s_condition():  # #170
    q = BANK.question("revoke:ecarte.english.renounce-or-failure-to-win:403419")
    assert ("if North then wins the point he marks nothing, or only one if South had stood or "
            "refused the first proposal, and if he wins the vole he marks only one.") in \
        q.explanation
