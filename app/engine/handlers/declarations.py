"""What a declared combination needs in the hand, and what it scores, for the Bézique family
(the points and the suits of a four of a kind are the game's declared play facts: [play]
declared_points and four_of_each_suit in content/games)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.cards import RANK_NAMES, Card
from app.engine.core import Context, names
from app.engine.ruling import Decision
from app.model import event_types as ev
from app.model.events import DECLARATION_WORDS
from app.model.games import Game

# The rank of each four of a kind.
FOUR_RANKS = {"four-aces": "A", "four-kings": "K", "four-queens": "Q", "four-jacks": "J"}
FOURS = frozenset(FOUR_RANKS)
_COUNTS = ("no", "one", "two", "three")
# A declaration's words are the event registry's (app/model/events.py): one list.
NAMES = DECLARATION_WORDS


def declared_points(game: Game | None) -> Mapping[str, int]:
    """What each combination scores when declared in `game`: its declared play facts
    ([play] declared_points in content/games); none for a game without them."""
    play = game.facts.play if game is not None else None
    return play.declared_points if play is not None else {}


def king_points(game: Game | None) -> int:
    """What the king of trumps scores when marked in `game` ([play] declared_points: Écarté's
    1); 0 where it scores nothing of itself."""
    return declared_points(game).get("king", 0)


def turned_king_wins(game: Game | None, dealer_score: int) -> bool:
    """Whether the point a king turned up for trumps scores ([play] declared_points) brings
    its dealer, at `dealer_score`, to the game: it is won, and the hand is not played. Asked by
    both Écarté codes' rulings and by the quiz's tables (a table in play where it would have
    been won is not dealt)."""
    play = game.facts.play if game is not None else None
    king = king_points(game)
    return play is not None and bool(king) and play.reaches_game(dealer_score + king)


def declared_value(game: Game | None, trump: str | None, declared: str) -> int | None:
    """What a declaration scores at this table: its declared points, but a marriage declared
    while no trump is fixed, where the first marriage makes the trump suit (Portland law 41),
    is one of trumps and scores as a royal marriage (the thirty-first blind round's #81: "the
    20 he marked" of the first marriage, which counts 40)."""
    points = declared_points(game)
    play = game.facts.play if game is not None else None
    if declared == "marriage" and trump is None and play is not None \
            and play.trump_named_by == "first-marriage" and "royal-marriage" in points:
        return points["royal-marriage"]
    return points.get(declared)


def any_four(game: Game | None) -> bool:
    """Whether a four of a kind is any four of the rank in `game` (not one of each suit, as the
    game's play facts may say: [play] four_of_each_suit); one of each with no game named."""
    if game is None:
        return False
    play = game.facts.play
    return play is None or not play.four_of_each_suit


def missing_cards(declared: str, hand: Sequence[Card], trump: str | None,
                  game: Game | None = None) -> list[Card] | None:
    """Cards the hand lacks for the declaration ([] when it holds them); None if undecidable.
    A four of a kind wants one of each suit in `game` where the laws say so (Pinochle, or no
    game named), else any four of the rank: then a card of each rank short, of a suit the
    hand lacks first."""
    held = Counter(hand)
    if declared in FOUR_RANKS:
        rank = FOUR_RANKS[declared]
        lacked = [Card(rank, s) for s in "SHDC" if not held[Card(rank, s)]]
        if not any_four(game):
            return lacked
        short = max(0, 4 - sum(n for c, n in held.items() if c.rank == rank))
        return (lacked + [Card(rank, s) for s in "SHDC"] * 4)[:short]
    if declared in ("bezique", "pinochle", "double-bezique"):
        need = Counter({Card("Q", "S"): 1, Card("J", "D"): 1})
        if declared == "double-bezique":
            need = Counter({c: 2 for c in need})
        return sorted((need - held).elements())
    if declared == "marriage":
        suits = [s for s in "SHDC" if held[Card("K", s)] and held[Card("Q", s)]]
        if suits:
            return []
        best = max("SHDC", key=lambda s: held[Card("K", s)] + held[Card("Q", s)])
        return [c for c in (Card("K", best), Card("Q", best)) if not held[c]]
    if trump is None:
        return None
    if declared == "king":
        return [c for c in (Card("K", trump),) if not held[c]]
    if declared == "royal-marriage":
        return [c for c in (Card("K", trump), Card("Q", trump)) if not held[c]]
    if declared == "sequence":
        return [c for c in (Card(r, trump) for r in ("A", "10", "K", "Q", "J")) if not held[c]]
    return None


@dataclass(frozen=True)
class Claim:
    """A declaration checked against the declarer's hand."""

    player: str
    declared: str
    what: str
    value: int
    lacking: tuple[Card, ...]
    each_suit: bool = False  # a four of a kind wants one of each suit (Pinochle)

    @property
    def wanting(self) -> str:
        """What his hand wants for it: 'without the queen of spades', or for a four of a kind
        (any four of the rank) 'with only three kings'."""
        rank = FOUR_RANKS.get(self.declared)
        if self.declared == "marriage" and self.lacking:
            # A plain marriage may be of any suit: the cards he lacks are those of no suit in
            # particular, and naming one ("without the queen of spades") describes another
            # table than the queen and king of two suits he laid down (the blind audit's #127).
            return "without the king and queen of any one suit"
        if rank is None or self.each_suit:
            # (one of each suit wanted: a count of the rank held says nothing of what is
            # missing, two queens of clubs beside two others; the 43rd round's #138)
            return f"without the {names(self.lacking)}"
        held = 4 - len(self.lacking)
        word = RANK_NAMES[rank]
        return f"with only {_COUNTS[held]} {word}{'' if held == 1 else 's'}" if held \
            else f"with no {word}"

    @property
    def holds_the_cards(self) -> bool:
        """Whether the hand holds every card the declaration needs."""
        return not self.lacking


def check_claim(
    ctx: Context[ev.FalseDeclaration | ev.UnscoredCombinationBroken],
) -> Claim | None:
    """The event's declaration against the hand, or None when the hand or value is unknown."""
    player, declared = ctx.event.player, ctx.event.declared
    hand = ctx.table.cards(player)
    value = declared_value(ctx.game, ctx.table.trump, declared)
    if hand is None or not value:
        return None
    lacking = missing_cards(declared, hand, ctx.table.trump, ctx.game)
    if lacking is None:
        return None
    return Claim(player, declared, NAMES[declared], value, tuple(lacking),
                 each_suit=not any_four(ctx.game))


# The cases under which a code says when a combination may be declared (content/laws/): only
# on winning a trick (before drawing), and never once the stock is gone.
WHEN_CASE = "when-to-declare"
LATE_CASE = "declaring-after-stock-exhausted"
# The case under which a code says a score wrongly marked is corrected.
ERRONEOUS_SCORE_CASE = "erroneous-score"


def declared_out_of_time(ctx: Context[ev.FalseDeclaration]) -> Decision | None:
    """A combination scored when the code's laws allow no declaration: before anyone has won a
    trick, or after the stock is exhausted. Whatever the cards, the points marked come off.
    None when the time is right, or the code has no law on it (then the holding decides)."""
    # Only a time the code has a law on is looked at: a code silent on declaring before a
    # trick is won rules the holding alone, whatever the tricks.
    late = ctx.content.laws_of_case(ctx.game.id, ctx.code, LATE_CASE)
    early = ctx.content.laws_of_case(ctx.game.id, ctx.code, WHEN_CASE)
    timing = ctx.table.timing
    if late and timing.stock_exhausted:
        laws, when = late, "after the stock was exhausted, when no declaration can be made"
    elif early and (late or not timing.stock_exhausted) and timing.tricks_complete == 0:
        laws, when = early, (
            "before anybody had won a trick, and a combination can be declared only by the "
            "winner of a trick"
        )
    else:
        return None
    value = declared_value(ctx.game, ctx.table.trump, ctx.event.declared)
    if not value:
        return None
    who, what = ctx.event.player, NAMES[ctx.event.declared]
    # The points come off as a score wrongly marked is put right: the code's law of that is
    # cited beside the law of the moment, which names no deduction (Portland law 51 beside
    # law 52; the twenty-third blind round's #112).
    corrected = ctx.content.laws_of_case(ctx.game.id, ctx.code, ERRONEOUS_SCORE_CASE)
    put_right = ", as a score wrongly marked is put right" if corrected else ""
    return ctx.decide(
        "play-on",
        [law.id for law in (*laws, *corrected)],
        # The laws of the moment name no penalty: said, or a code's guiding principle (the
        # English household rules' forfeits) read as one (the nineteenth round's #142).
        f"{who} scored {what} {when}, whatever cards he holds: the law names no penalty, and "
        f"only the {value} marked are taken down{put_right}.",
        score={who: -value},
    )
