"""The stem's opening sentence and its table facts: the game and its stage, who dealt, the
pack, trumps, tricks played, the trick in progress, the bid, the scores and who has looked."""

from __future__ import annotations

from app.cards import Card
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario
from quizzes.plain_words import join_words, trick_words
from quizzes.table_premises import king_scores_apart, king_still_markable, scores_label

STAGE_WORDS = {
    "deal": "during the deal",
    "bidding": "before play (bidding, proposing)",
    "play": "in play",
    "stock-exhausted": "in the final tricks, the stock exhausted",
    "hand-over": "after the hand",
}
# The deal stage once every hand has its cards: "during the deal" beside two full hands reads
# as a deal cut short (the blind audit of round 5, #175).
DEALT_WORDS = "just after the deal"


# The stage before play in the words of the game: "bidding" of a game with none (Écarté,
# whose non-dealer proposes or stands) read as wrong (the 62nd blind round's #114, #152 and
# five more).
BEFORE_PLAY = {"bidding": "before play (bidding)", "proposing": "before play (proposing)",
               "": "before play"}


def before_play_words(game: Game) -> str:
    """'before play (bidding)', '(proposing)' where the game's exchange is proposed, or bare."""
    return BEFORE_PLAY["bidding" if game.has_bidding
                       else "proposing" if game.model.discards else ""]


def stage_phrase(s: Scenario, game: Game | None = None) -> str:
    """The stage in the words that fit the cards on the table: a deal whose hands are dealt
    is told as just after it; the stage before play in the game's words (before_play_words)."""
    if s.stage == "deal" and s.hands and all(s.hands.values()):
        return DEALT_WORDS
    if s.stage == "bidding" and game is not None:
        return before_play_words(game)
    return STAGE_WORDS.get(s.stage, s.stage)


def pack_words(s: Scenario, game: Game) -> str:
    """The pack the table is dealt from, in a sentence, where a reading in force other than
    the game's usual one changes it ('The pack: 40 cards, ace to ten, no court cards (1913).');
    '' on the usual pack."""
    out = []
    for group, law_id in s.variants.items():
        readings = game.variant_groups.get(group, ())
        law = next((r for r in readings[1:] if r.id == law_id), None)
        if law is not None and law.changes.ranks:
            out.append(law.title.rstrip(".") + ".")
    return " ".join(out)


BEFORE_ANY_CARD = "before any card is played"
_EARLY = ("wrong-count", "dealer-exposed-card", "several-trumps-turned", "abandoned-hand")


# Events whose table names the rightful dealer, not the player who dealt.
# (An error in cutting comes before the deal, or as it begins: whose turn it is to deal.)
_RIGHTFUL_DEALER = frozenset({"dealt-out-of-turn", "cut-error"})


def dealer_words(dealer: str, event_type: str, error: object = None) -> str:
    """Who dealt, in a sentence; where another player dealt out of turn, the table's dealer
    is the one whose turn it was, and is named so. Cutting for deal comes before the first
    deal of all (Club Code laws 4 and 5): nobody has a turn to deal yet."""
    if event_type == "cut-error" and error == "several-shown-for-deal":
        return "Nobody has dealt yet: the players are cutting for the first deal."
    if event_type in _RIGHTFUL_DEALER:
        return f"It was {dealer}'s turn to deal."
    return f"{dealer} dealt."


def table_words(scenario: Scenario, game: Game) -> str:
    """The table facts the event depends on, in one short paragraph."""
    s = scenario
    stage = stage_phrase(s, game)
    early = s.event.type in _EARLY
    untouched = not s.tricks_played and not (s.trick is not None and s.trick.cards)
    if s.stage == "play" and (early or s.event.type == "exchange-error") and untouched \
            and game.has_tricks:
        # "In play" alone reads as cards played; the laws of a wrong count tell a hand found
        # before any card is played from one found after (Écarté law 17 against law 20). Not
        # "in play" at all: beside "nobody has proposed yet" that reads as a stand, which at
        # Écarté is playing (law 15; the fifteenth blind round's #164).
        stage = BEFORE_ANY_CARD
    if s.stage == "hand-over" and game.has_tricks \
            and 0 < s.tricks_played < game.tricks_per_hand:
        # A hand that ended early (a player out of cards after 4 of Écarté's 5 tricks): "after
        # the hand" beside "Tricks played: 4" reads as a hand cut short by nothing, so the
        # stage says how it ended (the earlier rounds' pone-count found in play).
        empty = [p for p, h in s.hands.items() if (h if isinstance(h, int) else len(h)) == 0]
        how = f", when {join_words(empty)} had no card left to play" if empty else ""
        stage = (f"{stage}, which ended after {s.tricks_played} of its "
                 f"{game.tricks_per_hand} tricks{how}")
    dealer = dealer_words(s.dealer, s.event.type, s.event.get("error"))
    if dealer.startswith(("It ", "Nobody ")):
        dealer = dealer[0].lower() + dealer[1:]  # after the semicolon
    parts = [f"{game.name}, {stage}; {dealer}"]
    if pack := pack_words(s, game):
        parts.append(pack)
    if s.trump and s.event.type != "several-trumps-turned":  # the trump is not settled
        parts.append(f"Trumps are {Card('A', s.trump).name.split(' of ')[1]}.")
        # A left pedro played is a trump, not a card off suit: said where it lies on the trick
        # or an error put it there, or a learner reads a revoke into a lawful trump (the
        # eighteenth blind round's #38). Not of a play to be judged: that is the question.
        pedro = game.left_pedro(s.trump)
        # (and in a hand thrown down, whose trumps may be barred: the 54th round's #54)
        thrown = s.hands.get(str(s.event.get("player"))) if s.event.type == "abandoned-hand" \
            else None
        played = [*(s.trick.cards if s.trick is not None else ()),
                  *((s.event.get("card"),) if s.event.type != "play" else ()),
                  *(thrown if isinstance(thrown, tuple) else ())]
        if pedro is not None and pedro in played:
            parts.append(f"The {pedro.name} is the left pedro, a trump.")
    if s.tricks_played:
        parts.append(f"Tricks played: {s.tricks_played}.")
    elif s.stage == "play" and game.has_tricks and stage != BEFORE_ANY_CARD:
        # In play with no trick gathered is said too: a table with no count reads as one that
        # left it out (the 54th blind round's #159).
        parts.append("No trick has been gathered yet.")
    if s.trick is not None and s.trick.cards:
        parts.append(trick_words(s.trick.leader, list(s.players), list(s.trick.cards)))
    if s.bid:
        parts.append(bid_words(s, game))
    scores = [f"{p} {v}" for p, v in s.scores.items()]
    if scores and (label := scores_label(s, game)):
        parts.append(f"{label}: {join_words(scores)}.")
    if s.stage in ("deal", "bidding") or (early and s.stage == "play" and untouched):
        # (not once tricks are gathered: "have taken up their cards" at trick 34, round 48)
        parts.append(looked_words(s, game.model.seen_words))
    if king_unmarked(s, game):
        parts.append("No king was marked this hand.")
    if s.discards_made:
        parts.append("A discard has been made.")
    return " ".join(parts)


def bid_words(s: Scenario, game: Game) -> str:
    """'East bid 5.', or of an eldest hand who sells (PlayFacts.eldest_sells) and kept the
    pitch himself, 'North, the eldest hand, kept the pitch for 1.'"""
    assert s.bid is not None
    play = game.facts.play
    if play is not None and play.eldest_sells and s.bid.player == Table(s, game).eldest:
        return f"{s.bid.player}, {KEPT_THE_PITCH} {s.bid.amount}."
    return f"{s.bid.player} bid {s.bid.amount}."


KEPT_THE_PITCH = "the eldest hand, kept the pitch for"


def king_unmarked(s: Scenario, game: Game) -> bool:
    """Whether a finished hand's stem says no king was marked: in a game where the king of
    trumps held scores when announced (Écarté), a hand's points asked or offered read as the
    tricks' alone or with a king of 1 beside them, which the table cannot show once every card
    is played (the twenty-third blind round's #57, #79, #88). The deals quizzes are drawn
    from mark none; a king that may still be marked (turned up), or the king the question is
    about, is left to its own words (quizzes/table_premises)."""
    return s.stage == "hand-over" and king_scores_apart(s, game) \
        and not king_still_markable(s, game)


SEEN_VERBS = ("looked at", "taken up")  # GameModel.seen_words


def looked_words(s: Scenario, verb: str = "looked at") -> str:
    """Who has looked at his cards, in one sentence, in the verb of the game's laws
    (GameModel.seen_words: Portland law 11's test is whether a player has "taken up any of
    his cards", blind audit round 6, #2)."""
    seen = list(s.hands_seen)
    if not seen:
        return f"Nobody has {verb} {'any of ' if verb != 'looked at' else ''}his cards."
    # Those who have not are named too: "South has looked" left the non-dealer's not having
    # looked, which the Club Code's law 11 turns on, to be inferred (the thirteenth round's #39).
    unseen = [p for p in s.players if p not in seen]
    rest = (f"; {join_words(unseen)} {'has' if len(unseen) == 1 else 'have'} not"
            if unseen else "")
    return (f"{join_words(seen)} "
            f"{'has' if len(seen) == 1 else 'have'} {verb} "
            f"{'his' if len(seen) == 1 else 'their'} cards{rest}.")
