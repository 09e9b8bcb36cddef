"""Could this table happen? The checks a quiz table must pass to be a real moment of a deal
(issue 25 §1), judged from the table and the game alone, whoever made it.

A table fails when the engine's parser refuses it; when its cards do not add up to the pack
(each card no more often than the pack holds it, every trick gathered a full trick); when a
score is one the game cannot reach (a running score at or past the points that win the game,
a score in a game whose every deal starts from nothing without a combination to show for it);
when the stock does not agree with the tricks played (a drawing game's stock shrinks by a card
a player for each trick until it is gone); or when the stage and the timing the event's words
speak of disagree with the table (a repeat of carte blanche "after drawing" during the deal, a
card "of the next trick" played beside an empty trick).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from app.cards import Card
from app.engine.handlers.declarations import declared_points, missing_cards
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario

# Events that change the number of cards a hand holds, or the stock, as they happen.
COUNT_CHANGING = frozenset({"wrong-count", "drew-two", "drew-out-of-turn", "failed-to-draw",
                            "even-stock"})


def _pack(game: Game) -> Counter[Card]:
    return Counter({c: game.pack.copies for c in game.pack.cards})


def _visible(s: Scenario) -> tuple[Counter[Card], int]:
    """The cards the table names, and how many more it counts without naming them."""
    named: Counter[Card] = Counter()
    unnamed = 0
    for hand in s.hands.values():
        if isinstance(hand, int):
            unnamed += hand
        else:
            named.update(hand)
    if isinstance(s.stock, int):
        unnamed += s.stock
    elif s.stock is not None:
        named.update(s.stock)
    if s.turn_up is not None:
        named[s.turn_up] += 1
    if s.trick is not None:
        named.update(s.trick.cards)
    return named, unnamed


def card_problems(s: Scenario, game: Game) -> list[str]:
    """The cards of the table against the pack."""
    out: list[str] = []
    named, unnamed = _visible(s)
    pack = _pack(game)
    over = [c.code for c, n in named.items() if n > pack[c]]
    if over:
        out.append(f"more copies than the pack holds: {', '.join(sorted(over))}")
    on_table = sum(named.values()) + unnamed
    size = sum(pack.values())
    n = len(s.players)
    if not game.has_tricks:
        if on_table > size:
            out.append(f"{on_table} cards on a table of a {size}-card pack")
        return out
    gathered = s.tricks_played * n
    if s.event.type == "wrong-count" or s.discards_made:
        # A short hand plays short tricks; discards are set aside, off the table.
        if on_table + s.tricks_played * (n - 1) > size or on_table > size:
            out.append(f"{on_table} cards and {s.tricks_played} tricks exceed the pack of {size}")
    elif on_table + gathered != size:
        out.append(f"{on_table} cards on the table and {s.tricks_played} tricks gathered "
                   f"({gathered} cards) do not make the pack of {size}")
    return out


def draws_owed(s: Scenario, game: Game) -> bool:
    """Whether the table stands between a trick and the draws after it (a declaration is made
    then): in a drawing game, no card of the next trick down and the stock still holding the
    cards this trick's draws will take. Each hand then rightly holds a card fewer than after
    the draws."""
    play = game.facts.play
    if play is None or not play.draws or s.stage != "play" or not s.tricks_played:
        return False
    if s.trick is not None and s.trick.cards:
        return False
    stock = len(s.stock) if isinstance(s.stock, tuple) else s.stock
    if not isinstance(stock, int):
        return False
    n = len(s.players)
    dealt = game.pack.size - n * game.hand_size
    left = stock + (1 if s.turn_up is not None else 0)
    owed = dealt - n * (s.tricks_played - 1)
    return owed > 0 and left == owed


def stock_problems(s: Scenario, game: Game) -> list[str]:
    """The stock against the tricks played, in a game whose players draw after each trick."""
    play = game.facts.play
    if play is None or not play.draws or s.event.type in COUNT_CHANGING:
        return []
    if not s.hands and s.stage == "deal":
        return []  # nothing dealt yet: the whole pack is the stock
    stock = len(s.stock) if isinstance(s.stock, tuple) else s.stock
    if not isinstance(stock, int):
        return []
    n = len(s.players)
    dealt = game.pack.size - n * game.hand_size  # the stock and the turn-up after the deal
    left = stock + (1 if s.turn_up is not None else 0)
    expected = max(0, dealt - n * s.tricks_played)
    # Between a trick and its draws (a declaration is made then), one trick's draws are owed.
    owed = max(0, dealt - n * (s.tricks_played - 1)) if s.tricks_played else expected
    if left not in (expected, owed):
        return [f"{left} cards in the stock (with the turn-up) after {s.tricks_played} tricks; "
                f"the deal left {dealt}, less {n} a trick: {expected}"]
    return []


def dealt_over_play(game: Game) -> int:
    """How many cards a hand is dealt beyond those it plays with (Cinch: nine dealt, the
    discard and the dealer's fill bring each to six); 0 elsewhere."""
    bidding, play = game.stage_rule("bidding"), game.stage_rule("play")
    if bidding is None or play is None or not bidding.cards or not play.cards:
        return 0
    return max(0, bidding.cards - play.cards)


def fill_problems(s: Scenario, game: Game) -> list[str]:
    """Where the hands are dealt larger than they are played: before the discard every hand
    holds what was dealt; after it, the stock is at most what the deal left."""
    extra = dealt_over_play(game)
    bidding = game.stage_rule("bidding")
    if not extra or bidding is None or not bidding.cards:
        return []
    n = len(s.players)
    left = game.pack.size - n * bidding.cards
    stock = len(s.stock) if isinstance(s.stock, tuple) else s.stock
    out = []
    if s.stage in ("deal", "bidding") and s.event.type not in COUNT_CHANGING:
        for player, hand in s.hands.items():
            held = hand if isinstance(hand, int) else len(hand)
            if held != bidding.cards:
                out.append(f"{player} holds {held} at the stage '{s.stage}', where "
                           f"{bidding.cards} are dealt")
        # Trumps are named after the bidding and the discard follows them: before it no card
        # lies aside and the stock is what the deal left (the blind audit of round 6, #31).
        if s.discards_made:
            out.append(f"a discard made at the stage '{s.stage}', before trumps are named")
        if isinstance(stock, int) and s.hands and stock != left:
            out.append(f"a stock of {stock} at the stage '{s.stage}', where the deal of "
                       f"{bidding.cards} each left {left}")
    elif isinstance(stock, int) and stock > left and s.event.type not in COUNT_CHANGING:
        out.append(f"a stock of {stock} after the discard, where the deal of {bidding.cards} "
                   f"each left {left}")
    elif isinstance(stock, int) and s.discards_made and s.trump is not None \
            and s.event.type not in COUNT_CHANGING:
        # Every plain card was thrown out: the hands were filled from the pack with as many
        # cards as they had not kept, so what the fill left is the trumps kept less what the
        # hands could take (16 left, 24 to fill at Cinch: 8 + stock trumps were kept). They
        # are in the hands, the trick, or the tricks gathered.
        play = game.stage_rule("play")
        size = play.cards if play is not None and play.cards else 0
        kept = stock - (left - n * size)
        trumps = sum(game.effective_suit(c, s.trump) == s.trump
                     for c in game.pack.cards) * game.pack.copies
        if kept > trumps:
            out.append(f"a stock of {stock} after the fill means {kept} trumps were kept, but "
                       f"the pack holds {trumps}")
            return out
        seen = 0
        for hand in s.hands.values():
            if not isinstance(hand, tuple):
                return out
            seen += sum(game.effective_suit(c, s.trump) == s.trump for c in hand)
        if s.trick is not None:
            seen += sum(game.effective_suit(c, s.trump) == s.trump for c in s.trick.cards)
        if seen + n * s.tricks_played < kept:
            out.append(f"a stock of {stock} after the fill means {kept} trumps were kept, but "
                       f"at most {seen + n * s.tricks_played} can be in play")
    return out


def score_problems(s: Scenario, game: Game) -> list[str]:
    """Scores the game cannot have reached at this moment."""
    play = game.facts.play
    if play is None:
        return []
    out = []
    if game.partnerships and len(s.players) == 4:
        for i in range(2):
            one, other = s.players[i], s.players[i + 2]
            if s.scores.get(one, 0) != s.scores.get(other, 0):
                out.append(f"partners {one} and {other} have different scores "
                           f"({s.scores.get(one, 0)} and {s.scores.get(other, 0)})")
    goal = play.game_to
    for player, score in s.scores.items():
        # Where combinations are scored in play, a deal may carry a score past the game by
        # its end (the hand counted); in the middle of a hand the player would have called
        # himself out (Pinochle), and a learner reads the score as one the game cannot reach.
        over = s.stage == "hand-over" and play.declarations
        if goal and score >= (2 * goal if over else goal):
            out.append(f"{player} has {score} in a game to {goal}")
        elif not goal and not play.declarations and score != 0:
            out.append(f"{player} has {score} where each deal is a game and nothing is scored "
                       f"before it ends")
        elif not goal and score < 0:
            out.append(f"{player} has {score} where each deal starts from nothing")
    return out


def _announcement_problems(s: Scenario, game: Game) -> list[str]:
    """A declaration (an announced king) needs a player who has looked at his cards, and a
    card he could claim: in a single pack, the card turned up lies face up for all to see."""
    out: list[str] = []
    player = s.event.get("player")
    if game.model.asks_hands_seen and player not in s.hands_seen:
        out.append("a declaration by a player who has not looked at his cards")
    hand = s.hands.get(str(player))
    declared = s.event.get("declared")
    if game.pack.copies == 1 and s.turn_up is not None and isinstance(hand, tuple) \
            and isinstance(declared, str) \
            and s.turn_up in (missing_cards(declared, hand, s.trump, game) or ()):
        out.append("a declaration of the card that lies face up as the turn-up")
    return out


_COURT = ("K", "Q", "J")


def completed_by(name: str, hand: tuple[Card, ...], played: tuple[Card, ...],
                 trump: str | None, game: Game | None = None) -> bool:
    """Whether cards he has played since declaring (his lead to the trick in progress) would
    make a false declaration less false: he held them when he declared, and the table would
    show the king of spades led beside "he does not hold the king and queen of any one suit"
    (the fourteenth blind round's #170)."""
    lacking = missing_cards(name, hand, trump, game)
    if not lacking or not played:
        return False
    return len(missing_cards(name, hand + played, trump, game) or ()) < len(lacking)


def most_tricks_won(s: Scenario, player: str) -> int:
    """The most tricks `player` can have won: in a two-handed game the leader of the trick in
    progress won the last one, so the other has won one fewer than were played at most."""
    if len(s.players) == 2 and s.tricks_played and s.trick is not None \
            and s.trick.leader != player:
        return s.tricks_played - 1
    return s.tricks_played


def declaration_problems(s: Scenario, game: Game) -> list[str]:
    """Declarations the table cannot have seen: a combination "still to score" was declared
    on a trick its holder won, and a higher one scored from it on a later one (Portland law
    42); a carte blanche declared again means he was dealt no court card, so each court card
    he holds came by a draw (law 16); trumps fixed by the first marriage (law 41) need a
    trick won to declare it on."""
    out: list[str] = []
    ev = s.event
    player = str(ev.get("player", ""))
    if ev.type == "unscored-combination-broken":
        need = 2 if ev.get("how") == "higher-scored" else 1
        if most_tricks_won(s, player) < need:
            out.append(f"{player} has a combination still to score, having won too few tricks "
                       f"to have declared it (and scored from it)")
    hand = s.hands.get(player)
    if ev.type == "carte-blanche" and ev.get("repeated") and isinstance(hand, tuple):
        courts = sum(c.rank in _COURT for c in hand)
        if courts > s.tricks_played:
            out.append(f"{player} declares carte blanche again holding {courts} court cards "
                       f"after {s.tricks_played} draws")
    play = game.facts.play
    declared = ev.get("declared")
    if ev.type == "false-declaration" and play is not None and play.declarations \
            and isinstance(hand, tuple) and isinstance(declared, str) and s.trick is not None:
        led = tuple(c for who, c in zip(Table(s, game).trick_players, s.trick.cards,
                                        strict=False) if who == player)
        if completed_by(declared, hand, led, s.trump, game):
            out.append(f"{player} is said to lack cards for his {declared}, but a card he has "
                       f"played to the trick in progress would complete it")
    if play is not None and play.trump_named_by == "first-marriage" and s.trump is not None:
        royal = declared_points(game).get("royal-marriage", 0)
        if s.stage in ("deal", "bidding") or not s.tricks_played:
            out.append("trumps fixed by a marriage before any trick was won to declare it on")
        elif ev.type != "wrong-score" and all(v < royal for v in s.scores.values()):
            # A score marked wrong may stand below it: the stem says so.
            out.append(f"trumps fixed by a marriage, scored {royal}, but nobody has {royal}")
    return out


def timing_problems(s: Scenario, game: Game) -> list[str]:
    """The stage, and the timing the event's words speak of, against the table."""
    out: list[str] = []
    ev = s.event
    cards_on_trick = bool(s.trick is not None and s.trick.cards)
    if s.stage in ("deal", "bidding") and (s.tricks_played or cards_on_trick):
        out.append(f"tricks played at the stage '{s.stage}'")
    # Carte blanche is declared by a player who has looked; a wrong count may be found just
    # after the deal by players who have taken up their cards to count them.
    if s.stage == "deal" and s.hands_seen and ev.type not in ("carte-blanche", "wrong-count"):
        out.append("players have looked at their cards during the deal")
    if s.stage == "hand-over" and cards_on_trick:
        out.append("a trick in progress after the hand")
    if ev.type == "carte-blanche":
        if ev.get("repeated") and (s.stage != "play" or not s.tricks_played):
            out.append("carte blanche declared again after a draw, before any draw")
        if ev.get("repeated") and cards_on_trick:
            out.append("carte blanche declared again on drawing, but the next trick is begun")
        if ev.get("player") not in s.hands_seen:
            out.append("carte blanche declared by a player who has not looked at his cards")
    if ev.type == "false-declaration":
        started = ev.get("next_trick_started")
        if started and not cards_on_trick:
            out.append("a card of the next trick is said to be played, but no trick is on "
                       "the table")
        if started is False and cards_on_trick:
            out.append("no card of the next trick is said to be played beside a trick in "
                       "progress")
        if started and not s.tricks_played:
            out.append("a card of the next trick is said to be played before any trick is "
                       "complete")
    if ev.type == "false-declaration":
        out += _announcement_problems(s, game)
    if ev.type == "false-declaration" and game.facts.play is not None \
            and game.facts.play.declarations:
        if ev.get("drawn_since") and not s.tricks_played:
            out.append("a draw since the declaration, before any trick was won")
        if ev.get("drawn_since") and s.stage == "stock-exhausted":
            out.append("a draw since the declaration, after the stock ran out")
        if s.stage == "stock-exhausted" and s.tricks_played <= game.drawing_tricks:
            out.append("a declaration after the stock ran out, on winning the trick before "
                       "its last draw")
    if s.discards_made and game.model.asks_hands_seen and s.dealer is not None \
            and s.stage not in ("deal",) and not any(p != s.dealer for p in s.hands_seen):
        out.append("a discard made, but the non-dealer has not looked at his cards")
    if ev.type == "exchange-error" and not s.discards_made:
        out.append("an error in the exchange, but no exchange (no discard) has been made")
    if ev.type == "exchange-error" and str(ev.get("error", "")).startswith("gave-") \
            and ev.get("player") != s.dealer:
        out.append("the dealer's error in giving cards, made by a player who did not deal")
    if ev.type == "lead-out-of-turn" and cards_on_trick:
        out.append("a lead out of turn to a trick already led")
    if ev.type == "lead-out-of-turn" and s.trick is not None and s.trick.leader == ev.get("player"):
        out.append("a lead out of turn by the player whose lead it is")
    won = ev.get("tricks_won")
    if ev.type == "abandoned-hand" and isinstance(won, int) and won > s.tricks_played:
        out.append("more tricks won than played")
    tricks = ev.get("tricks")
    if isinstance(tricks, Mapping) and sum(tricks.values()) != s.tricks_played:
        out.append("the tricks won do not add up to the tricks played")
    if ev.type == "stock-exhausted" and (s.turn_up is not None or (
            isinstance(s.stock, tuple) and s.stock) or (isinstance(s.stock, int) and s.stock)):
        out.append("the stock is said to be exhausted but cards are left in it")
    return out


def table_problems(table: Mapping[str, Any], games: Mapping[str, Game]) -> list[str]:
    """Every way the table could not happen ([] when it could). A table shown without its
    event (the cards to choose from, before any is played) is read with an event that
    changes nothing on it."""
    raw = dict(table)
    raw.setdefault("event", {"type": "imperfect-pack"})
    try:
        s = parse_scenario(raw, games)
    except ScenarioError as exc:
        return [f"the table does not parse: {exc}"]
    game = games[s.game].for_table(s.variants)  # the pack of the readings in force
    return [*card_problems(s, game), *stock_problems(s, game), *fill_problems(s, game),
            *score_problems(s, game), *timing_problems(s, game),
            *declaration_problems(s, game)]
