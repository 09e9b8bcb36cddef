"""'What is the ruling?': a random table where the law decides, and the engine's ruling to find."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import msgspec

from app.engine import CodeRuling
from app.engine.ruling import (
    OUTCOMES,
    Decision,
    Option,
    also_true_of,
    meaning,
)
from app.engine.table import Table
from quizzes import sides as who
from quizzes.accounts import rival_accounts, with_inferences
from quizzes.asked_stem import asked_situation, other_codes_words
from quizzes.checkable import checkable
from quizzes.generators import table_misreadings as here
from quizzes.generators.common import (
    MAX_TRIES,
    Found,
    NoScenario,
    builds_first_seed,
    find,
    pick_combo,
    public_table,
    rule_combo,
    seeded,
    shuffled,
    source_words,
    states_a_ruling,
)
from quizzes.generators.misread import confused_remedies, misreadings
from quizzes.generators.other_side import other_side
from quizzes.generators.rivals import real_rival, same_happening
from quizzes.generators.said_of import (
    DENY_A_PENALTY,
    bare_false_of,
    denies_the_fresh_deal,
    deny_the_fresh_deal,
    said_of,
)
from quizzes.judge import remedy_point, wider_under_the_law
from quizzes.questions import Choice, Question, question_id
from quizzes.sides import innocent_is_offender
from quizzes.table_premises import king_still_markable
from quizzes.telling_tables import tells_nothing
from quizzes.words import (
    NO_PENALTY,
    code_words,
    ruling_words,
    side_words,
)

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "ruling"
WRONG = 3
MIN_WRONG = 2
TABLES = 12  # tables tried for one with MIN_WRONG wrong rulings
WANTING = 3  # tables of one kind of ruling tried (build)
OTHER_KIND_TRIES = 300  # draws for a table of another kind
NEIGHBOURS = 8
# Outcomes a referee might confuse with each other, for padding out the choices.
_NEAR = {
    "deal-stands": ("deal-void", "new-deal", "misdeal"),
    "deal-void": ("deal-stands", "new-deal", "game-abandoned"),
    "misdeal": ("new-deal", "deal-stands", "deal-void"),
    "new-deal": ("deal-stands", "misdeal", "deal-void"),
    # Not the deal standing, nor the cards dealt again: each is half true of it (its hands are
    # played, in the next deal; the rightful dealer deals now): round 5's #8.
    "deal-set-aside": ("game-abandoned", "replay"),
    "innocent-chooses": ("deal-stands", "new-deal", "deal-void"),
    "game-abandoned": ("play-on", "deal-void", "new-deal"),
    "play-on": ("game-abandoned", "replay", "no-penalty"),
    "replay": ("play-on", "penalty", "no-penalty"),
    "no-penalty": ("penalty", "play-on", "replay"),
    "penalty": ("no-penalty", "play-on", "replay"),
    "legal": ("revoke", "no-penalty", "penalty"),
    "revoke": ("legal", "replay", "penalty"),
    "tableau": ("game-won", "new-deal", "play-on"),
    "game-won": ("tableau", "penalty", "play-on"),
    "cut-again": ("deal-stands", "new-deal", "penalty"),
}


# A law whose remedy takes a card back: "The cards are taken back and played again." would read
# as its own words.
_TAKEN_BACK = re.compile(r"\b(?:taken|take|takes|took) (?:it |them |the \w+ )?back\b|withdraw",
                         re.IGNORECASE)



def rival_reading(bank: QuestionBank, cr: CodeRuling, other: CodeRuling) -> bool:
    """Whether another code's ruling is what a rival reading of a law `cr` cites gives (a
    member of its variant group, e.g. the older English Écarté laws of Hoyle's Games Improved
    beside the Club Code): it cites the rival law, or a law the content says rules the same
    (a counterpart of contrast "same", either way). Offered as wrong, a learner who knows the
    rival reading would be marked wrong for a ruling one authority gives."""
    content = bank.content
    rivals: set[str] = set()
    for law_id in cr.laws:
        law = content.laws.get(law_id)
        if law is not None and law.variant_of:
            members = content.variant_groups_of(law.game).get(law.variant_of, ())
            rivals |= {m.id for m in members if m.id not in cr.laws}
    if not rivals:
        return False
    same = set(rivals)
    for rival in rivals:
        same |= {cp.law for cp in content.laws[rival].counterparts if cp.contrast == "same"}
    for law_id in other.laws:
        if law_id in same:
            return True
        law = content.laws.get(law_id)
        if law is not None and any(cp.law in rivals and cp.contrast == "same"
                                   for cp in law.counterparts):
            return True
    return False


def laws(bank: QuestionBank) -> list[str]:
    """Laws a scenario can reach, where seed 0 finds a table whose ruling states what the law
    decides (a law the engine rules only as "Play goes on.", its consequence in the why, is
    not asked: states_a_ruling)."""
    return [law_id for law_id in bank.survey.laws("stated")
            if checkable(bank.content, law_id) and builds_first_seed(build, bank, law_id)]


def _winner_after(cr: CodeRuling, outcome: str, score: Mapping[str, int],
                  changes: Mapping[str, object]) -> str:
    """Who wins in a wrong ruling made from the right one: none where no game is won; the
    one named by the change; else the one who now takes the points the winner took (a win
    worth 1400 moved to the other player is his win), or nobody named where no one does."""
    if outcome != "game-won":
        return ""
    if "winner" in changes:
        return str(changes["winner"])
    if cr.score.get(cr.winner, 0) > 0:
        return next((p for p, v in score.items() if v > 0), "")
    return cr.winner


def _mutations(cr: CodeRuling, players: tuple[str, ...], dealer: str,
               rng: random.Random, sides: Mapping[str, str]) -> list[CodeRuling]:
    """Plausible wrong rulings made from the right one: wrong chooser, points or outcome.
    `sides` names each player's side (side_words: the player alone where none plays in
    partnership)."""
    out: list[CodeRuling] = []

    def variant(**changes: object) -> None:
        outcome = str(changes.get("outcome", cr.outcome))
        score = cast("dict[str, int]", changes.get("score", cr.score))
        if outcome in NO_PENALTY and score != cr.score and min(score.values(), default=0) < 0:
            # A score taken down beside "No penalty" is a correction of what the right ruling
            # takes down: never a fine moved, doubled or kept from a penalty (round 9's #108).
            return
        decision = Decision(
            outcome=outcome,
            options=changes.get("options", cr.options),  # type: ignore[arg-type]
            score=score,
            laws=cr.laws,
            explanation="",
            # (points of the last trick moved to another player are his last trick's too:
            # the words alone would otherwise tell the right choice, round 7's #147)
            score_when=str(changes.get("score_when", cr.score_when)),
            winner=_winner_after(cr, outcome, score, changes),
        )
        out.append(CodeRuling(cr.code, decision))

    def other(p: str) -> str:
        rest = [q for q in players if q != p]
        return rest[0] if rest else p

    if cr.options:
        moved = here.moved_options(cr, other)
        if len({sides.get(o.by, o.by) for o in moved}) == 1:
            # The right given to another player, or side. A side's right ("East or West may
            # claim the trick") moved player by player may fall to one of each side ("East or
            # North"), which no law gives: the other side's is offered below.
            variant(options=moved)
        variant(options=())
        # A right given to one side of a partnership (the dealer's side may claim a misdeal)
        # given to the other side instead: the wrong side, the ruling a learner who mistakes
        # whose error it was gives (the round-5 audit's #110).
        named = {o.by for o in cr.options}
        rest = [p for p in players if p not in named]
        ids = {o.id for o in cr.options}
        if len(ids) == 1 and len(named) == len(rest) > 1:
            right = next(iter(ids))
            variant(options=tuple(Option(right, p) for p in rest))
    # (Not the points a side may add read as added outright: "North adds 5" beside "North may
    # add the 5" is the same score once he chooses, a second defensible answer, the sixteenth
    # blind round's #13. The plain correction, no points to the adversary, is the rival.)
    if cr.options and cr.score and max(cr.score.values()) < 0:
        variant(outcome="no-penalty", options=())
    if cr.score:
        variant(score={other(p): v for p, v in cr.score.items()})
        variant(score={})
    if cr.winner and cr.score.get(cr.winner, 0) <= 0:
        # The game won by another player, the points as they are: where the winner scores
        # nothing by it, who wins is what the law decides (Auction Pitch's two players out).
        for p in players:
            if p != cr.winner:
                variant(winner=p)
    for near in _NEAR.get(cr.outcome, ()):
        if near in OUTCOMES:
            variant(outcome=near)
            variant(outcome=near, options=(), score={})
    if meaning(cr.outcome) in _REDONE and not cr.options:
        # Where the law deals (or cuts) again, or lets the deal stand, whatever anyone wants,
        # the rival a learner must rule out is the remedy most faults of the deal give: a
        # side's right to have the cards dealt again.
        # One player's other than the dealer (both sides' would stand as a pair beside it).
        innocent = [p for p in players if p != dealer] or list(players)
        variant(outcome="innocent-chooses", options=(Option("new-deal", rng.choice(innocent)),),
                score={})
    return out


_REDONE = frozenset({"deal-again", "cut-again", "goes-on", "deal-set-aside"})


def _mixed_sides(ruling: CodeRuling, sides: Mapping[str, str]) -> bool:
    """Whether an option of the ruling is held by players of both sides of a partnership but
    by neither whole side nor by everyone ("North, East or South may call the suit", a general
    law's right read at Cinch's table: no law gives it)."""
    members: dict[str, set[str]] = {}
    for player, side in sides.items():
        members.setdefault(side, set()).add(player)
    if all(len(m) == 1 for m in members.values()):
        return False  # nobody plays in partnership
    for option_id in {o.id for o in ruling.options}:
        held = {o.by for o in ruling.options if o.id == option_id}
        whole = [m for m in members.values() if m & held]
        if len(whole) > 1 and held != set(sides):
            return True
    return False


def ruling_choices(
    bank: QuestionBank, found: Found, code: str, rng: random.Random, combos: list
) -> tuple[tuple[Choice, ...], str]:
    """The correct ruling and up to three distinct wrong ones; returns (choices, correct key)."""
    cr = found.for_code(code)
    played = bank.games[found.scenario.game]
    sides = side_words(found.scenario, played)
    right = cr.key()
    seen = {right}
    said_already = {ruling_words(cr, sides, played)}
    wrong: list[tuple[str, str, CodeRuling]] = []  # (text, code it belongs to, its ruling)

    # One wording per meaning (the right answer's first): choices differ in what they say.
    wording = {meaning(cr.outcome): cr.outcome}

    # What a rival reading of the law gives (another code's ruling the laws say is that
    # reading's): never offered as wrong, in any words.
    rivals = [o for o in found.ruling.rulings
              if o.code != code and o.outcome != "not-covered" and rival_reading(bank, cr, o)]

    seated = set(found.scenario.players)
    acted = who.erred(found.scenario, played)
    real = list(found.ruling.rulings) + rivals
    at_table = Table(found.scenario, played)
    fallback: list[CodeRuling] = []
    takes_back = any(_TAKEN_BACK.search(bank.content.laws[x].remedy)
                     for x in cr.laws if x in bank.content.laws)
    # Laws a strict reader may read into this case, and another account's laws of the same
    # matter (Portland law 21 beside Foster's report of a long and a short hand: its game won
    # worth 1700 is his 1500 added in other words, the 48th blind round's #169).
    read_beside = {x for law in cr.laws if law in bank.content.laws
                   for x in bank.content.laws[law].read_beside} \
        | rival_accounts(bank.content, cr.laws)

    def weak(r: CodeRuling) -> bool:
        # Another figure or holder, or setting back only who did not act (round 10's #40, #47)
        return remedy_point(r) == remedy_point(cr) or bool(who.falls_on_bystanders(r, real, acted))

    def full() -> bool:
        return len(wrong) >= WRONG and not all(weak(r) for _, _, r in wrong)

    def offer(other: CodeRuling, owner: str, misread: bool = False, moved: bool = True) -> None:
        if not states_a_ruling(other):
            return  # "A penalty.", "These laws do not cover the situation.": no ruling
        if moved and who.falls_on_bystanders(other, real, acted):
            # A revoke setting back a player who did not play the card: the same remedy on
            # the side that acted is the rival a learner must know the law to rule out (#47).
            fallback.append(other)
            other = who.onto_the_actor(other, acted, at_table)
        if who.duties_on_bystanders(other, real, acted):
            return  # a duty moved to the innocent side gives the answer away (#68)
        if cr.remedy_unknown and other.outcome != "legal":
            # The laws held name the fault and no remedy (Foster's renounce at Écarté): only a
            # ruling that denies the fault is false of them; any terms may be the missing
            # law's (the sixth blind round's #176).
            return
        if not real_rival(bank, other, found.scenario, misread):
            # An outcome no law of the game gives for this happening, or one the moment
            # rules out (cards taken back before any is played, a revoke beside a lead): a
            # learner rules it out without knowing the law (quizzes.generators.rivals).
            return
        if not here.figures_of_this_table(bank, other, cr, found):
            return  # another table's figures, or none a misreading gives (#163, #99)
        if _mixed_sides(other, sides):
            return  # a right held by one player of each side, which no law gives (#95's table)
        if set(other.laws) & read_beside:
            # A ruling resting on a law a strict reader may read into this case (Law.
            # read_beside: the Cinch card led in the partner's turn as an exposed card, the
            # 35th blind round's #95).
            return
        if not other.terms and other.outcome == "replay" and takes_back:
            return  # the law's own remedy, "the lead is taken back" (the blind audit's #169)
        if any(other.meaning == r.meaning or also_true_of(other, r) for r in rivals):
            return
        if who.calls_on_himself(other):
            return  # "North may call on North to lead a trump" (the 48th round's #103)
        if innocent_is_offender(other, frozenset(acted)):
            return  # the stem names who erred: "South may claim" beside South's error
        if wider_under_the_law(other, cr):
            return  # the law's whole remedy, part of it moot here (the ninth round's #171)
        named = {o.by for o in other.options} | set(other.score)
        if not named <= seated:
            return  # a neighbouring table's ruling naming a player not at this one ("West")
        said = wording.setdefault(meaning(other.outcome), other.outcome)
        if other.score and said in DENY_A_PENALTY and said != other.outcome:
            # Points given are not "No penalty. South scores 10." (#169), and in words of
            # their own they would word the right ruling's meaning a second way.
            return
        if said != other.outcome:
            decision = other.decision.with_outcome(said)
            other = msgspec.structs.replace(other, decision=decision)
        text = ruling_words(other, sides, played)
        if denies_the_fresh_deal(other, cr):
            text = deny_the_fresh_deal(text)
        # Keys compare players; words what a learner reads (a side's points read alike).
        if (not full() and other.key() not in seen and text not in said_already
                and not said_of(other, cr) and not also_true_of(other, cr)
                and bare_false_of(other, cr)):
            if len(wrong) >= WRONG:
                if weak(other):
                    return
                # a choice of another outcome or remedy, for one of a figure or a side
                wrong.pop(max(i for i, (_, _, r) in enumerate(wrong) if weak(r)))
            seen.add(other.key())
            said_already.add(text)
            wrong.append((text, owner, other))

    for other in found.ruling.rulings:
        # A remedy, not a silence, nor a code's two readings (Decision.contested).
        if other.code != code and other.outcome != "not-covered" and not other.contested:
            offer(other, other.code)
    wrong = wrong[:2]  # leave room for the engine's neighbouring rulings
    # The same code's ruling with one fact it turned on changed (stated in the stem): the
    # near neighbour a learner who knows the law tells from this table.
    for near_ruling in shuffled(rng, [*here.near_rulings(bank, found.scenario, cr),
                                      *other_side(bank, found.scenario, cr)]):
        if full():
            break
        offer(near_ruling, "")
    for _ in range(NEIGHBOURS):
        if full():
            break
        near = rule_combo(bank, pick_combo(rng, combos), rng)
        if near is None or code not in near.scenario.codes:
            continue
        ruled = near.for_code(code)
        # Another table's ruling under a law this one rests on is that law's remedy where it
        # applies in full: offered as wrong here, the law's own words would read as the answer
        # ("the lead is taken back without penalty" beside a lead everyone has played to,
        # the blind audit's #169).
        if not set(ruled.laws) & set(cr.laws) and same_happening(near.scenario,
                                                                 found.scenario):
            offer(ruled, "")
    offender = found.scenario.event.get("player")
    for misread in misreadings(cr, found.scenario.players,
                               offender if isinstance(offender, str) else None):
        offer(misread, "", misread=True)
    for misbid in here.table_misreadings(cr, found.scenario, bank.games[found.scenario.game]):
        offer(misbid, "", moved=False)  # (this table's players and figures)
    for mutant in shuffled(rng, _mutations(cr, found.scenario.players, found.scenario.dealer,
                                           rng, sides)):
        offer(mutant, "")
    for confused in confused_remedies(bank, cr, found.scenario) if len(wrong) < MIN_WRONG else ():
        offer(confused, "", misread=True)
    for as_it_was in fallback:  # a side-swap, only to make up the fewest choices
        if len(wrong) < MIN_WRONG:
            offer(as_it_was, "", moved=False)
    if all(weak(r) for _, _, r in wrong):
        # Every wrong choice only a figure the stem states or whose it is: the law's point is
        # never asked (round 6's #107, #122; round 10's #47). The table is not asked this way.
        wrong = []
    entries = [(ruling_words(cr, sides, played), "", True)] + [(t, c, False) for t, c, _ in wrong]
    entries = shuffled(rng, entries)
    choices = tuple(
        Choice("abcdefgh"[i], text, owner) for i, (text, owner, _) in enumerate(entries)
    )
    key = next(c.key for c, (_, _, ok) in zip(choices, entries, strict=True) if ok)
    return choices, key


def ruling_kind(cr: CodeRuling) -> tuple[object, ...]:
    """A ruling's kind, its figures and players aside: its outcome, the laws it rests on, and
    the options and duties it states."""
    return (cr.outcome, cr.laws, tuple(sorted(o.id for o in cr.options)),
            tuple(sorted(d.id for d in cr.duties)), bool(cr.score))


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed."""
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed)
    combos = bank.survey.combos(law_id, "stated")
    # How often a kind of ruling (ruling_kind) had too few wrong rulings at a table: a kind
    # found wanting WANTING times is not drawn again while another kind is found in
    # OTHER_KIND_TRIES draws, its rivals being much the same at any table. Where most tables
    # of a law rule its exception (Ecarte law 25: no penalty if the adversary holds the king),
    # eight tables of it in a row left the law unasked on most seeds (the eleventh round).
    wanting: dict[tuple[object, ...], int] = {}
    others_left = True

    # Tables of other kinds are looked for with a random source of their own: where none is
    # found, the tables drawn next are those drawn had none been looked for.
    others_rng = seeded(f"{TYPE}-other", law_id, seed)

    def draw(others: bool) -> Found:
        # A table whose ruling states what the law decides (states_a_ruling).
        return find(bank, law_id, law.code, combos, others_rng if others else rng,
                    lambda f: states_a_ruling(f.for_code(law.code))
                    and not tells_nothing(bank, f, law.code)
                    # a score asked beside a king still to be marked (the 46th round's #193)
                    and not (f.scenario.event.type == "wrong-score" and king_still_markable(
                        f.scenario, bank.games[f.scenario.game]))
                    and (not others
                         or wanting.get(ruling_kind(f.for_code(law.code)), 0) < WANTING),
                    deciding=True, tries=OTHER_KIND_TRIES if others else MAX_TRIES)

    for _ in range(TABLES):
        # ... with at least two wrong rulings plainly false of it.
        other: Found | None = None
        if others_left and any(n >= WANTING for n in wanting.values()):
            try:
                other = draw(others=True)
            except NoScenario:
                others_left = False  # every table is of a kind found wanting: draw as before
        found = other or draw(others=False)
        choices, key = ruling_choices(bank, found, law.code, rng, combos)
        if len(choices) > MIN_WRONG:
            break
        kind = ruling_kind(found.for_code(law.code))
        wanting[kind] = wanting.get(kind, 0) + 1
    if len(choices) <= MIN_WRONG:
        raise NoScenario(f"no table of {law_id} has {MIN_WRONG} wrong rulings false of it")
    game = bank.games[found.scenario.game]
    cr = found.for_code(law.code)
    table = public_table(found.table)
    seen = public_table(found.seen)
    # The facts the asked code's ruling turned on; the other codes' are said in the why
    # beside their rulings (the eleventh round's #133).
    situation = asked_situation(found, game, law.code, seen)
    sides = side_words(found.scenario, game)
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id, *[x for x in cr.laws if x != law_id]),
        prompt=f"Under the {code_words(law.code)} laws"
        f"{source_words(bank.content, cr.laws, (law_id, *cr.laws))}, what is the ruling?",
        situation=situation,
        kind="single",
        choices=choices,
        answer=(key,),
        explanation="\n".join(filter(None, (
            with_inferences(bank.content, cr.laws, cr.explanation),
            other_codes_words(found, law.code, situation, sides, game, seen,
                              bank.content)))),
        links=bank.links((law_id, *cr.laws)),
        table=table,
        seen=seen,
    )
