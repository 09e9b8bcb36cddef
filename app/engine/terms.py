"""The terms a ruling states beside its outcome: the choices the laws give a side (options)
and what a side must do whoever chooses what (duties), with their words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

OPTIONS: dict[str, str] = {
    "void-deal": "Call the deal void.",
    "draw-two-next": "Make the offender draw two cards at the next draw.",
    "claim-misdeal": "Claim a misdeal.",
    "discard-surplus": "Discard the surplus cards.",
    "supply-from-stock": "Have the shortage made up from the stock (remainder of the pack).",
    "draw-from-dealer": "Draw the surplus from the dealer's hand.",
    "draw-from-pone": "Draw the surplus from the non-dealer's hand.",
    # Both hands wrong: the two corrections together (said in their own words: OPTION_FORMS).
    "correct-both-hands": "Have both hands put right.",
    "refuse-cards": "Refuse the exposed cards and have the next ones instead.",
    "take-exposed-card": "Take the exposed card in the next exchange.",
    "direct-play": "Direct which card the offender plays.",
    "choose-card-in-play": "Choose which turned card is in play; the other goes back on top.",
    "let-dealer-correct": "Allow the dealer to put the deal right.",
    # Club Code law 9: before the turn-up the non-dealer "may require the dealer to rectify".
    "dealer-rectifies": "Require the dealer to put the error right.",
    # Club Code law 50, the one law giving it: a time stated, not "while the law allows it",
    # which read as true of any table once offered as a wrong choice (round 17's #73).
    "mark-omitted": "Mark the points omitted before the trump of the next deal is turned up.",
    "choose-trump": "Choose which turned card is the trump.",
    "new-deal": "Have the cards dealt again.",
    "eleventh-is-trump": "Take the eleventh card as trump and set aside the rest turned.",
    "replay": "Have the cards taken back and the hand played again from the error.",
    # The Club Code's laws 25 and 43 give "the option of requiring the hands to be played
    # again": the whole hand from its first card, not from the error (Portland law 55's replay).
    "replay-hand": "Have the whole hand played again from its first card.",
    "call-card": "Call the exposed card to be led or played.",
    "call-trump-lead": "Call on the partner to lead a trump.",
    "call-no-trump-lead": "Call on the partner not to lead a trump.",
    "call-suit": "Call the suit to be led.",
    "claim-trick": "Claim the trick.",
    "look-at-stock": "Look at all the cards of the stock.",
    "claim-card": "Claim the card drawn out of turn.",
    # Each game's "two cards" remedy in its own law's words (blind audit, round 6, #56, #39):
    # Portland law 21 / Pinochle: the adversary looks at both at the next draw and takes either;
    # Enquire Within: he chooses which drawn card goes back, no right to look; Cinch: both
    # played cards lie face up and the adversaries elect which is played.
    "choose-of-two": "Look at both cards at the next draw and take either.",
    "choose-card-returned": "Choose which of the two cards drawn goes back, into the middle of "
                            "the stock.",
    "choose-card-played": "Choose which of the two cards played to the trick stands as his "
                          "play (the other is exposed).",
    "forbid-trump": "Forbid the playing of the exposed trump.",
    "amend-declaration": "Amend the declaration with the card held.",
    "add-points": "Add the points wrongly marked to his own score.",
    "draw-from-discard": "Make up the shortage from the discard (plain-suit cards only).",
    "take-back": "Take back the card played in error.",
    "insist-named-suit": "Insist that the suit named be played.",
    # Portland law 12's own "by mutual agreement", said of the making up alone: "dealt again
    # or complete ..., if both players agree" read as agreement needed for the fresh deal too
    # (the 36th blind round's #46).
    "fill-by-agreement": "Complete each short hand from the top of the stock by mutual "
                         "agreement.",
    # Said by the second hand to his partner, the fourth (Foster's Cinch, ¶6).
    "play-partner": 'Tell his partner to play before him ("Play, partner").',
}


# What a side must do whatever anyone chooses, beside the ruling's points: half of a remedy
# that is no choice (Enquire Within: the player who played without drawing "must draw two
# cards next time", and his adversary scores 10; the eighth blind round's #157). Said as
# "North must draw two cards at the next draw."
DUTIES: dict[str, str] = {
    "draw-two-next": "Draw two cards at the next draw.",
    # Portland law 24: "A card led out of turn must be taken up, unless it has been played
    # to" (the eighth blind round's #15), where the Club Code's law 40 says "may": an option.
    # (Not "the card led out of turn": the stem's own words, which no rival shared, told the
    # answer, the 33rd blind round's #42.)
    "take-back": "Take back his card.",
    # Portland law 55: the card played in error and every card after it "must be taken up
    # and replayed" (the tenth blind round's #68), where Foster's Pinochle lets the adversary
    # require it: an option there.
    "replay": "Take back the wrong card and every card played after it, and play the hand "
              "again from the error.",
    # Foster's French Pinochle (seed 002:1): no replay; the offender "counts nothing" from the
    # error on, neither brisques nor the last trick (the tenth blind round's #95: the ruling
    # said only "a revoke", the remedy was in the explanation alone).
    "count-nothing-further": "Count nothing more this hand from the error on: neither "
                             "brisques nor the last trick.",
    # The Britannica's Pinochle (1911): the revoker loses all he has made in cards this hand.
    "lose-card-points": "Lose all the points he has won in cards this hand.",
    # Enquire Within's Bézique: a revoke in the last eight tricks "loses all eight of those
    # tricks to his adversary".
    "forfeit-last-eight": "Give up all of the last eight tricks to his adversary.",
    # Foster's Cinch (seed 003:1): a player with too many cards who has played to the first
    # trick spoils the hand for his side, "neither he nor his partner can score anything that
    # hand; but they may play the hand out to save what points they can". Stated as a term, so
    # a ruling says it in words and not as a bare "A penalty." (the eleventh round's builds).
    "score-nothing": "Score nothing this hand, and his partner likewise; they may still play "
                     "it out to save what points they can.",
}


# Options that give the same right in other words: claiming a misdeal, calling the deal void and
# having the cards dealt again all end this deal and have the cards dealt afresh (the outcomes
# "misdeal", "deal-void" and "new-deal" are one meaning in MEANINGS). Two rulings agree when
# their options, read by meaning, give the same rights to the same players (CodeRuling.key).
OPTION_MEANINGS: dict[str, str] = {
    "claim-misdeal": "deal-again",
    "void-deal": "deal-again",
    "new-deal": "deal-again",
    # Portland laws 11 and 12: a short hand made up from the stock by mutual agreement is the
    # dealer's error put right with his adversary's leave; the two are one right, never
    # rival answers (the blind audit's #40).
    "fill-by-agreement": "let-dealer-correct",
}


# Options that give part of another's right and nothing else: taking the eleventh card as trump
# is one choice of which turned card is the trump. A wrong choice offering only such parts of
# the right ruling's rights, to the same side, is a narrower form of it (round 7's #25).
PART_OF: dict[str, str] = {"eleventh-is-trump": "choose-trump"}


# The ways one wrong hand is put right. With both hands wrong, a side that keeps the deal puts
# both right: one correction of each, done together, never one or the other (Club Code laws
# 15 and 17, Foster's Misdealing: the fifteenth blind round's #159, "dealt again, discard the
# surplus or draw the surplus" beside two hands of seven).
HAND_CORRECTIONS: tuple[str, ...] = ("discard-surplus", "supply-from-stock", "draw-from-dealer",
                                     "draw-from-pone")
BOTH_CORRECTED = "correct-both-hands"


def _both_words(first: str, second: str) -> str:
    a, b = OPTIONS[first].rstrip("."), OPTIONS[second].rstrip(".")
    return f"{a} and {b[:1].lower()}{b[1:]}."


# Each joined correction's words, with the two corrections it makes (read back by
# corrections_of; said by OPTION_FORMS).
_BOTH: dict[str, tuple[str, str]] = {_both_words(a, b): (a, b) for a in HAND_CORRECTIONS
                                     for b in HAND_CORRECTIONS if a != b}
# Both hands short, each made up from the stock: one correction made twice, said once for
# both ("have the shortage made up ... or let the dealer make up his shortage" read as one or
# the other, the 49th blind round's #31).
BOTH_ALIKE: dict[str, str] = {
    "supply-from-stock": "Have both shortages made up from the stock (remainder of the pack).",
}
_BOTH.update({words: (option_id, option_id) for option_id, words in BOTH_ALIKE.items()})


# Other words an option is said in at a table, with the seat it names ({seat}): Foster's Cinch
# calls on the offender's partner, named ("the partner" beside the caller read as the
# caller's own), and the card taken back is the one a player played to the false lead
# (round 14's #131). The quiz's judge reads a choice back by these words too (words_to_ids).
OPTION_FORMS: dict[str, tuple[str, ...]] = {
    "call-trump-lead": ("Call on {seat} to lead a trump.",),
    "call-no-trump-lead": ("Call on {seat} not to lead a trump.",),
    # Portland law 23: of two or more cards played together "all but one may be taken up",
    # which is the one played in error not said (round 25's #35).
    # The non-dealer's right over the dealer's short hand, whose shortage said (round 30's #8:
    # "South may have the shortage made up" beside the dealer's hand short).
    "supply-from-stock": ("Let the dealer make up his shortage from the stock (remainder of "
                          "the pack).",),
    "take-back": ("Take back the card he played to the false lead.",
                  # (not "played together", the stem's words: round 34's #170)
                  "Take back all but one of the cards he put down."),
    # Foster's Pinochle (seed 002 ¶6): the cards called are those of the false declaration,
    # "one of the three Kings" of four kings declared with three, not any card shown (the
    # sixteenth blind round's #106, #110: three kings and the queen of hearts laid down).
    # A hand thrown down may hold several trumps, each barred (Foster's Cinch, seed 003 ¶4
    # and ¶7: the 32nd blind round's #187 read "the exposed trump" beside five).
    "forbid-trump": ("Forbid the playing of any trump in that hand.",),
    # One hand short, not "each short hand" (the 35th blind round's #18).
    "fill-by-agreement": ("Complete the short hand from the top of the stock by mutual "
                          "agreement.",),
    "call-card": ("Make {seat} lead or play one of the cards of the declared rank he showed.",
                  "Make {seat} lead or play one of the cards he showed for it."),
    BOTH_CORRECTED: tuple(_BOTH),
}


def said_as(option_id: str, by: str, form: int = 0, seat: str = "") -> Option:
    """The option in one of its other words (OPTION_FORMS), naming `seat`."""
    return Option(option_id, by, OPTION_FORMS[option_id][form].format(seat=seat))


def words_to_ids(seats: Iterable[str]) -> dict[str, str]:
    """Each option's words inside a sentence ("claim a misdeal"), its own and its other words
    naming each of `seats`, to its id."""
    said = [*OPTIONS.items(), *((o, f.format(seat=s)) for o, fs in OPTION_FORMS.items()
                                for f in fs for s in dict.fromkeys(seats))]
    return {t.rstrip(".")[:1].lower() + t.rstrip(".")[1:]: oid for oid, t in said}


# Options that are a right held beside a side's other options, never one of them: a card
# played to a false lead taken back (Foster's Cinch, seed 003 ¶5: the right-hand adversary's
# penalty is a call, one of two; the cards played to the false lead are taken back whatever
# he calls, round 14's #131). A side's other options are one choice, said joined by "or";
# such a right is said beside them ("and may also"), as is an option whose points follow the
# choice (the ninth blind audit's #52: Option.beside).
# Foster's Cinch (seed 003 ¶2-3): of two cards played to a trick the adversaries elect which
# is played, and the other is exposed, to be called too: both rights, never one or the other
# (round 28's #129).
RIGHTS_BESIDE: frozenset[str] = frozenset({"take-back", "choose-card-played"})
# Options their holders take together, not each alone: Portland law 12's short hand made up
# "by mutual agreement". Held by both players and said of them together ("Together, North and
# South may complete ..."): "North or South may ... complete the short hand ... by mutual
# agreement" read as a right one player alone could use (the 53rd and 55th blind rounds'
# #3 and #50).
JOINT: frozenset[str] = frozenset({"fill-by-agreement"})
# How a sentence of an option held jointly opens, before its holders' names.
TOGETHER = "Together, "


def corrections_of(option: Option) -> tuple[str, ...]:
    """The hand corrections an option makes: its own id, or the two a joined one makes."""
    return _BOTH.get(option.words, ()) if option.id == BOTH_CORRECTED else (option.id,)


def both_hands_corrected(options: Sequence[Option]) -> list[Option]:
    """The options with each side's corrections of two hands joined into one option, in the
    order first given; a shortage in each made up from the stock is one correction said for
    both (BOTH_ALIKE). A side's single correction is left as it is."""
    out: list[Option] = []
    for option in options:
        if option.id not in HAND_CORRECTIONS:
            out.append(option)
            continue
        joined = next((n for n, o in enumerate(out) if o.by == option.by
                       and o.id in HAND_CORRECTIONS and (o.id != option.id or (
                           o.id in BOTH_ALIKE and o.words != option.words))), None)
        if joined is None:
            if option not in out:
                out.append(option)
            continue
        first = out[joined].id
        out[joined] = Option(BOTH_CORRECTED, option.by, BOTH_ALIKE[first] if first == option.id
                             else _both_words(first, option.id))
    return out


def option_meaning(option_id: str) -> str:
    """The right an option gives, as a class (OPTION_MEANINGS; else the option itself)."""
    return OPTION_MEANINGS.get(option_id, option_id)


@dataclass(frozen=True)
class Option:
    """A choice the laws give a side: who chooses, what it does, and the score change it brings.

    A ruling's own score holds only what happens whatever anyone chooses; points that follow
    from a choice (the adversary *may* add them) belong to the option.
    """

    id: str
    by: str
    text: str = ""
    score: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", {p: v for p, v in self.score.items() if v})

    def __hash__(self) -> int:
        return hash((self.id, self.by, self.text, tuple(sorted(self.score.items()))))

    @property
    def words(self) -> str:
        """What the option does, in words."""
        return self.text or OPTIONS.get(self.id, "")

    @property
    def beside(self) -> bool:
        """Whether the option is a right held beside the side's other options, not one of
        the choice they make (RIGHTS_BESIDE; points that follow the choice)."""
        return bool(self.score) or self.id in RIGHTS_BESIDE

    @property
    def joint(self) -> bool:
        """Whether the option's holders take it together, by agreement (JOINT)."""
        return self.id in JOINT

    def score_words(self) -> str:
        """The option's score change, e.g. 'South +40'; empty when it changes no score."""
        return ", ".join(f"{p} {v:+d}" for p, v in self.score.items())

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"id": self.id, "by": self.by, "text": self.words, "score": dict(self.score)}


@dataclass(frozen=True)
class Duty:
    """What the laws oblige a player to do, whoever chooses what (DUTIES)."""

    id: str
    by: str

    @property
    def words(self) -> str:
        """What he must do, in words."""
        return DUTIES.get(self.id, "")

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"id": self.id, "by": self.by, "text": self.words}


def beside_a_choice(option: Option, options: Sequence[Option]) -> bool:
    """Whether `option` is a right its chooser holds beside a choice among his other options
    (shown "may also", not "may choose": the builder and the quiz say the same terms)."""
    return option.beside and any(o.by == option.by and not o.beside for o in options)
