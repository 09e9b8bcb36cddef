"""'Count the penalty': the points that change hands, typed in, as the engine scores them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quizzes.generators.common import (
    figure_law,
    find,
    public_table,
    rests_on_unconfirmed,
    seeded,
)
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


# Outcomes that end the game now: where each deal is a game, its points are then the value
# of the game (Portland law 58), not a sum added to a score play may still raise.
_ENDS_THE_GAME = frozenset({"game-won", "game-abandoned"})


def _ask(who: str, several: bool, points: int, outcome: str, game: Game) -> str:
    """The question's figure, said so it is read one way. Where each deal is a game of its
    own and the score is kept (Rubicon Bézique), "how many points does South score?" is read
    two ways, the sum added to his score (law 17) or the game's value (law 58): the blind
    audit's #107 against #137. There the figure asked is named: the value of a game the
    ruling ends, else the points added to his score."""
    if points < 0:
        return f"how many points are taken off {who}'s score?"
    play = game.facts.play
    one_deal = game.model.keeps_score and play is not None and not play.game_to
    if not one_deal:
        return f"how many points {'do' if several else 'does'} {who} score?"
    if outcome in _ENDS_THE_GAME:
        return f"what is the value in points of the game {who} {'win' if several else 'wins'}?"
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
        and not rests_on_unconfirmed(bank, f.for_code(law.code).laws)
        and figure_law(bank, f.for_code(law.code)) == law_id,  # its figure is this law's
    )
    cr = found.for_code(law.code)
    player, points = max(sorted(cr.score.items()), key=lambda kv: (abs(kv[1]), kv[1] > 0))
    game = bank.games[found.scenario.game]
    # In a partnership game the points are the side's: "North" alone would read as what
    # North made himself, a second defensible number.
    who, several = scorer_words(player, side_words(found.scenario, game))
    ask = _ask(who, several, points, cr.outcome, game)
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
