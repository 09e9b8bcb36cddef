"""Game definitions for the engine: packs, ranking, hand sizes and trick obligations by stage.

The facts come from content/games/*.toml (one source for each fact); this module adds
the few things that are logic rather than data, such as Cinch's left pedro.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from app.cards import Card, Pack
from app.content import Content, GameFacts

STAGES = ("deal", "bidding", "play", "stock-exhausted", "hand-over")
_SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}

# Variant laws that change a game's pack (high to low), by law id.
PACK_VARIANTS: dict[str, tuple[str, ...]] = {
    # Foster's Cooncan (1913): ace to ten, the court cards stripped.
    "conquian.american.pack-ace-to-ten": ("10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
}


@dataclass(frozen=True)
class StageRule:
    """What a player owes to the trick at one stage of a game."""

    stage: str
    label: str
    rule: str
    trump_when_void: bool
    cards: int | None

    def describe(self) -> str:
        """The obligation in words."""
        if self.rule == "free":
            return "Any card may be played: no duty to follow suit, to win or to trump."
        if self.rule == "follow":
            return "Follow suit if possible; when void any card may be played."
        if self.rule == "follow-or-trump":
            return (
                "Follow suit or trump: a player holding the suit led may trump instead; "
                "when void he may trump or discard."
            )
        if self.rule == "follow-and-win":
            void = (
                "when void he must trump if he can"
                if self.trump_when_void
                else "when void he may play any card"
            )
            return f"Follow suit and win the trick if possible; {void}."
        return "No tricks are played at this stage."


@dataclass(frozen=True)
class Game:
    """A game as the engine sees it."""

    id: str
    name: str
    players: int
    partnerships: bool
    pack: Pack
    hand_size: int
    order: tuple[str, ...]
    codes: tuple[str, ...]
    stages: Mapping[str, StageRule]
    facts: GameFacts

    @property
    def has_left_pedro(self) -> bool:
        """Cinch counts the other five of the trump colour as a trump."""
        return self.id == "cinch"

    @property
    def drawing_tricks(self) -> int:
        """Tricks played while the stock lasts (games where both players draw after each trick)."""
        if "stock-exhausted" not in self.stages:
            return 0
        return (self.pack.size - self.players * self.hand_size) // self.players

    def with_variants(self, variants: Mapping[str, str]) -> Game:
        """This game under the rival readings a scenario chose (a different pack, say)."""
        game = self
        for law_id in variants.values():
            ranks = PACK_VARIANTS.get(law_id)
            if ranks is not None and law_id.startswith(f"{self.id}."):
                game = replace(game, pack=replace(game.pack, ranks=ranks), order=ranks)
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
        if self.has_left_pedro and trump and card.rank == "5" and card.suit == _SAME_COLOUR[trump]:
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
        pack = Pack(tuple(facts.pack["ranks"]), str(facts.pack["suits"]), int(facts.pack["copies"]))
        stages = {
            name: StageRule(
                stage=name,
                label=str(raw.get("label", name)),
                rule=str(raw.get("rule", "none")),
                trump_when_void=bool(raw.get("trump_when_void", False)),
                cards=int(raw["cards"]) if "cards" in raw else None,
            )
            for name, raw in facts.stages.items()
        }
        games[gid] = Game(
            id=gid,
            name=facts.name,
            players=facts.players,
            partnerships=facts.partnerships,
            pack=pack,
            hand_size=facts.hand_size,
            order=tuple(facts.ranks),
            codes=tuple(facts.codes),
            stages=stages,
            facts=facts,
        )
    return games


def with_rule(stage_rule: StageRule, **changes: object) -> StageRule:
    """A stage rule with some obligations changed (for variants)."""
    return replace(stage_rule, **changes)  # type: ignore[arg-type]
