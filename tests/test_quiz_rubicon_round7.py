"""Rubicon Bézique and Bézique questions the seventh blind audit found defective, each as the
class it stands for, judged from the laws' own words (seed 000:1 for Foster's report, Hoffmann
1909 for the Portland Club's laws 17, 19, 21 and 58-59):

- #99, #196, #97: a surplus's figure reckoned half by Foster (a sum "added to his score") and
  half by law 58 (whole hundreds, the winner's own score): every item asks one figure,
  computed as the laws it cites compute it.
"""

from __future__ import annotations

import re
from functools import cache

from bank_questions import BANK

from quizzes.questions import Question, QuestionError

E = "rubicon-bezique.english."
SEEDS = (0, 1, 2, 3, 4, 5, 280030, 707468)
_SCORES = re.compile(r"Scores so far: North (\d+) and South (\d+)\.")
_ADDS = re.compile(r"(North|South) adds (\d+) to his score")
_WORTH = re.compile(r"(North|South) wins it, worth (\d+)")


@cache
def _question(kind: str, law: str, seed: int) -> Question | None:
    try:
        return BANK.generate(kind, E + law, seed)
    except QuestionError:
        return None


def _questions(kinds: tuple[str, ...], laws: tuple[str, ...]) -> list[Question]:
    return [q for kind in kinds for law in laws for s in SEEDS
            if (q := _question(kind, law, s)) is not None]


def _scores(q: Question) -> dict[str, int]:
    m = _SCORES.search(q.situation)
    return {"North": int(m[1]), "South": int(m[2])} if m else {}


def _other(player: str) -> str:
    return "South" if player == "North" else "North"


def _fosters_sum(offender_points: int) -> int:
    """Seed 000:1: 1300 and all the offender's points, capped at 900, nothing rounded."""
    return 1300 + min(offender_points, 900)


def _game_value(own: int, offender_points: int) -> int:
    """Laws 17, 58, 59: the winner's own score and the loser's in whole hundreds, the loser's
    at least 100 and at most 900, and 1300 for the game."""
    return own // 100 * 100 + min(max(offender_points // 100 * 100, 100), 900) + 1300


_SURPLUS = ("surplus-after-first-trick", "surplus-and-short", "played-with-surplus-rubiconed",
            "surplus-and-short-last-trick")


def test_a_surplus_penalty_asks_fosters_sum_unrounded_as_foster_reckons_it():
    """#99, #196, #97: "how many points does North add to his score?" answered 1300 + South's
    390 "in whole hundreds" (1600) while citing Foster, whose words round nothing (1690)."""
    asked = _questions(("penalty",), _SURPLUS)
    fosters = [q for q in asked if "add to his score" in q.prompt]
    valued = [q for q in asked if "value in points of the game" in q.prompt]
    assert fosters and valued
    assert {q.id.rsplit(":", 1)[0] for q in asked} >= {
        "penalty:" + E + "surplus-and-short", "penalty:" + E + "surplus-after-first-trick"}
    for q in fosters:
        scorer = re.search(r"does (North|South) add", q.prompt)[1]
        assert q.answer == _fosters_sum(_scores(q)[_other(scorer)]), q.id
        assert "hundreds" not in q.explanation and "law 58" not in q.explanation, q.id
        assert not {E + "rubicon", E + "rubiconed-under-100"} & set(q.laws), q.id
    for q in valued:
        scorer = re.search(r"game (North|South) wins", q.prompt)[1]
        scores = _scores(q)
        assert q.answer == _game_value(scores[scorer], scores[_other(scorer)]), q.id
        assert re.search(r"as laws? 58( and 59)? reckons? it\?", q.prompt), q.id
        assert E + "rubicon" in q.laws and "Foster" not in q.explanation, q.id


def test_the_audits_question_adds_1690_for_390():
    q = BANK.question("penalty:" + E + "surplus-and-short:538328")  # the CLI's --seed 280030
    assert "how many points does North add to his score?" in q.prompt
    assert _scores(q)["South"] == 390 and q.answer == 1690


def test_every_surplus_ruling_says_one_figure_by_the_laws_it_cites():
    """The ruling item said "South adds 1400 to his score" with a why reckoning a game's value
    with the winner's own score (#97): the right choice and the why say Foster's sum added to a
    score, or law 58's value of a game won, never the one in the words of the other."""
    asked = _questions(("ruling", "code"), _SURPLUS)
    assert len(asked) >= 10
    for q in asked:
        right = " ".join(c.text for c in q.choices if c.key in q.answer)
        english = q.explanation.split("Under the French laws")[0]
        scores = _scores(q)
        foster = "by Foster's report" in english
        valued = "reckoned by law 58" in english
        assert not (foster and valued), q.id
        for who, figure in _ADDS.findall(right):
            if int(figure) != 50:
                assert foster, q.id
                assert int(figure) == _fosters_sum(scores[_other(who)]), q.id
        for who, figure in _WORTH.findall(right):
            assert valued, q.id
            assert int(figure) == _game_value(scores[who], scores[_other(who)]), q.id
