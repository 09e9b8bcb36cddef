"""Game facts from content/games/*.toml: what a reader needs, and what the engine uses."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from msgspec import Meta, structs

from app.cards import Pack
from app.corpus.checks import Collector, read_toml
from app.corpus.play_facts import PlayFacts
from app.corpus.schema import SLUG, Schema, Text, checked, wrong
from app.corpus.vocabulary import CODES, GENERAL, TrickRule


class CodeInfo(Schema, frozen=True):
    """What a code of laws is for one game: its authority and guiding principle ([codes.*])."""

    authority: Text
    principle: Text
    # The moment after which a card played stands, in the words of the code's own law (a
    # renounce put right before it is no revoke), as a stem says it: "He does not take it back
    # before <this>." Empty where the code's laws name no such moment: the stem then says only
    # that the card stands.
    card_stands_after: str = ""
    # The account's own laws of this game that were never read, where they exist: its silence
    # on a case is then no ruling, since the unread text may give one (Foster printed French
    # laws with his ordinary Bézique; the twenty-seventh blind round's #41). A "which code?"
    # question does not offer such a code where it is silent.
    unread: str = ""


class StageFacts(Schema, frozen=True):
    """One stage of a game's hand ([stages.*]): what a player owes to the trick, and the hand."""

    rule: TrickRule
    label: str = ""
    trump_when_void: bool = False
    cards: int | None = None  # the cards in each hand at this stage
    hand: str = ""  # the same in words, when it changes ("8, less one for each trick...")


Seats = Annotated[int, Meta(ge=2, le=8, description="a whole number from 2 to 8")]


class GameModel(Schema, frozen=True):
    """What a game is, as the engine, the builder, the quizzes and the random tables ask it.

    Declared in the [model] table of content/games/<id>.toml; each field is documented in
    docs/engine.md.
    """

    turn_up: bool
    trumps: Literal["turn-up", "named", "none"]
    bidding: bool
    tricks: bool
    asks_hands_seen: bool = False
    seen_words: Literal["looked at", "taken up"] = "looked at"
    discards: bool = False
    keeps_score: bool = False
    same_colour_five_trumps: bool = False
    plain_cards_discarded: bool = False
    min_players: Seats = 0  # 0 in the file: the game's `players` (GameFacts fills it in)
    max_players: Seats = 0
    random_scores: Annotated[tuple[int, int, int], Meta(
        description="[lowest, highest (excluded), step]")] = (0, 900, 10)

    def __post_init__(self) -> None:
        low, high, step = self.random_scores
        if not (0 <= low < high and step > 0):
            raise wrong("random_scores", "must be [lowest, highest (excluded), step]")
        if not self.turn_up and self.trumps == "turn-up":
            raise wrong("trumps", "trumps cannot be fixed by a turn-up the game has not")


class GameFacts(Schema, frozen=True):
    """The facts a reader needs to understand a game's laws, and that the engine uses: the
    schema of content/games/<id>.toml."""

    id: str
    name: Text
    players: Seats
    partnerships: bool
    pack: Pack
    hand_size: int
    deal: Text
    ranks: tuple[str, ...]
    trump: Text
    target: Text
    codes: dict[str, CodeInfo]
    stages: dict[str, StageFacts]
    model: GameModel
    short_name: Text = ""  # in lists and menus; the name when not given
    order: Annotated[int, Meta(
        description="a whole number (the game's place in lists)")] = 1000
    scores: tuple[Annotated[tuple[str, str], Meta(
        description="an [item, points] pair of strings")], ...] = ()
    notes: tuple[str, ...] = ()
    play: PlayFacts | None = None  # how a hand is played out (app/rehearsal); optional
    # Games whose laws answer each other's silences by analogy.
    family: Annotated[str, Meta(
        pattern=SLUG, description="a lower-case name such as 'bezique'")] | None = None
    # Readings of disputed rules kept for the record only (law ids): an older code the laws in
    # force replaced, which no handler rules. The law pages show them; a table never follows
    # them, so neither the builder nor the quizzes offer them.
    readings_of_record: tuple[str, ...] = ()

    @property
    def of_record(self) -> tuple[str, ...]:
        """The readings kept for the record only (`readings_of_record`)."""
        return self.readings_of_record

    def __post_init__(self) -> None:
        if not self.short_name:
            structs.force_setattr(self, "short_name", self.name)
        low = self.model.min_players or self.players
        high = self.model.max_players or self.players
        if (low, high) != (self.model.min_players, self.model.max_players):
            structs.force_setattr(self, "model", structs.replace(
                self.model, min_players=low, max_players=high))
        if not low <= self.players <= high:
            raise wrong("model.min_players",
                        "players must lie between min_players and max_players")
        for code in self.codes:
            if code not in CODES:
                raise wrong(f"codes.{code}", "unknown code")
        for rank in self.play.card_points if self.play is not None else ():
            if rank not in self.ranks:
                raise wrong(f"play.card_points.{rank}", "not a rank of the game's pack")


def load_game_facts(root: Path, out: Collector) -> dict[str, GameFacts]:
    """Every game's facts, validated; problems go to `out`."""
    games: dict[str, GameFacts] = {}
    for path in sorted((root / "games").glob("*.toml")):
        rel = str(path.relative_to(root))
        data = read_toml(path, root, out)
        if data is None:
            continue
        gid = data.get("id")
        if gid != path.stem or gid == GENERAL:
            out.add(rel, str(gid), "id", f"must be the file's name {path.stem!r}"
                    + (f" and not {GENERAL!r} (the general principles)" if gid == GENERAL else ""))
            continue
        facts = checked(data, GameFacts, out, rel, gid)
        if facts is not None:
            games[gid] = facts
    return games
