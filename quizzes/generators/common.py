"""What every generator shares: a real moment of a real deal (quizzes.moments) ruled by the
engine, and finding one that fits a law."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.engine import CodeRuling, Ruling, rule
from app.engine.handlers.declarations import WHEN_CASE, missing_cards
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError
from app.rehearsal.play import RehearsalError
from quizzes.accounts import other_accounts
from quizzes.checkable import rests_on_unchecked
from quizzes.deal_pool import Readings
from quizzes.moments import Dealt, deal_moment, table_readings, taken_up
from quizzes.words import reading_words

if TYPE_CHECKING:
    from app.corpus.laws import Content
    from quizzes.bank import QuestionBank

STRICT_RULES = ("follow", "follow-or-trump", "follow-and-win")
MAX_TRIES = 2000  # a rare situation (a king of trumps held and announced) needs many draws
Combo = tuple[str, str, str]  # game, stage, event type


# Outcomes whose own sentence leaves the ruling to the explanation ("the law settles the
# position as described", "the options say what the adversary may choose", "won by the
# player the explanation names"): alone, without options or points, they state no ruling a
# learner can check. "Play goes on." marked right while the law's consequence (North counts
# the cards South cannot answer as tricks; the marriage's 40 is lost) sits in the why tests
# nothing of the law (the blind audit's #139, #166, #173); "A penalty." offered as wrong is
# true of any penalised ruling (#50, #54, #101, #154).
_LEAVES_IT_TO_THE_WHY = frozenset({"play-on", "penalty", "game-won"})

def states_a_ruling(cr: CodeRuling) -> bool:
    """Whether a ruling's words state a ruling a learner can check against the laws: not a
    silence, not a ruling left to a fact not shown, not an outcome that leaves the ruling to
    the explanation with no terms of its own (_LEAVES_IT_TO_THE_WHY)."""
    if cr.outcome in ("not-covered", "depends"):
        return False
    return cr.terms or bool(cr.winner) or cr.outcome not in _LEAVES_IT_TO_THE_WHY



# The words in which a law gives points: a number, or what is scored, paid, set back or taken
# off. A rule of play ("the trick stands", "follow in trumps") has none of them.
_GIVES_POINTS = re.compile(
    r"\d|\b(?:points?|scores?|scored|forfeits?|fine[sd]?|set back|pays?|marks?|marked|adds?|"
    r"worth|value|rubiconed|counters?|taken (?:off|down))\b", re.IGNORECASE)


def figure_law(bank: QuestionBank, cr: CodeRuling) -> str:
    """The law a ruling's points come from: the first law it cites whose words give points,
    else the first it cites (the figure is then the game's own, a declaration's value). A
    rule of play cited first does not give the fine a law cited after it names: Britannica's
    "the trick stands" beside a Victorian list's 10 for playing out of turn (the eighth blind
    round's #72), Foster's "follow in trumps" beside the encyclopedia's set-back for a revoke
    (#56). A 'how many points' item is asked of the law that gives its figure."""
    laws = bank.content.laws
    return next((law for law in cr.laws if law in laws
                 and _GIVES_POINTS.search(f"{laws[law].text} {laws[law].remedy}")), cr.laws[0])


# Events where nothing has gone wrong (a hand scored, a lawful play, a declaration): there is
# nothing for a law to decide, and every law of the scoring or the play fits such a table.
NOTHING_WRONG = frozenset({"points-made", "hand-result", "counted-out", "stock-exhausted",
                           "king-turned", "carte-blanche"})


def ruled_a_fault(event: str, outcome: str) -> bool:
    """Whether a ruling of a happening `event` with `outcome` rules on something gone wrong
    (not a hand scored, a declaration, a lawful play)."""
    return event not in NOTHING_WRONG and not (event == "play" and outcome == "legal")


def subject(s: Scenario) -> str:
    """What went wrong at a table, as its stem tells it: the event's type and each choice of
    it that says what (which error in the cut, which combination, how it was broken), not who
    did it with which card, how many, or when it came to light (a yes or no of the timing is
    a fact the law turns on, told beside its neighbours' alike)."""
    spec = EVENTS[s.event.type]
    said = [f"{f.name}={getattr(s.event, f.name, None)}" for f in spec.fields
            if f.kind == "choice"]
    return "|".join((s.event.type, *said))


class NoScenario(LookupError):
    """No scenario fitting the law was found from this seed."""


@dataclass(frozen=True)
class Found:
    """A moment of a deal that fits, with the engine's ruling."""

    dealt: Dealt
    ruling: Ruling

    @property
    def scenario(self) -> Scenario:
        """The table and event as the engine read them."""
        return self.dealt.scenario

    @property
    def table(self) -> Mapping[str, Any]:
        """The scenario mapping of the moment, as the engine rules it."""
        return self.dealt.table

    @property
    def seen(self) -> Mapping[str, Any]:
        """The table as the learner sees it once the event has happened (what the UI draws)."""
        return self.dealt.seen

    def for_code(self, code: str) -> CodeRuling:
        """The ruling under one code."""
        return self.ruling.for_code(code)


def law_readings(bank: QuestionBank, law_id: str) -> Readings:
    """The readings a law's tables are dealt under (quizzes.moments.table_readings)."""
    law = bank.content.laws[law_id]
    game = bank.games.get(law.game)
    return () if game is None else table_readings(game, law)


def rule_combo(bank: QuestionBank, combo: Combo, rng: random.Random,
               readings: Readings = (), asked: str | None = None,
               keep_contested: bool = False) -> Found | None:
    """A deal played to a moment of the stage where the event happens, and its ruling
    (`asked`, `keep_contested`: rule_dealt)."""
    dealt = deal_moment(bank, combo, rng, readings)
    if dealt is None:
        return None
    return rule_dealt(bank, dealt, asked, keep_contested)


def rule_dealt(bank: QuestionBank, dealt: Dealt, asked: str | None = None,
               keep_contested: bool = False) -> Found | None:
    """The engine's ruling of a moment (None when a fact that decides is not on the table,
    or two readings of a code rule it differently, and no later moment of it is
    uncontested). `asked`: the code a question asks, whose ruling alone must be uncontested
    (another code's is said with both its readings); None, every code's. `keep_contested`:
    the moment is kept all the same, its contested rulings for the caller to pass over (the
    survey records the other codes' reach there)."""
    ruling = rule(dealt.scenario, bank.games, bank.content)

    def contested(ruled: Ruling) -> bool:
        return any(r.contested and asked in (None, r.code) for r in ruled.rulings)

    if contested(ruling):
        # Either law's ruling is defensible there (the eighth blind round's #4): the moment
        # is asked a little later, once the cards are taken up, or not at all.
        later = taken_up(dealt, bank.games)
        if later is not None:
            dealt, ruling = later, rule(later.scenario, bank.games, bank.content)
        if (later is None or contested(ruling)) and not keep_contested:
            return None
    if any(r.needs is not None for r in ruling.rulings):
        return None  # a fact that decides is not on this table: no question can be fair
    if any(r.remedy_waits for r in ruling.rulings):
        return None  # the law's remedy waits on what the table lacks: asked once it holds it
    if count_ruled_otherwise(bank, dealt, ruling):
        return None
    if lawful_declaration(dealt.scenario, dealt.game) and not any(
            _of_case(bank, r.laws, AMEND_CASE) for r in ruling.rulings):
        # Nothing is wrong in it (the stem can only call it good, or penalise a fault it never
        # states): a declaration is asked where it was wrong, or where the code lets a wrong
        # card laid down be put right (Foster's amending).
        return None
    if early_declaration(dealt.scenario, dealt.game) and not any(
            _of_case(bank, r.laws, WHEN_CASE) for r in ruling.rulings):
        # Nobody has won a trick, so nobody could declare: a ruling that does not turn on that
        # (a code with no law on it) rules on a declaration that cannot have happened.
        return None
    return Found(dealt, ruling)


# Events whose table may show a hand off its count that the event made, and whose laws need
# not speak of the count: a card drawn out of turn is in the drawer's hand, one over, when
# it was nobody's to draw (the eighth blind round's #10, Bézique: South one over meets the
# surplus laws word for word, 100 to the adversary, beside drawing out of turn's 10).
_COUNT_BESIDE_THE_EVENT = frozenset({"drew-out-of-turn"})


def count_ruled_otherwise(bank: QuestionBank, dealt: Dealt, ruling: Ruling) -> bool:
    """Whether the table shows a hand whose count a law of some code rules otherwise, cited
    nowhere in that code's ruling: the same table ruled as a wrong count is a real ruling of
    another meaning, on none of the same laws. A question would ask one law while the table
    meets another's condition (a table shows no hand that meets another law's condition
    unless that law is part of the ruling)."""
    if dealt.scenario.event.type not in _COUNT_BESIDE_THE_EVENT or dealt.state.to_draw:
        # (A hand whose draw is still owed holds one fewer by rule: it is not off its count.)
        return False
    try:
        counted = rule(dealt.with_event({"type": "wrong-count"}, bank.games).scenario,
                       bank.games, bank.content)
    except (ScenarioError, RehearsalError):
        return False
    for cr in ruling.rulings:
        if cr.outcome == "not-covered":
            continue  # the code says nothing of the event: no law of it is asked
        other = next((r for r in counted.rulings if r.code == cr.code), None)
        if other is None or other.outcome == "not-covered" or other.needs is not None:
            continue
        if not set(other.laws) & set(cr.laws) and other.key() != cr.key():
            return True
    return False


AMEND_CASE = "amending-a-declaration"


def _of_case(bank: QuestionBank, laws: Sequence[str], case: str) -> bool:
    return any(law in bank.content.laws and bank.content.laws[law].case == case
               for law in laws)


def early_declaration(s: Scenario, game: Game) -> bool:
    """Whether the event is a declaration made in play before any trick was won, in a game
    whose trick winners declare."""
    play = game.facts.play
    return (s.event.type == "false-declaration" and play is not None
            and bool(play.declarations) and s.stage == "play" and not s.tricks_played)


def lawful_declaration(s: Scenario, game: Game) -> bool:
    """Whether the event is a declaration with nothing wrong in what the learner is told: in
    a game whose trick winners declare, made in play with the stock still there, after a
    trick won, by the winner of the last trick (the leader of the trick in progress, if one
    is led), holding the cards for it."""
    play = game.facts.play
    if s.event.type != "false-declaration" or play is None or not play.declarations:
        return False
    if s.stage != "play" or not s.tricks_played:
        return False
    player, declared = s.event.get("player"), s.event.get("declared")
    hand = s.hands.get(str(player))
    # With no card of the next trick down, the table does not show who won the last: the
    # generated declarer is always he (quizzes/make_scores.py).
    led = s.trick is not None and bool(s.trick.cards)
    if led and s.trick is not None and s.trick.leader != player:
        return False
    if not isinstance(hand, tuple) or not isinstance(declared, str):
        return False
    return missing_cards(declared, hand, s.trump, game) == []


# Laws of the opening lead ("the first card pitched fixes trumps"): the engine cites them
# for any lead, but they speak of the first trick only.
OPENING_LEAD = "first-lead"


def cites(bank: QuestionBank, found: Found, law_id: str, code: str) -> bool:
    """Whether the ruling under `code` is a real ruling citing the law, at a moment the law
    speaks of: a law of the opening lead is not asked of a lead to a later trick (it would be
    a law that does not fit, the fourth blind audit's D101); nor a ruling whose laws are of
    two accounts of one matter, or of an account its question would not name
    (quizzes.accounts); nor one citing a law a learner cannot check in a named printed
    source (quizzes.checkable: the fourteenth round's #62, #150)."""
    if code not in found.scenario.codes:
        return False
    cr = found.for_code(code)
    if cr.outcome == "not-covered" or law_id not in cr.laws:
        return False
    if rests_on_unchecked(bank.content, cr.laws):
        return False
    if other_accounts(bank.content, cr.laws, account_words(bank.content, cr.laws),
                      by_book=False):
        return False  # two accounts of one matter: two figures (the eleventh round's #144)
    law = bank.content.laws.get(law_id)
    return not (law is not None and law.case == OPENING_LEAD and found.scenario.tricks_played)


def pick_combo(rng: random.Random, combos: Sequence[tuple[Combo, int]]) -> Combo:
    """A (game, stage, event) weighted by how often it reached the law in the survey."""
    total = sum(w for _, w in combos)
    n = rng.randrange(total)
    for combo, weight in combos:
        if n < weight:
            return combo
        n -= weight
    return combos[-1][0]  # pragma: no cover - unreachable


def find(
    bank: QuestionBank,
    law_id: str,
    code: str,
    combos: Sequence[tuple[Combo, int]],
    rng: random.Random,
    accept: Callable[[Found], bool] = lambda _: True,
    deciding: bool = False,
    tries: int = MAX_TRIES,
) -> Found:
    """Draw scenarios until one's ruling under `code` cites the law and passes `accept`;
    `deciding`: one whose ruling rests on the law first (a question on the table's ruling, as
    the survey records it: quizzes.survey.Reach), not one that only also cites it."""
    if not combos:
        raise NoScenario(f"no situation reaches {law_id}")
    readings = law_readings(bank, law_id)
    for _ in range(tries):
        found = rule_combo(bank, pick_combo(rng, combos), rng, readings, asked=code)
        if found is not None and cites(bank, found, law_id, code) and accept(found) and (
                not deciding or found.for_code(code).laws[0] == law_id):
            return found
    raise NoScenario(f"no scenario citing {law_id} was found from this seed")


def builds_first_seed(build: Callable[[QuestionBank, str, int], object],
                      bank: QuestionBank, law_id: str) -> bool:
    """Whether a generator's seed 0 builds a question on the law: a law none of whose tables
    can be asked that way is not listed (LookupError: no scenario, QuestionError: no sound
    question)."""
    try:
        build(bank, law_id, 0)
    except LookupError:
        return False
    return True


def seeded(kind: str, law_id: str, seed: int) -> random.Random:
    """The random source of one question: the same id always gives the same question."""
    return random.Random(f"{kind}:{law_id}:{seed}")


def shuffled(rng: random.Random, items: list[Any]) -> list[Any]:
    """A shuffled copy."""
    out = list(items)
    rng.shuffle(out)
    return out


def public_table(raw: Mapping[str, Any], *, with_event: bool = True) -> dict[str, Any]:
    """The scenario mapping handed to the UI (a deep copy; optionally without its event)."""
    table = copy.deepcopy(dict(raw))
    if not with_event:
        table.pop("event", None)
    return table


def source_words(content: Content, ruling_laws: Sequence[str], cited: Sequence[str]) -> str:
    """Whose account of the code a question asks under, after 'Under the X laws': the
    readings named (reading_words), which name every cited law's source; else the account of
    a law cited (account_words: an encyclopedia where Foster's laws held are silent, the tenth
    blind round's #106, #111, #191); '' when the code's own authority rules alone."""
    return reading_words(content, cited) or account_words(content, (*cited, *ruling_laws))


def account_words(content: Content, ruling_laws: Iterable[str]) -> str:
    """' as Foster reports them (1897)': the accounts of its code a ruling follows, the
    `account` of each law it cites, every one named (the ninth blind audit's #160, #114; a
    thin authority named plainly as "the English laws", the eleventh round's #21, #41, #177,
    #194); '' when none."""
    accounts = list(dict.fromkeys(law.account for law_id in ruling_laws
                                  if (law := content.laws.get(law_id)) is not None
                                  and law.account))
    return "".join(f"{',' if n else ''} {'and ' if n else ''}{a}"
                   for n, a in enumerate(accounts))
