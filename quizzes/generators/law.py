"""'Which law applies?': pick the law (by title) among its near neighbours.

The question shows a table where something has gone wrong, a real moment of a deal the
engine rules with the law first. A law the engine never rules with, or whose tables all show
nothing wrong, is not asked: in the law's own words the stem restates the answer's (the blind
audit's class f), and the engine cannot tell which other laws the words fit (class b). The
wrong choices are laws of the same game and code (same topic first) and, where its title
differs, the same case under another code. A wrong choice is never a rival reading of the law
(the same case under the same code, or a member of its variant group), never a law the table's
ruling also cites or whose rule it or the law takes in (`refers_to`), never a law of the same
situation, and always one the engine's rulings tell from the table (told_apart): each question
has one defensible answer. A law with rival readings is asked "following" its authority, so
the question says which reading it means.

A question is built while the learner waits: its neighbours are read as a stream, topic by
topic, and the reading stops once enough are found (or after a bounded number of laws), so the
time does not grow with the size of the law's topic or code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from app.corpus.laws import Law
from app.engine.table import Table
from app.model.facts import NeedFact
from quizzes.accounts import rival_accounts
from quizzes.asked_stem import asked_situation
from quizzes.generators.common import (
    Combo,
    Found,
    builds_first_seed,
    cites,
    law_readings,
    pick_combo,
    public_table,
    rule_combo,
    ruled_a_fault,
    seeded,
    shuffled,
    subject,
)
from quizzes.generators.rivals import neighbours
from quizzes.questions import Choice, Question, question_id
from quizzes.stem_echoes import echo as stem_echo
from quizzes.stem_echoes import (
    matched_stems,
    restated_alone,
    restates,
    says_again,
    title_weights,
)
from quizzes.words import code_words, reading_words

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "law"
WRONG = 3
NEAR = WRONG * 3  # the neighbours the wrong choices are drawn from
FEWEST_WRONG = 2  # a question with fewer near neighbours is not asked
# A topic is left after this many laws in a row that could not be a choice (a topic of near
# copies, or of laws the engine never cites: told_apart) ...
FRUITLESS = 16
# (another topic of the code after this many: a near neighbour filed there is one of its first)
WIDER_FRUITLESS = 6
# ... and a question reads at most this many laws in all, whatever the size of its code.
READ_AT_MOST = 256


def laws(bank: QuestionBank) -> list[str]:
    """Every law with at least one neighbour to confuse it with and a fair question at seed 0
    (build), but a reading kept for the record (no table follows it: games/<id>.toml
    `readings_of_record`)."""
    return [law.id for law in bank.content.laws.values()
            if not of_record(bank, law) and bank.survey.combos(law.id, "ruled")
            and _has_neighbour(bank, law) and _askable(bank, law)]


def _askable(bank: QuestionBank, law: Law) -> bool:
    """Whether seed 0 finds a table the law decides with wrong choices the engine tells from
    it, none of them given away by its name."""
    return builds_first_seed(_build, bank, law.id)


def of_record(bank: QuestionBank, law: Law) -> bool:
    """Whether the law is a reading kept for the record only (an older code the laws in
    force replaced): the quizzes neither ask it nor offer it as a choice."""
    facts = bank.content.games.get(law.game)
    return facts is not None and law.id in facts.of_record


def _has_neighbour(bank: QuestionBank, law: Law) -> bool:
    """Whether a question's search could find a neighbour in the same code (stops at the
    first: searching in full for every law made preparing the bank quadratic in a code's
    laws)."""
    title = bank.folded(law)[0]
    return any(
        other.id != law.id and bank.folded(other)[0] != title and not _rival(bank, law, other)
        for other in bank.laws_of(law.game, law.code)
    )


def _rival(bank: QuestionBank, law: Law, other: Law) -> bool:
    """Whether another law reads the same case (same game, code and case, or same variant
    group) or decides the very same situation: it would be a second defensible answer."""
    if law.variant_of and law.variant_of == other.variant_of:
        return True
    if law.case and (law.game, law.code, law.case) == (other.game, other.code, other.case):
        return True
    if (law.game, law.code, law.topic) == (other.game, other.code, other.topic) \
            and law.authority != other.authority \
            and law.id in other.related and other.id in law.related:
        # Another authority's word on the same happening, linked both ways: under one code
        # the question names, a learner cannot tell which authority it means (the blind
        # audit's #16: Foster 1897's "looking at a stock card other than the one drawn" beside
        # Foster 1913's "turning up more than one card", both American laws of Conquian).
        return True
    return law.game == other.game and bank.folded(law)[1] == bank.folded(other)[1]



def referred_to(bank: QuestionBank, law_ids: set[str]) -> set[str]:
    """The laws whose rule the given laws' own words take in (`refers_to`), and theirs in turn:
    Portland law 21's long hand "is rubiconed (as provided in Law 17)", so law 17 beside a
    table law 21 decides is a second defensible answer (the seventh blind audit's #82)."""
    out: set[str] = set()
    todo = list(law_ids)
    while todo:
        law = bank.content.laws.get(todo.pop())
        for ref in law.refers_to if law is not None else ():
            if ref not in out and ref not in law_ids:
                out.add(ref)
                todo.append(ref)
    return out


class _Search:
    """The search for a question's wrong choices: the titles taken, the ids excluded and how
    many more laws it may read. Topics are read as streams and left as soon as they have given
    what is wanted, so a question reads a few dozen laws whatever the size of its code."""

    def __init__(self, bank: QuestionBank, law: Law, found: Found) -> None:
        self.bank = bank
        self.law = law
        self.found = found
        self.titles = {bank.folded(law)[0]}
        cited = {law.id, *found.for_code(law.code).laws}
        self.exclude = cited | referred_to(bank, cited) | rival_accounts(bank.content, cited)
        self.left = READ_AT_MOST
        self.fitting: frozenset[str] | None = None

    def topic(self, topic: str, want: int, shown: frozenset[str] = frozenset(),
              fruitless_at: int = FRUITLESS) -> list[Law]:
        """Up to `want` laws of one topic of the law's game and code, in file order, that could
        stand beside it as a wrong choice (near), each title once and none titled as in
        `shown`.

        Left early after FRUITLESS laws in a row that could not (a topic of near copies), and
        when the question has read READ_AT_MOST laws in all."""
        bank, law = self.bank, self.law
        found: list[Law] = []
        fruitless = 0
        if want <= 0 or self.left <= 0:
            return found
        for other in bank.content.iter_laws_of_topic(law.game, topic, law.code):
            self.left -= 1
            title = bank.folded(other)[0]
            if (other.id in self.exclude or title in self.titles
                    or _rival(bank, law, other) or of_record(bank, other)
                    or not self.near(other)):
                fruitless += 1
            else:
                self.titles.add(title)
                if title in shown:
                    fruitless += 1
                else:
                    found.append(other)
                    fruitless = 0
            if len(found) >= want or fruitless >= fruitless_at or self.left <= 0:
                break
        return found

    def wider(self, want: int, shown: frozenset[str] = frozenset()) -> list[Law]:
        """Up to `want` near neighbours from the other topics of the law's code (in name
        order), stopping once enough are found: a law of the same happening may be filed
        under another topic (a wrong count under the deal's). Each topic is left after
        WIDER_FRUITLESS laws in a row that are not (such a law stands among the first of its
        topic), so the reading stays a few dozen laws however many topics the code has."""
        law = self.law
        found: list[Law] = []
        topics = sorted(t for (_, t) in self.bank.content.topic_counts(law.game, law.code)
                        if t != law.topic)
        for topic in topics:
            found += self.topic(topic, want - len(found), shown, WIDER_FRUITLESS)
            if len(found) >= want or self.left <= 0:
                break
        return found

    def near(self, other: Law) -> bool:
        """Whether `other` is a near neighbour false of the table (near), and, where the stem
        states the hands' counts, one the engine cites for these very counts at another
        moment (fits_counts)."""
        if self.fitting is None:
            self.fitting = fits_counts(self.bank, self.found, self.law.code)
        if self.fitting is ALL:
            return near(self.bank, self.law, other, self.found)
        # (the same counts of the same subject at another moment: the stage may tell them apart)
        # ("Both players have too many cards" beside one hand wrong: its name says otherwise)
        both = "both" in other.title.casefold().split()
        return other.id in self.fitting \
            and near(self.bank, self.law, other, self.found, any_stage=True) \
            and (not both or len(wrong_hands(self.bank, self.found, other.code)) > 1)


# Happenings that are one and the same to a learner, told apart by the table's facts alone
# (which card was played: a lead, or a follow before its turn).
_SAME_HAPPENING = {"lead-out-of-turn": "out-of-turn", "play-out-of-turn": "out-of-turn"}


ALL: frozenset[str] = frozenset({"*"})  # (no count stated: any near neighbour may stand)


def wrong_hands(bank: QuestionBank, found: Found, code: str) -> dict[str, int]:
    """Each hand's count against its due (over +, under -), where the table gives it and it
    is wrong: what the stem's "The hands are counted: ..." states."""
    s = found.scenario
    table = Table(s, bank.games[s.game].for_code(code, s.variants))
    out: dict[str, int] = {}
    for p in found.scenario.players:
        try:
            error = table.count_error(p)
        except NeedFact:
            continue
        if error:
            out[p] = error
    return out


def fits_counts(bank: QuestionBank, found: Found, code: str) -> frozenset[str]:
    """The laws a wrong choice may be where the stem states the hands' counts (ALL where it
    does not): those the code's ruling cites first with one fact it turned on changed that is
    not a count (another moment of the hand: before or after the turn-up, the first trick, a
    proposal). A law of another pattern of counts ("both too many" beside one short hand and
    one right) is ruled out by the counts the stem states (round 6's #135, #118)."""
    if not any(g.fact in _COUNTS for g in found.for_code(code).grounds) \
            and not wrong_hands(bank, found, code):
        return ALL
    cr = found.for_code(code)
    return frozenset(r.laws[0] for r in neighbours(bank, found.scenario, cr,
                                                   keep=_COUNT_FACTS) if r.laws)


# (and the dealer: the counts are stated of seats, and a dealer changed turns a non-dealer's
# surplus into the dealer's)
_COUNTS = frozenset({"count", "count-error"})
_COUNT_FACTS = _COUNTS | {"dealer"}
# Words of a law's name that speak of two hands at once ("Both players have too many cards",
# "One hand too long, the other too short").
_OF_TWO_HANDS = ("both", "other", "each")


def two_faults(bank: QuestionBank, found: Found, law: Law) -> bool:
    """Whether the table shows two hands wrong while the law speaks of one: the dealer's own
    surplus beside the non-dealer's is another law's half of the case, so "which law decides
    this?" has no one answer (round 6's #118)."""
    title = law.title.casefold()
    return len(wrong_hands(bank, found, law.code)) > 1 \
        and not any(w in title.split() for w in _OF_TWO_HANDS)


def happening(event: str) -> str:
    """The happening an event is an instance of (_SAME_HAPPENING), for comparing laws."""
    return _SAME_HAPPENING.get(event, event)


def near(bank: QuestionBank, law: Law, other: Law, found: Found, any_stage: bool = False
         ) -> bool:
    """Whether the law `other` could stand beside `law` as a wrong choice on the table
    `found`: a near neighbour whose situation is false of the table, by the engine.

    Near: a law of the same game and code that the engine's rulings of something gone wrong
    cite first for the same happening, told alike (the same subject: what went wrong, a
    choice of the event: common.subject), at the same stage of play as the table's (the
    survey's `subjects`): other wrong-dealer laws beside a wrong dealer, the other wrong
    counts beside a wrong count, the before/after-the-turn-up rivals. A law of another
    happening, another subject or another stage is given away by the stem's own words (the
    blind audits: wrong-dealer laws beside a wrong count, drawing laws once the stock is gone,
    play faults beside a count made in the deal; the fifth round's #74, card-exposure laws
    beside a packet's size, and #67, a marriage's law beside a bézique); a law of another code
    by its code (the question asks one code's laws). A law with no such neighbour is not asked.

    False of the table: the engine's ruling of this table (under the code) does not cite it,
    though it rules this very happening at this stage by the law's conditions elsewhere; and
    it is never cited for this happening where nothing is wrong (the duty to follow, cited
    beside a lawful play, describes a revoke of it as well: the audit's #65 and #187). A law
    the engine never cites cannot be told from anything, and is never offered."""
    if other.game != law.game or other.code != law.code:
        return False
    scenario = found.scenario
    if other.code not in scenario.codes or other.id in found.for_code(other.code).laws:
        return False
    reach = bank.survey.reach.get(other.id)
    if reach is None:
        return False
    event = scenario.event.type
    if any(g == law.game and e == event and not ruled_a_fault(e, o)
           for (g, e, o) in reach.outcomes):
        return False
    told = told_happening(subject(scenario))
    return any(g == law.game and (any_stage or s == scenario.stage)
               and told_happening(t) == told for (g, s, t) in reach.subjects)


def told_happening(told: str) -> str:
    """A table's subject (common.subject) with its event read as the happening it is
    (_SAME_HAPPENING): a lead and a follow out of turn are one happening."""
    event, _, fields = told.partition("|")
    return f"{happening(event)}|{fields}"


TABLE_TRIES = 200  # draws for a table the law decides first


def _table_for(bank: QuestionBank, law_id: str, code: str, combos: Sequence[tuple[Combo, int]],
               rng: random.Random) -> Found | None:
    """A table where something has gone wrong whose ruling rests first on the law (its first
    citation): a law cited beside another (a contrast, a scoring detail) may need a fact the
    table does not hold ("cards found on the floor" beside an imperfect pack; points beyond
    the bid beside a bid made exactly), so that table is not asked (None)."""
    readings = law_readings(bank, law_id)
    for _ in range(TABLE_TRIES):
        found = rule_combo(bank, pick_combo(rng, combos), rng, readings)
        if (found is not None and cites(bank, found, law_id, code)
                and found.for_code(code).laws[0] == law_id and not nothing_wrong(found, code)
                and not two_faults(bank, found, bank.content.laws[law_id])):
            return found
    return None


def nothing_wrong(found: Found, code: str) -> bool:
    """Whether the table shows no irregularity: a hand scored, a declaration, a lawful play."""
    event = found.scenario.event.type
    return not ruled_a_fault(event, found.for_code(code).outcome)


def _given_away(bank: QuestionBank, law: Law, wrong: list[Law], stems: tuple[str, ...]) -> bool:
    """Whether the law's name restates a stem and no wrong choice's does (quizzes.judge)."""
    return any(restated_alone([Choice(law.id, law.title)],
                              [Choice(o.id, o.title) for o in wrong],
                              stem, title_weights(bank.content)) for stem in stems)


class GivenAway(LookupError):
    """The law's name alone would give the answer away: it restates the stem, and no other
    law's name that could stand beside it does."""


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed: a table where one rests on the law; where the seed
    finds none (or only ones whose wrong choices the engine cannot tell from it, or where the
    law's name would give the answer away), the table seed 0 finds (the draw laws() checks):
    the question keeps its id, and a law listed always has one."""
    try:
        return _build(bank, law_id, seed)
    except LookupError:
        if seed == 0:
            raise
    return _build(bank, law_id, seed, draw=0)


def _build(bank: QuestionBank, law_id: str, seed: int, *, draw: int | None = None) -> Question:
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed if draw is None else draw)
    combos = bank.survey.combos(law_id, "ruled")
    found = _table_for(bank, law_id, law.code, combos, rng) if combos else None
    if found is None:
        raise LookupError(f"no table where something has gone wrong rests on {law_id}")
    cr = found.for_code(law.code)
    game = bank.games[found.scenario.game]
    table = public_table(found.table)
    seen = public_table(found.seen)
    situation = asked_situation(found, game, law.code, seen)
    # The law named, then its use at this table: its remedy restated before the table's own
    # words said it twice (the fifteenth blind round's #66).
    explanation = f"{law.title.rstrip('.')}. {cr.explanation}"
    search = _Search(bank, law, found)
    near = search.topic(law.topic, NEAR)
    if len(near) < WRONG:
        near += search.wider(WRONG - len(near), frozenset(bank.folded(o)[0] for o in near))
    if len(near) < FEWEST_WRONG:
        # One near neighbour alone makes a coin toss between two names, and filling the
        # question with laws of another happening, stage or code makes a giveaway: not asked.
        raise LookupError(f"fewer than {FEWEST_WRONG} near neighbours of {law_id} are false "
                          "of this table")
    where = "" if law.game == "general" else f" of {bank.content.games[law.game].name}"
    prompt = (f"Under the {code_words(law.code)} laws{where}"
              f"{reading_words(bank.content, (law_id,))}, which law decides this?")
    stems = matched_stems(situation, prompt, True, bank.content.games[law.game].name
                          if law.game in bank.content.games else "")
    matched = stems[-1]  # (what happened: the words a rival's name should echo)
    if any(restates(law.title, stem) or says_again(law.title, stem) for stem in stems):
        # The right law's name says again what the stem says happened ("Both players are
        # short" beside two short hands; "abandoning the hand before winning a trick"): it is
        # found by reading, whatever stands beside it (the blind audit's A20, C34, #140).
        raise GivenAway(f"the name of {law_id} restates what the stem says happened")
    wrong = shuffled(rng, near)
    if _given_away(bank, law, wrong[:WRONG], stems):
        # The law's name echoes the stem: neighbours whose names echo it too stand first, so
        # the right choice is not the only one that reads like the stem.
        weights = title_weights(bank.content)
        wrong.sort(key=lambda o: (not restates(o.title, matched),
                                  -stem_echo(o.title, matched, weights=weights)))
    wrong = wrong[:WRONG]
    if _given_away(bank, law, wrong, stems):
        raise GivenAway(f"the name of {law_id} echoes the stem, and no near neighbour's does")
    options = shuffled(rng, [law, *wrong])
    choices = tuple(Choice(o.id, o.title) for o in options)  # (every one of the law's code)
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id,),
        prompt=prompt,
        situation=situation,
        kind="single",
        choices=choices,
        answer=(law_id,),
        explanation=explanation,
        # The laws the ruling of the table cites, not every law related to the right one: a
        # law of another pattern of counts listed beside the table misleads (round 7's #82).
        links=bank.links((law_id, *cr.laws)),
        table=table,
        seen=seen,
    )
