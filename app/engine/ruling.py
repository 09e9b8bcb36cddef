"""What the engine returns: a ruling per code of laws, and the closed vocabularies it uses."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

# The terms a ruling states beside its outcome, in their own module; named here too, where
# the engine's callers have always found them.
from app.engine.terms import BOTH_CORRECTED, HAND_CORRECTIONS
from app.engine.terms import DUTIES as DUTIES
from app.engine.terms import OPTION_MEANINGS as OPTION_MEANINGS
from app.engine.terms import OPTIONS as OPTIONS
from app.engine.terms import PART_OF as PART_OF
from app.engine.terms import Duty as Duty
from app.engine.terms import Option as Option
from app.engine.terms import option_meaning as option_meaning
from app.model.facts import FactKey, Ground, json_value, question

OUTCOMES: dict[str, str] = {
    "deal-stands": "The deal stands; play goes on with it.",
    "deal-void": "The deal is void and counts for nothing.",
    "misdeal": "It is a misdeal: the cards are dealt again.",
    "new-deal": "The cards are dealt again.",
    # Foster's Misdealing, paragraph 1: a deal out of turn found after the turn-up is neither
    # played now nor dealt again: its hands wait, as dealt, for the next deal.
    "deal-set-aside": "The cards dealt are set aside as they lie, with the trump turned, to "
                      "serve as the next deal; the rightful dealer deals now with the other "
                      "pack.",
    "innocent-chooses": "The innocent side chooses whether the cards are dealt again; the "
                        "options say what he may do.",
    "game-abandoned": "Play stops at once and the game is scored as the law says.",
    "play-on": "Play continues; the law settles the position as described.",
    "replay": "The cards are taken back and played again.",
    "no-penalty": "There is no penalty.",
    # The score is left as it is marked, nothing added or taken off: a king announced in time,
    # an error found too late to be put right (the Club Code's law 50 once the next trump is
    # turned, Portland law 50 once a card of the next trick is played). "Play goes on." said
    # it too, but is also true of a score put right as play goes on, so a ruling taking the
    # points down never had this rival (the tenth blind round's #40).
    "score-stands": "The score stands as marked: nothing is added to it or taken off.",
    "penalty": "The offender is penalised; the options say what the adversary may choose.",
    "legal": "The play is lawful.",
    "revoke": "The play breaks the trick obligations (a revoke or a failure to win).",
    "tableau": "A drawn deal: nobody went out.",
    "game-won": "The game is won, by the player the explanation names.",
    "cut-again": "The cut is made again.",
    "not-covered": "This code's laws do not cover the situation.",
    "depends": "The ruling turns on a fact the table does not show: each case is ruled.",
}
# A ruling that turns on a fact not yet known and not ruled case by case (a guided ruling, the
# builder with a fact left out and too many values to rule each): the fact is named instead.
DEPENDS_ASKED = "The ruling turns on a fact the table does not show: it is named, to be asked."


# What each outcome means at the table. Outcomes of one class say the same thing in other
# words: a lawful play, a play that stands, "no penalty" and a deal that stands all mean that
# the game goes on as it is; a void deal, a misdeal and a new deal all mean the cards are dealt
# again. The codes agree when their rulings mean the same (CodeRuling.key), the builder
# highlights only differences of meaning, and a quiz never offers as wrong an outcome that
# means what the right one means.
MEANINGS: dict[str, str] = {
    "deal-stands": "goes-on",
    "play-on": "goes-on",
    "no-penalty": "goes-on",
    # A claim of its own beside "no penalty": nothing added or taken off (also_true_of).
    "score-stands": "score-stands",
    "legal": "goes-on",
    "deal-void": "deal-again",
    "misdeal": "deal-again",
    "new-deal": "deal-again",
    # Neither played now nor dealt again: its hands are the next deal's.
    "deal-set-aside": "deal-set-aside",
    # Neither goes on nor deals again for certain: the innocent side says which.
    "innocent-chooses": "innocent-chooses",
    "game-abandoned": "game-abandoned",
    "replay": "replay",
    "penalty": "penalty",
    "revoke": "revoke",
    "tableau": "tableau",
    "game-won": "game-won",
    "cut-again": "cut-again",
    "not-covered": "not-covered",
    "depends": "depends",
}
# When a ruling states its terms (who may choose what, the points), "a penalty" and "play goes
# on" add nothing to them: the terms are the penalty, and play goes on under them.
_TERMS_SPEAK = frozenset({"goes-on", "penalty"})
# But a score marked in error put right with no penalty (Portland law 51, "No penalty. South
# has the 40 he marked in error taken off his score (a correction)") is no fine: a penalty of
# the same points is another ruling, a rival to it (the twelfth blind round's #56).
CORRECTED = "corrected"


# One rule for the headline when the innocent side chooses (Context.decide applies it to every
# ruling): an outcome that tells the deal's fate (it stands, play goes on, a misdeal, a new
# deal), beside an option that lets a side have the cards dealt again, leaves that fate to his
# choice, and the headline says so. Écarté's several cards turned up (Club Code law 11) and
# the Club Code's exchange errors (laws 29 and 31-33) were "the deal stands" with a fresh deal
# on offer; laws 15 to 18, the same shape, were "a misdeal": now all read alike.
DEAL_FATES = frozenset({"deal-stands", "play-on", "misdeal", "new-deal"})
DEALS_AGAIN = frozenset({"new-deal", "claim-misdeal", "void-deal"})


def headline(outcome: str, option_ids: Iterable[str]) -> str:
    """The outcome a ruling is headlined by, given its options' ids (DEAL_FATES)."""
    if outcome in DEAL_FATES and not DEALS_AGAIN.isdisjoint(option_ids):
        return "innocent-chooses"
    return outcome


def meaning(outcome: str, terms: bool = False) -> str:
    """The meaning class of an outcome (MEANINGS; an unknown outcome is its own class), given
    whether the ruling states terms (options or points)."""
    cls = MEANINGS.get(outcome, outcome)
    return "under-terms" if terms and cls in _TERMS_SPEAK else cls


@dataclass(frozen=True)
class Analogue:
    """A law of the same code in a sibling game for the same situation: by analogy only."""

    law: str
    game: str
    reason: str

    def to_json(self) -> dict[str, str]:
        """JSON form."""
        return {"law": self.law, "game": self.game, "reason": self.reason}


class Decision(msgspec.Struct, frozen=True):
    """A handler's answer for one code, before the engine stamps the code on it."""

    outcome: str
    laws: tuple[str, ...]
    explanation: str
    options: tuple[Option, ...] = ()
    score: Mapping[str, int] = msgspec.field(default_factory=dict)
    # The code's laws held name the fault but not its remedy (Foster's penalty for a renounce
    # at Écarté, not retrieved): a ruling with no terms here says nothing of the penalty, so
    # another code's remedy beside it cannot be told false from the laws.
    remedy_unknown: bool = False
    # Two laws of the code fit the moment word for word and rule it differently (Portland law
    # 12's compulsory fresh deal for a hand of more than nine, and law 11's leave to the dealer
    # to put a wrong deal right while nobody has taken up a card): the explanation gives both
    # readings, and a quiz does not ask the moment (the eighth blind round's #4).
    contested: bool = False
    # The law's remedy needs what the table does not yet hold (a short hand at Cinch made up
    # from the discard, in the bidding, before anyone has discarded: the ninth blind round's
    # #139): the ruling gives what holds now, and a quiz asks the law once the table holds it.
    remedy_waits: bool = False
    # "" scored now, "last-trick" as it is played (law 19 gives it: round 7's #147).
    score_when: str = ""
    # What a side must do whatever is chosen (DUTIES): a part of the remedy as much as points.
    duties: tuple[Duty, ...] = ()
    # Who wins, where the game is won: "The game is won." named nobody, and where the winner
    # scores nothing by it (Auction Pitch's two players out) choices read alike (round 32's #137).
    winner: str = ""

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {self.outcome!r}")
        if self.winner and self.outcome != "game-won":
            raise ValueError(f"a winner ({self.winner}) named where no game is won")
        if self.score_when not in ("", "last-trick"):
            raise ValueError(f"unknown time of scoring {self.score_when!r}")
        for opt in self.options:
            if opt.id not in OPTIONS:
                raise ValueError(f"unknown option {opt.id!r}")
        for duty in self.duties:
            if duty.id not in DUTIES:
                raise ValueError(f"unknown duty {duty.id!r}")

    def with_outcome(self, outcome: str, **changes: Any) -> Decision:
        """The decision under another outcome (and `changes`), its winner kept where won."""
        return msgspec.structs.replace(
            self, outcome=outcome, winner=self.winner if outcome == "game-won" else "",
            **changes)


ANALOGY_NOTE = "By analogy, not a ruling"


@dataclass(frozen=True)
class Case:
    """One value of a fact the table leaves out, and the ruling were it so."""

    value: Any
    words: str
    ruling: CodeRuling

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"value": json_value(self.value), "words": self.words,
                "ruling": self.ruling.to_json()}


class CodeRuling(msgspec.Struct, frozen=True):
    """The ruling under one code of laws: the handler's Decision, stamped with its code, and,
    when the code is silent, the nearest laws of the same code in sibling games.

    `grounds` are the facts the handler read to decide, in the order read, with the values
    seen (app/model/facts.py). When the table leaves out a fact the ruling turns on, `needs`
    names it, and `cases` rule each of its values (when the engine was asked to explore)."""

    code: str
    decision: Decision
    analogues: tuple[Analogue, ...] = ()
    grounds: tuple[Ground, ...] = ()
    needs: FactKey | None = None
    cases: tuple[Case, ...] = ()

    @property
    def outcome(self) -> str:
        """The outcome id (a key of OUTCOMES)."""
        return self.decision.outcome

    @property
    def options(self) -> tuple[Option, ...]:
        """The choices the laws give."""
        return self.decision.options

    @property
    def score(self) -> Mapping[str, int]:
        """Score changes that happen whatever anyone chooses."""
        return self.decision.score

    @property
    def duties(self) -> tuple[Duty, ...]:
        """What a side must do, whatever is chosen."""
        return self.decision.duties

    @property
    def winner(self) -> str:
        """Who wins the game, where it is won ("" otherwise, or where no one is named)."""
        return self.decision.winner

    @property
    def acts(self) -> tuple[tuple[str, str], ...]:
        """(id, seat) of each option and each duty: what the ruling has a side do, whether
        he may or must (a card taken back is taken back either way)."""
        return tuple((o.id, o.by) for o in self.options) + tuple(
            (d.id, d.by) for d in self.duties)

    @property
    def terms(self) -> bool:
        """The ruling states terms: a choice, a duty or points."""
        return bool(self.options or self.score or self.duties)

    @property
    def laws(self) -> tuple[str, ...]:
        """The laws cited."""
        return self.decision.laws

    @property
    def explanation(self) -> str:
        """Why, in words."""
        return self.decision.explanation

    @property
    def remedy_unknown(self) -> bool:
        """The laws held name the fault but not its remedy (Decision.remedy_unknown)."""
        return self.decision.remedy_unknown

    @property
    def contested(self) -> bool:
        """Two laws of the code fit the moment and rule it differently (Decision.contested)."""
        return self.decision.contested

    @property
    def remedy_waits(self) -> bool:
        """The law's remedy needs what the table does not yet hold (Decision.remedy_waits)."""
        return self.decision.remedy_waits

    @property
    def score_when(self) -> str:
        """When the points are scored (Decision.score_when)."""
        return self.decision.score_when

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        out: dict[str, Any] = {
            "code": self.code,
            "outcome": self.outcome,
            **({"winner": self.winner} if self.winner else {}),
            "options": [o.to_json() for o in self.options],
            "score": dict(self.score),
            **({"score_when": self.score_when} if self.score_when else {}),
            **({"duties": [d.to_json() for d in self.duties]} if self.duties else {}),
            "laws": list(self.laws),
            "explanation": self.explanation,
        }
        if self.analogues:
            out["analogues"] = {
                "note": ANALOGY_NOTE,
                "laws": [a.to_json() for a in self.analogues],
            }
        out["grounds"] = [g.to_json() for g in self.grounds]
        if self.needs is not None:
            fact, seat = self.needs
            out["needs"] = {"fact": fact, **({"seat": seat} if seat else {}),
                            "words": question(fact, seat)}
            out["cases"] = [c.to_json() for c in self.cases]
        return out

    def decided_by(self) -> str:
        """"Decided by: ..." in one line: the grounds' statements, in the order read."""
        if not self.grounds:
            return ""
        return "Decided by: " + " ".join(g.words for g in self.grounds)

    @property
    def meaning(self) -> str:
        """What the outcome means with its terms: rulings of one meaning say the same thing.
        "No penalty" (or "play goes on") with points taken off and nothing else is a score
        marked in error put right (CORRECTED), not what a penalty of the same points says."""
        if MEANINGS.get(self.outcome) == "goes-on" and self.score and not self.options \
                and not self.duties and all(v < 0 for v in self.score.values()):
            return CORRECTED
        return meaning(self.outcome, self.terms)

    def key(self) -> tuple[Any, ...]:
        """What must match for two codes to agree: the meaning, the options (by the right
        each gives, OPTION_MEANINGS) and the points; and who wins, where the game is won."""
        return (
            self.meaning,
            tuple(sorted(set(self._rights()))),
            tuple(sorted(self.score.items())), self.score_when, self.winner,
        )

    def _rights(self) -> list[tuple[str, str, tuple[tuple[str, int], ...]]]:
        """Each option as (the right it gives, who holds it, the points it brings), and each
        duty as ("must " and what, who owes it, no points): a ruling that says part of another
        says its duties too."""
        return [(option_meaning(o.id), o.by, tuple(sorted(o.score.items())))
                for o in self.options] + [(f"must {d.id}", d.by, ()) for d in self.duties]


def also_true_of(stated: CodeRuling, other: CodeRuling) -> bool:
    """Whether what `stated` says is also true of `other`: they agree (the same key), or
    `stated` is a bare outcome ("No penalty.") of the same meaning as `other`, which adds
    terms to it (an option, points). A learner told only the bare outcome cannot rule the
    other out, so a question may not offer the two as rival answers.

    So is a ruling that says part of the other and nothing else: the same meaning, every
    right it names held by the same player in the other ("West may claim a misdeal" of "West
    or East may claim a misdeal"), and every point it gives given there too ("A penalty.
    North scores 2." of "A penalty. South may mark the points omitted. North scores 2.": the
    refuser who fails pays 2 under Foster and under the Club Code's law 49 alike, the blind
    audit's #119). A right given in part ("take the eleventh card as trump" of "choose which
    turned card is the trump", PART_OF) is a part of it.

    And a bare new deal ("The cards are dealt again.", "It is a misdeal.") is true of a
    ruling that lets a side have the cards dealt again: a misdeal claimed is the cards dealt
    again (the audit's #10), whoever decides it."""
    if stated.key() == other.key():
        return True
    if stated.winner and other.winner and stated.winner != other.winner:
        return False  # won by another player: false of it, whatever else agrees
    if other.meaning == CORRECTED and not stated.terms and stated.meaning == "goes-on":
        return True  # "No penalty." of a score put right with no penalty
    if "score-stands" in (stated.outcome, other.outcome):
        # "The score stands as marked." and a bare "No penalty." or "Play goes on." say the
        # same where nothing is added or taken off; neither is said of points moved.
        return not stated.terms and not other.terms and MEANINGS.get(
            stated.outcome) in ("goes-on", "score-stands") and MEANINGS.get(
            other.outcome) in ("goes-on", "score-stands")
    theirs = set(other._rights())
    if (stated.meaning == other.meaning
            and set(stated.score.items()) <= set(other.score.items())
            and all(r in theirs or (PART_OF.get(r[0], ""), *r[1:]) in theirs
                    for r in stated._rights())):
        return True
    if _rectify_summary(stated, other) or _rectify_summary(other, stated):
        # Either way round: particular corrections beside a deal again (Foster's "draw the
        # surplus from the dealer's hand") are one way of the error put right (the Club
        # Code's law 9), and they differ only in who handles the cards (round 5's #93).
        return True
    if _won_deal_stood(stated, other):
        return True
    bare = not stated.terms
    if bare and other.outcome == "deal-set-aside" and stated.meaning in ("deal-again", "goes-on"):
        # Foster's pack set aside for the next deal is half of each: its hands are played, in
        # the next deal, and the rightful dealer deals now (round 5's #8).
        return True
    if bare and stated.outcome == "replay" and any(i in _TAKE_BACK for i, _ in other.acts):
        # "The cards are taken back and played again" is what a card taken back is: it goes
        # back to the hand and a card is played again in its place (a lead out of turn taken
        # back, Foster's general law and the Club Code's law 40, the blind audit's #170).
        return True
    if (bare and MEANINGS.get(stated.outcome) == "deal-again"
            and any(option_meaning(o.id) == "deal-again" for o in other.options)):
        return True
    return bare and MEANINGS.get(stated.outcome, stated.outcome) == MEANINGS.get(
        other.outcome, other.outcome)


def changes_score(ruling: CodeRuling) -> bool:
    """Whether a ruling adds points to a score or takes them off, now or at a side's choice:
    "The score stands as marked." is false of it."""
    return bool(ruling.score) or any(o.score for o in ruling.options)


def _won_deal_stood(stated: CodeRuling, other: CodeRuling) -> bool:
    """Whether `stated` gives the points of a won game (`other`) under an outcome that lets the
    deal stand or ends the game another way ("The deal stands. South scores 1500." or "The
    game is abandoned at once. South scores 1500." beside "The game is won. South scores
    1500."): a game won at the deal's end is the deal standing, scored, and a game abandoned
    with its points is a game won by them. Portland law 21 says both at once ("the deal stands
    good. The player with more than nine cards is rubiconed"), so only another number or
    scorer makes such a choice false (the blind audit's #14, #38). Foster's sum added, the
    game abandoned, and law 58's value of it won are one surplus read twice (round 7's #99)."""
    ended = {"game-won", "game-abandoned"}
    if other.outcome not in ended or not stated.score:
        return False
    if {stated.outcome, other.outcome} == ended:
        return ({p for p, v in stated.score.items() if v > 0}
                == {p for p, v in other.score.items() if v > 0}
                and set(stated._rights()) <= set(other._rights()))
    if not (stated.meaning == "under-terms" and other.outcome == "game-won"):
        return False
    if stated.outcome == "play-on":
        # "Play goes on" says the hand is still to be played: false of a game won before it
        # is (a king turned up that makes the dealer's fifth point, the thirteenth round's
        # #146), where "the deal stands" at a deal's end is the same game won.
        return False
    return (set(stated.score.items()) <= set(other.score.items())
            and set(stated._rights()) <= set(other._rights()))


# The particular ways a wrong count is put right (a surplus discarded or drawn, a shortage
# made up from the stock): "the error put right" names any of them.
_CORRECTIONS = frozenset({*HAND_CORRECTIONS, BOTH_CORRECTED})


def _rectify_summary(stated: CodeRuling, other: CodeRuling) -> bool:
    """Whether `stated` ("X may have the error put right or the cards dealt again") is a fair
    summary of `other`, which gives the same X a deal again and particular corrections
    (Foster's pone dealt too many discards his surplus or claims a misdeal: the blind audit's
    #68). Who physically corrects the count is not a difference a learner can rule on."""
    rights = {(option_meaning(o.id), o.by) for o in stated.options}
    if stated.meaning != other.meaning or stated.score != other.score or len(rights) != 2:
        return False
    holders = {by for _, by in rights}
    if len(holders) != 1 or {r for r, _ in rights} != {"dealer-rectifies", "deal-again"}:
        return False
    (holder,) = holders
    theirs = {(option_meaning(o.id), o.by) for o in other.options}
    return ("deal-again", holder) in theirs and any(
        o.id in _CORRECTIONS and o.by == holder for o in other.options) and all(
        o.by == holder and (o.id in _CORRECTIONS or option_meaning(o.id) == "deal-again")
        for o in other.options)


# Options that take cards back to be played again: a bare "replay" is true of a ruling giving one.
_TAKE_BACK = frozenset({"take-back", "replay"})


class Ruling(msgspec.Struct, frozen=True):
    """The rulings for one scenario, one per code in force."""

    game: str
    event: str
    rulings: tuple[CodeRuling, ...]

    @property
    def codes_differ(self) -> bool:
        """Whether the codes give different rulings."""
        return len({r.key() for r in self.rulings}) > 1

    def differences(self) -> list[str]:
        """Which parts differ between the codes: outcome, options, score."""
        parts = []
        # (who wins is part of the outcome: "won by East" and "won by West" differ there)
        for name, at in (("outcome", (0, 4)), ("options", (1,)), ("score", (2,))):
            if len({tuple(r.key()[i] for i in at) for r in self.rulings}) > 1:
                parts.append(name)
        return parts

    def for_code(self, code: str) -> CodeRuling:
        """The ruling under one code."""
        for r in self.rulings:
            if r.code == code:
                return r
        raise KeyError(code)

    def to_json(self) -> dict[str, Any]:
        """JSON form, as printed by `python -m app rule --json`."""
        return {
            "game": self.game,
            "event": self.event,
            "rulings": [r.to_json() for r in self.rulings],
            "codes_differ": self.codes_differ,
            "differences": self.differences(),
        }
