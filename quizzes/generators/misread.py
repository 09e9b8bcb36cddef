"""Wrong rulings a learner gives who misreads the law: another game's penalty read into this
one, the bid's figure for the points made (offered as wrong in "what is the ruling?")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from app.engine import CodeRuling
from app.engine.core import GENERAL_LAWS
from app.engine.ruling import Decision, Option
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank


def misreadings(cr: CodeRuling, players: tuple[str, ...],
                 offender: str | None) -> list[CodeRuling]:
    """The rulings a learner who reads another game's law into this one gives: offered though
    no law of this game gives them here (quizzes.generators.rivals.real_rival, misread)."""
    out: list[CodeRuling] = []
    if offender in players and any(i == "take-back" for i, _ in cr.acts):
        # A card taken back without penalty: the penalties of a partnership game for the same
        # error are the near wrong rulings (the adversaries call a suit, or the card), where
        # every take-back by another player is part of the right one (also_true_of).
        adversaries = tuple(p for p in players if p != offender)
        # Not the exposed card called beside Foster's general laws: their one paragraph of
        # exposed cards ("may be called upon ... to be led or played") goes on to the lead
        # out of turn, and readers held the call as a reading of it (the 54th, 56th and 58th
        # blind rounds' #117, #128, #153). A fresh deal, which no law gives for a lead out of
        # turn, is the learner's other misreading there.
        general = any(law.startswith(GENERAL_LAWS + ".") for law in cr.laws)
        for call in ("call-suit",) if general else ("call-suit", "call-card"):
            decision = Decision("penalty", cr.laws, "",
                                options=tuple(Option(call, p) for p in adversaries))
            out.append(CodeRuling(cr.code, decision))
        if general:
            out.append(CodeRuling(cr.code, Decision("new-deal", cr.laws, "")))
    return out


def bid_misreadings(cr: CodeRuling, s: Scenario, game: Game) -> list[CodeRuling]:
    """The scores a learner who misreads the law of the bid gives: the bidder who made more
    than his bid held to it, or set back by it (round 6's #148, #149: "North scores 1 (his
    bid)" beside the law that he scores all he made). Figures the stem does not state, unlike
    the made points swapped or doubled."""
    if not cr.score or s.bid is None or s.bid.player not in s.players:
        return []
    side = set(Table(s, game).side(s.bid.player))
    keys = [p for p in cr.score if p in side]
    bid = int(s.bid.amount)
    if len(keys) != 1 or cr.score[keys[0]] < bid:
        return []
    key = keys[0]
    out = []
    for figure in ({bid, -bid} - {cr.score[key]}):
        decision = msgspec.structs.replace(cr.decision, score={**cr.score, key: figure},
                                           explanation="")
        out.append(CodeRuling(cr.code, decision))
    return sorted(out, key=lambda r: -r.score[key])


def confused_remedies(bank: QuestionBank, cr: CodeRuling, s: Scenario) -> list[CodeRuling]:
    """The remedies the same code's laws of the same topic give for other faults, each given
    to the player who holds the right ruling's rights: the ruling of a learner who takes this
    fault for its neighbour ("North may look at every card of the stock" beside a card drawn
    out of turn at Conquian). Only to make up the fewest choices, where the law's one other
    rival, nothing done, is what the law says too ("no further penalty": the 47th blind
    round's #68 read "No penalty." as a second answer)."""
    laws = bank.content.laws
    own = [laws[i] for i in cr.laws if i in laws]
    holders = {o.by for o in cr.options}
    if not own or len(holders) != 1 or cr.score:
        return []
    holder = next(iter(holders))
    if holder == s.event.get("player"):
        return []
    topics = {law.topic for law in own}
    out: list[CodeRuling] = []
    for law in bank.content.laws_for(own[0].game, cr.code):
        ruling = law.ruling
        if (ruling is None or law.topic not in topics or law.id in cr.laws
                or ruling.event == s.event.type or ruling.score or not ruling.options
                or any(o.by != "adversary" for o in ruling.options)):
            continue
        options = tuple(Option(o.id, holder) for o in ruling.options)
        out.append(CodeRuling(cr.code, Decision(cr.outcome, cr.laws, "", options=options)))
    return out
