"""'Spot the revoke': a hand and a trick in progress at a strict stage; which cards may be played?

Two forms, chosen by the seed: pick every lawful card (multi-select; the answer is
Game.legal_plays), or judge one play lawful or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from app.cards import Card
from app.engine import rule
from app.model.event_types import Play
from app.model.facts import EVENT_PREFIX
from app.model.games import Game
from quizzes.checkable import checkable, rests_on_unchecked
from quizzes.generators.common import (
    STRICT_RULES,
    Found,
    NoScenario,
    builds_first_seed,
    law_readings,
    pick_combo,
    public_table,
    rule_combo,
    seeded,
    source_words,
)
from quizzes.plain_words import cards_words, join_words
from quizzes.questions import Choice, Question, question_id
from quizzes.seen import to_play
from quizzes.stem import with_deciding_facts
from quizzes.table_header import table_words
from quizzes.telling_plays import lawful_everywhere
from quizzes.words import code_words

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "revoke"
JUDGE_EVERY = 3  # one seed in three asks to judge a single play


def laws(bank: QuestionBank) -> list[str]:
    """The trick-obligation laws the engine cites for a revoke at a strict stage, where seed 0
    builds a question."""
    return [law_id for law_id in bank.survey.laws("revoke")
            if builds_first_seed(build, bank, law_id)]


def legal_cards(bank: QuestionBank, found: Found) -> tuple[str, list[Card], list[Card]]:
    """(player to play, his distinct cards in order, the lawful ones) per Game.legal_plays."""
    s = found.scenario
    game = bank.games[s.game]
    if not isinstance(s.event, Play):
        raise TypeError(f"a revoke question is asked of a play, not a {s.event.type}")
    player = s.event.player
    hand = s.hands[player]
    assert isinstance(hand, tuple)
    trick = s.trick.cards if s.trick else ()
    legal = game.legal_plays(hand, trick, s.trump, s.stage)
    distinct = sorted(set(hand), key=lambda c: (c.suit, game.order.index(c.rank)))
    return player, distinct, [c for c in distinct if c in legal]


def _fits(bank: QuestionBank, found: Found, law_id: str, code: str) -> bool:
    """A trick in progress at a strict stage, the player to play has a card he may not play,
    and its ruling as a revoke cites the law."""
    s = found.scenario
    rule_ = bank.games[s.game].stage_rule(s.stage)
    if rule_ is None or rule_.rule not in STRICT_RULES or s.trick is None or not s.trick.cards:
        return False
    if code not in s.codes or found.for_code(code).outcome not in ("legal", "revoke"):
        return False
    _, cards, legal = legal_cards(bank, found)
    if len(legal) == len(cards):
        return False
    revoked = _play(bank, found, next(c for c in cards if c not in legal)).for_code(code).laws
    return law_id in revoked


def _play(bank: QuestionBank, found: Found, card: Card) -> Found:
    """The same moment with the player to play playing `card`."""
    event = {"type": "play", "player": found.scenario.event.get("player"), "card": card.code}
    dealt = found.dealt.with_event(event, bank.games)
    return Found(dealt, rule(dealt.scenario, bank.games, bank.content))


def cannot_win_words(game: Game, stage: str, trick: Sequence[Card], hand: Sequence[Card],
                     trump: str | None) -> str:
    """' None of his cards of the suit led can win it.' where the
    duty is to follow and win, he holds the suit led and none of it beats the card winning
    the trick, with why where he holds its twin (of two like cards the one played first wins:
    the 49th blind round's #22 read "win the trick if he can" beside a ten led to his ten).
    '' otherwise."""
    rule = game.stage_rule(stage)
    if rule is None or rule.rule != "follow-and-win" or not trick:
        return ""
    led = game.effective_suit(trick[0], trump)
    best = trick[game.winning_card(trick, trump)]
    of_led = [c for c in hand if game.effective_suit(c, trump) == led]
    if not of_led or any(game.beats(c, best, led, trump) for c in of_led):
        return ""
    twin = " (of two like cards, the one played first wins)" if best in of_led else ""
    return f" None of his cards of the suit led can win it{twin}."


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed."""
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed)
    combos = bank.survey.combos(law_id, "revoke")
    if not combos:
        raise NoScenario(f"no strict stage reaches {law_id}")
    readings = law_readings(bank, law_id)
    for _ in range(400):
        found = rule_combo(bank, pick_combo(rng, combos), rng, readings)
        if found is not None and _fits(bank, found, law_id, law.code):
            break
    else:
        raise NoScenario(f"no revoke table for {law_id} was found from this seed")
    s = found.scenario
    game = bank.games[s.game]
    player, cards, legal = legal_cards(bank, found)
    # The hand as he holds it, every card (a card held twice in a two-pack game said so): the
    # choices below are its distinct cards.
    hand = s.hands[player]
    assert isinstance(hand, tuple)
    held = sorted(hand, key=cards.index)
    situation = table_words(s, game) + f"\n{player} is to play. His hand: {cards_words(held)}."
    trick = s.trick.cards if s.trick else ()
    # The clause of his case only: holding the suit led or not (round 14's #13).
    rule_words = game.stage_rule(s.stage).describe(  # type: ignore[union-attr]
        trump_led=game.trump_led(trick, s.trump), void=game.void_of_led(hand, trick, s.trump))
    rule_words += cannot_win_words(game, s.stage, trick, hand, s.trump)
    judged: Found | None = None
    if seed % JUDGE_EVERY == 0:
        telling = [c for c in legal if not lawful_everywhere(bank, found, c)]
        card = rng.choice(telling if rng.random() < 0.5 and telling
                          else [c for c in cards if c not in legal])
        judged = _play(bank, found, card)
        # "Is that lawful?" is answered with the ruling, penalty and all: where that rests on
        # a law a learner cannot check (Auction Pitch's revoke penalty, an encyclopedia
        # article of no identified edition: quizzes.checkable), the cards are asked instead.
        if rests_on_unchecked(bank.content, judged.for_code(law.code).laws):
            judged = None
    if judged is not None:
        cr = judged.for_code(law.code)
        ok = card in legal
        table = public_table(judged.table)
        seen = public_table(to_play(judged.dealt.state, judged.dealt.game, judged.table))
        # The card played said once, in the stem, before whether he took it back; who plays is
        # the stem's "is to play" (the 34th blind round's #111 read each three times).
        situation = with_deciding_facts(
            f"{situation}\n{player} plays the {card.name}.", (cr,), judged.scenario, seen,
            also_said=f"{player} is the player to play.")
        # The table is the moment he is to play; the stem tells what followed (the 37th blind
        # round's #3 read the card still in his hand beside "another card is led").
        situation += "\nThe table shows the cards as they lay before he played."
        return Question(
            id=question_id(TYPE, law_id, seed),
            type=TYPE,
            game=law.game,
            topic=law.topic,
            code=law.code,
            laws=(law_id, *[x for x in cr.laws if x != law_id]),
            prompt=f"Under the {code_words(law.code)} laws"
            f"{source_words(bank.content, cr.laws, (law_id, *cr.laws))}, is that lawful?",
            situation=situation,
            kind="single",
            choices=(Choice("legal", "Lawful"), Choice("revoke", "Not lawful")),
            answer=("legal" if ok else "revoke",),
            explanation=cr.explanation,
            links=bank.links((law_id, *cr.laws)),
            table=table,
            seen=seen,
        )
    illegal = next(c for c in cards if c not in legal)
    played = _play(bank, found, illegal)
    cr = played.for_code(law.code)
    table = public_table(found.table, with_event=False)
    seen = public_table(to_play(found.dealt.state, found.dealt.game, found.table),
                        with_event=False)
    # Which card is played is what is asked: the facts of the table the ruling read are stated.
    table_facts = msgspec.structs.replace(
        cr, grounds=tuple(g for g in cr.grounds if not g.fact.startswith(EVENT_PREFIX)))
    situation = with_deciding_facts(situation, (table_facts,), played.scenario, seen)
    # A left pedro among the cards is a trump (Cinch): the why says so where it decides, or the
    # learner is not shown why a five of another suit may (or must) be played (the 36th blind
    # round's #155, #173).
    pedro = game.left_pedro(s.trump) if s.trump else None
    lawful = join_words([f"{c.name} (the left pedro, a trump)" if c == pedro else c.name
                         for c in legal])
    # Which cards he may play is what is asked, not the revoke's penalty: a law of it a learner
    # cannot check (quizzes.checkable) is not cited.
    cited = (law_id, *[x for x in cr.laws if x != law_id and checkable(bank.content, x)])
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=cited,
        # (the account too: "the English laws" alone beside the Portland Club's law 55 read
        # as Hoffmann's own description too, whose player void of the suit "is at liberty to
        # trump", the 60th blind round's #147)
        prompt=f"Which cards may {player} lawfully play under the {code_words(law.code)} laws"
        f"{source_words(bank.content, cited, cited)}? Pick every one.",
        situation=situation,
        kind="multi",
        choices=tuple(Choice(c.code, c.name) for c in cards),
        answer=tuple(c.code for c in legal),
        explanation=f"{rule_words} So {player} may play the {lawful}; any other card is a revoke.",
        links=bank.links(cited),
        table=table,
        seen=seen,
    )
