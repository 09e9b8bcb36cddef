"""Generated questions are valid: the engine agrees with the marked answer, ids rebuild them."""

from __future__ import annotations

import random

import bank_questions
import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from app.cards import Card
from app.engine import rule
from app.model.scenario import parse_scenario
from quizzes.audit import reading
from quizzes.bank import default_bank, question_from_id
from quizzes.questions import (
    QUESTION_TYPES,
    Question,
    QuestionError,
    check,
    parse_question_id,
)
from quizzes.words import ruling_words, side_words

BANK = default_bank()
GAMES, CONTENT = BANK.games, BANK.content
BY_TYPE = {t: sorted(k for k, i in BANK.items.items() if i.type == t) for t in QUESTION_TYPES}


def _rerule(table):
    scenario = parse_scenario(dict(table), GAMES)
    return scenario, rule(scenario, GAMES, CONTENT)


def _right(q: Question):
    assert isinstance(q.answer, tuple)
    return [q.choice(k) for k in q.answer]


def assert_well_formed(q: Question) -> None:
    assert q.type in QUESTION_TYPES and q.kind in ("single", "multi", "number")
    assert q.laws and all(law in CONTENT.laws for law in q.laws)
    assert all(law in CONTENT.laws for law in q.links) and q.law in q.links
    assert q.prompt.strip() and q.explanation.strip()
    assert q.item in BANK.items
    info = BANK.items[q.item]
    assert (q.game, q.topic, q.code) == (info.game, info.topic, info.code)
    if q.kind == "number":
        assert isinstance(q.answer, int) and q.answer > 0 and not q.choices
        return
    keys = [c.key for c in q.choices]
    texts = [c.text for c in q.choices]
    assert len(set(keys)) == len(keys) and len(set(texts)) == len(texts), "choices must differ"
    assert len(q.choices) >= 2
    assert isinstance(q.answer, tuple) and set(q.answer) <= set(keys)
    if q.kind == "single":
        assert len(q.answer) == 1


def check_ruling(q: Question) -> None:
    scenario, ruling = _rerule(q.table)
    game = GAMES[scenario.game]
    sides = side_words(scenario, game)
    cr = ruling.for_code(q.code)
    assert q.law in cr.laws and cr.outcome != "not-covered"
    (right,) = _right(q)
    assert right.text == ruling_words(cr, sides, game)
    for c in q.choices:
        if c.key != right.key:
            assert c.text != ruling_words(cr, sides, game)
            if c.code:  # marked as another code's remedy: it is that code's ruling here
                # (in the right answer's words where its outcome means the same)
                theirs = ruling.for_code(c.code)
                assert reading(c.text) == reading(ruling_words(theirs, sides, game))


def check_code(q: Question) -> None:
    scenario, ruling = _rerule(q.table)
    cr = ruling.for_code(q.code)
    game = GAMES[scenario.game]
    assert q.law in cr.laws and q.answer == (q.code,)
    assert ruling_words(cr, side_words(scenario, game), game) in q.prompt
    # Every code of the table, but one silent where its own laws of the game were never read
    # (the games file's `unread`: the twenty-seventh blind round's #41).
    assert {c.key for c in q.choices} == {
        r.code for r in ruling.rulings
        if not (r.outcome == "not-covered" and game.facts.codes[r.code].unread)}
    assert all(ruling_words(r, None, game) != ruling_words(cr, None, game)
               for r in ruling.rulings if r.code != q.code)


def check_revoke(q: Question) -> None:
    table = dict(q.table)
    if q.kind == "multi":
        player = _player_to_play(table)
        hand = [Card.parse(c) for c in table["hands"][player]]
        trick = [Card.parse(c) for c in table["trick"]["cards"]]
        scenario0, _ = _rerule(
            {**table, "event": {"type": "play", "player": player, "card": hand[0].code}}
        )
        legal = GAMES[table["game"]].legal_plays(hand, trick, scenario0.trump, table["stage"])
        assert set(q.answer) == {c.code for c in legal}
        assert {c.key for c in q.choices} == {c.code for c in hand}
        assert len(q.answer) < len(q.choices), "some card must be a revoke"
        for choice in q.choices:
            event = {"type": "play", "player": player, "card": choice.key}
            _, ruling = _rerule({**table, "event": event})
            outcome = ruling.for_code(q.code).outcome
            assert outcome == ("legal" if choice.key in q.answer else "revoke"), choice.key
    else:
        _, ruling = _rerule(table)
        assert q.answer == (ruling.for_code(q.code).outcome,)


def _player_to_play(table) -> str:
    players, trick = table["players"], table["trick"]
    start = players.index(trick["leader"])
    return players[(start + len(trick["cards"])) % len(players)]


def check_penalty(q: Question) -> None:
    _, ruling = _rerule(q.table)
    cr = ruling.for_code(q.code)
    assert q.law in cr.laws
    player = next(p for p in cr.score if p in q.prompt.split(",")[-1])
    assert abs(cr.score[player]) == q.answer


def check_law(q: Question) -> None:
    (right,) = _right(q)
    assert right.key == q.law and right.text == CONTENT.laws[q.law].title
    for c in q.choices:
        assert c.key in CONTENT.laws
        assert (c.code != "") == (CONTENT.laws[c.key].code != q.code)
    if q.table is not None:
        _, ruling = _rerule(q.table)
        cited = ruling.for_code(q.code).laws
        assert q.law in cited
        assert not any(c.key in cited for c in q.choices if c.key != q.law)
    else:
        assert q.situation == CONTENT.laws[q.law].situation


def check_authored(q: Question) -> None:
    entry = BANK.authored[q.id.split(":", 1)[1]]
    (right,) = _right(q)
    expected = {True: "True", False: "False"}.get(entry.answer, entry.answer)  # type: ignore[call-overload]
    assert right.text == expected


CHECKS = {
    "ruling": check_ruling,
    "code": check_code,
    "revoke": check_revoke,
    "penalty": check_penalty,
    "law": check_law,
    "authored": check_authored,
}


@settings(max_examples=400, deadline=None)
@given(qtype=st.sampled_from(sorted(BY_TYPE)), seed=st.integers(0, 10**6), data=st.data())
def test_generated_questions_agree_with_the_engine_and_rebuild_from_their_id(qtype, seed, data):
    item = data.draw(st.sampled_from(BY_TYPE[qtype]))
    info = BANK.items[item]
    try:
        q = BANK.generate(info.type, info.law, seed)
    except QuestionError:
        # A seed may build no question of an item (the bank tries another, for_item): what
        # is checked is every question built (every item builds one: the test below).
        reject()
    assert_well_formed(q)
    CHECKS[q.type](q)
    again = question_from_id(q.id)
    assert again == q and again.table == q.table


def test_every_item_builds_a_valid_question():
    # A seed may build no question of an item (no table of it has wrong rulings enough): the
    # bank then tries other seeds (QuestionBank.for_item), as the other bank tests skip it.
    # Every question seeds 0 and 7 build is valid; a revoke item builds from both (seed 0
    # judges one play, 7 asks for every lawful card); an item neither seed builds still
    # builds a valid question from the seeds a session tries.
    built: set[str] = set()
    for seed in (0, 7):
        for info, q in bank_questions.of_seed(seed):
            if not isinstance(q, Question):
                assert info.type != "revoke", (info, q)
                continue
            assert_well_formed(q)
            CHECKS[q.type](q)
            built.add(info.key)
    for item in sorted(BANK.items.keys() - built):
        q = BANK.for_item(item, random.Random(item))
        assert_well_formed(q)
        CHECKS[q.type](q)


def test_every_type_has_items_across_the_games():
    # (A law is asked only on a table the engine rules with it, beside at least two laws of
    # the same code the engine rests on for the same fault, told alike (the same error in the
    # cut, the same combination), at the same stage and does not cite for this table, its
    # title not saying again what the stem says: 5 laws are asked; where the stem states the
    # hands' counts, only beside laws of those very counts (round 6's #135, #118). With laws of
    # other topics, subjects or counts as wrong choices the stem's words alone gave the answer.
    # Nor beside a law the right law or the ruling takes in (refers_to: round 7's #82), which
    # left Rubicon's one hand long and the other short with one neighbour.)
    assert len(BY_TYPE["law"]) >= 3
    # (94 since round 7: a ruling whose wrong choices only vary a figure, or narrow the right
    # one, is asked by its points or not at all: #25, #107, #122; 89 since the tenth round's
    # #4, #40, #47: nor one whose wrong choices vary only who holds the right or is set back)
    assert len(BY_TYPE["ruling"]) >= 88
    # (A code question is not asked where a reading of another code the content holds gives
    # the same ruling, the older English Écarté laws among them, nor where they differ only in
    # a right the table cannot show or in words of the same meaning, nor where a silent code's
    # principle gives the same remedy, nor of a law whose right the stem says was not used
    # (the Club Code's card taken back in time, law 39: round 5's #61), nor beside a code that
    # holds no remedy for the fault (the Club Code's renounce, law 43, beside Foster's missing
    # one: round 6's #176), nor where Foster's general laws are silent on a false lead
    # everyone has played to (round 9's #10): 6 were asked; 5 since round 14's #62, where
    # Bézique's English ruling of a lead out of turn rests on a forfeits list of no identified
    # book, quizzes/checkable.py.)
    assert len(BY_TYPE["code"]) >= 5
    assert len(BY_TYPE["revoke"]) >= 5
    assert len(BY_TYPE["penalty"]) >= 10
    assert len(BY_TYPE["authored"]) >= 20
    assert {BANK.items[k].game for k in BY_TYPE["ruling"]} >= set(GAMES)


def test_english_surplus_penalty_is_1300_plus_offenders_points_capped_at_900():
    """Seed 000:1 (Foster), the game abandoned: the adversary adds to his score 1300 and all
    the offender's points, at most 900, unrounded (the seventh blind audit's #99, #196, #97).
    Played out, the offender rubiconed (Portland law 17), the game's value is reckoned by law
    58: his points count as a rubiconed loser's do (laws 58-59: whole hundreds, 100 when under
    100), at most 900, added to the winner's own in whole hundreds, with 1300 for the game."""
    seen = set()
    for seed in range(60):
        q = BANK.generate("penalty", "rubicon-bezique.english.surplus-after-first-trick", seed)
        scenario, ruling = _rerule(q.table)
        scores = dict(scenario.scores)
        innocent = next(iter(ruling.for_code("english").score))
        offender = next(p for p in scenario.players if p != innocent)
        points = scores.get(offender, 0)
        if ruling.for_code("english").outcome == "game-won":
            own = scores.get(innocent, 0) // 100 * 100
            assert q.answer == own + 1300 + min(max(points // 100 * 100, 100), 900)
            assert "reckon" in q.prompt
        else:
            assert q.answer == 1300 + min(points, 900)
            assert "add to his score" in q.prompt
            # Only where his words and a rubicon's whole hundreds agree (round 27's #182).
            assert points >= 900 or (points >= 100 and points % 100 == 0), q.id
        seen.add(points)
    # The offender's points are what a real deal had given him so far: several come up.
    assert len(seen) >= 2, seen


def test_the_example_id_in_the_brief_rebuilds():
    q = question_from_id("ruling:rubicon-bezique.english.surplus-after-first-trick:1234")
    assert q.id == "ruling:rubicon-bezique.english.surplus-after-first-trick:1234"
    assert q.seed == 1234 and q.item == "ruling:rubicon-bezique.english.surplus-after-first-trick"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "ruling",
        "ruling:rubicon-bezique.english.surplus-after-first-trick",
        "ruling:rubicon-bezique.english.surplus-after-first-trick:x1",
        "nonsense:rubicon-bezique.english.surplus-after-first-trick:1",
        "ruling:no.such.law:1",
        "authored:no-such-item",
    ],
)
def test_ids_that_name_no_question_are_refused(bad):
    with pytest.raises(QuestionError):
        question_from_id(bad)


def test_parse_question_id():
    assert parse_question_id("law:x.y.z:12") == ("law", "x.y.z", 12)
    assert parse_question_id("authored:some-entry") == ("authored", "some-entry", None)


# --- checking answers --------------------------------------------------------------------


def _first(qtype: str, pred=lambda q: True) -> Question:
    # Seed 0 of the whole bank is built once for the session (tests/bank_questions.py).
    found = next((q for q in bank_questions.built((0,), [qtype]) if pred(q)), None)
    if found is not None:
        return found
    for item in BY_TYPE[qtype]:
        for seed in range(30):
            q = BANK.generate(qtype, BANK.items[item].law, seed)
            if pred(q):
                return q
    raise AssertionError(f"no {qtype} question found")


def test_check_a_right_and_a_wrong_single_answer():
    q = _first("ruling")
    right = check(q, q.answer[0])
    assert right.correct and right.correct_answer == q.choice(q.answer[0]).text
    assert right.explanation == q.explanation and right.links == q.links
    wrong_key = next(c.key for c in q.choices if c.key not in q.answer)
    wrong = check(q, wrong_key)
    assert not wrong.correct and wrong.given == (wrong_key,)
    assert wrong.correct_answer == right.correct_answer


def test_choosing_another_codes_remedy_is_counted_as_a_confusion():
    q = _first("ruling", lambda q: any(c.code for c in q.choices))
    other = next(c for c in q.choices if c.code)
    result = check(q, other.key)
    assert not result.correct and result.confused_code == other.code != q.code
    code_q = _first("code")
    wrong = next(c.key for c in code_q.choices if c.key != code_q.code)
    assert check(code_q, wrong).confused_code == wrong


def test_multi_select_needs_exactly_the_lawful_cards():
    q = _first("revoke", lambda q: q.kind == "multi")
    assert check(q, list(q.answer)).correct
    assert check(q, set(reversed(q.answer))).correct
    assert not check(q, [c.key for c in q.choices]).correct


def test_numbers_may_be_typed_with_separators():
    q = _first("penalty", lambda q: q.answer >= 1000)
    assert check(q, f"{q.answer:,}").correct
    assert check(q, q.answer).correct
    assert not check(q, q.answer + 1).correct
    with pytest.raises(QuestionError):
        check(q, "lots")


def test_unanswered_and_unknown_choices():
    q = _first("law")
    assert not check(q, None).correct
    with pytest.raises(QuestionError):
        check(q, "no-such-choice")
    with pytest.raises(QuestionError):
        check(q, [c.key for c in q.choices[:2]])
