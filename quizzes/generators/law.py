"""'Which law applies?': pick the law (by title) among its near neighbours.

The question shows a table where something has gone wrong, a real moment of a deal the
engine rules with the law first. A law the engine never rules with, or whose tables all show
nothing wrong, is not asked: in the law's own words the stem restates the answer's (the blind
audit's class f), and the engine cannot tell which other laws the words fit (class b). The
wrong choices are laws of the same game and code (same topic first) and, where its title
differs, the same case under another code. A wrong choice is never a rival reading of the law
(the same case under the same code, or a member of its variant group), never a law the table's
ruling also cites, never a law of the same situation, and always one the engine's rulings tell
from the table (told_apart): each question has one defensible answer. A law with rival readings
is asked "following" its authority, so the question says which reading it means.

A question is built while the learner waits: its neighbours are read as a stream, topic by
topic, and the reading stops once enough are found (or after a bounded number of laws), so the
time does not grow with the size of the law's topic or code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from app.corpus.laws import Law
from app.engine.ruling import meaning
from quizzes.generators.common import (
    Combo,
    Found,
    cites,
    law_readings,
    pick_combo,
    public_table,
    rule_combo,
    seeded,
    shuffled,
)
from quizzes.judge import (
    RIVAL,
    matched_stems,
    restated_alone,
    restates,
    title_weights,
)
from quizzes.judge import echo as stem_echo
from quizzes.questions import Choice, Question, question_id
from quizzes.stem import with_deciding_facts
from quizzes.words import code_words, event_words, reading_words, table_words

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "law"
WRONG = 3
NEAR = WRONG * 3  # the neighbours the wrong choices are drawn from
# A topic is left after this many laws in a row that could not be a choice (a topic of near
# copies, or of laws the engine never cites: told_apart) ...
FRUITLESS = 16
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
    try:
        _build(bank, law.id, 0)
    except LookupError:
        return False
    return True


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



class _Search:
    """The search for a question's wrong choices: the titles taken, the ids excluded and how
    many more laws it may read. Topics are read as streams and left as soon as they have given
    what is wanted, so a question reads a few dozen laws whatever the size of its code."""

    def __init__(self, bank: QuestionBank, law: Law, found: Found) -> None:
        self.bank = bank
        self.law = law
        self.found = found
        self.titles = {bank.folded(law)[0]}
        self.exclude = {law.id, *found.for_code(law.code).laws}
        self.left = READ_AT_MOST

    def topic(self, topic: str, want: int, shown: frozenset[str] = frozenset()) -> list[Law]:
        """Up to `want` laws of one topic of the law's game and code, in file order, that could
        stand beside it as a wrong choice, each title once and none titled as in `shown`.

        Left early after FRUITLESS laws in a row that could not (a topic of near copies), and
        when the question has read READ_AT_MOST laws in all."""
        # File order, as read. (The law's own case used to be read first; every law has a case,
        # and a law of the same case and code is a rival, so that order only moved laws that
        # are never taken.)
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
                    or not self.told_apart(other)):
                fruitless += 1
            else:
                self.titles.add(title)
                if title in shown:
                    fruitless += 1
                else:
                    found.append(other)
                    fruitless = 0
            if len(found) >= want or fruitless >= FRUITLESS or self.left <= 0:
                break
        return found

    def wider(self, want: int, shown: frozenset[str] = frozenset()) -> list[Law]:
        """Up to `want` neighbours from the other topics of the law's code (in name order),
        stopping once enough are found."""
        law = self.law
        found: list[Law] = []
        topics = sorted(t for (_, t) in self.bank.content.topic_counts(law.game, law.code)
                        if t != law.topic)
        for topic in topics:
            found += self.topic(topic, want - len(found), shown)
            if len(found) >= want or self.left <= 0:
                break
        return found

    def counterparts(self) -> list[Law]:
        """The law's counterparts under other codes that could stand beside it, none titled as
        a neighbour taken so far."""
        bank, law = self.bank, self.law
        laws = bank.content.laws
        found = [laws[cp.law] for cp in law.counterparts
                 if cp.law in laws and cp.law not in self.exclude]
        return [c for c in found if bank.folded(c)[0] not in self.titles
                and not _rival(bank, law, c) and c.code != law.code
                and not of_record(bank, c) and self.told_apart(c)]

    def told_apart(self, other: Law) -> bool:
        """Whether the engine tells the law `other` from what the question shows
        (told_apart): else its situation may fit the table or the stem, a second answer."""
        return told_apart(self.bank, self.law, other, self.found)


def _kinds(bank: QuestionBank, law_id: str) -> set[tuple[str, str, str]]:
    """(game, event, outcome) of every ruling of the survey citing the law."""
    reach = bank.survey.reach.get(law_id)
    return set(reach.outcomes) if reach is not None else set()


def told_apart(bank: QuestionBank, law: Law, other: Law, found: Found) -> bool:
    """Whether the engine shows that `other`'s situation is false of the table `found`. A wrong
    choice must be false of what the learner is shown, and words cannot tell (the blind audit's
    #65 and #187: "follow suit and win" beside a renounce, "follow suit or trump" beside a
    revoke), so the engine's rulings judge: never a law the engine never cites (it cannot be
    told from anything), nor one it cites on this table (under the law's own code); and either
    the engine cites it only for other happenings (a cut, a wrong count, against a revoke), or
    it cites it for this happening in rulings of the same meaning as this table's (the engine
    tells the two situations apart by the table's facts). A law cited for this happening only
    in rulings of another meaning (the duty to follow, cited where a play is lawful, beside a
    revoke of it) describes the table as well, whatever the engine rules."""
    kinds = _kinds(bank, other.id)
    if not kinds:
        return False
    scenario = found.scenario
    if other.code not in scenario.codes:
        return _kind_told(kinds, scenario.event.type, None)
    cr = found.for_code(other.code)
    return other.id not in cr.laws and _kind_told(kinds, scenario.event.type,
                                                  meaning(cr.outcome))


def _kind_told(kinds: set[tuple[str, str, str]], event: str, ruled: str | None) -> bool:
    """Whether a law cited in rulings of `kinds` is told from a happening `event` ruled with a
    meaning `ruled`: cited only for other happenings, or for this one in rulings of the same
    meaning (then the table's facts tell the two apart)."""
    same = [meaning(o) for (_, e, o) in kinds if e == event]
    return not same or (ruled is not None and ruled in same)


# Events where nothing has gone wrong (a hand scored, a lawful play, a declaration): there is
# nothing for a law to decide, and every law of the scoring or the play fits such a table, so
# no question is asked on one.
_NOTHING_WRONG = frozenset({"points-made", "hand-result", "counted-out", "stock-exhausted",
                            "king-turned", "carte-blanche"})
TABLE_TRIES = 200  # draws for a table the law decides first
ECHO_READ = 24  # laws of a topic read for one whose name echoes the stem
ECHO_WIDE = 40  # laws of a code read in all for one (its own topic's first)


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
                and found.for_code(code).laws[0] == law_id and not nothing_wrong(found, code)):
            return found
    return None


def nothing_wrong(found: Found, code: str) -> bool:
    """Whether the table shows no irregularity: a hand scored, a declaration, a lawful play."""
    event = found.scenario.event.type
    return event in _NOTHING_WRONG or (event == "play"
                                       and found.for_code(code).outcome == "legal")


def _given_away(bank: QuestionBank, law: Law, wrong: list[Law], stems: tuple[str, ...]) -> bool:
    """Whether the law's name restates a stem and no wrong choice's does (quizzes.judge)."""
    return any(restated_alone([Choice(law.id, law.title)],
                              [Choice(o.id, o.title) for o in wrong],
                              stem, title_weights(bank.content)) for stem in stems)


def _echoing(bank: QuestionBank, law: Law, search: _Search, stem: str, taken: set[str],
             rng: random.Random) -> Law | None:
    """A law of the game whose name echoes the stem as the law's own does, and that could stand
    beside it as a wrong choice (None when there is none): the right choice is then not the
    only one that reads like the stem. Its own code's laws first; else another code's (the
    question names the code it asks about, and the choice says whose it is)."""
    codes = [law.code, *(c for c in bank.games[law.game].codes if c != law.code)] \
        if law.game in bank.games else [law.code]
    for code in codes:
        found = _echoes(bank, law, search, stem, taken, code)
        if found:
            return rng.choice(found)
    return None


def _echoes(bank: QuestionBank, law: Law, search: _Search, stem: str, taken: set[str],
            code: str) -> list[Law]:
    """Laws of the code whose names echo the stem at least as much as the law's own: its own
    topic first (ECHO_READ laws at most), then the others (ECHO_WIDE in all), so a question
    still reads a bounded number of laws."""
    found: list[Law] = []
    weights = title_weights(bank.content)
    own = stem_echo(law.title, stem, weights=weights)
    topics = [law.topic, *sorted(t for (_, t) in bank.content.topic_counts(law.game, code)
                                 if t != law.topic)]
    read = 0
    for topic in topics:
        for n, other in enumerate(bank.content.iter_laws_of_topic(law.game, topic, code)):
            read += 1
            if (topic == law.topic and n >= ECHO_READ) or read > ECHO_WIDE:
                break
            title = bank.folded(other)[0]
            if (other.id in search.exclude or title in taken or title == bank.folded(law)[0]
                    or _rival(bank, law, other) or of_record(bank, other)
                    or not search.told_apart(other)):
                continue
            if (restates(other.title, stem)
                    or stem_echo(other.title, stem, weights=weights) >= own * RIVAL):
                found.append(other)
        if found or read > ECHO_WIDE:
            break
    return found


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
    situation = with_deciding_facts(
        f"{table_words(found.scenario, game)}\n{event_words(found.scenario, game)}",
        (cr,), found.scenario, seen)
    explanation = f"{law.title}: {law.remedy}\n{cr.explanation}"
    search = _Search(bank, law, found)
    near = search.topic(law.topic, NEAR)
    counterparts = search.counterparts()
    widened = not near
    if widened:
        near = search.wider(NEAR)
    where = "" if law.game == "general" else f" of {bank.content.games[law.game].name}"
    prompt = (f"Under the {code_words(law.code)} laws{where}"
              f"{reading_words(bank.content, (law_id,))}, which law decides this?")
    stems = matched_stems(situation, prompt, True, bank.content.games[law.game].name
                          if law.game in bank.content.games else "")
    matched = stems[-1]  # (what happened: the words a rival's name should echo)
    wrong = shuffled(rng, near)
    if _given_away(bank, law, wrong[:WRONG], stems):
        # The law's name echoes the stem: neighbours whose names echo it too stand first, so
        # the right choice is not the only one that reads like the stem.
        weights = title_weights(bank.content)
        wrong.sort(key=lambda o: (not restates(o.title, matched),
                                  -stem_echo(o.title, matched, weights=weights)))
    wrong = wrong[:WRONG]
    shown = frozenset(bank.folded(o)[0] for o in wrong)
    counterparts = [c for c in counterparts if bank.folded(c)[0] not in shown]
    if counterparts and len(wrong) == WRONG:
        wrong[-1] = rng.choice(counterparts)
    elif counterparts:
        wrong.append(rng.choice(counterparts))
    if len(wrong) < WRONG and not widened:  # (widened, the other topics gave all they had)
        shown = frozenset(bank.folded(o)[0] for o in wrong)
        wrong += search.wider(WRONG - len(wrong), shown)
    if _given_away(bank, law, wrong, stems):
        echo = _echoing(bank, law, search, matched, {bank.folded(o)[0] for o in wrong}, rng)
        if echo is not None:
            wrong = [echo, *wrong[1:]] if len(wrong) >= WRONG else [echo, *wrong]
        if echo is None or _given_away(bank, law, wrong, stems):
            raise GivenAway(f"the name of {law_id} restates the stem, and no other law's name "
                            "that could stand beside it does")
    if not wrong:
        raise LookupError(f"no law could stand beside {law_id} as a wrong choice")
    options = shuffled(rng, [law, *wrong])
    choices = tuple(Choice(o.id, o.title, o.code if o.code != law.code else "") for o in options)
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
        links=bank.links((law_id, *law.related)),
        table=table,
        seen=seen,
    )
