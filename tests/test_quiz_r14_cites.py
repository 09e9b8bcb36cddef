"""Round 14's minor findings of what a question cites and how its terms are said (issue 25;
docs/audits/quiz-sample-2026-12-03-round-14.md):

- #13: South, void in the suit led, discards; the question also cited the law of a player
  holding the suit led, and its why quoted that clause ("a player holding the suit led may
  trump instead"). A play question cites, and its why quotes, only the clause of the player's
  case, in every game;
- #64: a bidder set back cited the law of marking points with white counters beside a table
  kept in points that go below nothing (North -5);
- #131: "North may call on the partner to lead a trump, call on the partner not to lead a
  trump or take back the card played in error": the call is the penalty (one of two), the
  cards taken back a right beside it, never instead of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.questions import Question
from tests.bank_questions import asked

BANK = default_bank()
SEEDS = range(8)

# A law's situation as its premise reads: of a player holding the suit led, or void in it.
HOLDING = ("holds the suit led", "holds a card of that suit")
VOID = ("no card of the suit led", "cannot follow suit")
# The why's clauses of each case (app/model/games.py StageRule.describe).
HOLDING_WORDS = ("holding the suit led", "a player holding a trump must")
VOID_WORDS = ("when void", "holding no card of the suit led", "player with no trump may")


def _built(item: str, seeds: Iterable[int] = SEEDS) -> list[Question]:
    return list(asked((item,), seeds))


def _play_items() -> list[str]:
    return [i for i in sorted(BANK.items) if i.split(":")[0] in ("ruling", "revoke", "penalty")
            and any(w in i for w in ("follow", "void", "trump-lead", "plain-suit", "revoke",
                                     "failure"))]


def _void(q: Question) -> bool | None:
    """Whether the player to play holds no card of the suit led, read from the table shown."""
    table = q.table
    event = table.get("event") or {}
    trick = (table.get("trick") or {}).get("cards") or ()
    if event.get("type") != "play" or not trick:
        return None
    s = parse_scenario(table, BANK.games)
    game = BANK.games[s.game]
    hand = s.hands[event["player"]]
    led = game.effective_suit(s.trick.cards[0], s.trump)
    return not any(game.effective_suit(c, s.trump) == led for c in hand)


@pytest.mark.parametrize("item", _play_items())
def test_a_play_question_cites_and_quotes_only_the_clause_of_the_players_case(item: str) -> None:
    for q in _built(item):
        void = _void(q)
        if void is None:
            continue
        wrong_premise, wrong_words = (HOLDING, HOLDING_WORDS) if void else (VOID, VOID_WORDS)
        for law_id in q.laws:
            situation = BANK.content.laws[law_id].situation
            assert not any(w in situation for w in wrong_premise), (q.id, law_id, situation)
        assert not any(w in q.explanation for w in wrong_words), (q.id, q.explanation)


def test_round_14_13_cites_the_void_law_alone() -> None:
    q = BANK.question("ruling:auction-pitch.american.void-trump-or-discard:733506")
    assert q.laws == ("auction-pitch.american.void-trump-or-discard",)
    assert "may trump instead" not in q.explanation
    assert "no card of the suit led may trump or discard" in q.explanation


# --- #131: the call of a trump lead is one choice; the card taken back a right beside it ----
_BESIDE = ", and may also take back the card he played to the false lead."
_CALLS = re.compile(r"^A penalty\. (\w+) may call on (\w+) to lead a trump or call on \2 not "
                    r"to lead a trump, and may also take back the card he played to the false "
                    r"lead\.$")


def _q131() -> Question:
    """The audit's table (140903 drew it then): the caller has played to the false lead, so
    his card taken back is said beside his call (the first seed drawing one: a seed's table
    moves as the choices' rules change)."""
    for seed in (140903, *range(80)):
        q = BANK.generate("ruling", "cinch.american.lead-in-partners-turn", seed)
        if any(c.key in q.answer and c.text.endswith(_BESIDE) for c in q.choices):
            return q
    raise AssertionError("no table where the caller played to the false lead")


def test_round_14_131_joins_the_calls_by_or_and_says_the_card_taken_back_beside() -> None:
    q = _q131()
    (answer,) = [c.text for c in q.choices if c.key in q.answer]
    assert _CALLS.match(answer), answer


def _cinch_false_leads() -> list[Question]:
    return [q for item in ("ruling:cinch.american.lead-in-partners-turn",
                           "ruling:cinch.american.false-lead-not-all-played",
                           "ruling:cinch.american.lead-when-adversaries-turn")
            if item in BANK.items for q in _built(item, range(12))]


def test_no_choice_offers_a_card_taken_back_as_an_alternative_to_a_call() -> None:
    texts = [c.text for q in _cinch_false_leads() for c in q.choices]
    assert any("take back" in t for t in texts)
    for t in texts:
        assert " or take back" not in t, t
        assert "the partner" not in t, t  # the offender's partner is named, never "the partner"


def test_the_builder_shows_the_terms_the_quiz_says() -> None:
    from app.engine import rule
    from ui.builder.ruling_column import option_words

    q = _q131()
    said = _CALLS.match(next(c.text for c in q.choices if c.key in q.answer))
    assert said
    caller, partner = said[1], said[2]
    ruled = rule(parse_scenario(q.table, BANK.games), BANK.games, BANK.content).for_code("american")
    assert option_words(ruled) == [
        f"{caller} may choose: Call on {partner} to lead a trump.",
        f"{caller} may choose: Call on {partner} not to lead a trump.",
        f"{caller} may also: Take back the card he played to the false lead.",
    ]


# --- #64: the law of marking with white counters, only where the table keeps them ----------
PITCH_SCORING = ("ruling:auction-pitch.american.bidder-set-back",
                 "penalty:auction-pitch.american.bidder-set-back")
COUNTERS = "auction-pitch.american.score-with-white-counters"


def test_round_14_64_a_set_back_cites_the_set_back_law_alone() -> None:
    q = BANK.question("ruling:auction-pitch.american.bidder-set-back:484227")
    bid = q.table["bid"]
    assert q.table["event"]["points"][bid["player"]] < bid["amount"]  # he is set back
    assert q.laws == ("auction-pitch.american.bidder-set-back",)
    assert "white counter" not in q.explanation


@pytest.mark.parametrize("item", PITCH_SCORING)
def test_no_set_back_cites_or_quotes_the_white_counters(item: str) -> None:
    built = _built(item, range(12))
    assert built
    for q in built:
        assert COUNTERS not in q.laws, q.id
        assert "white counter" not in q.explanation, (q.id, q.explanation)


def test_white_counters_are_cited_beside_points_paid_in_only() -> None:
    """A bid made pays the points made into the pool, a counter each: the law is cited; a
    set-back pays nothing in: it is not."""
    from app.engine import rule

    q = BANK.question("ruling:auction-pitch.american.bidder-set-back:484227")

    def ruled(points: dict[str, int]):
        raw = {**q.table, "bid": {"player": "West", "amount": 4},
               "event": {**q.table["event"], "points": points}}
        return rule(parse_scenario(raw, BANK.games), BANK.games,
                    BANK.content).for_code("american")

    made = ruled({"North": 0, "East": 1, "South": 0, "West": 4})
    assert made.outcome == "no-penalty" and made.score == {"East": 1, "West": 4}
    assert COUNTERS in made.laws and "white counter" in made.explanation
    short = ruled({"North": 0, "East": 1, "South": 0, "West": 2})
    assert short.score == {"East": 1, "West": -4}
    assert short.laws == ("auction-pitch.american.bidder-set-back",)
    assert "white counter" not in short.explanation


# --- round 12's #84, #104: no answer is the stem's points made restated ----------------------
def test_no_ruling_answer_is_the_points_made_restated() -> None:
    assert "ruling:auction-pitch.american.score-with-white-counters" not in BANK.items
    for item in (i for i in BANK.items if i.startswith("ruling:")
                 and i.split(":")[1].split(".")[0] in ("auction-pitch", "cinch")):
        for q in _built(item, range(4)):
            points = (q.table.get("event") or {}).get("points")
            if not points:
                continue
            (answer,) = [c.text for c in q.choices if c.key in q.answer]
            said = [f"{p} adds {n} to" for p, n in points.items() if n]
            assert not (answer.startswith("No penalty.") and said
                        and all(s in answer for s in said)
                        and "taken off" not in answer), (q.id, answer)


def test_the_judge_reads_the_named_calls_and_the_card_taken_back() -> None:
    from quizzes.read_back import read_ruling
    from quizzes.words import side_words

    q = _q131()
    s = parse_scenario(q.table, BANK.games)
    sides = side_words(s, BANK.games[s.game])
    for c in q.choices:
        if "take back" in c.text:
            assert read_ruling(c.text, q.code, sides) is not None, c.text
    (answer,) = [c.text for c in q.choices if c.key in q.answer]
    read = read_ruling(answer, q.code, sides)
    assert read is not None
    said = _CALLS.match(answer)
    assert said
    assert {(o.id, o.by) for o in read.options} == {
        ("call-trump-lead", said[1]), ("call-no-trump-lead", said[1]), ("take-back", said[1])}
