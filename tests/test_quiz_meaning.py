"""One defensible answer, by meaning (issue 25 §3): each class the audit found, gone.

Answers are judged here from the laws (content/laws/*.toml, the Portland and Club Code texts),
not by asking the generators' own predicates again.
"""

from __future__ import annotations

from app.engine import rule
from app.engine.ruling import CodeRuling, Decision, Option, also_true_of
from app.model.scenario import parse_scenario
from quizzes.bank import default_bank
from quizzes.questions import QuestionError

BANK = default_bank()
SEEDS = range(6)


def _ruling(code: str, outcome: str, *options: tuple[str, str], **score: int) -> CodeRuling:
    opts = tuple(Option(oid, by) for oid, by in options)
    return CodeRuling(code, Decision(outcome, (), "", opts, score))


def _built(qtype: str, law: str, seeds=SEEDS):
    for seed in seeds:
        try:
            yield BANK.generate(qtype, law, seed)
        except QuestionError:
            continue


def _rerule(q):
    return rule(parse_scenario(dict(q.table), BANK.games), BANK.games, BANK.content)


# 1. "Claim a misdeal" is "have the cards dealt again": the same right, so the same answer.

def test_claiming_a_misdeal_is_having_the_cards_dealt_again():
    american = _ruling("american", "misdeal", ("claim-misdeal", "North"),
                       ("supply-from-stock", "North"))
    english = _ruling("english", "misdeal", ("new-deal", "North"), ("supply-from-stock", "North"))
    assert american.key() == english.key()
    assert also_true_of(american, english) and also_true_of(english, american)
    # The same right held by the other player is another ruling.
    other = _ruling("english", "misdeal", ("new-deal", "South"), ("supply-from-stock", "North"))
    assert american.key() != other.key()


def test_which_code_is_never_asked_where_the_codes_rule_alike_in_meaning():
    asked = 0
    for law in ("ecarte.american.wrong-count-dealt", "ecarte.english.wrong-count-dealt"):
        for q in _built("code", law):
            asked += 1
            ruled = _rerule(q)
            shown = ruled.for_code(q.code)
            for other in ruled.rulings:
                if other.code != q.code:
                    assert shown.key() != other.key(), (q.id, other.code)
    try:
        q = BANK.question("code:ecarte.american.wrong-count-dealt:133834")
    except QuestionError:
        return  # that table no longer makes a question: the codes agree on it
    ruled = _rerule(q)
    assert ruled.for_code("american").key() != ruled.for_code("english").key()


# 2. A wrong choice naming some of the right ruling's rights is true of it.

def test_a_ruling_naming_some_of_the_rights_is_true_of_the_whole():
    right = _ruling("american", "deal-stands", ("claim-misdeal", "West"), ("claim-misdeal", "East"))
    part = _ruling("american", "deal-stands", ("claim-misdeal", "West"))
    wrong = _ruling("american", "deal-stands", ("claim-misdeal", "South"))
    assert also_true_of(part, right)
    assert not also_true_of(wrong, right)
    assert not also_true_of(right, part)  # "West or East" is not true where only West may


def test_no_wrong_ruling_choice_names_a_right_the_answer_gives():
    checked = 0
    for law in ("general.american.own-card-exposed-in-deal", "cinch.american.lead-in-partners-turn",
                "ecarte.american.wrong-count-dealt"):
        for q in _built("ruling", law):
            right = _rerule(q).for_code(q.code)
            rights = {(o.words.rstrip(".").lower(), o.by) for o in right.options}
            for c in q.choices:
                if c.key in q.answer:
                    continue
                checked += 1
                text = c.text
                # "X may claim a misdeal." alone, X among those the ruling lets claim one.
                for words, by in rights:
                    assert text.rstrip() != f"{right_opening(right)} {by} may {words}.", q.id
    assert checked


def right_opening(ruling: CodeRuling) -> str:
    from quizzes.words import OUTCOME_WORDS

    return OUTCOME_WORDS[ruling.outcome] + "."


# 3. A rival reading of the same case is never a wrong choice: the older English Écarté laws
#    (Hoyle's Games Improved) are readings beside the Club Code's.

def test_the_older_english_ecarte_laws_are_readings_beside_the_club_code():
    content = BANK.content
    english = [law for law in content.laws_for("ecarte", "english")]
    paired = 0
    for older in (law for law in english if law.authority == "Hoyle's Games Improved"):
        club = [law for law in english if law.case == older.case and law.id != older.id]
        for law in club:
            paired += 1
            assert older.variant_of and older.variant_of == law.variant_of, older.id
            assert law.variant_default and not older.variant_default, law.id
    assert paired >= 8


def test_a_ruling_question_never_offers_the_older_english_ruling_as_wrong():
    """Hoyle's Games Improved: a deal out of turn found after the turn-up is put aside for the
    next deal, i.e. the cards are dealt again; the Club Code lets it stand. Asked under the
    Club Code, no choice may say the cards are dealt again (in any words)."""
    again = ("The cards are dealt again", "It is a misdeal", "The deal is void")
    asked = 0
    for q in _built("ruling", "ecarte.english.wrong-dealer-after-turn-up", range(12)):
        asked += 1
        assert len(q.choices) >= 3
        t = q.table
        if t.get("tricks_played") or (t.get("trick") or {}).get("cards") or t.get("discards_made"):
            continue  # after a discard or a card played, the older rule lets the deal stand too
        # (Such a table is asked only where two real rivals are left beside the deal standing,
        # none of them the older rule's new deal: tests/test_quiz_real_rivals.py.)
        assert "following English Club Code" in q.prompt
        for c in q.choices:
            assert not c.text.startswith(again), (q.id, c.text)
    # (asked or not: round 6's #111 leaves no two real rivals once the dealer who erred is
    # never given the innocent side's choice)


def test_a_law_question_never_offers_a_rival_reading_as_wrong():
    for law in ("ecarte.english.wrong-dealer-after-turn-up", "ecarte.english.pone-too-many-dealt",
                "ecarte.english.hgi-dealer-too-few", "ecarte.english.false-king"):
        group = BANK.content.laws[law].variant_of
        for q in _built("law", law):
            for c in q.choices:
                if c.key != q.law and c.key in BANK.content.laws:
                    assert BANK.content.laws[c.key].variant_of != group, (q.id, c.key)


# 4. "Which law applies?": the marked law fits the table, no wrong choice fits the stem, and a
#    table where nothing has gone wrong is not asked as "which law decides this?".

def test_a_law_asked_from_a_table_fits_it():
    """'Missing cards found on the floor' needs cards found on the floor: a table of an
    imperfect pack does not say so, so the law is asked in its own situation's words."""
    for q in _built("law", "rubicon-bezique.english.missing-cards-found-on-floor"):
        assert "floor" in q.situation, q.id
    # Points beyond the bid: a table asking it shows the bidder making more than he bid.
    for q in _built("law", "auction-pitch.american.bidder-scores-excess"):
        if q.table is None:
            assert "more points than he bid" in q.situation
            continue
        bid = q.table["bid"]
        assert q.table["event"]["points"][bid["player"]] > bid["amount"], q.id


def test_no_law_is_asked_as_deciding_a_table_where_nothing_went_wrong():
    calm = {"points-made", "hand-result", "counted-out", "stock-exhausted", "king-turned",
            "carte-blanche"}
    asked = 0
    for law in ("cinch.american.points-to-trick-winner", "auction-pitch.american.game-point",
                "ecarte.english.point-and-vole", "auction-pitch.american.bidder-scores-excess"):
        for q in _built("law", law):
            asked += 1
            assert q.table is not None and q.table["event"]["type"] not in calm, q.id
    # (Laws of scoring are asked on no table where nothing went wrong, nor in their own words:
    # none of these is asked now.)
    assert asked == 0


def test_a_hand_scores_no_more_points_than_a_deal_holds():
    """Auction Pitch: high, low, jack and game, 4 points; Cinch: 14 (seed text of each game)."""
    holds = {"auction-pitch": 4, "cinch": 14}
    seen = 0
    for law in ("auction-pitch.american.bidder-scores-excess",
                "auction-pitch.american.score-with-white-counters",
                "auction-pitch.american.bidder-set-back",
                "cinch.american.points-to-trick-winner", "cinch.american.failed-bid"):
        for qtype in ("ruling", "penalty"):
            for q in _built(qtype, law):
                points = q.table["event"].get("points")
                if points:
                    seen += 1
                    assert sum(points.values()) <= holds[q.game], (q.id, points)
    assert seen


def test_no_law_is_asked_in_its_own_words():
    """French Écarté: 'the players cut for the deal' was as true of the law that the highest
    cut deals first as of the law of how the packet is lifted; 'a player wants new cards' gave
    'Calling for fresh cards' away. A law is asked only on a table the engine rules with it."""
    for info in BANK.items.values():
        if info.type == "law":
            for q in _built("law", info.law, range(2)):
                assert q.table is not None, q.id


# 5. Marked answers follow the laws' arithmetic: a rubiconed offender's points count as a
#    rubiconed loser's (Portland laws 17, 58-59): whole hundreds, 100 when under 100, at most
#    900, besides the 1300 for the game, where the game is won; where the game is abandoned
#    (Foster's report, seed 000:1) the adversary adds 1300 and all the offender's points, at
#    most 900, unrounded (round 7's #99).

def test_count_the_penalty_follows_the_rubicon_arithmetic():
    checked = 0
    both_under_100 = []
    for law in ("rubicon-bezique.english.played-with-surplus-rubiconed",
                "rubicon-bezique.english.surplus-after-first-trick"):
        for q in _built("penalty", law, range(12)):
            scores = q.table.get("scores") or {}
            ruled = _rerule(q).for_code(q.code)
            winner = next(iter(ruled.score))
            offender = next(p for p in q.table["players"] if p != winner)
            points = max(scores.get(offender, 0), 0)
            if ruled.outcome != "game-won":
                assert q.answer == 1300 + min(points, 900), (q.id, points, q.answer)
                checked += 1
                continue
            if 0 < points < 100 and 0 < scores.get(winner, 0) < 100:
                both_under_100.append(q)
            counted = 100 if points < 100 else min(points - points % 100, 900)
            own = max(scores.get(winner, 0), 0) // 100 * 100
            assert q.answer == own + 1300 + counted, (q.id, points, q.answer)
            checked += 1
    assert checked
    # Worked by hand from laws 58-59, on a game won where both scores are under a hundred
    # (taken from the bank by that, not by a seed): the offender's score counts 100, the
    # winner's own counts 0, so 1300 + 100.
    for q in both_under_100:
        assert q.answer == 1400, (q.id, q.table.get("scores"))


def test_the_same_rights_under_another_opening_are_not_a_wrong_choice():
    """'It is a misdeal. North may claim a misdeal or take the eleventh card' and 'The deal
    stands. North may claim a misdeal or take the eleventh card' give North the same rights:
    whether the deal stands is his choice, so a strict learner could defend either."""
    from quizzes.generators.said_of import said_of

    rights = (("claim-misdeal", "North"), ("eleventh-is-trump", "North"))
    right = _ruling("american", "misdeal", *rights)
    assert said_of(_ruling("american", "deal-stands", *rights), right)
    assert not said_of(_ruling("american", "deal-stands", ("claim-misdeal", "South"),
                               ("eleventh-is-trump", "South")), right)
    for q in _built("ruling", "ecarte.american.several-turned-after-seen", (82824, *SEEDS)):
        answer = q.choice(q.answer[0]).text
        terms = answer.split(". ", 1)[1] if ". " in answer else ""
        for c in q.choices:
            if c.key not in q.answer and terms:
                assert not c.text.endswith(terms), (q.id, c.text)
