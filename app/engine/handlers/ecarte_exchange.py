"""Écarté under the English Club Code: errors in the exchange (laws 29 to 38).

After a proposal is accepted each player discards and takes cards from the stock, the
non-dealer first. A hand found too long or too short after the exchange went wrong in the
exchange, not in the deal, and the Club Code gives the remedy to the player not in fault:
the dealer when the non-dealer's hand is wrong (laws 29 and 30), the non-dealer when the
dealer's is (laws 33 and 34).
"""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.ruling import Decision, Option
from app.model import event_types as ev
from app.model.event_types import Event

E = "ecarte.english."


def wrong_count_after_exchange(ctx: Context[Event], errors: dict[str, int],
                               counts: str) -> Decision:
    """A wrong count found once the exchange has been made: each wrong hand is the error of
    the player who took (or asked for) its cards, and his adversary has the remedy."""
    table = ctx.table
    pone, dealer = table.pone, table.dealer
    laws: list[str] = []
    options: list[Option] = []
    parts = [f"A hand is wrong after the exchange. {counts}".strip()] if counts else []
    outcome = "play-on"
    pone_error, dealer_error = errors.get(pone, 0), errors.get(dealer, 0)
    if pone_error > 0:
        outcome = "deal-stands"
        laws.append(E + "pone-took-too-many")
        options += [Option("new-deal", dealer), Option("draw-from-pone", dealer)]
        with table.reading.quietly():  # how the surplus is drawn, told with the remedy
            looked = (", looking at them since he had taken them up" if table.has_looked(pone)
                      else "")
        parts.append(
            f"{pone}, the non-dealer, took more cards than he discarded: {dealer}, the dealer, "
            f"may claim a fresh deal, or play on and draw the surplus out of {pone}'s "
            f"hand{looked}."
        )
    elif pone_error < 0:
        laws.append(E + "pone-asked-too-few")
        parts.append(
            f"{pone}, the non-dealer, asked for fewer cards than he discarded: he plays the hand "
            f"short, and every card of {dealer}'s to which he has nothing to play counts as a "
            f"trick for {dealer}."
        )
    if dealer_error > 0:
        outcome = "deal-stands"
        laws += [E + "dealer-takes-too-many"]
        options += [Option("new-deal", pone), Option("draw-from-dealer", pone)]
        parts.append(
            f"{dealer}, the dealer, took more cards than he discarded: {pone} may claim a fresh "
            f"deal, or play on and draw the surplus out of {dealer}'s hand."
        )
    elif dealer_error < 0:
        laws.append(E + "dealer-takes-too-few")
        if table.timing.has_played(dealer):
            laws.append(E + "dealer-plays-short")
            parts.append(
                f"{dealer}, the dealer, took fewer cards than he discarded and has played: "
                f"{pone} counts as tricks all his cards to which {dealer} has nothing to play."
            )
        else:
            options.append(Option("supply-from-stock", dealer))
            parts.append(
                f"{dealer}, the dealer, took fewer cards than he discarded: he may make his hand "
                f"up from the stock before he plays; if he plays short, {pone} counts as tricks "
                f"all his cards to which {dealer} has nothing to play."
            )
    return ctx.decide(outcome, laws, " ".join(parts), options=list(dict.fromkeys(options)))


@rules("ecarte", "english", "exchange-error")
def exchange_error(ctx: Context[ev.ExchangeErrorEvent]) -> Decision:
    """Laws 29 to 38: each error of the exchange, with the remedy for the player not in fault."""
    table = ctx.table
    pone, dealer = table.pone, table.dealer
    player, error = ctx.event.player, ctx.event.error
    if error == "took-too-many":
        return wrong_count_after_exchange(ctx, {player: 1}, "")
    if error == "took-too-few":
        return wrong_count_after_exchange(ctx, {player: -1}, "")
    if error == "gave-too-many":
        return ctx.decide(
            "deal-stands",
            [E + "dealer-gives-pone-too-many"],
            f"{dealer}, the dealer, gave {pone} more cards than he asked for: {pone} may claim a "
            f"fresh deal, or play on and discard the surplus without {dealer} seeing it.",
            options=[Option("new-deal", pone), Option("discard-surplus", pone)],
        )
    if error == "gave-too-few":
        return ctx.decide(
            "deal-stands",
            [E + "dealer-gives-pone-too-few"],
            f"{dealer}, the dealer, gave {pone} fewer cards than he asked for: {pone} may claim "
            f"a fresh deal, or play on with his hand made up from the stock.",
            options=[Option("new-deal", pone), Option("supply-from-stock", pone)],
        )
    if error == "faced-card-in-stock":
        return ctx.decide(
            "play-on",
            [E + "faced-card-in-stock"],
            "A card is found face up in the stock after the discard: both players may see it; "
            "it is put aside and the next card is given in its place.",
        )
    if error == "cards-exposed-in-giving":
        if player == dealer:
            return ctx.decide(
                "play-on",
                [E + "dealer-own-cards-exposed-in-giving"],
                f"{dealer}, the dealer, exposed cards he was giving himself: he must take them.",
            )
        return ctx.decide(
            "play-on",
            [E + "pone-cards-exposed-in-giving"],
            f"Cards meant for {pone} were exposed as the dealer gave them: {pone} may take "
            f"them, or refuse them and have the next cards instead.",
            options=[Option("refuse-cards", pone)],
        )
    if error == "card-turned-in-error":
        return ctx.decide(
            "penalty",
            [E + "card-turned-in-error"],
            f"{dealer}, the dealer, turned up a card as if it were the trump: he may not refuse "
            f"a further discard, and if {pone} asks for cards again he may take the exposed card.",
            options=[Option("take-exposed-card", pone)],
        )
    return ctx.decide(
        "play-on",
        [E + "stock-too-small", E + "conditional-acceptance"],
        f"The dealer accepted though the stock could not supply both exchanges: {pone} has all "
        f"the cards he asked for (or all that are left), and {dealer} plays the hand he holds. "
        f"A dealer may protect himself by accepting only if the stock suffices.",
    )
