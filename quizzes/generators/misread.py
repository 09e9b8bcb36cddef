"""Wrong rulings a learner gives who misreads the law: another game's penalty read into this
one, the bid's figure for the points made (offered as wrong in "what is the ruling?")."""

from __future__ import annotations

import msgspec

from app.engine import CodeRuling
from app.engine.ruling import Decision, Option
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario


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
        for call in ("call-suit", "call-card"):
            decision = Decision("penalty", cr.laws, "",
                                options=tuple(Option(call, p) for p in adversaries))
            out.append(CodeRuling(cr.code, decision))
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
