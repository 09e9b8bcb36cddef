"""What a wrong choice says of the right ruling: whether it is false of it, or true (the same
ruling in other words, a bare outcome the right ruling is too, or a part of it and nothing
else). A choice true of the right ruling is a second defensible answer, never offered as
wrong (issue 25, section 3)."""

from __future__ import annotations

from app.engine import CodeRuling
from app.engine.ruling import (
    BOTH_CORRECTED,
    DEALS_AGAIN,
    PART_OF,
    also_true_of,
    changes_score,
    meaning,
    option_meaning,
)
from app.engine.terms import corrections_of

# Bare outcomes that are true of any ruling stating terms, whether it reads "a penalty" or
# "play goes on": the terms are the penalty, and play (or the deal) goes on under them.
_SAID_OF_TERMS = frozenset({"penalty", "play-on", "deal-stands"})
_ENDS_THE_DEAL = frozenset({"void-deal", "claim-misdeal", "new-deal"})

# A bare outcome offered as wrong (nothing but its opening) only beside a right ruling of a
# meaning it is plainly false of (the right ruling's meaning, with its terms: meaning()). Each
# leaves out what its words could be read into: "No penalty." beside a revoke whose card may
# be taken back without penalty, "Play goes on." beside a revoke or a choice of a new deal,
# "The deal stands." beside a replay, "It is a revoke." beside a penalty for a card exposed.
_OTHER = frozenset({"goes-on", "under-terms", "deal-again", "innocent-chooses",
                    "game-abandoned", "replay", "penalty", "revoke", "tableau", "game-won",
                    "cut-again"})
_BARE_FALSE_OF: dict[str, frozenset[str]] = {
    "legal": frozenset({"revoke", "penalty", "replay", "deal-again", "cut-again",
                        "innocent-chooses", "game-abandoned"}),
    "no-penalty": frozenset({"penalty"}),
    "play-on": frozenset({"deal-again", "cut-again", "replay", "game-abandoned", "game-won",
                          "tableau"}),
    # (beside "The innocent side chooses": the deal stands only if he lets it, and the
    # rival is then one of what the law gives, not who holds it: round 6's #111, #131)
    "deal-stands": frozenset({"deal-again", "innocent-chooses"}),
    "revoke": frozenset({"goes-on", "deal-again", "cut-again", "innocent-chooses", "tableau"}),
    "replay": (_OTHER | {"deal-set-aside"}) - {"revoke", "replay"},
    "deal-void": frozenset({"goes-on", "under-terms", "penalty", "revoke", "replay",
                            "cut-again"}),
    "cut-again": _OTHER - {"cut-again", "deal-again", "innocent-chooses"},
    "game-abandoned": frozenset({"goes-on", "under-terms", "revoke", "replay", "deal-again",
                                 "cut-again", "innocent-chooses", "deal-set-aside"}),
    "tableau": _OTHER - {"tableau", "deal-again", "game-won"},
}
for _again in ("misdeal", "new-deal"):
    _BARE_FALSE_OF[_again] = _BARE_FALSE_OF["deal-void"]


def bare_false_of(stated: CodeRuling, right: CodeRuling) -> bool:
    """Whether a bare outcome offered as wrong is plainly false of the right ruling
    (_BARE_FALSE_OF); a ruling with terms is judged by said_of instead."""
    if stated.terms:
        return True
    if stated.outcome == "score-stands":
        return changes_score(right)  # false of points added or taken off, and only of them
    if stated.outcome in DENY_A_PENALTY and right.outcome == "penalty":
        return True  # "No penalty." beside "A penalty. North may look at two cards ..."
    return right.meaning in _BARE_FALSE_OF.get(stated.outcome, frozenset())


# Outcomes whose words deny a penalty: a ruling giving points is never worded so.
DENY_A_PENALTY = frozenset({"no-penalty", "legal"})

def said_of(stated: CodeRuling, right: CodeRuling) -> bool:
    """Whether a wrong choice says nothing false of the right ruling: the same ruling, or a
    bare outcome ("Play goes on.", "A penalty.") that the right ruling is too. A ruling that
    states terms (who may choose what, the points) is both "a penalty" and "play goes on"
    (app.engine.ruling.meaning), so "A penalty." is true of "Play goes on. South scores 10.":
    marking it wrong would be a wrong 'wrong!'."""
    if also_true_of(stated, right):
        return True
    if right.outcome == "revoke" and stated.outcome == "penalty" and not stated.terms:
        return True  # a revoke is an offence the laws punish: "A penalty." is true of it
    # The same rights and points under another opening ("It is a misdeal. North may claim a
    # misdeal or ..." beside "The deal stands. North may claim a misdeal or ..."): whether the
    # deal stands is what the chooser decides, so the two say the same.
    if stated.options and stated.key()[1:] == right.key()[1:]:
        return True
    if a_branch_of(stated, right):
        return True
    bare = not stated.terms
    terms = right.terms
    # "No penalty." and "The play is lawful." deny a penalty, so they are not said of one;
    # "Play goes on." is not said of a ruling that lets a side end the deal (the French
    # "call the deal void": the English "play goes on" is the rival code's ruling).
    if stated.outcome != "penalty" and any(o.id in _ENDS_THE_DEAL for o in right.options):
        return False
    return (bare and terms and stated.outcome in _SAID_OF_TERMS
            and right.meaning == meaning(stated.outcome, True))


_LETS_IT_STAND = frozenset({"deal-stands", "play-on"})


def _deals_again(r: CodeRuling) -> bool:
    return not DEALS_AGAIN.isdisjoint(o.id for o in r.options)


def denies_the_fresh_deal(stated: CodeRuling, right: CodeRuling) -> bool:
    """Whether a wrong choice lets the deal stand with a correction of the hands where the
    right ruling leaves a fresh deal to the innocent side: false of it by its opening alone,
    "The deal stands. South may draw the surplus", which readers took for one branch of the
    right ruling (the 43rd blind round's #5, #6, #43). Its words then say the denial outright
    (deny_the_fresh_deal)."""
    return (stated.outcome in _LETS_IT_STAND and bool(stated.options)
            and _deals_again(right) and not _deals_again(stated))


def deny_the_fresh_deal(text: str) -> str:
    """A choice's words with its opening's denial of a fresh deal said outright."""
    for opening in ("The deal stands.", "Play goes on."):
        if text.startswith(opening):
            return f"{opening[:-1]}, and no fresh deal may be claimed.{text[len(opening):]}"
    return text


def a_branch_of(stated: CodeRuling, right: CodeRuling) -> bool:
    """Whether a wrong choice gives some of the right ruling's terms and nothing else, under
    an opening that denies nothing the ruling gives: a right without the others beside it
    (#70's "Play goes on. South has 40 taken off" of "A penalty. North may call the cards laid
    down. South has 40 taken off"), or a duty the law lays on one side worded as the other
    side's right to insist on it (#9's "North may make the offender draw two" of "South must
    draw two"; #139's replay Portland law 55 compels). Each says nothing false of the ruling,
    only less: strict readers held them second defensible answers, and the longest choice was
    the right one (the 33rd blind round). One branch of a choice of a fresh deal under "The
    deal stands" or "Play goes on" denies the fresh deal, and is false of the ruling."""
    if not stated.terms or stated.winner != right.winner:
        return False
    if stated.outcome in DENY_A_PENALTY and (right.options or right.duties):
        return False  # "No penalty." beside a right or a duty is false of it
    if (stated.outcome in _LETS_IT_STAND and _deals_again(right)
            and not _deals_again(stated)):
        # "The deal stands. North may draw the surplus" denies the fresh deal North may claim
        # (Club Code law 17): false of the ruling by its opening, the rival a learner who
        # forgets the fresh deal gives.
        return False
    theirs = set(right._rights())
    owed = {option_meaning(d.id) for d in right.duties}
    # Each half of a joined correction of two hands ("discard the surplus cards and have the
    # shortage made up"), held by the one who holds the whole (the 35th round's #118).
    halves = {(option_meaning(c), o.by) for o in right.options if o.id == BOTH_CORRECTED
              for c in corrections_of(o)}

    def held(r: tuple[str, str, tuple[tuple[str, int], ...]]) -> bool:
        return (r in theirs or (PART_OF.get(r[0], ""), *r[1:]) in theirs
                or (r[0], r[1]) in halves
                or (not r[0].startswith("must ") and r[0] in owed))

    return (set(stated.score.items()) <= set(right.score.items())
            and all(held(r) for r in stated._rights())
            and (bool(stated.score) or bool(stated.options)))
