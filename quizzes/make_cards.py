"""Events made to happen to the cards: a hand dealt a card over or short, a card played, led
or shown, a deal that holds no court card or turns up a king, an error in the exchange (a draw
made wrongly: quizzes/make_draws.py). Each maker changes the table as the event would (a card
into a hand from the stock) and reads its fields from it."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from app.cards import Card
from app.model.games import Game
from app.rehearsal.state import HAND_OVER, DealState
from quizzes.event_fields import Context, Made, Maker, others
from quizzes.make_draws import DRAW_MAKERS

COURT = ("K", "Q", "J")


def _wrong_count(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """The dealer gave a hand a card or two too many, or one too few: the cards went to it
    from the stock (or another hand), or from it back to the stock (or another hand)."""
    if state.status == HAND_OVER and any(state.hands.values()):
        return state, ev  # the hand was played out from a misdeal: a card is left over
    rng = ctx.rng
    hands = {p: list(state.hand(p)) for p in state.players}
    stock = list(state.stock)
    for p in rng.sample(list(state.players), rng.randint(1, len(state.players))):
        change = rng.choice((-1, 1, 2) if hands[p] else (1, 2))
        for _ in range(abs(change)):
            donors = [q for q in state.players if q != p and len(hands[q]) > 1]
            # The last card of the stock stays in it: a stock emptied so would end the draws
            # of a deal still said to be "in play" (the 40th blind round's #166: 0 cards in
            # the stock after 54 tricks, the surplus being the two the stock should hold).
            if change > 0 and len(stock) > 1:
                hands[p].append(stock.pop(0))
            elif change > 0 and donors:
                hands[p].append(hands[rng.choice(donors)].pop())
            elif change < 0 and hands[p] and state.stock:
                stock.append(hands[p].pop())
            elif change < 0 and hands[p]:
                hands[rng.choice(others(state, p))].append(hands[p].pop())
    if all(len(hands[p]) == len(state.hand(p)) for p in state.players):
        return None
    if any(state.hand(p) and not hands[p] for p in state.players):
        # A hand left with no card while tricks remain cannot play out the rest of the hand
        # its ruling says is played (the 55th blind round's #69: South empty, two tricks to
        # come).
        return None
    return replace(state, hands={p: tuple(h) for p, h in hands.items()},
                   stock=tuple(stock)), ev


def _play(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """The player to play plays a card of his hand (lawful or not), from a hand of two or
    more: a player's last card is his only play, lawful whatever the laws say, and a question
    on it answers itself (the blind audit's round 7, #40: "the play is lawful" beside two
    revokes, South holding the seven of hearts alone)."""
    player = state.to_move
    hand = state.hand(player)
    if len(hand) < 2:
        return None
    return state, {**ev, "player": player, "card": ctx.rng.choice(hand).code}


def _out_of_turn(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """A player not to move (and not yet in the trick) plays a card of his own, named: the
    table shows it on the trick (quizzes/seen.py). The card is one he could lawfully play to
    the trick as it stands (any, to lead): out of turn and off suit besides would be a second
    irregularity, a revoke, the question says nothing of (the blind audit's #3 and #44: a
    club played out of turn to a trump lead by a player holding three trumps)."""
    trick = state.trick
    offenders = [p for p in others(state, state.to_move)
                 if state.hand(p) and not (trick is not None and trick.played_by(p))]
    if not offenders:
        return None
    player = ctx.rng.choice(offenders)
    return state, {**ev, "player": player, "card": ctx.rng.choice(_lawful(state, game,
                                                                          player)).code}


def _lead_out_of_turn(state: DealState, game: Game, ev: dict[str, Any],
                      ctx: Context) -> Made | None:
    """A player not to lead leads a card of his own; those who played to it before the error
    was seen are the players after him in turn (play goes to the left), as many as the event
    drew, each with a card in his hand."""
    if all(len(state.hand(p)) <= 1 for p in state.players):
        # The last trick: each has one card left, which he must play whoever leads, so taking
        # the false lead back (or calling the card led) changes nothing the laws speak of (the
        # round-5 audit's #106, every hand empty once all had played to it).
        return None
    made = _out_of_turn(state, game, ev, ctx)
    if made is None:
        return None
    state, ev = made
    offender = ev["player"]
    seats = list(state.players)
    turn = [seats[(seats.index(offender) + i) % len(seats)] for i in range(1, len(seats))]
    wanted = len([p for p in ev.get("followed_by", ()) if p != offender])
    followers = []
    for p in turn[:wanted]:
        if not state.hand(p):
            break
        followers.append(p)
    ev["followed_by"] = followers
    if not followers:
        del ev["followed_by"]
    return state, ev


def _dealers_adversary(state: DealState, game: Game, ev: dict[str, Any],
                       ctx: Context) -> Made | None:
    """The player who turns up his own card in the deal is an adversary of the dealer, as the
    law of it (general.american.own-card-exposed-in-deal) has him: not the dealer, nor in a
    partnership game the dealer's partner, facing him (the round-5 audit's #110). The law
    gives the claim to "the dealer's side" and denies it to the offender: where a third player
    sits on neither side (Auction Pitch, each for himself), it does not say whether he may
    claim, so the whole ruling is not known and no such table is made (#43)."""
    seats = list(state.players)

    def side(p: str) -> set[str]:
        if game.partnerships and len(seats) == 4:
            return {p, seats[(seats.index(p) + 2) % 4]}
        return {p}

    player = ctx.rng.choice([p for p in seats if p not in side(state.dealer)])
    if side(state.dealer) | side(player) != set(seats):
        return None
    return state, {**ev, "player": player}


def _named_suit(state: DealState, game: Game, ev: dict[str, Any],
                ctx: Context) -> Made | None:
    """The leader names one suit and leads a card of another."""
    player = state.to_move
    card = ctx.rng.choice(state.hand(player))
    named = ctx.rng.choice([s for s in game.pack.suits if s != card.suit])
    return state, {**ev, "player": player, "card": card.code, "named": named}


def _exposed(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """A card of his hand shown. Two cards played to one trick are played by the player whose
    turn it is, in play; the second card is named, so both lie on the trick shown."""
    in_play = state.stage in ("play", "stock-exhausted") and not state.to_draw
    if ev["how"] == "two-played" and (not game.has_tricks or not in_play):
        ev["how"] = "faced"
    if ev["how"] == "two-played":
        # Two cards he could lawfully play: either may be the one chosen as played without
        # a revoke besides (the blind audit's #52: two clubs on a trump lead, trumps held).
        ev["player"] = state.to_move
        hand = _lawful(state, game, state.to_move)
        if len(hand) < 2:
            return None
        first, second = ctx.rng.sample(range(len(hand)), 2)
        ev["card"], ev["second_card"] = hand[first].code, hand[second].code
        return state, ev
    ev.pop("second_card", None)
    if game.has_tricks and in_play:
        # An exposed card is there to be called: its holder has a later trick to play it to,
        # has not played to this one, nor has his right-hand adversary (who must call before
        # he plays), and the card may lawfully be played to the trick as led (the blind
        # audit's #35: a last card exposed after the call was lost; #195: a diamond exposed
        # beside a spade lead its holder could follow).
        callable_by = {p: _lawful(state, game, p) for p in _may_be_called(state)}
        if not any(callable_by.values()):
            return None
        player = str(ev.get("player"))
        if not callable_by.get(player):
            player = ctx.rng.choice(sorted(p for p, cards in callable_by.items() if cards))
        cards = callable_by[player]
        card = ev.get("card")
        if card not in [c.code for c in cards]:
            card = ctx.rng.choice(cards).code
        ev["player"], ev["card"] = player, card
    named_by = str(ev.get("player"))
    if ev["how"] == "named" and state.seen is not None and named_by not in state.seen:
        # He named a card he holds: he has looked at his cards (everyone who acted has looked;
        # the blind audit of round 6, #91).
        state = replace(state, seen=(*state.seen, named_by))
    return state, ev


def _lawful(state: DealState, game: Game, player: str) -> list[Card]:
    """The cards of the player's hand he may lawfully play to the trick as it stands (any,
    to lead)."""
    hand = state.hand(player)
    led = state.trick.cards if state.trick is not None else ()
    if not led:
        return list(hand)
    return list(game.legal_plays(tuple(hand), tuple(led), state.trump, state.stage) or hand)


def _may_be_called(state: DealState) -> list[str]:
    """Players holding two cards or more who have not played to the trick in progress, nor
    has the player on their right."""
    seats = list(state.players)
    trick = state.trick

    def played(p: str) -> bool:
        return trick is not None and trick.played_by(p)

    return [p for p in seats if len(state.hand(p)) >= 2 and not played(p)
            and not played(seats[(seats.index(p) - 1) % len(seats)])]


# Draws after which a carte blanche is still asked to be declared again.
REPEAT_DRAWS = 4


def _carte_blanche(state: DealState, game: Game, ev: dict[str, Any],
                   ctx: Context) -> Made | None:
    """Half the time he really holds no court card (the shuffle put his court cards in the
    stock, plain ones in his hand); a repeat follows a draw, so only in play, the card drawn
    his last."""
    rng = ctx.rng
    player = ev["player"]
    if ev.get("repeated") and state.stage == "play" and state.tricks_played > REPEAT_DRAWS:
        # Law 16 lets him score it again only while no card he draws is a court card: after
        # many draws a hand still blank is barely possible, so it is asked early in play.
        return None
    hand = list(state.hand(player))
    stock = list(state.stock)
    if rng.random() < 0.5:
        plain = [i for i, c in enumerate(stock) if c.rank not in COURT]
        rng.shuffle(plain)
        for i, card in enumerate(hand):
            if card.rank in COURT and plain:
                j = plain.pop()
                hand[i], stock[j] = stock[j], card
        state = replace(state, hands={**state.hands, player: tuple(hand)}, stock=tuple(stock))
    repeat = state.stage == "play" and state.tricks_played > 0 and bool(ev.get("repeated"))
    if state.stage != "play" or state.tricks_played == 0:
        ev["repeated"] = False
    if repeat and hand and any(who == player for who, _, _ in state.declared):
        # His score is his carte blanches alone: a deal where he declared a combination
        # (the marriage that fixed trumps, say) would lose its points from the table.
        return None
    if repeat and (player in state.to_draw or (state.trick is not None and state.trick.plays)
                   or any(who == player and c.rank in COURT for who, c in state.played)):
        # Law 16: he declares it again on drawing, before his next play, and "no court card
        # since the deal" holds of every card he has held: none on the trick in progress nor
        # among those he has played (blind audit, round 6, #174).
        return None
    if repeat and hand:
        blank = _dealt_blank(state, player, rng)
        if blank is None:
            return None
        state, hand = blank, list(blank.hand(player))
        ev["drawn"] = hand[-1].code
        # He declared carte blanche when dealt (50) and after each draw since that brought no
        # court card, and, holding none, has declared nothing else (four aces aside).
        times = rng.randint(1, min(3, state.tricks_played))
        state = replace(state, scores={**state.scores, player: 50 * times})
    else:
        ev.pop("drawn", None)
    seen = state.seen
    if seen is not None and player not in seen:
        state = replace(state, seen=(*seen, player))  # he has looked, to declare it
    return state, ev


def _dealt_blank(state: DealState, player: str, rng: Random) -> DealState | None:
    """A repeat of carte blanche means the hand dealt him held no court card: each court card
    he holds came by a draw, one a trick played, the last drawn being his last card. Court
    cards beyond those draws are swapped with plain cards of the stock (the shuffle could have
    put them there; None when the stock has too few plain cards)."""
    hand, stock = list(state.hand(player)), list(state.stock)
    earlier = max(state.tricks_played - 1, 0)  # draws before the card just drawn
    courts = [i for i, c in enumerate(hand[:-1]) if c.rank in COURT]
    plain = [j for j, c in enumerate(stock) if c.rank not in COURT]
    rng.shuffle(plain)
    for i in courts[earlier:]:
        if not plain:
            return None
        j = plain.pop()
        hand[i], stock[j] = stock[j], hand[i]
    return replace(state, hands={**state.hands, player: tuple(hand)}, stock=tuple(stock))


def _king_turned(state: DealState, game: Game, ev: dict[str, Any],
                 ctx: Context) -> Made | None:
    """The shuffle put a king where the trump is turned."""
    if state.turn_up is None:
        return None
    if state.turn_up.rank == "K":
        return state, ev
    kings = [i for i, c in enumerate(state.stock) if c.rank == "K"]
    if not kings:
        return None
    i = ctx.rng.choice(kings)
    stock = list(state.stock)
    stock[i], turned = state.turn_up, stock[i]
    return replace(state, stock=tuple(stock), turn_up=turned,
                   trump=turned.suit if game.turn_up_fixes_trump else state.trump), ev


def _faced_in_pack(state: DealState, game: Game, ev: dict[str, Any],
                   ctx: Context) -> Made | None:
    """A faced card somewhere in the pack, now and then the one due to be turned up: found
    so before it is turned, as the dealer comes to turn it (a table showing it turned up
    beside "a card is found face up in the pack" found nothing: the 42nd blind round's #99)."""
    size = len(game.pack.cards) * game.pack.copies
    dealt = sum(len(state.hand(p)) for p in state.players)
    if game.has("turn_up") and ctx.rng.random() < 0.25:
        ev["position"] = dealt + 1
    if dealt and ev["position"] <= dealt:
        # Found in the pack, not in a hand: once the hands are dealt it lies in the stock (a
        # card dealt face up to a hand is another law's, an exposed card).
        ev["position"] += dealt
    ev["position"] = min(ev["position"], size)
    if ev["position"] == dealt + 1 and state.turn_up is not None:
        if state.stage != "deal":
            return None  # turned up and played on: no card is found face up any more
        return replace(state, stock=(state.turn_up, *state.stock), turn_up=None,
                       trump=None if game.turn_up_fixes_trump else state.trump), ev
    return state, ev


# Errors of the exchange made by the dealer as dealer (he gives, or turns up a card).
_DEALERS_ERRORS = frozenset({"gave-too-many", "gave-too-few", "card-turned-in-error"})
# Errors whose law still speaks once cards are played: a hand played short (laws 30 and 34),
# the dealer who must play the hand he holds (law 38). Every other remedy is a choice made
# at the exchange itself (a fresh deal or play on, refusing the exposed cards, the next card
# given for a faced one), so its table stands there, before the first card is led: four
# tricks on, the innocent player has long since elected to play the hand.
_FOUND_IN_PLAY = frozenset({"took-too-few", "stock-too-small"})


def _exchange_error(state: DealState, game: Game, ev: dict[str, Any],
                    ctx: Context) -> Made | None:
    """A proposal was accepted and the exchange made before the first trick: each player
    discarded (set aside) and took as many from the stock, so the stock is smaller by the
    cards taken; the error leaves its hand a card over or short (taking or giving wrongly),
    or, asked for more than the stock holds, the exchanges have run the stock down."""
    rng = ctx.rng
    error = str(ev["error"])
    if error not in _FOUND_IN_PLAY and (
            state.tricks_played or (state.trick is not None and state.trick.plays)):
        return None
    dealer = state.dealer
    pone = next(p for p in state.players if p != dealer)
    if error in _DEALERS_ERRORS:
        ev["player"] = dealer
    elif error == "stock-too-small":
        ev["player"] = pone
    stock = list(state.stock)
    hands = {p: list(state.hand(p)) for p in state.players}
    taken = rng.randint(1, 5) + rng.randint(0, 5)  # the pone's cards, then the dealer's
    if error == "stock-too-small":
        taken = len(stock) - rng.randint(1, 4)  # further exchanges until few are left
    if error == "cards-exposed-in-giving":
        # Exposed as the non-dealer's cards were given (the table shows two of them apart,
        # quizzes.seen): he discarded at least those two, and the dealer, who exchanges after
        # him, has not yet (the 50th blind round's #39: one discard beside two cards given).
        taken = rng.randint(2, 5)
    if taken >= len(stock):
        return None
    del stock[:taken]  # in the hands now, as many discarded and set aside
    short = {"took-too-many": (ev["player"], 1), "took-too-few": (ev["player"], -1),
             "gave-too-many": (pone, 1), "gave-too-few": (pone, -1)}.get(error)
    if short is not None:
        who, change = short
        if change > 0 and stock:
            hands[who].append(stock.pop(0))
        elif change < 0 and hands[who]:
            hands[who].pop()
        else:
            return None
    # The non-dealer proposed and the dealer accepted, and both discarded: both have looked.
    return replace(state, hands={p: tuple(h) for p, h in hands.items()}, stock=tuple(stock),
                   discards_made=True, seen=tuple(state.players)), ev


def _proposal_withdrawn(state: DealState, game: Game, ev: dict[str, Any],
                        ctx: Context) -> Made | None:
    """Only the non-dealer proposes (and asks for cards); only the dealer accepts or refuses
    (Club Code laws 26 and 27): what he took back says who he is."""
    dealer = state.dealer
    pone = next(p for p in state.players if p != dealer)
    replying = ev["what"] in ("acceptance", "refusal")
    ev["player"] = dealer if replying else pone
    # He has looked at his hand to propose or reply, and a reply answers a proposal made.
    looked = (pone, dealer) if replying else (pone,)
    if state.seen is not None:
        state = replace(state, seen=tuple(dict.fromkeys((*state.seen, *looked))))
    return state, ev


def _cut_error(state: DealState, game: Game, ev: dict[str, Any], ctx: Context) -> Made | None:
    """An error in cutting. The pack is cut to the dealer by the player on his right (his
    adversary, two playing); cutting for deal is before anybody deals. Noticed before the deal
    (and cutting for deal always is), nothing is dealt yet: the whole pack lies in the stock."""
    players = list(state.players)
    if ev["error"] != "packet-too-small":
        # Only a packet's size is in question there: a packet of one beside an exposed card
        # would be a second irregularity the stem says nothing of.
        ev = {k: v for k, v in ev.items() if k != "cards"}
    if ev["error"] != "several-shown-for-deal":
        ev = {**ev, "player": players[(players.index(state.dealer) - 1) % len(players)]}
    else:
        # Cutting for deal is done once, before the first deal of the game (Club Code laws 4
        # and 5; Portland law 6): no point has been scored yet.
        ev = {**ev, "dealt": False}
        state = replace(state, scores={p: 0 for p in players})
    if ev.get("dealt"):
        return state, ev
    pack = [c for p in players for c in state.hand(p)] + list(state.stock)
    if state.turn_up is not None:
        pack.append(state.turn_up)
    return replace(state, hands={p: () for p in players}, stock=tuple(pack), turn_up=None,
                   trump=None, seen=()), ev


MAKERS: dict[str, Maker] = {
    "wrong-count": _wrong_count,
    **DRAW_MAKERS,
    "play": _play,
    "play-out-of-turn": _out_of_turn,
    "lead-out-of-turn": _lead_out_of_turn,
    "own-card-exposed-in-deal": _dealers_adversary,
    "named-suit-not-led": _named_suit,
    "exposed-card": _exposed,
    "carte-blanche": _carte_blanche,
    "king-turned": _king_turned,
    "faced-card-in-pack": _faced_in_pack,
    "exchange-error": _exchange_error,
    "proposal-withdrawn": _proposal_withdrawn,
    "cut-error": _cut_error,
}
