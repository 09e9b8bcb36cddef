"""Game definitions for the engine: packs, ranking, hand sizes and trick obligations by stage.

The facts come from content/games/*.toml (one source for each fact, the [model] table for what
the rest of the code asks by name: turn-up, bidding, seats, tricks...); this module adds the
few things that are logic rather than data, such as how a card wins a trick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from msgspec import structs

from app.cards import Card, Pack
from app.corpus.game_facts import GameFacts, GameModel, StageFacts
from app.corpus.laws import Content, Law, VariantGroups
from app.corpus.variant_changes import VariantChanges
from app.model.event_spec import EventSpec
from app.model.events import EVENTS

STAGES = ("deal", "bidding", "play", "stock-exhausted", "hand-over")
# Every game is dealt and every hand ends; the stages between are declared by each game.
OPEN_STAGES = ("deal", "hand-over")
# Seat names for a table that names none, by number of seats.
SEAT_NAMES = ("North", "East", "South", "West")
_SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}

class StageRule(StageFacts, frozen=True):
    """What a player owes to the trick at one stage of a game: the stage as its games file
    declares it (its label the stage's name when it gives none), and the obligation in words.
    """

    def describe(self, *, trump_led: bool = False, void: bool | None = None) -> str:
        """The obligation in words; `trump_led`, the obligation when a trump was led, which
        the plain-suit words (trump instead of following, trump or discard when void) do not
        state (the eighth blind round's #56 and #130). `void`, whether the player holds no
        card of the suit led: given, only the clause of his case is said, never a clause whose
        premise is false of the table (round 14's #13: "a player holding the suit led may
        trump instead" quoted of a player void in it); None, the whole obligation."""
        if self.rule == "free":
            return "Any card may be played: no duty to follow suit, to win or to trump."
        if self.rule not in ("follow", "follow-or-trump", "follow-and-win"):
            return "No tricks are played at this stage."
        return self._whole(trump_led) if void is None else self._clause(trump_led, void)

    def _whole(self, trump_led: bool) -> str:
        if trump_led:
            win = ", and a higher one than any played if he can" \
                if self.rule == "follow-and-win" else ""
            return (f"Trumps were led: a player holding a trump must play one{win}; only a "
                    f"player with no trump may play a card of another suit.")
        if self.rule == "follow":
            return "Follow suit if possible; when void any card may be played."
        if self.rule == "follow-or-trump":
            return (
                "Follow suit or trump: a player holding the suit led may trump instead; "
                "when void he may trump or discard."
            )
        void = (
            "when void he must trump if he can"
            if self.trump_when_void
            else "when void he may play any card"
        )
        return f"Follow suit and win the trick if possible; {void}."

    def _clause(self, trump_led: bool, void: bool) -> str:
        """The one clause of the obligation that holds of a player holding the suit led
        (`void` false) or holding none of it."""
        if trump_led:
            if void:
                return "Trumps were led: a player with no trump may play a card of another suit."
            win = " and a higher one than any played if he can" \
                if self.rule == "follow-and-win" else ""
            return f"Trumps were led: a player holding a trump must play one{win}."
        if not void:
            return {
                "follow": "A player holding the suit led must follow suit.",
                "follow-or-trump": "A player holding the suit led must follow suit or trump.",
            }.get(self.rule, "A player holding the suit led must follow suit and win the trick "
                             "if he can.")
        if self.rule == "follow-or-trump":
            return "A player holding no card of the suit led may trump or discard."
        if self.rule == "follow-and-win" and self.trump_when_void:
            return ("A player holding no card of the suit led must trump if he can, and win "
                    "the trick if he can.")
        return "A player holding no card of the suit led may play any card."


@dataclass(frozen=True)
class Game:
    """A game as the engine sees it: its facts as the games file declares them, with the pack,
    the rank order and the stage obligations as a reading in force changes them."""

    facts: GameFacts
    pack: Pack
    order: tuple[str, ...]
    stages: Mapping[str, StageRule]
    # Each variant group of the game's laws: its readings, the default first.
    variant_groups: VariantGroups = field(
        default_factory=VariantGroups, repr=False, compare=False)

    @property
    def id(self) -> str:
        """The game's id (its games file's name)."""
        return self.facts.id

    @property
    def name(self) -> str:
        """The game's full name."""
        return self.facts.name

    @property
    def players(self) -> int:
        """The usual number of players."""
        return self.facts.players

    @property
    def partnerships(self) -> bool:
        """The players play in partnerships."""
        return self.facts.partnerships

    @property
    def hand_size(self) -> int:
        """The cards dealt to each player."""
        return self.facts.hand_size

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """The codes of laws the game has, in the games file's order."""
        return tuple(self.facts.codes)

    @property
    def model(self) -> GameModel:
        """What the game is, as declared in its [model] table."""
        return self.facts.model

    @property
    def has_left_pedro(self) -> bool:
        """The other five of the trump colour is a trump (Cinch's left pedro)."""
        return self.model.same_colour_five_trumps

    def left_pedro(self, trump: str | None) -> Card | None:
        """The card that is a trump though not of the trump suit (the five of the other suit
        of the trump's colour), where the game has one."""
        return Card("5", _SAME_COLOUR[trump]) if self.has_left_pedro and trump else None

    @property
    def first_lead(self) -> str | None:
        """Who leads to the first trick: "eldest" or "bidder", as the [play] table of the
        games file declares; None when the game declares no [play] table (not known)."""
        play = self.facts.play
        return play.first_lead if play is not None else None

    @property
    def draws_from_stock(self) -> bool:
        """The play draws from a stock: after each trick ([play] draws), or card by card in a
        game of melds (Conquian). Elsewhere the cards left after the deal are only undealt."""
        play = self.facts.play
        return play is not None and (play.draws or play.count == "melds")

    @property
    def has_turn_up(self) -> bool:
        """A card is turned up after the deal."""
        return self.model.turn_up

    @property
    def turn_up_fixes_trump(self) -> bool:
        """The turned-up card's suit is trumps."""
        return self.model.trumps == "turn-up"

    @property
    def has_trumps(self) -> bool:
        """The game has a trump suit at all."""
        return self.model.trumps != "none"

    @property
    def has_bidding(self) -> bool:
        """A bid (player and amount) is made before play."""
        return self.model.bidding

    @property
    def has_tricks(self) -> bool:
        """The play is in tricks."""
        return self.model.tricks

    @property
    def seat_range(self) -> tuple[int, int]:
        """The fewest and most players the game takes."""
        return self.model.min_players, self.model.max_players

    def default_seats(self) -> tuple[str, ...]:
        """Seat names for a table that names none: the usual number of players."""
        if self.players <= len(SEAT_NAMES):
            if self.players == 2:
                return ("North", "South")
            if self.players == 3:
                return ("North", "East", "West")
            return SEAT_NAMES[: self.players]
        return SEAT_NAMES + tuple(f"Player {n}" for n in range(5, self.players + 1))

    def has(self, feature: str) -> bool:
        """A feature by name, as an event's `needs` names it (KeyError for an unknown one)."""
        return {
            "tricks": self.has_tricks,
            "turn_up": self.has_turn_up,
            "trumps": self.has_trumps,
            "bidding": self.has_bidding,
            "stock": self.drawing_tricks > 0,
            "draws": self.draws_from_stock,
            "hands_seen": self.model.asks_hands_seen,
            "discards": self.model.discards,
            "running_score": self.model.keeps_score,
        }[feature]

    @property
    def stage_names(self) -> tuple[str, ...]:
        """The stages a deal of this game goes through, in order."""
        return tuple(s for s in STAGES if s in OPEN_STAGES or s in self.stages)

    def events_at(self, stage: str) -> list[EventSpec]:
        """The events that can happen at a stage of this game."""
        if stage not in self.stage_names:
            return []
        return [e for e in EVENTS.values() if stage in e.stages and e.possible_in(self)]

    def stages_of(self, event_type: str) -> list[str]:
        """The stages of this game at which an event can happen."""
        spec = EVENTS[event_type]
        if not spec.possible_in(self):
            return []
        return [s for s in self.stage_names if s in spec.stages]

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a whole hand (0 when the play is not in tricks)."""
        if not self.has_tricks:
            return 0
        if "stock-exhausted" in self.stages:
            return self.pack.size // self.players
        play = self.stages.get("play")
        return play.cards if play is not None and play.cards else self.hand_size

    @property
    def drawing_tricks(self) -> int:
        """Tricks played while the stock lasts (games where both players draw after each trick)."""
        if "stock-exhausted" not in self.stages:
            return 0
        return (self.pack.size - self.players * self.hand_size) // self.players

    def reading_in_force(self, group: str, variants: Mapping[str, str]) -> Law:
        """The reading of a variant group in force: the scenario's choice, else the default."""
        readings = self.variant_groups[group]
        chosen = variants.get(group)
        return next((law for law in readings if law.id == chosen), readings[0])

    @cached_property
    def _changing_defaults(self) -> tuple[str, ...]:
        """The groups whose default reading itself changes the game (seldom any)."""
        return self.variant_groups.changing_defaults()  # indexed: never walks every group

    def _groups_in_force(self, variants: Mapping[str, str]) -> list[str]:
        """The groups whose reading in force may change the game: those the scenario chose a
        reading of, and those whose default changes it (a ruling never walks every group)."""
        chosen = [g for g in variants if g in self.variant_groups]
        return [*chosen, *(g for g in self._changing_defaults if g not in variants)]

    def for_code(self, code: str, variants: Mapping[str, str]) -> Game:
        """This game as one code plays it: each of that code's variant groups applies the
        changes its reading in force declares (content, `changes` on the law). Another code's
        readings change nothing here, so a reading chosen for one code never moves another
        code's ruling."""
        game = self
        for group in self._groups_in_force(variants):
            if self.variant_groups[group][0].code == code:
                game = game.changed(self.reading_in_force(group, variants).changes)
        return game

    def for_table(self, variants: Mapping[str, str]) -> Game:
        """The game whose pack is on the table: the pack changes of every reading in force
        (the cards are the same whichever code rules them)."""
        game = self
        for group in self._groups_in_force(variants):
            ranks = self.reading_in_force(group, variants).changes.ranks
            game = game.changed(VariantChanges(ranks=ranks))
        return game

    def changed(self, changes: VariantChanges) -> Game:
        """The game with a reading's changes: another pack, other stage obligations."""
        if not changes:
            return self
        game = self
        if changes.ranks:
            game = replace(game, pack=structs.replace(game.pack, ranks=changes.ranks),
                           order=changes.ranks)
        if changes.stages:
            stages = dict(game.stages)
            for stage, change in changes.stages.items():
                if stage in stages:
                    stages[stage] = structs.replace(stages[stage], **change.fields())
            game = replace(game, stages=stages)
        return game

    def stage_rule(self, stage: str) -> StageRule | None:
        """The trick obligations at a stage, or None when the game has no such stage."""
        if stage in self.stages:
            return self.stages[stage]
        if stage == "stock-exhausted" and "play" in self.stages:
            return self.stages["play"]
        return None

    def effective_suit(self, card: Card, trump: str | None) -> str:
        """The suit a card belongs to in play (Cinch's left pedro is a trump)."""
        if trump and card == self.left_pedro(trump):
            return trump
        return card.suit

    def strength(self, card: Card, trump: str | None) -> float:
        """Rank within its effective suit: higher beats lower."""
        base = len(self.order) - self.order.index(card.rank)
        if self.has_left_pedro and trump and card.rank == "5":
            # The left pedro ranks just below the five of trumps.
            return base - (0.5 if card.suit != trump else 0)
        return float(base)

    def beats(self, card: Card, best: Card, led: str, trump: str | None) -> bool:
        """Whether `card` beats the card currently winning a trick whose led suit is `led`."""
        cs, bs = self.effective_suit(card, trump), self.effective_suit(best, trump)
        if cs == bs:
            # An identical card does not beat the one played before it (the leader wins).
            return self.strength(card, trump) > self.strength(best, trump)
        return cs == trump

    def winning_card(self, cards: Sequence[Card], trump: str | None) -> int:
        """Index of the card winning a (partial) trick."""
        led = self.effective_suit(cards[0], trump)
        best = 0
        for i, card in enumerate(cards[1:], start=1):
            if self.beats(card, cards[best], led, trump):
                best = i
        return best

    def void_of_led(self, hand: Sequence[Card], trick: Sequence[Card],
                    trump: str | None) -> bool | None:
        """Whether `hand` holds no card of the suit led to `trick` (a left pedro counted as a
        trump); None before a card is led."""
        if not trick:
            return None
        led = self.effective_suit(trick[0], trump)
        return not any(self.effective_suit(c, trump) == led for c in hand)

    def trump_led(self, trick: Sequence[Card], trump: str | None) -> bool:
        """The card led to `trick` is a trump (a left pedro counted as one)."""
        return bool(trick) and trump is not None and self.effective_suit(trick[0], trump) == trump

    def legal_plays(
        self,
        hand: Sequence[Card],
        trick: Sequence[Card],
        trump: str | None,
        stage: str,
        *,
        rule: StageRule | None = None,
    ) -> list[Card]:
        """The cards of `hand` that may lawfully be played to `trick` at `stage`."""
        rule = rule or self.stage_rule(stage)
        cards = list(hand)
        if not trick or rule is None or rule.rule in ("free", "none"):
            return cards
        led = self.effective_suit(trick[0], trump)
        follow = [c for c in cards if self.effective_suit(c, trump) == led]
        trumps = [c for c in cards if trump and self.effective_suit(c, trump) == trump]
        if rule.rule == "follow":
            return follow or cards
        if rule.rule == "follow-or-trump":
            if not follow:
                return cards
            return [c for c in cards if c in follow or c in trumps]
        # follow-and-win
        best = trick[self.winning_card(trick, trump)]
        if follow:
            winners = [c for c in follow if self.beats(c, best, led, trump)]
            return winners or follow
        if trumps and rule.trump_when_void:
            winners = [c for c in trumps if self.beats(c, best, led, trump)]
            return winners or trumps
        return cards


def build_games(content: Content) -> dict[str, Game]:
    """Engine game definitions from the validated game facts."""
    games: dict[str, Game] = {}
    for gid, facts in content.games.items():
        stages = {name: StageRule(**{**structs.asdict(stage), "label": stage.label or name})
                  for name, stage in facts.stages.items()}
        games[gid] = Game(
            facts=facts,
            pack=facts.pack,
            order=facts.ranks,
            stages=stages,
            variant_groups=content.variant_groups_of(gid),  # read when asked
        )
    return games
