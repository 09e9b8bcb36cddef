"""'Which law applies?': pick the law (by title) among its near neighbours.

Where the engine can set the scene, the question shows a random table it rules with the law;
otherwise it gives the law's situation in words. The wrong choices are laws of the same game
and code (same topic first) and, where its title differs, the same case under another code.
A wrong choice is never a rival reading of the law (the same case under the same code, or a
member of its variant group), never a law the table's ruling also cites and never a law of the
same situation: each question has one defensible answer. A law with rival readings is asked
"following" its authority, so the question says which reading it means.

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
from quizzes.judge import RIVAL, matched_stem, restated_alone, restates, title_weights
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
    """Every law with at least one neighbour to confuse it with, but a reading kept for the
    record (no table follows it: games/<id>.toml `readings_of_record`) and a law whose name
    restates its own situation where no other law's name that could stand beside it does (a
    question in its words would give the answer away)."""
    return [law.id for law in bank.content.laws.values()
            if not of_record(bank, law) and _has_neighbour(bank, law)
            and not _named_as_asked(bank, law)]


def _named_as_asked(bank: QuestionBank, law: Law) -> bool:
    """Whether the law has no fair question at seed 0, on a table or in its words: its name
    gives it away (it restates the stem and no other's does), or no wrong choice is one the
    engine tells from what is shown (told_apart)."""
    for in_words in (True, False):
        try:
            _build(bank, law.id, 0, in_words=in_words)
        except LookupError:
            continue
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
    return law.game == other.game and bank.folded(law)[1] == bank.folded(other)[1]


def disputed_bearing(bank: QuestionBank, law: Law) -> set[str]:
    """The laws of its code that a reading of a disputed rule bears on, asked in words: those
    any reading of its variant group names as related. A general law one reading agrees with is
    a second answer under that reading ("high goes to the winner of the trick" and "fourteen
    points a deal, to the side that wins them"; "brisques are scored as won" and "only aces and
    tens count in the tricks"). A table fixes the facts, and the engine's ruling names the laws
    that decide it; an undisputed law's related laws are the neighbours it is told apart from."""
    if not law.variant_of:
        return set()
    readings = bank.content.variant_groups_of(law.game).get(law.variant_of, (law,))
    return {r for reading in (law, *readings) for r in reading.related
            if r in bank.content.laws and bank.content.laws[r].code == law.code}


class _Search:
    """The search for a question's wrong choices: the titles taken, the ids excluded and how
    many more laws it may read. Topics are read as streams and left as soon as they have given
    what is wanted, so a question reads a few dozen laws whatever the size of its code."""

    def __init__(self, bank: QuestionBank, law: Law, cited: tuple[str, ...],
                 *, in_words: bool = False, found: Found | None = None) -> None:
        self.bank = bank
        self.law = law
        self.found = found
        self.titles = {bank.folded(law)[0]}
        self.exclude = {law.id, *cited, *(disputed_bearing(bank, law) if in_words else ())}
        # Asked in words, a law the content relates to it (either way) bears on the same
        # situation ("the players cut for the deal" fits "the highest cut deals first"): it
        # would be a second defensible answer. A table fixes the facts instead.
        self.in_words = in_words
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
            bears = self.in_words and (other.id in law.related or law.id in other.related)
            if (other.id in self.exclude or title in self.titles or bears
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


def told_apart(bank: QuestionBank, law: Law, other: Law, found: Found | None) -> bool:
    """Whether the engine shows that `other`'s situation is false of the question: of the table
    `found`, or (asked in words, found None) of the law's own situation. A wrong choice must
    be false of what the learner is shown, and words cannot tell (the blind audit's #65, #70,
    #96, #187: "follow suit and win" beside a renounce, "the rubicon" beside "the scores are
    being reckoned"), so the engine's rulings judge:

    - a law the engine never cites cannot be told from anything: never a wrong choice;
    - on a table: not one the engine cites there (under the law's own code); and either the
      engine cites it only for other happenings (a cut, a wrong count, against a revoke), or
      it cites it for this happening in rulings of the same meaning as this table's (the
      engine tells the two situations apart by the table's facts). A law cited for this
      happening only in rulings of another meaning (the duty to follow, cited where a play is
      lawful, beside a revoke of it) describes the table as well, whatever the engine rules;
    - in words: cited for some irregularity (not only where nothing has gone wrong: a hand
      scored, the stock run out, a lawful play, which a stem of ordinary play may describe),
      and never for a happening the law itself is cited for."""
    kinds = _kinds(bank, other.id)
    if not kinds:
        return False
    if found is None:
        own = _kinds(bank, law.id)
        if not own:  # the law's situation is no table the engine rules: its kind unknown
            return any(event not in _NOTHING_WRONG and outcome != "legal"
                       for (_, event, outcome) in kinds)
        return all(_kind_told(kinds, event, meaning(outcome)) for (_, event, outcome) in own)
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
# the law is asked in words instead.
_NOTHING_WRONG = frozenset({"points-made", "hand-result", "counted-out", "stock-exhausted",
                            "king-turned", "carte-blanche"})
TABLE_TRIES = 200  # draws for a table the law decides first, before it is asked in words
ECHO_READ = 24  # laws of a topic read for one whose name echoes the stem
ECHO_WIDE = 40  # laws of a code read in all for one (its own topic's first)


def _table_for(bank: QuestionBank, law_id: str, code: str, combos: Sequence[tuple[Combo, int]],
               rng: random.Random) -> Found | None:
    """A table where something has gone wrong whose ruling rests first on the law (its first
    citation): a law cited beside another (a contrast, a scoring detail) may need a fact the
    table does not hold ("cards found on the floor" beside an imperfect pack; points beyond
    the bid beside a bid made exactly), so it is asked in words instead (None)."""
    readings = law_readings(bank, law_id)
    for _ in range(TABLE_TRIES):
        found = rule_combo(bank, pick_combo(rng, combos), rng, readings)
        if (found is not None and cites(found, law_id, code)
                and found.for_code(code).laws[0] == law_id and not nothing_wrong(found, code)):
            return found
    return None


def nothing_wrong(found: Found, code: str) -> bool:
    """Whether the table shows no irregularity: a hand scored, a declaration, a lawful play."""
    event = found.scenario.event.type
    return event in _NOTHING_WRONG or (event == "play"
                                       and found.for_code(code).outcome == "legal")


def _given_away(bank: QuestionBank, law: Law, wrong: list[Law], stem: str) -> bool:
    """Whether the law's name restates the stem and no wrong choice's does (quizzes.judge)."""
    return restated_alone([Choice(law.id, law.title)], [Choice(o.id, o.title) for o in wrong],
                          stem, title_weights(bank.content))


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
            bears = search.in_words and (other.id in law.related or law.id in other.related)
            if (other.id in search.exclude or title in taken or title == bank.folded(law)[0]
                    or bears or _rival(bank, law, other) or of_record(bank, other)
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
    """The question for a law and a seed: from a table where one rests on the law, else (or
    where the law's name would give the table's answer away) in the law's own words."""
    tries: list[tuple[bool, int | None]] = [(False, None), (True, None)]
    if seed != 0:
        # Drawn as seed 0 draws them (the draws laws() checks): the question keeps its id, and
        # a law listed always has one.
        tries += [(False, 0), (True, 0)]
    for n, (in_words, draw) in enumerate(tries):
        try:
            return _build(bank, law_id, seed, in_words=in_words, draw=draw)
        except LookupError:  # given away, or no law the engine tells from what is shown
            if n == len(tries) - 1:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _build(bank: QuestionBank, law_id: str, seed: int, *, in_words: bool,
           draw: int | None = None) -> Question:
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed if draw is None else draw)
    combos = [] if in_words else bank.survey.combos(law_id, "ruled")
    cited: tuple[str, ...] = ()
    table = seen = None
    found = _table_for(bank, law_id, law.code, combos, rng) if combos else None
    if found is not None:
        cr = found.for_code(law.code)
        cited = cr.laws
        game = bank.games[found.scenario.game]
        table = public_table(found.table)
        seen = public_table(found.seen)
        situation = with_deciding_facts(
            f"{table_words(found.scenario, game)}\n{event_words(found.scenario, game)}",
            (cr,), found.scenario, seen)
        explanation = f"{law.title}: {law.remedy}\n{cr.explanation}"
    else:
        situation = law.situation
        explanation = f"{law.title}: {law.remedy}"
    search = _Search(bank, law, cited, in_words=table is None, found=found)
    near = search.topic(law.topic, NEAR)
    counterparts = search.counterparts()
    widened = not near
    if widened:
        near = search.wider(NEAR)
    if not near and not counterparts and table is None:
        # Every other law of the code bears on this reading: they stand as wrong choices
        # rather than no question at all.
        search = _Search(bank, law, cited, found=found)
        near = search.topic(law.topic, NEAR) or search.wider(NEAR)
        widened = True
    where = "" if law.game == "general" else f" of {bank.content.games[law.game].name}"
    prompt = (f"Under the {code_words(law.code)} laws{where}"
              f"{reading_words(bank.content, (law_id,))}, which law decides this?")
    matched = matched_stem(situation, prompt, bank.content.games[law.game].name
                           if law.game in bank.content.games else "")
    wrong = shuffled(rng, near)
    if _given_away(bank, law, wrong[:WRONG], matched):
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
    if _given_away(bank, law, wrong, matched):
        echo = _echoing(bank, law, search, matched, {bank.folded(o)[0] for o in wrong}, rng)
        if echo is not None:
            wrong = [echo, *wrong[1:]] if len(wrong) >= WRONG else [echo, *wrong]
        if echo is None or _given_away(bank, law, wrong, matched):
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
