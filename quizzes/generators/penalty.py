"""'Count the penalty': the points that change hands, typed in, as the engine scores them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from quizzes.generators.common import find, public_table, rests_on_unconfirmed, seeded
from quizzes.plain_words import join_words
from quizzes.questions import Question, question_id
from quizzes.stem import with_deciding_facts
from quizzes.words import (
    code_words,
    event_words,
    reading_words,
    scorer_words,
    side_words,
    table_words,
)

if TYPE_CHECKING:
    from app.model.games import Game
    from quizzes.bank import QuestionBank

TYPE = "penalty"


def laws(bank: QuestionBank) -> list[str]:
    """Laws whose rulings move points, but for a law whose rule is unconfirmed."""
    return [law_id for law_id in bank.survey.laws("scored")
            if not rests_on_unconfirmed(bank, (law_id,))]


# Outcomes whose points are the value of a game won, where each deal is a game (Portland law
# 58), not a sum added to a score. A game abandoned under Foster's report of the English laws
# gives the adversary a sum "to add to his score" (seed 000:1), reckoned without law 58's
# hundreds: asking its "value" mixed the two (the seventh blind audit's #99, #196, #97).
_ENDS_THE_GAME = frozenset({"game-won"})
# A law's number in its source ("H-PC law 58"), said in the question's words.
_LAW_NUMBER = re.compile(r"\blaw (\d+)$")


def reckoned_by(bank: QuestionBank, law_ids: Sequence[str]) -> str:
    """' as law 58 reckons it' (or 'as laws 58 and 59 reckon it'): the laws of scoring a ruling
    cites, by number, so a game's value is asked as they compute it ('' when none is numbered)."""
    numbers = [m[1] for law_id in dict.fromkeys(law_ids)
               if (law := bank.content.laws.get(law_id)) is not None and law.topic == "scoring"
               and (m := _LAW_NUMBER.search(law.source))]
    if not numbers:
        return ""
    if len(numbers) > 1:
        return f" as laws {join_words(numbers)} reckon it"
    return f" as law {numbers[0]} reckons it"


def _ask(who: str, several: bool, points: int, outcome: str, game: Game,
         reckoned: str = "", when: str = "") -> str:
    """The question's figure, said so it is read one way. Where each deal is a game of its
    own and the score is kept (Rubicon Bézique), "how many points does South score?" is read
    two ways, the sum added to his score (law 17, Foster) or the game's value (law 58): the
    blind audit's #107 against #137. There the figure asked is named: the value of a game the
    ruling ends as won, with the laws that reckon it, else the points added to his score."""
    if points < 0:
        return f"how many points are taken off {who}'s score?"
    if when == "last-trick":
        return f"how many points will {who} score for the last trick when it is played?"
    play = game.facts.play
    one_deal = game.model.keeps_score and play is not None and not play.game_to
    if not one_deal:
        return f"how many points {'do' if several else 'does'} {who} score?"
    if outcome in _ENDS_THE_GAME:
        return (f"what is the value in points of the game {who} "
                f"{'win' if several else 'wins'}{reckoned}?")
    return (f"how many points {'do' if several else 'does'} {who} add to "
            f"{'their' if several else 'his'} score?")


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed."""
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed)
    found = find(
        bank,
        law_id,
        law.code,
        bank.survey.combos(law_id, "scored"),
        rng,
        lambda f: bool(f.for_code(law.code).score)
        and not rests_on_unconfirmed(bank, f.for_code(law.code).laws),
        deciding=True,
    )
    cr = found.for_code(law.code)
    player, points = max(sorted(cr.score.items()), key=lambda kv: (abs(kv[1]), kv[1] > 0))
    game = bank.games[found.scenario.game]
    # In a partnership game the points are the side's: "North" alone would read as what
    # North made himself, a second defensible number.
    who, several = scorer_words(player, side_words(found.scenario, game))
    ask = _ask(who, several, points, cr.outcome, game, reckoned_by(bank, cr.laws),
               cr.score_when)
    table = public_table(found.table)
    seen = public_table(found.seen)
    situation = with_deciding_facts(
        f"{table_words(found.scenario, game)}\n{event_words(found.scenario, game)}",
        (cr,), found.scenario, seen)
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id, *[x for x in cr.laws if x != law_id]),
        prompt=f"Under the {code_words(law.code)} laws"
        f"{reading_words(bank.content, (law_id, *cr.laws))}, {ask}",
        situation=situation,
        kind="number",
        answer=abs(points),
        deduction=points < 0,
        explanation=cr.explanation,
        links=bank.links((law_id, *cr.laws)),
        table=table,
        seen=seen,
    )
