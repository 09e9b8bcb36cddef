"""The thirty-sixth blind round's findings, as a learner reads them.

#155, #173: Cinch's left pedro, lawful as a trump, named in the why of "which cards may he
play?" only as "five of spades". #113: an authored stem's "his first card" repeated by the
right choice alone. #46: "dealt again or complete each short hand ..., if both players agree"
read as agreement needed for the fresh deal too (tested beside round 35's #18, in
tests/test_quiz_r35.py). #14, #31: the notes on another code's ruling
worded unclearly. #65: a lead out of turn taken back when the card led was the offender's
last, which changes nothing.
"""

from __future__ import annotations

from tests.bank_questions import BANK, generated


def test_the_left_pedro_is_named_a_trump_in_the_why():  # #155, #173
    said = []
    for seed in range(0, 300, 3):
        q = generated("revoke", "cinch.american.revoke-holding-suit", seed)
        if q is None or q.kind != "multi" or not q.table:
            continue
        trump = q.table.get("trump")
        pedro = {"S": "5C", "C": "5S", "H": "5D", "D": "5H"}.get(str(trump))
        if pedro in q.answer:
            said.append(q.explanation)
            name = next(c.text for c in q.choices if c.key == pedro)
            assert f"{name} (the left pedro, a trump)" in q.explanation, q.explanation
    assert said


def test_an_authored_stem_does_not_give_its_answers_words():  # #113
    item = BANK.authored["ecarte-king-in-hand"]
    assert "first card" not in item.prompt
    assert "Before he plays his first card" in item.choices


def test_another_codes_note_says_plainly_why():  # #14, #31
    q = BANK.question("ruling:ecarte.american.faced-card-in-pack:0")
    assert "These facts together put the case outside them:" in q.explanation
    assert "What keeps the case" not in q.explanation


def test_a_last_card_led_out_of_turn_is_not_asked():  # #65
    asked = [q for seed in (484718, *range(40)) if (q := generated(
        "ruling", "ecarte.english.lead-out-of-turn", seed)) is not None]
    assert len(asked) >= 20
    for q in asked:
        player = q.table["event"]["player"]
        assert len(q.table["hands"][player]) > 1, (q.id, q.table["hands"])
