"""'Which law applies?': pick the law (by title) among its near neighbours.

Where the engine can set the scene, the question shows a random table it rules with the law;
otherwise it gives the law's situation in words. The wrong choices are laws of the same game
and code (same topic first) and, where its title differs, the same case under another code.
A wrong choice is never a rival reading of the law (the same case under the same code, or a
member of its variant group), never a law the table's ruling also cites and never a law of the
same situation: each question has one defensible answer. A law with rival readings is asked
"following" its authority, so the question says which reading it means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.content import Law
from quizzes.generators.common import find, public_table, seeded, shuffled
from quizzes.questions import Choice, Question, question_id
from quizzes.words import code_words, event_words, reading_words, table_words

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "law"
WRONG = 3


def laws(bank: QuestionBank) -> list[str]:
    """Every law with at least one neighbour to confuse it with."""
    return [law.id for law in bank.content.laws.values() if _has_neighbour(bank, law)]


def _has_neighbour(bank: QuestionBank, law: Law) -> bool:
    """Whether `_pool` would find a neighbour in the same code (stops at the first: building
    every pool made preparing the bank quadratic in the laws of a code)."""
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


def _unique(bank: QuestionBank, law: Law, candidates: list[Law], titles: set[str],
            exclude: set[str]) -> list[Law]:
    """The candidates that could stand beside the law as a wrong choice, each title once
    (`titles` grows with every one taken)."""
    taken: list[Law] = []
    for other in candidates:
        title = bank.folded(other)[0]
        if other.id in exclude or title in titles or _rival(bank, law, other):
            continue
        titles.add(title)
        taken.append(other)
    return taken


def _pool(
    bank: QuestionBank, law: Law, cited: tuple[str, ...]
) -> tuple[list[Law], list[Law], set[str], set[str]]:
    """(neighbours of the same topic and code, counterparts in other codes, the titles taken,
    the ids excluded): titles all different, none a rival reading or a law the ruling cites.

    Only the law's topic is read: the rest of its code is asked for only when the topic holds
    too few neighbours (`_wider`), since a code can hold thousands of laws and a question is
    built while the learner waits."""
    titles = {bank.folded(law)[0]}
    exclude = {law.id, *cited}
    topic = sorted(bank.laws_of_topic(law.game, law.code, law.topic),
                   key=lambda o: o.case != law.case)
    near = _unique(bank, law, topic, titles, exclude)
    counterparts = [
        bank.content.laws[cp.law]
        for cp in law.counterparts
        if cp.law in bank.content.laws and cp.law not in exclude
    ]
    counterparts = [
        c
        for c in counterparts
        if bank.folded(c)[0] not in titles and not _rival(bank, law, c) and c.code != law.code
    ]
    return near, counterparts, titles, exclude


def _wider(bank: QuestionBank, law: Law, titles: set[str], exclude: set[str],
           chosen: list[Law]) -> list[Law]:
    """Neighbours from the other topics of the law's code, none sharing a title with the
    choices already made."""
    shown = {bank.folded(o)[0] for o in chosen}
    others = [o for o in bank.laws_of(law.game, law.code) if o.topic != law.topic]
    others.sort(key=lambda o: o.case != law.case)
    return [o for o in _unique(bank, law, others, set(titles), exclude)
            if bank.folded(o)[0] not in shown]


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed."""
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed)
    combos = bank.survey.combos(law_id, "ruled")
    cited: tuple[str, ...] = ()
    table = None
    if combos:
        found = find(bank, law_id, law.code, combos, rng)
        cr = found.for_code(law.code)
        cited = cr.laws
        game = bank.games[found.scenario.game]
        situation = f"{table_words(found.scenario, game)}\n{event_words(found.scenario, game)}"
        table = public_table(found.raw)
        explanation = f"{law.title}: {law.remedy}\n{cr.explanation}"
    else:
        situation = law.situation
        explanation = f"{law.title}: {law.remedy}"
    near, counterparts, titles, exclude = _pool(bank, law, cited)
    if not near:
        near = _wider(bank, law, titles, exclude, [])
    wrong = shuffled(rng, near[: WRONG * 3])[:WRONG]
    shown = {bank.folded(o)[0] for o in wrong}
    counterparts = [c for c in counterparts if bank.folded(c)[0] not in shown]
    if counterparts and len(wrong) == WRONG:
        wrong[-1] = rng.choice(counterparts)
    elif counterparts:
        wrong.append(rng.choice(counterparts))
    if len(wrong) < WRONG:
        more = [o for o in near if o not in wrong]
        if len(wrong) + len(more) < WRONG:
            more += _wider(bank, law, titles, exclude, wrong + more)
        wrong += more[: WRONG - len(wrong)]
    options = shuffled(rng, [law, *wrong])
    choices = tuple(Choice(o.id, o.title, o.code if o.code != law.code else "") for o in options)
    where = "" if law.game == "general" else f" of {bank.content.games[law.game].name}"
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id,),
        prompt=f"Under the {code_words(law.code)} laws{where}"
        f"{reading_words(bank.content, (law_id,))}, which law decides this?",
        situation=situation,
        kind="single",
        choices=choices,
        answer=(law_id,),
        explanation=explanation,
        links=bank.links((law_id, *law.related)),
        table=table,
    )
