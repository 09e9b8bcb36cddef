"""Applying a ruling to the table: the innocent side's chosen option, under one code of laws.

Every remedy comes from the engine's ruling (its outcome, its options and their computed score
changes); this module only says what each word of the engine's vocabulary does to the cards
on the table: a void deal ends the deal, a take-back returns the card to the hand, a replay
puts the table back as it was before the error (a replay of the whole hand, as it was before
its first card), a score change goes on the score. Where the
code is silent (`not-covered`), the table stays as it stands and the rehearsal says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from app.engine.ruling import CodeRuling, Option
from app.engine.terms import BOTH_CORRECTED
from app.model.games import Game
from app.rehearsal.mistakes import Mistake
from app.rehearsal.play import draw
from app.rehearsal.state import ABANDONED, VOID, DealState

# Outcomes and options that end the deal where it stands.
ENDS_DEAL = frozenset({"deal-void", "new-deal", "misdeal", "deal-set-aside"})
ENDING_OPTIONS = frozenset({"void-deal", "new-deal", "claim-misdeal"})
# Options that take the error back: the table returns to how it was before it.
TAKES_BACK = frozenset({"replay", "take-back"})
# The option that has the whole hand played again from its first card (Club Code laws 25, 43).
REPLAYS_HAND = "replay-hand"
# Options that put the hands right: surplus cards set aside, a short hand made up.
CORRECTS_COUNTS = frozenset({
    "discard-surplus", "supply-from-stock", "draw-from-dealer", "fill-by-agreement",
    "draw-from-discard", "dealer-rectifies", "let-dealer-correct", BOTH_CORRECTED,
})


def add_scores(state: DealState, *changes: Mapping[str, int]) -> DealState:
    """The score with the changes added."""
    scores = dict(state.scores)
    for change in changes:
        for player, points in change.items():
            scores[player] = scores.get(player, 0) + points
    return replace(state, scores=scores)


def _words(ruling: CodeRuling, option: Option | None) -> str:
    what = option.words if option is not None else ruling.explanation
    return what.rstrip(".")


def apply(
    mistake: Mistake, code: str, option_id: str | None, game: Game, proper: Mapping[str, int],
) -> DealState:
    """The table after the ruling under `code`, with the option chosen (None: no choice made
    or none offered). `proper` is how many cards each hand should hold now (for corrections).
    """
    ruling = next(r for r in mistake.ruling.rulings if r.code == code)
    option = next((o for o in ruling.options if o.id == option_id), None)
    if option_id is not None and option is None:
        raise ValueError(f"the {code} ruling offers no option {option_id!r}")
    # A take-back the law lays on the offender (a duty: Portland law 24) is done unchosen.
    duties = {d.id for d in ruling.duties}
    takes_back = (option is not None and option.id in TAKES_BACK) or bool(duties & TAKES_BACK)
    base = mistake.before if takes_back else mistake.after
    if option is not None and option.id == REPLAYS_HAND:
        base = hand_from_first_card(mistake.before)
    if ruling.outcome == "replay" and option is None:
        base = mistake.before
    # (points scored with the last trick are not added now: the trick is yet to be played)
    now = {} if ruling.score_when else ruling.score
    state = add_scores(base, now, option.score if option is not None else {})
    label = f"Under the {code} laws: {_words(ruling, option)}."
    if ruling.outcome == "not-covered":
        return replace(state, note=f"The {code} laws say nothing of this; the table stands as it "
                                   "is and play goes on.")
    if ruling.outcome == "game-abandoned":
        return replace(state, status=ABANDONED, stage="hand-over", note=label)
    if (option is not None and option.id in ENDING_OPTIONS) or (
        option is None and ruling.outcome in ENDS_DEAL
    ):
        again = "" if ruling.outcome == "deal-set-aside" and option is None else (
            " The cards are dealt again.")
        return replace(state, status=VOID, note=label + again)
    if (option is not None and option.id == "draw-two-next") or "draw-two-next" in duties:
        offender = str(mistake.event.get("player", ""))
        owed = state.draw_extra.get(offender, 0)
        state = replace(state, draw_extra={**state.draw_extra, offender: owed + 1})
    if option is not None and option.id in CORRECTS_COUNTS:
        state = correct_counts(state, game, proper)
    return replace(state, note=label)


def hand_from_first_card(state: DealState) -> DealState:
    """The table as it was before the hand's first card: every card played goes back to the
    hand that played it, and the first leader leads again. A table begun mid-hand does not know
    who played the tricks gathered before it: it is replayed from where it began."""
    in_tricks = sum(len(cards) for cards in state.won.values())
    in_tricks += len(state.trick.plays) if state.trick is not None else 0
    if not state.played or in_tricks != len(state.played):
        return state
    hands = {p: list(state.hand(p)) for p in state.players}
    for player, card in state.played:
        hands[player].append(card)
    return replace(state, hands={p: tuple(cs) for p, cs in hands.items()}, trick=None,
                   to_move=state.played[0][0], tricks_played=0, played=(), won={},
                   tricks_won={}, last_winner=None, to_draw=())


def correct_counts(state: DealState, game: Game, proper: Mapping[str, int]) -> DealState:
    """Set surplus cards aside (under the stock) and make short hands up from the stock."""
    for player in state.players:
        want = proper.get(player)
        if want is None:
            continue
        hand = state.hand(player)
        if len(hand) > want:
            state = replace(state, hands={**state.hands, player: hand[:want]},
                            stock=(*state.stock, *hand[want:]))
        elif len(hand) < want and (state.stock or state.turn_up is not None):
            state = draw(state, game, player, min(want - len(hand), len(state.stock)))
    return state
