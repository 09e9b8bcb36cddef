"""'Count the penalty': the points that change hands, typed in, as the engine scores them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from quizzes.accounts import with_inferences
from quizzes.announce_words import announced_words
from quizzes.asked_stem import asked_situation
from quizzes.checkable import checkable
from quizzes.generators.common import (
    Found,
    builds_first_seed,
    figure_law,
    find,
    public_table,
    seeded,
    source_words,
)
from quizzes.generators.other_side import other_side
from quizzes.generators.rivals import neighbours
from quizzes.plain_words import join_words
from quizzes.questions import Question, question_id
from quizzes.table_premises import abandoned_point_won, king_still_markable
from quizzes.words import (
    code_words,
    scorer_words,
    side_words,
)

if TYPE_CHECKING:
    from app.model.games import Game
    from quizzes.bank import QuestionBank

TYPE = "penalty"


def laws(bank: QuestionBank) -> list[str]:
    """Laws whose rulings move points, but for a law a learner cannot check (quizzes.
    checkable: unconfirmed, inferred, of no printed source), and where seed
    0 finds a table whose figure the law decides rather than the stem states (asked_figure)."""
    return [law_id for law_id in bank.survey.laws("scored")
            if checkable(bank.content, law_id) and builds_first_seed(build, bank, law_id)]


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
    # How the laws take the figures they reckon (law 58's whole hundreds), so "round the sum"
    # is no second reading of the same law (the ninth blind audit's #114).
    how = "".join(f" ({law.reckoning})" for law_id in dict.fromkeys(law_ids)
                  if (law := bank.content.laws.get(law_id)) is not None and law.reckoning)
    if len(numbers) > 1:
        return f" as laws {join_words(numbers)} reckon it{how}"
    return f" as law {numbers[0]} reckons it{how}"


# Outcomes after which the hand is played on: points given while it is in play are then not
# all the scorer makes (the 60th blind round's #131: a forfeit of 10 for playing without
# drawing, asked "how many points does South score?" in the middle of a hand).
_HAND_GOES_ON = frozenset({"play-on", "penalty", "no-penalty", "score-stands", "revoke",
                           "replay"})


def _ask(who: str, several: bool, points: int, outcome: str, game: Game,
         reckoned: str = "", neutral: bool = False, in_play: bool = False) -> str:
    """The question's figure, said so it is read one way. Where each deal is a game of its
    own and the score is kept (Rubicon Bézique), "how many points does South score?" is read
    two ways, the sum added to his score (law 17, Foster) or the game's value (law 58): the
    blind audit's #107 against #137. There the figure asked is named: the value of a game the
    ruling ends as won, with the laws that reckon it, else the points added to his score.
    `neutral` (may_be_nothing): asked "if any", so the question does not say there are points
    to move where the law moves none at another moment (the eleventh round's #7, #9, #44)."""
    any_ = ", if any," if neutral else ""
    # Points given while the hand goes on are not all the scorer adds: he scores too in the
    # tricks still to play (Foster's surplus-and-short, "the hand is played out", the
    # seventeenth round's #126), so the figure asked is said to leave them aside.
    # (Not "in the tricks still to play": a player who has led his last card makes nothing
    # more but the trick in progress, the twentieth round's #187.)
    besides = (f"besides what {'they make' if several else 'he makes'} in the rest of the "
               f"hand, " if points > 0 and (outcome == "play-on"
                                              or (in_play and outcome in _HAND_GOES_ON))
               else "")
    return besides + _figure(who, several, points, outcome, game, reckoned, any_)


def _figure(who: str, several: bool, points: int, outcome: str, game: Game, reckoned: str,
            any_: str) -> str:
    """The question of `_ask` without its leading qualifier."""
    if points < 0:
        return f"how many points{any_} are taken off {who}'s score?"
    play = game.facts.play
    one_deal = game.model.keeps_score and play is not None and not play.game_to
    if not one_deal:
        return f"how many points{any_} {'do' if several else 'does'} {who} score?"
    if outcome in _ENDS_THE_GAME:
        return (f"what is the value in points of the game {who} "
                f"{'win' if several else 'wins'}{reckoned}?")
    return (f"how many points{any_} {'do' if several else 'does'} {who} add to "
            f"{'their' if several else 'his'} score?")


def stated_figures(found: Found, sides: Mapping[str, str], game: Game) -> dict[str, set[int]]:
    """The figures the stem already states, for each scorer: the points each player made in the
    hand ("East made 2"), a side's two players' points added where points are the side's (the
    blind audit's #68: "East made 2", how many does East score? 2); and, for whoever is scored,
    the points a player says he marked, the points that were due, and their difference
    ("South marked 60 points where 40 were due": 20 taken off is the stem's subtraction, the
    eleventh round's #37), and the point an announced score marked ("marked one point for it":
    1 taken off, #35). A count equal to one of them tests nothing the law decides."""
    ev = found.scenario.event
    players = found.scenario.players
    out: dict[str, set[int]] = {p: set() for p in players}
    points = getattr(ev, "points", None)
    if isinstance(points, Mapping):
        for p in players:
            out[p].add(sum(int(points.get(q, 0)) for q in players
                           if sides.get(q, q) == sides.get(p, p)))
    said: set[int] = set()
    marked, correct = ev.get("marked"), ev.get("correct")
    if isinstance(marked, int) and isinstance(correct, int):
        said |= {abs(marked), abs(correct), abs(marked - correct)}
    declared, play = ev.get("declared"), game.facts.play
    if isinstance(declared, str) and play is not None \
            and announced_words(found.scenario, game) is not None:
        said.add(play.declared_points.get(declared, 0))
    for p in players:
        out[p] |= said
    return out


def may_be_nothing(bank: QuestionBank, found: Found, code: str, player: str) -> bool:
    """Whether the law moves none of the player's points when the same happening comes at
    another moment, or on the other side of its condition (a false score challenged only after
    a card of the next trick, an error found in a later deal, a king announced in time): the
    rulings of the same code with one fact it turned on changed, the player who erred kept
    (quizzes.generators.rivals.neighbours, other_side). "How many points are taken off?"
    would tell the learner there are some."""
    cr = found.for_code(code)
    rivals = [*neighbours(bank, found.scenario, cr, keep=frozenset({"event.player"})),
              *other_side(bank, found.scenario, cr)]
    return any(not r.score.get(player) and not any(o.score.get(player) for o in r.options)
               for r in rivals)


def asked_figure(found: Found, code: str, game: Game) -> tuple[str, int] | None:
    """The (scorer, points) a question asks: of the ruling's figures, the largest the law
    decides, none the stem already states (stated_figures); None when every one is stated, or
    when the points are scored with the last trick: their figure is the game's (the last
    trick's 50) and what the law decides is who wins that trick, a side the question would
    have to name (the eleventh round's #28): that ruling is asked as a ruling, not a count."""
    cr = found.for_code(code)
    if cr.score_when:
        return None
    sides = side_words(found.scenario, game)
    stated = stated_figures(found, sides, game)
    asked = [(p, n) for p, n in sorted(cr.score.items())
             if abs(n) not in stated.get(p, set())]
    if not asked:
        return None
    return max(asked, key=lambda kv: (abs(kv[1]), kv[1] > 0))


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
        and asked_figure(f, law.code, bank.games[f.scenario.game]) is not None
        and figure_law(bank, f.for_code(law.code)) == law_id  # its figure is this law's
        and not king_still_markable(f.scenario, bank.games[f.scenario.game])
        # (a hand abandoned once the adversary held the point: the law's point is his
        # anyway, the 49th blind round's #162)
        and not abandoned_point_won(f.scenario, bank.games[f.scenario.game],
                                    f.for_code(law.code)),
    )
    cr = found.for_code(law.code)
    game = bank.games[found.scenario.game]
    figure = asked_figure(found, law.code, game)
    assert figure is not None  # find() accepted only a table with one
    player, points = figure
    # In a partnership game the points are the side's: "North" alone would read as what
    # North made himself, a second defensible number.
    who, several = scorer_words(player, side_words(found.scenario, game))
    ask = _ask(who, several, points, cr.outcome, game, reckoned_by(bank, cr.laws),
               may_be_nothing(bank, found, law.code, player),
               # (not of a hand thrown down: it has no rest to play, the 61st round's #134)
               in_play=found.scenario.stage in ("play", "stock-exhausted")
               and found.scenario.event.type != "abandoned-hand")
    table = public_table(found.table)
    seen = public_table(found.seen)
    situation = asked_situation(found, game, law.code, seen)
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id, *[x for x in cr.laws if x != law_id]),
        prompt=f"Under the {code_words(law.code)} laws"
        f"{source_words(bank.content, cr.laws, (law_id, *cr.laws))}, {ask}",
        situation=situation,
        kind="number",
        answer=abs(points),
        deduction=points < 0,
        explanation=with_inferences(bank.content, cr.laws, cr.explanation),
        links=bank.links((law_id, *cr.laws)),
        table=table,
        seen=seen,
    )
