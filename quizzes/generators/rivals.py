"""Which wrong rulings are real rivals at a table: rulings some law of the game gives for the
same happening, at a moment of the hand where they could be carried out, and the rulings the
same code gives when one fact the ruling turned on is changed (the near neighbour a learner
must tell this table from).

A wrong choice the stage rules out ("The cards are taken back and played again." before any
card is played, "It is a revoke." beside a lead) or that no law of the game gives for the
happening ("The game is abandoned at once." beside a card exposed at Écarté) is eliminated
without knowing the law: the blind audit of 2026-12-02 found the bank's right answers given
away by them (A4, A17, A26, A36, A54, A58, C19, C53, C108).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from app.engine import CodeRuling
from app.engine.ruling import MEANINGS, option_meaning
from app.engine.table import Table
from app.engine.terms import corrections_of
from app.model.events import EVENTS
from app.model.facts import NeedFact
from app.model.games import Game
from app.model.scenario import Scenario
from quizzes.generators.other_side import against_the_marks
from quizzes.table_premises import acts_on_no_card, one_ground_changed

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

# Events in which the player named plays a card to a trick (the card can be taken back).
PLAYS_A_CARD = frozenset({"play", "lead-out-of-turn", "play-out-of-turn",
                          "named-suit-not-led"})
# Options that take a played card back, or have the hand played again from its cards.
TAKES_CARDS_BACK = frozenset({"take-back", "replay", "replay-hand"})
# Options that may still be taken once the hand is played out: a deal called void (its score
# cancelled) and a score put right. Every other option acts on the hands or the play (draw the
# surplus, take the exposed card, call a card, direct the play), which are gone by then.
_AFTER_THE_HAND = frozenset({"claim-misdeal", "void-deal", "new-deal", "mark-omitted",
                             "add-points"})
# Outcomes that stop or redo the play of this hand, or go back before the deal.
_NOT_AFTER_THE_HAND = frozenset({"game-abandoned", "replay", "revoke", "cut-again"})


def cards_played(s: Scenario) -> bool:
    """Whether a card has been played to a trick by the time of the event (the event's own
    card included)."""
    return (s.tricks_played > 0 or (s.trick is not None and bool(s.trick.cards))
            or s.event.type in PLAYS_A_CARD)


def card_led_before(s: Scenario) -> bool:
    """Whether the event is a card played to a trick another card was led to: only such a
    card can break the duty to follow suit (a lead owes nothing to the trick)."""
    return s.event.type == "play" and s.trick is not None and bool(s.trick.cards)


# Options that fill a short hand, and those that take a surplus away (whose, by option).
_FILLS_A_SHORTAGE = frozenset({"supply-from-stock", "draw-from-discard", "fill-by-agreement"})
_TAKES_A_SURPLUS = frozenset({"discard-surplus", "draw-from-dealer", "draw-from-pone"})
# Options drawn from the cards discarded: only once a discard has been made.
_NEEDS_A_DISCARD = frozenset({"draw-from-discard"})


def _counts_fit(cr: CodeRuling, s: Scenario, game: Game) -> bool:
    """Whether every option that fills a short hand or takes a surplus away has one to act
    on at this table (no "make up the shortage" where no hand is short)."""
    # (a joined correction of both hands is read as the two it makes)
    acts = [(oid, o.by) for o in cr.options for oid in corrections_of(o)]
    if not {oid for oid, _ in acts} & (_FILLS_A_SHORTAGE | _TAKES_A_SURPLUS):
        return True
    table = Table(s, game)
    errors: dict[str, int] = {}
    for p in s.players:
        try:
            errors[p] = table.count_error(p) or 0
        except NeedFact:
            errors[p] = 0  # a count the table does not give: taken to be right
    for oid, by in acts:
        if oid in _FILLS_A_SHORTAGE and not any(e < 0 for e in errors.values()):
            return False
        if oid == "discard-surplus" and errors.get(by, 0) <= 0:
            return False
        if oid == "draw-from-dealer" and errors.get(s.dealer, 0) <= 0:
            return False
        if oid == "draw-from-pone" and not any(
                e > 0 for p, e in errors.items() if p != s.dealer):
            return False
    return True


def _played_to_it(s: Scenario) -> set[str]:
    """The event's player, and those who played to the trick in progress (whose cards a
    lead out of turn gives back)."""
    out = {str(s.event.get("player"))}
    followed = s.event.get("followed_by")
    if isinstance(followed, tuple):
        out |= {str(p) for p in followed}
    if s.trick is not None and s.trick.cards:
        order = list(s.players)
        start = order.index(s.trick.leader) if s.trick.leader in order else 0
        out |= {order[(start + n) % len(order)] for n in range(len(s.trick.cards))}
    return out


# Options by which a player directs his partner's play to the trick in progress: the second
# hand's "Play, partner", which lets the fourth hand play before him (Foster's Cinch, ¶6).
_DIRECTS_PARTNER = frozenset({"play-partner"})


def _partner_still_to_play(cr: CodeRuling, s: Scenario, game: Game) -> bool:
    """Whether each "Play, partner" of the ruling is said by the second hand of the trick in
    progress to his partner, the fourth hand, neither having played to it: given to another
    player ("East may tell his partner to play before him", East the third hand, his partner
    the leader), or once the fourth hand has played, it is no right at this table, and a
    learner strikes it out without knowing the law."""
    trick = s.trick
    seats = list(s.players)
    if (not game.partnerships or len(seats) != 4 or trick is None or not trick.cards
            or trick.leader not in seats):
        return False
    start = seats.index(trick.leader)
    second, fourth = seats[(start + 1) % 4], seats[(start + 3) % 4]
    played = _played_to_it(s)
    return all(o.by == second and not {second, fourth} & played
               for o in cr.options if o.id in _DIRECTS_PARTNER)


def impossible_at(cr: CodeRuling, s: Scenario, game: Game | None = None) -> str:
    """Why the ruling cannot be carried out at this moment of the hand, or "" (it can)."""
    ids = {i for i, _ in cr.acts}
    if game is not None and not _counts_fit(cr, s, game):
        return "no hand has the surplus or the shortage the ruling acts on"
    if acts_on_no_card(ids, s):
        return "no card is exposed at this table"
    if ids & _NEEDS_A_DISCARD and not s.discards_made:
        # Cinch's short hand made up from the discard, in the bidding (the ninth blind
        # round's #139): nobody has thrown a card out yet.
        return "nobody has discarded yet: there is no discard to draw from"
    if game is not None and ids & _DIRECTS_PARTNER and not _partner_still_to_play(cr, s, game):
        return "only the second hand tells his partner to play before him, who has not played"
    if (cr.outcome == "replay" or ids & TAKES_CARDS_BACK) and not cards_played(s):
        return "no card has been played to be taken back"
    if "take-back" in ids and s.event.type not in PLAYS_A_CARD:
        return "the event plays no card to be taken back"
    players = _played_to_it(s)
    if any(i == "take-back" and by not in players for i, by in cr.acts):
        return "the player given the card back has played none"
    if cr.outcome == "revoke" and not card_led_before(s):
        return "only a card played to a card led can break the duty to follow"
    if s.stage == "hand-over" and (cr.outcome in _NOT_AFTER_THE_HAND
                                   or not ids <= _AFTER_THE_HAND):
        return "the hand is over: its play cannot be stopped, redone or put right"
    if cr.outcome == "cut-again" and s.stage != "deal":
        return "the cards are dealt: the cut cannot be made again"
    if nothing_dealt(s) and (cr.outcome not in _BEFORE_THE_DEAL
                             or any(option_meaning(o.id) == "deal-again" for o in cr.options)):
        # At the cut (for deal, or to the dealer) no card is dealt: "The cards are dealt
        # again", "The deal stands" speak of a deal not yet made (the blind audit's #30).
        return "no card has been dealt: there is no deal to stand or to make again"
    return ""


# What can be ruled before any card is dealt: the cut made again or standing (no penalty).
_BEFORE_THE_DEAL = frozenset({"cut-again", "no-penalty", "penalty"})


def nothing_dealt(s: Scenario) -> bool:
    """Whether no card has been dealt yet: the players cut for deal, or the pack is being cut
    to the dealer (every card is in the pack)."""
    return s.stage == "deal" and s.tricks_played == 0 and not any(s.hands.values())


_DEAL_AGAIN = frozenset({"deal-again", "innocent-chooses"})
# Happenings some law puts right by a new deal or a new cut: faults of the deal (not a
# carte blanche or a king turned, which are no fault).
_FAULTS_OF_THE_DEAL = _DEAL_AGAIN | {"cut-again"}

_GIVEN: WeakKeyDictionary[QuestionBank, Mapping[tuple[str, str], frozenset[str]]] = (
    WeakKeyDictionary())


def given_for(bank: QuestionBank, game: str, event: str) -> frozenset[str]:
    """The meanings (app.engine.ruling.MEANINGS) of the rulings some law of the game gives
    for the event, under any code, at any stage (the survey's record), with the new deal a
    ruling lets a side claim."""
    found = _GIVEN.get(bank)
    if found is None:
        given: defaultdict[tuple[str, str], set[str]] = defaultdict(set)
        for law_id in bank.survey.reach:
            for gid, ev, outcome in bank.survey.reach[law_id].outcomes:
                given[(gid, ev)].add(MEANINGS.get(outcome, outcome))
                if outcome == "innocent-chooses":
                    given[(gid, ev)].add("deal-again")
        found = _GIVEN[bank] = {k: frozenset(v) for k, v in given.items()}
    return found.get((game, event), frozenset())


def real_rival(bank: QuestionBank, cr: CodeRuling, s: Scenario, misread: bool = False) -> bool:
    """Whether a wrong ruling is one a learner must know the law to rule out: it can be
    carried out at this moment (impossible_at), it says who may do what where it leaves a
    choice (a bare "The innocent side chooses ..." names nobody), and its outcome is one a
    law of the game gives for this happening (given_for), or one a learner who does not know
    the law gives: that nothing is done (no law penalises it), or, while the cards are being
    dealt, that they are dealt again, or may be at a side's wish (the remedies of most faults
    of the deal). A `misread` ruling (another game's law for the same fault read into this
    one) need only be possible here."""
    if cr.outcome == "innocent-chooses" and not cr.options:
        return False
    if against_the_marks(cr, s):
        return False  # points moved the way the stem's figures rule out (quizzes.other_side)
    if impossible_at(cr, s, bank.games[s.game].for_code(cr.code, s.variants)):
        return False
    said = MEANINGS.get(cr.outcome, cr.outcome)
    given = given_for(bank, s.game, s.event.type)
    if misread or said == "goes-on":
        return True
    if said in _DEAL_AGAIN and s.stage == "deal" and given & _FAULTS_OF_THE_DEAL:
        return True  # a fault some law puts right by dealing or cutting again
    return said in given


def same_happening(a: Scenario, b: Scenario) -> bool:
    """Whether two tables' events are the same happening: the same type, and the same in
    every field that says what went wrong (a choice, a yes or no), whoever did it with
    whatever card. Another deal's ruling of another happening names what this table does
    not show ("make up the shortage" beside a card turned in error, where no hand is short)."""
    if a.event.type != b.event.type:
        return False
    spec = EVENTS[a.event.type]
    return all(getattr(a.event, f.name, None) == getattr(b.event, f.name, None)
               for f in spec.fields if f.kind in ("choice", "bool"))


def neighbours(bank: QuestionBank, s: Scenario, cr: CodeRuling,
               keep: frozenset[str] = frozenset()) -> list[CodeRuling]:
    """The rulings the same code gives when one fact the ruling turned on (its grounds, each
    stated in the stem) takes another of its values: the ruling before the turn-up beside one
    after it, the other player's option, a surplus found before or after a card is played.
    The facts named in `keep` are not changed."""
    # (a fact held as the stem states it, in `keep`: the hands' counts)
    return [ruled for ruled in one_ground_changed(s, cr, bank.games, bank.content, keep)
            if ruled.needs is None and ruled.outcome not in ("not-covered", "depends")]
