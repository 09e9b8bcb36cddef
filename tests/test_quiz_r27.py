"""The twenty-seventh blind round's findings, and the earlier rounds' leftovers, each as a
learner reads them.

#128: a four of a kind declared with two of the rank called any card laid down, where Foster
calls "in the same manner" one of the cards of the rank. #41: "which code?" offered Foster's
American Bézique, silent where his own ordinary-Bézique laws (the French rules) were never
read. #4: a source line named a section twice. #182, #200: a Rubicon surplus's figure where
Foster's words and the rubicon's whole hundreds differ. Round 25's #35: Portland law 23's "all
but one may be taken up" was offered as "take back the card played in error", naming none.
"""

from __future__ import annotations

from tests.bank_questions import BANK


def test_law_23_says_all_but_one_are_taken_back():  # round 25's #35
    q = BANK.question("ruling:rubicon-bezique.english.several-cards-played-together:507874")
    right = next(c.text for c in q.choices if c.key in q.answer)
    assert right == "No penalty. South may take back all but one of the cards he played together."


def test_four_of_a_kind_with_two_calls_one_of_the_two():  # #128
    q = BANK.question("ruling:pinochle.american.other-false-declarations:60367")
    right = next(c.text for c in q.choices if c.key in q.answer)
    assert right.startswith("A penalty. North may make South lead or play one of the cards of "
                            "the declared rank he showed,")
    assert "North may make him lead or play one of the two aces he showed." in q.explanation


def test_a_code_silent_where_its_laws_were_not_read_is_no_choice():  # #41
    q = BANK.question("code:bezique.french.forgot-to-draw:685169")
    assert [c.text for c in q.choices] == [
        "The French laws",
        "The English laws, as Victorian household rules (Enquire Within) give them"]
    assert q.answer == ("french",)
    assert "American" not in q.explanation


def test_a_section_is_named_once_beside_its_paragraph():  # #4
    from quizzes.questions import source_words

    q = BANK.question("ruling:auction-pitch.american.two-count-out-bidder-wins:927586")
    assert source_words(q, BANK.content.laws) == \
        "Foster's Complete Hoyle (1897), Auction Pitch: Scoring, ¶3"


def test_a_surplus_figure_is_asked_only_where_both_reckonings_agree():  # #182, #200
    """Foster's 1300 "together with all the points already scored by the player in error"
    (at most 900), as he words it or counted as a rubicon in whole hundreds: readers have held
    each, so a question's table gives the same figure both ways."""
    import re

    from tests.bank_questions import generated

    scores = re.compile(r"Scores so far: North (\d+) and South (\d+)\.")
    adds = re.compile(r"(North|South) adds (\d+) to his score")
    asked = 0
    for law in ("surplus-after-first-trick", "surplus-and-short"):
        for kind in ("ruling", "penalty"):
            for seed in range(4):
                q = generated(kind, "rubicon-bezique.english." + law, seed)
                if q is None:
                    continue
                m = scores.search(q.situation)
                assert m, q.id
                points = {"North": int(m[1]), "South": int(m[2])}
                if kind == "penalty":
                    figures = [int(q.answer)]  # type: ignore[arg-type]
                else:
                    right = " ".join(c.text for c in q.choices if c.key in q.answer)
                    figures = [int(f) for who, f in adds.findall(right)]
                    offender = "South" if adds.findall(right)[0][0] == "North" else "North"
                for figure in figures:
                    if kind == "penalty":
                        offender = next(p for p in points
                                        if figure == 1300 + min(points[p], 900))
                    own = points[offender]
                    assert figure == 1300 + min(own, 900), q.id
                    assert figure == 1300 + min(max(own // 100 * 100, 100), 900), q.id
                    asked += 1
    assert asked >= 8
