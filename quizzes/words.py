"""Rulings, events and tables in plain words, for prompts and answer choices."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from app.corpus.laws import Content
from app.corpus.vocabulary import CODES
from app.engine.ruling import DEALS_AGAIN, CodeRuling, Option
from app.engine.table import Table
from app.engine.terms import TOGETHER
from app.model.event_words import exchange_error_words, play_words
from app.model.events import EVENTS
from app.model.games import Game
from app.model.scenario import Scenario
from quizzes.announce_words import adversary_name, announced_words
from quizzes.declaration_words import blank_since_words, declared_when, holding_words
from quizzes.draw_order import draw_order_words
from quizzes.pack_places import faced_card_words
from quizzes.plain_words import join_words
from quizzes.possible import COUNT_CHANGING, draws_owed
from quizzes.readings import disputed

# Each outcome as the opening of an answer choice; different outcomes never read alike.
OUTCOME_WORDS: dict[str, str] = {
    "deal-stands": "The deal stands",
    "deal-void": "The deal is void",
    "misdeal": "It is a misdeal",
    "new-deal": "The cards are dealt again",
    "deal-set-aside": "The cards dealt are set aside, with the trump turned, to serve as the "
                      "next deal, and the rightful dealer deals now with the other pack",
    "innocent-chooses": "The innocent side chooses whether the cards are dealt again",
    "game-abandoned": "The game is abandoned at once",
    "play-on": "Play goes on",
    "replay": "The cards are taken back and played again",
    "no-penalty": "No penalty",
    "score-stands": "The score stands as marked",
    "penalty": "A penalty",
    "legal": "The play is lawful",
    "revoke": "It is a revoke (the trick obligations are broken)",
    "tableau": "A tableau: the deal is drawn",
    "game-won": "The game is won",
    "cut-again": "The cut is made again",
    "not-covered": "These laws do not cover the situation",
    "depends": "It turns on a fact the table does not show",
}


def code_words(code: str) -> str:
    """A code's short name: 'American (Foster)' -> 'American'."""
    return CODES.get(code, code).split(" (")[0]


def reading_words(content: Content, law_ids: Iterable[str]) -> str:
    """', following X' for each law cited that is one reading of a disputed rule (a member of a
    variant group), so the question names the reading it asks about; '' when none is.

    Once a reading is named, every other law cited from another authority is named with its
    source too: "following Foster 1897" alone would put on Foster a revoke penalty that comes
    from an encyclopedia (Auction Pitch, the blind audit's D4 and D30)."""
    cited = [law for law_id in dict.fromkeys(law_ids)
             if (law := content.laws.get(law_id)) is not None]
    authorities: list[str] = []
    for law in cited:
        if disputed(content, law) and law.authority not in authorities:
            authorities.append(law.authority)
    if not authorities:
        return ""
    words = "".join(f", following {a}" for a in authorities)
    for law in cited:
        if law.authority not in authorities:
            words += f", with {_first_lower(law.title)} from {_book_words(law.book)}"
    return words


def _book_words(book: str) -> str:
    """A book's name inside a sentence: 'the Encyclopedia article "Auction Pitch"'."""
    first = book.split(" ", 1)[0]
    return f"the {book}" if first in ("Encyclopedia", "Encyclopaedia", "New") else book


def _first_lower(title: str) -> str:
    """'Penalty for a revoke' -> 'the penalty for a revoke' (a title starting with a proper
    name or an article is kept as written)."""
    first = title.split(" ", 1)[0]
    if first in ("A", "An", "The"):
        return first.lower() + title[len(first):]
    if first[1:2].islower():
        return "the " + title[0].lower() + title[1:]
    return title


def _first_lower_words(text: str) -> str:
    return text[:1].lower() + text[1:]


def _said(option: Option) -> str:
    """What an option does, inside a sentence ("may call on East to lead a trump")."""
    text = (option.words or option.id).rstrip(".")
    return text[:1].lower() + text[1:]


def side_words(scenario: Scenario, game: Game) -> dict[str, str]:
    """Who scores for each player, in words: the player, or in a partnership game his side
    ("North and South"), since points there belong to the side, not to the player who made
    them (a ruling keys a side's points by one of its players)."""
    table = Table(scenario, game)
    order = list(scenario.players)  # a side is named in seating order, whoever is keyed
    return {p: join_words(sorted(table.side(p), key=order.index)) for p in scenario.players}


def scorer_words(player: str, sides: Mapping[str, str] | None) -> tuple[str, bool]:
    """(who scores, whether that is more than one player) for a player's points."""
    who = (sides or {}).get(player, player)
    return who, who != player and " and " in who


# The headline of a choice of a fresh deal that either side holds (Portland law 11, 12: "either
# player may insist"): not the "innocent side" (blind audit, round 6, #2).
EITHER_CHOOSES = {False: "Either player may insist on a fresh deal",
                  True: "Either side may insist on a fresh deal"}


def outcome_words(ruling: CodeRuling, sides: Mapping[str, str] | None = None) -> str:
    """The opening of a ruling's words: its outcome, and for a choice of a fresh deal, whose."""
    if ruling.outcome == "innocent-chooses":
        named = {scorer_words(o.by, sides)[0] for o in ruling.options if o.id in DEALS_AGAIN}
        if len(named) > 1:
            return EITHER_CHOOSES[any(" and " in n for n in named)]
    if ruling.winner:  # who wins, said where the game is won (the 32nd round's #137)
        return f"{OUTCOME_WORDS[ruling.outcome]} by {scorer_words(ruling.winner, sides)[0]}"
    return OUTCOME_WORDS.get(ruling.outcome, ruling.outcome)


def played_to_points(game: Game | None) -> bool:
    """Whether the game is played to a number of points (Écarté's five): a ruling's points
    that win it are then the points marked toward it, not the game's worth, which a law by
    agreement changes (the Club Code's law 46, a game treble, double or single by the loser's
    score: "North wins it, worth 1" beside "worth 2" left the reckoning to guess, the eighth
    blind round's #7)."""
    play = game.facts.play if game is not None else None
    return play is not None and bool(play.game_to)


def ruling_words(ruling: CodeRuling, sides: Mapping[str, str] | None = None,
                 game: Game | None = None) -> str:
    """A ruling's outcome, who may choose what, and the points, in one or more sentences.
    Points are said as what they are: the game's worth where the game is won and each deal
    is a game (Portland law 58), else what is added to or taken off a score (blind audit,
    round 6, #44; played_to_points).

    `sides` (side_words) names a partnership's points by its side."""
    worth = ruling.outcome == "game-won" and not played_to_points(game)
    # The winner's game and its worth said at once: "The game is won by North, worth 1400."
    won_worth = ruling.score.get(ruling.winner, 0) if worth and ruling.winner else 0
    parts = [outcome_words(ruling, sides) + (f", worth {won_worth}." if won_worth > 0 else ".")]
    for duty in ruling.duties:  # what a side must do, whoever chooses what (#157)
        parts.append(f"{duty.by} must {_first_lower_words(duty.words)}")
    # Each side's options are one choice, joined by "or"; a right held beside them (a card
    # taken back, points that follow a choice) is said beside, never as one more alternative
    # (the ninth blind audit's #52, round 14's #131: Option.beside).
    by_chooser: dict[tuple[str, ...], list[Option]] = {}
    choosers: dict[tuple[str, str], list[Option]] = {}
    for option in ruling.options:
        choosers.setdefault((option.id, option.words), []).append(option)
    for same in choosers.values():
        by_chooser.setdefault(tuple(dict.fromkeys(o.by for o in same)), []).append(same[0])
    for names, opts in by_chooser.items():
        jointly = len(names) > 1  # (one holder's joint option is said as his own)
        together = [_said(o) for o in opts if o.joint and jointly]
        alone = [_said(o) for o in opts if not o.beside and not (o.joint and jointly)]
        beside = [_said(o) for o in opts if o.beside]
        also = f", and may also {join_words(beside, 'and')}" if alone and beside else ""
        if alone or beside:
            parts.append(f"{join_words(list(names), 'or')} may "
                         f"{join_words(alone or beside, 'or')}{also}.")
        if together:  # taken by all its holders at once (terms.JOINT)
            parts.append(f"{TOGETHER}{join_words(list(names), 'and')} may "
                         f"{join_words(together, 'or')}.")
    # Points that follow only if an option is chosen are said after the ruling's own: "If
    # North chooses to add the points ...: North +5. South has 5 taken off his score." read
    # the taking down as part of North's choice (the 57th blind round's #75).
    chosen = [f"If {option.by} chooses to {_said(option)}: "
              f"{join_words([f'{p} {v:+d}' for p, v in sorted(option.score.items())])}."
              for option in ruling.options if option.score]
    for player, points in sorted(ruling.score.items()):
        if won_worth > 0 and player == ruling.winner:
            continue  # said in the opening
        scorer, several = scorer_words(player, sides)
        if points > 0 and ruling.score_when == "last-trick":
            # An entitlement, not a forecast: "will win the last trick" read as a guess at how
            # the hand goes (the 41st blind round's #163, #183).
            parts.append(f"The last trick and its {points} go to {scorer} by law, whoever "
                         f"takes it.")
        elif points > 0 and worth:
            parts.append(f"{scorer} {'win' if several else 'wins'} it, worth {points}.")
        elif points > 0:
            parts.append(f"{scorer} {'add' if several else 'adds'} {points} to "
                         f"{'their' if several else 'his'} score.")
        elif ruling.outcome in NO_PENALTY:
            # A deduction beside "No penalty" is a score marked in error taken down, said so:
            # "No penalty. South has 1 taken off his score" refutes itself beside "A penalty"
            # (the ninth blind round's #108).
            parts.append(correction_words(scorer, several, -points))
        else:
            taken = "have" if several else "has"
            parts.append(f"{scorer} {taken} {-points} taken off {'their' if several else 'his'} "
                         f"score.")
    return " ".join([*parts, *chosen])


# Outcomes whose words deny a penalty: a deduction beside one is a correction, never a fine.
NO_PENALTY = frozenset({"no-penalty"})


def correction_words(scorer: str, several: bool, points: int) -> str:
    """A score marked in error taken down, in a sentence: 'South has the 1 he marked in error
    taken off his score (a correction).'"""
    has, he, his = ("have", "they", "their") if several else ("has", "he", "his")
    return f"{scorer} {has} the {points} {he} marked in error taken off {his} score (a correction)."


# Events whose own sentence belongs to a melding game, in the words of a game of tricks.
_TRICK_GAME_WORDS = {
    "stock-exhausted": "The stock has run out: its last card has been drawn.",
}


# Events whose own sentence is a game of tricks' (cards drawn into the hand), in a melding
# game's terms: there a card drawn is turned face up at once and never joins the hand (Foster
# 1913), so drawing two is turning up two (both seen), and drawing out of turn is turning the
# card that was the adversary's to turn. Each states every field of its event.
MELD_GAME_WORDS = {
    "drew-two": lambda s: f"{s.event.get('player')} turned up two cards from the stock at "
                          "once, instead of one.",
    "drew-out-of-turn": lambda s: f"{s.event.get('player')} turned up the top card of the "
                                  f"stock out of turn: it was "
                                  f"{adversary_name(s, s.event.get('player'))}'s turn to draw.",
}


def seen_two_words(scenario: Scenario) -> str:
    """A drawer who saw two cards, in the words of laws that speak of seeing two (the game's
    [play] two_drawn = "seen"): he took his one card, so it states every field of the event."""
    return (f"{scenario.event.get('player')}, drawing from the stock, saw two cards: he took "
            f"the top card and saw the one beneath it. The draws after the trick have been "
            f"made.")


def card_stands_after(scenario: Scenario, game: Game, code: str | None = None) -> str:
    """The moment after which a card played stands, as the asked code's law names it (the
    games file's [codes.*] card_stands_after), else as another code the table is ruled under
    names it (its ruling is in the explanation), else '' (no law names one)."""
    named = [game.facts.codes[c].card_stands_after for c in (code, *scenario.codes)
             if c in game.facts.codes]
    return next((m for m in named if m), "")


def event_words(scenario: Scenario, game: Game | None = None, code: str | None = None) -> str:
    """What went wrong, as a referee would be told it (with the proper counts, given the game).

    The sentence is the event's own (app/model/events.py); a wrong count adds each hand's count;
    a card played is said to stand past the moment the asked code's law names (`code`).
    """
    ev = scenario.event
    spec = EVENTS[ev.type]
    text = spec.tell({**ev.fields, "dealer": scenario.dealer})
    if game is not None and ev.type == "play":
        text = play_words(ev.fields, card_stands_after(scenario, game, code))
    if game is not None and game.has_tricks and ev.type in _TRICK_GAME_WORDS:
        # The event's own words are Conquian's (a card drawn and passed, going out), which a
        # game played in tricks has not: it is told in that game's terms.
        text = _TRICK_GAME_WORDS[ev.type]
    if game is not None and not game.has_tricks and game.draws_from_stock \
            and ev.type in MELD_GAME_WORDS:
        text = MELD_GAME_WORDS[ev.type](scenario)
    announced = announced_words(scenario, game)
    if announced is not None:
        text = announced
    if ev.type == "exchange-error":
        text = exchange_error_words(ev.fields, scenario.dealer)
    trick = scenario.trick
    if ev.type == "exposed-card" and ev.get("how") == "two-played" and trick is not None \
            and trick.leader == ev.get("player"):
        # Two cards led together: whose lead it was is said, or a learner reads a lead out of
        # turn beside it (the 44th blind round's #9).
        text += " It was his lead."
    if game is not None and ev.type == "faced-card-in-pack":
        text = faced_card_words(scenario, game) or text
    if game is not None and ev.type == "drew-two" and game.facts.play is not None \
            and game.facts.play.two_drawn == "seen":
        # Where the laws speak of a drawer who sees two cards (the game's [play] two_drawn),
        # he took the top card, his one, and saw the next: the draws are made.
        text = seen_two_words(scenario)
    table = Table(scenario, game) if game is not None else None
    counts = []
    wrong = False
    # Between a trick and its draws every hand rightly holds a card fewer. An event that
    # changes the counts happens after the draws (quizzes/moment_stages.py) or tells its own
    # draw: a hand short by a card whose card lies in the stock only looks like a hand owed
    # its draw, and the stem says the draws were made (else both hands a card short read as
    # the right count before drawing, and "should hold" would contradict the ruling).
    looks_owed = game is not None and draws_owed(scenario, game)
    owed = 1 if looks_owed and ev.type not in COUNT_CHANGING else 0
    # A game of melds (Conquian) ends with each player's cards partly in his hand, partly
    # melded on the table, which the table does not show: no count can be reckoned there.
    reckoned = game is None or game.has_tricks or scenario.stage != "hand-over"
    for p, h in scenario.hands.items():
        held = h if isinstance(h, int) else len(h)
        said = f"{p} holds {held}"
        if table is not None and reckoned:
            proper = table.proper_count(p) - owed
            said += f" (should hold {proper})"
            wrong = wrong or held != proper
        counts.append(said)
    if ev.type == "wrong-count":
        text = f"The hands are counted: {join_words(counts)}."
        if looks_owed:
            text += (f" Each player has drawn from the stock after trick "
                     f"{scenario.tricks_played}.")
    elif ev.type == "even-stock" and wrong:
        # The law's premise: an earlier error nobody noticed left the stock even, so a hand
        # holds a card over (or short); said as that, the count is no second irregularity
        # the ruling ignores (the first blind audit's #64).
        text += (" An earlier error in drawing, unnoticed until now, left it so. The hands "
                 f"are counted: {join_words(counts)}.")
    elif wrong and not spec.explains_counts:
        # A wrong count the event's words do not account for (a king turned up after a wrong
        # deal) decides the ruling: left unsaid, "the dealer turns up a king" reads as a king
        # scored, and the misdeal it is would be marked wrong.
        text += f" The hands are counted: {join_words(counts)}."
    # The event's own words stay whole (quizzes/stem.py finds a fact it states by them): the
    # time of the declaring follows them, then what he laid down.
    holding = "" if announced is not None else holding_words(scenario, game)
    return (text + declared_when(scenario, game) + holding + blank_since_words(scenario)
            + unreckoned_words(scenario) + draw_order_words(scenario, game))


# Said of a score found wrong once the hand is over: the laws correct it "at any time during
# the game" (Portland law 51), and at Rubicon the one deal is the game, so the stem says the
# game is not yet reckoned (blind audit, round 6, #83).
UNRECKONED = " The game has not yet been reckoned."


def unreckoned_words(scenario: Scenario) -> str:
    """' The game has not yet been reckoned.' for a wrong score found after the hand ('' else)."""
    if scenario.event.type == "wrong-score" and scenario.stage == "hand-over":
        return UNRECKONED
    return ""
