"""A declaration in plain words: when it was made, what the hand laid down and what it holds,
and the carte blanche kept since (the stems of the Bézique family's and Pinochle's declaring
questions)."""

from __future__ import annotations

from collections import Counter

from app.cards import RANK_NAMES, Card
from app.engine.handlers.declarations import FOUR_RANKS, any_four, missing_cards
from app.model.games import Game
from app.model.scenario import Scenario
from app.table_builder.problem_words import number, ordinal
from quizzes.plain_words import cards_words, join_words

_COURT = ("K", "Q", "J")


def blank_since_words(scenario: Scenario) -> str:
    """A carte blanche declared again after a draw is scored only while no card drawn since
    the deal has been a king, queen or knave (Portland law 16), which no table can show (the
    cards drawn and played are gathered in tricks): where his hand and the card drawn are
    blank, the stem says so ('' else: a court card in the hand or drawn decides it)."""
    ev = scenario.event
    if ev.type != "carte-blanche" or not ev.get("repeated"):
        return ""
    hand = scenario.hands.get(str(ev.get("player")))
    drawn = ev.get("drawn")
    if not isinstance(hand, tuple) or any(c.rank in _COURT for c in hand) or (
            isinstance(drawn, Card) and drawn.rank in _COURT):
        return ""
    return (" He declared carte blanche on the hand dealt him, and no card he has drawn "
            "since has been a king, queen or knave.")


def _plural_rank(rank: str, n: int) -> str:
    word = RANK_NAMES[rank]
    return f"{number(n)} {word}{'' if n == 1 else 's'}" if n else f"no {word}"


def _wrong_card(hand: tuple[Card, ...], card: Card, kept: list[Card],
                any_suit: bool, avoid: str | None = None) -> Card | None:
    """A card of his hand he could have laid down by mistake for `card`: one of its rank
    (of another suit, unless any suit serves), else any other card not among `kept`; none of
    the suit `avoid` (trumps, beside a plain marriage)."""
    spare = [c for c in hand if c not in kept and c != card and c.suit != avoid]
    like = [c for c in spare if c.rank == card.rank and (any_suit or c.suit != card.suit)]
    other = [c for c in spare if c.rank != card.rank]
    found = like or other
    return found[0] if found else None


def _laid_down(declared: str, hand: tuple[Card, ...], lacking: list[Card],
               trump: str | None, each_suit: bool = False) -> tuple[str, tuple[Card, ...]]:
    """What he laid down for the declaration and what was wrong with it, said plainly, and the
    cards laid down: the wrong card shown is one of his hand, in place of a card he lacks, or
    of one he holds (a declaration he may amend). A four of a kind is any four of the rank:
    said by their number, never by suit. ('', ()) when it cannot be said."""
    if declared in FOUR_RANKS:
        rank = FOUR_RANKS[declared]
        of_rank = [c for c in hand if c.rank == rank]
        if lacking and each_suit:
            # One of each suit wanted (Pinochle): two of one suit are no help, so the count
            # held is not what is wrong (the 43rd round's #138: "he holds only three queens"
            # of a hand that held two queens of clubs beside two others).
            of_rank = list({c.suit: c for c in of_rank}.values())
        if lacking:
            fillers = [c for c in hand if c.rank != rank][:4 - len(of_rank)]
            if len(fillers) < 4 - len(of_rank):
                return "", ()
            laid = [_plural_rank(rank, len(of_rank)), *(f"the {c.name}" for c in fillers)]
            wants = (f"he holds no {join_words([c.name for c in lacking], 'or')}" if each_suit
                     else f"he holds only {_plural_rank(rank, len(of_rank))}")
            return f" He laid down {join_words(laid)}: {wants}.", (*of_rank, *fillers)
        other = [c for c in hand if c.rank != rank][:1]
        if not other:
            return "", ()
        return (f" He laid down three {RANK_NAMES[rank]}s and the {other[0].name}, though he "
                f"holds a fourth {RANK_NAMES[rank]}, the {of_rank[-1].name}.",
                (*of_rank[:3], other[0]))
    if declared == "marriage":
        # A plain marriage: no card of trumps is named (it would read as a royal one).
        if lacking:
            shown = next((c for c in hand if c.rank in ("K", "Q") and c.suit != trump), None)
            if shown is None:
                return "", ()
            missing = Card("Q" if shown.rank == "K" else "K", shown.suit)
            wrong = _wrong_card(hand, missing, [shown], False, trump)
            if wrong is None:
                return "", ()
            return (f" He laid down the {shown.name} and the {wrong.name}: he does not hold "
                    f"the king and queen of any one suit.", (shown, wrong))
        suit = next(s for s in "SHDC" if s != trump
                    and Card("K", s) in hand and Card("Q", s) in hand)
        king, queen = Card("K", suit), Card("Q", suit)
        wrong = _wrong_card(hand, queen, [king, queen], False, trump)
        if wrong is None:
            return "", ()
        return (f" He laid down the {king.name} and the {wrong.name} in place of the "
                f"{queen.name}, which he holds.", (king, wrong))
    needed = missing_cards(declared, (), trump) or []
    replaced = list(lacking) or needed[-1:]
    kept = [c for c in needed if c not in replaced]
    wrong_cards: list[Card] = []
    for card in replaced:
        instead = _wrong_card(hand, card, [*kept, *wrong_cards, *replaced], False)
        if instead is None:
            return "", ()
        wrong_cards.append(instead)
    pairs = join_words([f"the {w.name} in place of the {r.name}"
                        for w, r in zip(wrong_cards, replaced, strict=True)])
    return (f" He laid down {pairs}, which he {'does not hold' if lacking else 'holds'}.",
            (*kept, *wrong_cards))


def _declares(game: Game | None) -> bool:
    play = game.facts.play if game is not None else None
    return play is not None and bool(play.declarations)


def declared_when(scenario: Scenario, game: Game | None) -> str:
    """When a combination was declared, in a game whose trick winners declare: ' He declared
    on winning the 5th trick.', ' No trick had yet been won.', ' He declared on winning the
    28th trick, after the stock had run out.' ('' for another event or game)."""
    ev = scenario.event
    if ev.type != "false-declaration" or not _declares(game) or scenario.stage not in (
            "play", "stock-exhausted"):
        return ""
    won = scenario.tricks_played
    if not won:
        return " No trick had yet been won."
    if scenario.stage == "stock-exhausted":
        return f" He declared on winning the {ordinal(won)} trick, after the stock had run out."
    return f" He declared on winning the {ordinal(won)} trick."


# Declarations a learner may take one another's words for ("a marriage" for a royal one,
# "bézique" for double bézique): the cards of each, given the trump.
_MARRIAGES = ("marriage", "royal-marriage")
_BEZIQUES = ("bezique", "double-bezique", "pinochle")


def alike_held(declared: str, hand: tuple[Card, ...], trump: str | None) -> list[Card]:
    """The cards of the declaration he holds, where his hand holds more than one combination
    its words could name (the blind audit of round 5, #144: "declared a marriage" beside the
    king and queen of hearts, trumps, and of clubs), so the stem names them; [] where the
    words name one combination of his hand."""
    held = Counter(hand)
    if declared in _MARRIAGES:
        suits = [s for s in "SHDC" if held[Card("K", s)] and held[Card("Q", s)]]
        if len(suits) < 2:
            return []
        royal = declared == "royal-marriage"
        suit = next((s for s in suits if (s == trump) == royal), None)
        return [] if suit is None else [Card("K", suit), Card("Q", suit)]
    if declared in _BEZIQUES:
        pairs = min(held[Card("Q", "S")], held[Card("J", "D")])
        if pairs < 2:
            return []
        return [Card("Q", "S"), Card("J", "D")] * (2 if declared == "double-bezique" else 1)
    return []


def _declaration(scenario: Scenario, game: Game | None
                 ) -> tuple[str, tuple[Card, ...], list[Card]] | None:
    """The declaration the event states, the declarer's hand and the cards of it he lacks
    (None for another event, or where the hand or the trump that decides it is not known)."""
    ev = scenario.event
    declared, hand = ev.get("declared"), scenario.hands.get(str(ev.get("player")))
    if ev.type != "false-declaration" or not isinstance(declared, str) \
            or not isinstance(hand, tuple):
        return None
    lacking = missing_cards(declared, hand, scenario.trump, game)
    return None if lacking is None else (declared, hand, lacking)


def _laid_down_in_time(scenario: Scenario, game: Game | None) -> tuple[str, tuple[Card, ...]]:
    """What a declaration made on winning a trick while the stock lasts laid down, in words
    and cards, in a game whose trick winners declare (only a wrong one is asked); ('', ())
    else."""
    known = _declaration(scenario, game)
    if known is None or not _declares(game) or not scenario.tricks_played \
            or scenario.stage != "play":
        return "", ()
    declared, hand, lacking = known
    return _laid_down(declared, hand, lacking, scenario.trump, not any_four(game))


def holding_words(scenario: Scenario, game: Game | None = None) -> str:
    """Whether a declarer held the cards of what he declared, and when he declared, said in
    words (a false declaration left for the learner to find in the hand is a fact he was not
    told): ' He laid down the queen of hearts in place of the queen of spades, which he does
    not hold.' or ' He holds the cards for it.' ('' for another event, or where the hand or
    the trump that decides it is not known). In a game whose trick winners declare, the time
    is said too: on winning which trick, or before any, or after the stock ran out; and a
    declaration made in time is said by what he laid down, as only a wrong one is asked."""
    known = _declaration(scenario, game)
    if known is None:
        return ""
    declared, hand, lacking = known
    said, _ = _laid_down_in_time(scenario, game)
    if said:
        return said
    if not lacking:
        cards = alike_held(declared, hand, trump=scenario.trump)
        if cards:
            suit = cards[0].name.split(" of ")[1]
            named = f"king and queen of {suit}" if declared in _MARRIAGES else cards_words(cards)
            return f" He holds the cards for it: the {named}."
        return " He holds the cards for it."
    if declared == "marriage":
        # A marriage is of any suit but trumps (that one is royal): naming the cards of one
        # suit would read as a marriage in that suit.
        return " He does not hold the king and queen of any one suit."
    if declared in FOUR_RANKS and any_four(game):
        rank = FOUR_RANKS[declared]
        held = sum(1 for c in hand if c.rank == rank)
        return f" He holds only {_plural_rank(rank, held)}."
    return f" He does not hold the {join_words([c.name for c in lacking])}."


def laid_down_cards(scenario: Scenario, game: Game | None) -> tuple[Card, ...]:
    """The cards the stem says a declaration laid down (holding_words), which lie face up on
    the table; () where it says none."""
    return _laid_down_in_time(scenario, game)[1]


# Events found at the deal's end, whose laws turn on whether the hands were seen and whether
# any card was played (said for them even in play).
