"""Questions the ninth blind round (/work/round9) found open to two readings, in the Bézique
family, each as the class it stands for:

- #160, #114 (#121, #123, #130 noted): the English code holds two accounts of a surplus,
  Foster's report (game abandoned; 1300 + the offender's points in full, at most 900) and the
  Portland laws 17, 21, 58 and 59 (rubiconed; the game's value, each score in whole
  hundreds). The stem names the account its ruling follows, and a law-58 figure says how the
  hundreds are taken (each score without its fractions, Hoffmann's 1300 + 600 + 1000 + 300).
- #154: "must draw two cards at the next draw" asked with the stock gone: a remedy carried
  out at the next draw is asked only where there is one.
- #32 (Rubicon), #168 (Pinochle): a lawful play while the stock lasts cited the last-tricks
  follow-and-win law, which does not apply then: no law held states the free play, so the
  lawful ruling of a free stage cites none (the table builder shows the same ruling), and the
  follow-and-win law's items are asked where it applies.
"""

from __future__ import annotations

import re

from bank_questions import BANK, generated

from app.engine import rule
from app.engine.handlers.common import FREE_PLAY_CASE
from app.model.scenario import parse_scenario
from quizzes.questions import Question

E = "rubicon-bezique.english."
SEEDS = (0, 1, 2, 3, 4, 5, 507399, 140050)
SURPLUS = ("surplus-after-first-trick", "surplus-and-short", "played-with-surplus-rubiconed",
           "surplus-and-short-last-trick")


def _question(kind: str, law_id: str, seed: int) -> Question | None:
    return generated(kind, law_id, seed)


def _surplus_questions() -> list[Question]:
    return [q for kind in ("ruling", "penalty") for law in SURPLUS for s in SEEDS
            if (q := _question(kind, E + law, s)) is not None]


def test_a_surplus_question_names_the_account_its_ruling_follows() -> None:
    """#160: 'Under the English laws' alone, with Foster's sum marked, let a reader apply
    the Portland reckoning (and #114 the reverse)."""
    seen = set()
    for q in _surplus_questions():
        if "by Foster's report" in q.explanation:
            assert "as Foster reports them (1897)" in q.prompt, (q.id, q.prompt)
            assert "Portland" not in q.prompt, q.id
            seen.add("foster")
        if "reckoned by law 58" in q.explanation:
            assert "as the Portland Club gives them (Hoffmann 1909)" in q.prompt, (q.id, q.prompt)
            assert "Foster" not in q.prompt, q.id
            seen.add("portland")
    assert seen == {"foster", "portland"}


def test_a_law_58_figure_says_how_the_hundreds_are_taken() -> None:
    """#114: 'as law 58 reckons it' left 'round the sum' (1600 for 360) as a second reading:
    the prompt says each score is taken without its fractions of a hundred."""
    asked = [q for q in _surplus_questions() if "law 58" in q.prompt]
    assert asked
    for q in asked:
        assert "(each score taken in whole hundreds without its fractions of a hundred)" \
            in q.prompt, (q.id, q.prompt)


# Items whose ruling is carried out at the next draw: draw two next time, the pick of the
# next draw's two cards.
NEXT_DRAW_ITEMS = (
    "ruling:bezique.french.forgot-to-draw", "ruling:bezique.english.forgot-to-draw",
    "penalty:bezique.english.forgot-to-draw", "ruling:bezique.english.drew-two-cards",
    "ruling:rubicon-bezique.french.forgot-to-draw",
    "ruling:rubicon-bezique.english.loser-sees-two-cards",
    "ruling:pinochle.american.forgot-to-draw", "ruling:pinochle.american.loser-saw-two-cards",
)


def test_a_next_draw_remedy_is_asked_where_there_is_a_next_draw() -> None:
    """#154: "must draw two cards at the next draw" asked with the stock gone and only the
    turn-up left, the adversary having drawn the last face-down card that was the winner's.
    After the fault the stock (the turn-up with it) holds a whole next draw and a card over."""
    asked = 0
    for item in NEXT_DRAW_ITEMS:
        kind, law_id = item.split(":", 1)
        for seed in (*range(8), 595562):
            q = _question(kind, law_id, seed)
            if q is None or q.table is None:
                continue
            asked += 1
            left = int(q.table["stock"]) + (q.table.get("turn_up") is not None)
            assert left > len(q.table["players"]), (q.id, left)
    assert asked


FOLLOW_AND_WIN = ("rubicon-bezique.english.failure-to-follow-or-win",
                  "pinochle.american.replay-after-failure-to-follow-or-win")


def test_a_free_play_while_the_stock_lasts_cites_no_follow_and_win_law() -> None:
    """#32 and #168, as the engine (and so the table builder) rules them."""
    for game, stock in (("rubicon-bezique", 90), ("pinochle", 15), ("bezique", 30)):
        raw = {"game": game, "dealer": "South", "trump": "D", "stage": "play", "stock": stock,
               "hands": {"North": ["AH", "KH", "9S"]},
               "trick": {"leader": "South", "cards": ["10H"]},
               "event": {"type": "play", "player": "North", "card": "9S"}}
        ruling = rule(parse_scenario(raw, BANK.games), BANK.games, BANK.content)
        covered = [r for r in ruling.rulings if r.outcome != "not-covered"]
        assert covered, game
        for r in covered:
            assert r.outcome == "legal", (game, r.code)
            # Only the code's law of free play (Hoffmann's, for the English Bézique and
            # Rubicon codes) is cited; no law of the last tricks' duties.
            free = {law.id for law in BANK.content.laws_of_case(game, r.code, FREE_PLAY_CASE)}
            assert set(r.laws) == free, (game, r.code, r.laws)
    assert BANK.content.laws_of_case("rubicon-bezique", "english", FREE_PLAY_CASE)
    assert BANK.content.laws_of_case("bezique", "english", FREE_PLAY_CASE)


def test_the_follow_and_win_laws_are_asked_where_they_apply() -> None:
    asked = 0
    for law_id in FOLLOW_AND_WIN:
        for kind in ("ruling", "revoke"):
            for seed in (*range(6), 202467):
                q = _question(kind, law_id, seed)
                if q is None:
                    continue
                asked += 1
                assert "no duty to follow suit" not in q.explanation, q.id
                assert q.table is None or not q.table.get("stock"), q.id
    assert asked


def test_a_false_declarations_add_points_is_said_beside_the_call_not_instead() -> None:
    """#52 (Pinochle): the adversary may call a card shown and may add the points marked in
    error; "call ... or add" would offer them as alternatives."""
    asked = 0
    for law in ("other-false-declarations", "false-four-of-a-kind"):
        for seed in (*range(4), 991308):
            q = _question("ruling", "pinochle.american." + law, seed)
            if q is None:
                continue
            right = next(c.text for c in q.choices if c.key in q.answer)
            if "lead or play one of the" not in right:
                continue  # he may amend: no penalty
            asked += 1
            assert "pinochle.american.erroneous-score" in q.laws, q.id
            # (the call in the declaration's words since round 16's #106)
            assert re.search(r"lead or play one of the cards( [a-z ]+)? he showed( for it)?, and "
                             r"may also add the points", right), (q.id, right)
    assert asked
