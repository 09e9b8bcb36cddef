"""What the seventeenth blind round left, each as a learner reads the question.

#73: "mark the points omitted, while the law still allows it" offered as wrong once the next
deal's trump was turned: the hedge made it true of any table. #126: "how many points does
South add to his score?" where Foster's account also scores the tricks still to play. #56: the
Club Code's faced eleventh card asked "under the English laws", where the older English rule
(Hoyle's Games Improved) lets the deal stand.
"""

from __future__ import annotations

from tests.bank_questions import BANK, question


def test_points_omitted_are_marked_before_the_next_deals_trump_is_turned():  # #73
    q = BANK.question("ruling:ecarte.english.omitted-score:183964")
    wrong = [c.text for c in q.choices if c.key not in q.answer]
    assert any("mark the points omitted before the trump of the next deal is turned up" in w
               for w in wrong), wrong
    assert not any("while the law still allows it" in c.text for c in q.choices)
    assert "the trump of the next deal is turned up, and it has been" in q.explanation


def test_a_penalty_given_while_the_hand_goes_on_is_asked_apart_from_the_tricks():  # #126
    asked = 0
    for seed in (368843, *range(4)):
        q = BANK.generate("penalty", "rubicon-bezique.english.surplus-and-short", seed)
        assert "besides what he makes in the rest of the hand, how many points" \
            in q.prompt, q.prompt
        asked += 1
    assert asked
    # A penalty that ends the hand says nothing of tricks to come.
    q = question("penalty:rubicon-bezique.english.surplus-after-first-trick", 0)
    assert q is not None and "the rest of the hand" not in q.prompt


def test_the_faced_eleventh_card_names_the_club_code_against_the_older_rule():  # #56
    law = BANK.content.laws["ecarte.english.hgi-faced-card-in-pack"]
    assert law.variant_of == "ecarte-faced-card-in-pack" and "eleventh" in law.text
    q = BANK.question("ruling:ecarte.english.faced-card-in-pack:886047")
    assert "following English Club Code" in q.prompt, q.prompt
    # The older reading is for the record: never asked, never offered as a choice.
    assert not [i for i in BANK.items if "hgi-faced-card" in i]
