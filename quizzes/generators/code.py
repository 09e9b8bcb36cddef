"""'English or French?': the same table under each code; which code gives this remedy?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from app.engine.core import principle_laws
from app.engine.ruling import MEANINGS, CodeRuling, also_true_of, meaning, option_meaning
from app.model.games import Game
from quizzes.accounts import account_of
from quizzes.checkable import rests_on_unchecked
from quizzes.generators.common import Found, builds_first_seed, find, public_table, seeded
from quizzes.judge import rival_rulings
from quizzes.questions import Choice, Question, question_id
from quizzes.readings import disputed
from quizzes.stem import with_deciding_facts
from quizzes.table_header import table_words
from quizzes.words import (
    code_words,
    event_words,
    ruling_words,
    side_words,
)

if TYPE_CHECKING:
    from quizzes.bank import QuestionBank

TYPE = "code"


def explanation(found: Found, code: str, sides: Mapping[str, str] | None = None,
                game: Game | None = None) -> str:
    """The engine's explanation, with what the other codes rule where they differ (a code
    silent where its own laws of the game were never read is not a choice, and rules
    nothing: _silent_unread)."""
    cr = found.for_code(code)
    parts = [cr.explanation]
    for other in found.ruling.rulings:
        if other.code != code and other.key() != cr.key() and not (
                game is not None and _silent_unread(game, other)):
            parts.append(f"Under the {code_words(other.code)} laws: "
                         f"{ruling_words(other, sides, game)}")
    return "\n".join(parts)


def laws(bank: QuestionBank) -> list[str]:
    """Laws whose ruling differs from every other code's, under every reading of theirs, for
    some table the question finds. The prompt names no reading (the authority of one code's
    reading points at that code: "following English Club Code" marked American, the blind
    audit's #115), so neither a law that is itself one reading of a disputed rule (or whose code
    holds a rival reading of its case: quizzes.readings.disputed) nor one whose
    ruling some reading of another code also gives has a question. Every code's ruling is
    compared, so none may rest on a law a learner cannot check (quizzes.checkable: the
    fourteenth round's #62, the English side of a Bézique ruling on the unidentified
    'Forfeits at Bézique' list)."""
    return [law_id for law_id in bank.survey.laws("differs") if _askable(bank, law_id)]


def _askable(bank: QuestionBank, law_id: str) -> bool:
    return not disputed(bank.content, bank.content.laws[law_id]) \
        and builds_first_seed(build, bank, law_id)


def same_elsewhere(bank: QuestionBank, law_ids: tuple[str, ...], code: str,
                   codes: tuple[str, ...]) -> bool:
    """Whether a law the ruling cites has a counterpart under another code of the table that
    the content says rules the same (contrast "same", either way): that code, read so, gives
    the answer too, whether or not a handler rules with it (the older English Écarté laws of
    Hoyle's Games Improved give Foster's "misdeal or draw the surplus from the dealer's hand",
    the blind audit's #54)."""
    content = bank.content
    same = _same_pairs(bank)
    for law_id in law_ids:
        for other in same.get(law_id, ()):
            found = content.laws.get(other)
            if found is not None and found.code != code and found.code in codes:
                return True
    return False


# Remedies that put the position back without punishing anyone: what a code's guiding
# principle gives where its laws are silent (the French "restore the status quo, presume the
# error innocent"; Foster's "no penalty where the error can profit nobody").
_RESTORING = frozenset({"goes-on", "replay"})
_RESTORING_OPTIONS = frozenset({"take-back", "replay"})


def principle_gives(bank: QuestionBank, game: str, answer: CodeRuling,
                    others: list[CodeRuling]) -> bool:
    """Whether a code silent on the table has a guiding principle that, applied to it, gives
    the answer's unpunishing remedy too: the French laws of Bézique "restore the status quo"
    in "a case they do not expressly cover", so "No penalty; North may take back the card"
    is theirs as much as Foster's (the fourth blind audit's D6, D27)."""
    restoring = (not answer.score and MEANINGS.get(answer.outcome) in _RESTORING
                 and all(i in _RESTORING_OPTIONS for i, _ in answer.acts))
    return restoring and any(
        r.outcome == "not-covered" and principle_laws(bank.content, game, r.code)
        for r in others)


def _same_pairs(bank: QuestionBank) -> dict[str, set[str]]:
    """Each law's counterparts of contrast "same", either way (made once per content)."""
    key = id(bank.content)
    cached = _SAME.get(key)
    if cached is None or cached[0] is not bank.content:
        pairs: dict[str, set[str]] = {}
        for law in bank.content.laws.values():
            for cp in law.counterparts:
                if cp.contrast == "same":
                    pairs.setdefault(law.id, set()).add(cp.law)
                    pairs.setdefault(cp.law, set()).add(law.id)
        cached = _SAME[key] = (bank.content, pairs)
    return cached[1]


_SAME: dict[int, tuple[object, dict[str, set[str]]]] = {}

# A right to mark points omitted "while the law still allows it" turns on whether they were
# marked already, a fact no table shows.
_UNSHOWN_RIGHTS = frozenset({"mark-omitted"})


def alike(one: CodeRuling, other: CodeRuling) -> bool:
    """Whether a code question could not tell two codes' rulings apart: the same meaning and
    the same rights (a right to mark points omitted aside), and points that agree wherever
    both give them, one's a part of the other's. Where two codes' rulings differ only there,
    the difference is the bookkeeping of a point (the dealer's turned king, marked at once
    under Foster, markable until the next turn-up under the Club Code) that no table shows:
    "A penalty. North scores 2." is the refuser's loss under Foster and under the Club Code's
    law 49 alike (the blind audit's #119 and #79)."""
    def rights(cr: CodeRuling) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((option_meaning(o.id), o.by) for o in cr.options
                            if o.id not in _UNSHOWN_RIGHTS))

    if meaning(one.outcome) != meaning(other.outcome) or rights(one) != rights(other):
        return False
    a, b = set(one.score.items()), set(other.score.items())
    return bool(a) == bool(b) and (a <= b or b <= a)


def unknown_alike(answer: CodeRuling, other: CodeRuling) -> bool:
    """Whether another code names the answer's fault but holds no remedy for it (Foster's
    renounce at Écarté, not retrieved: CodeRuling.remedy_unknown): the missing law may give the
    answer's remedy, so that code cannot be marked wrong for it (the sixth blind round's #176,
    "It is a revoke … North may have the whole hand played again": which code?)."""
    return other.remedy_unknown and meaning(other.outcome) == meaning(answer.outcome)


def _silent_unread(game: Game, ruling: CodeRuling) -> bool:
    """Whether a code is silent on the table where its own laws of the game were never read
    (the games file's `unread`): the unread text may give the answer, so the code is no wrong
    choice (the twenty-seventh blind round's #41, Foster's American Bézique, whose ordinary
    Bézique section prints the French laws)."""
    return ruling.outcome == "not-covered" and bool(game.facts.codes[ruling.code].unread)


def _code_label(bank: QuestionBank, found: Found, code: str) -> str:
    """A choice: the code, and the account its ruling rests on where its law names one ("The
    English laws, as Victorian household rules (Enquire Within) give them"): a code of two
    accounts that differ is not one answer (the twenty-second blind round's #62, Enquire
    Within's forfeit credited to 'the English laws', which Foster reports otherwise)."""
    laws = [bank.content.laws[x] for x in found.for_code(code).laws if x in bank.content.laws]
    accounts = list(dict.fromkeys(a for law in laws if law.code == code
                                  and (a := account_of(bank.content, law))))
    said = f", {accounts[0]}" if len(accounts) == 1 else ""
    return f"The {code_words(code)} laws{said}"


def build(bank: QuestionBank, law_id: str, seed: int) -> Question:
    """The question for a law and a seed."""
    law = bank.content.laws[law_id]
    rng = seeded(TYPE, law_id, seed)

    def unique(found: Found) -> bool:
        # The prompt names no authority (naming the reading one code follows points at that
        # code), so no reading of another code's disputed rule may give the answer either.
        answer = found.for_code(law.code)
        others = [r for r in found.ruling.rulings if r.code != law.code]
        readings = [x for r in others for x in (r, *rival_rulings(
            bank.content, bank.games, found.scenario, r))]
        # Every code's ruling is compared: none may be two readings (Decision.contested).
        return not any(r.contested for r in found.ruling.rulings) \
            and not any(also_true_of(answer, r) or answer.key() == r.key()
                       or alike(answer, r) or unknown_alike(answer, r) for r in readings) \
            and any(r.outcome != "not-covered" for r in others) \
            and not any(rests_on_unchecked(bank.content, r.laws) for r in others) \
            and not same_elsewhere(bank, answer.laws, law.code, found.scenario.codes) \
            and not principle_gives(bank, found.scenario.game, answer, others)

    found = find(bank, law_id, law.code, bank.survey.combos(law_id, "differs"), rng, unique,
                 deciding=True)
    cr = found.for_code(law.code)
    game = bank.games[found.scenario.game]
    sides = side_words(found.scenario, game)
    choices = tuple(Choice(c, _code_label(bank, found, c), c) for c in found.scenario.codes
                    if not _silent_unread(game, found.for_code(c)))
    table = public_table(found.table)
    seen = public_table(found.seen)
    # The codes are told apart by what each turned on: every fact any of them read is stated.
    situation = with_deciding_facts(
        f"{table_words(found.scenario, game)}\n{event_words(found.scenario, game)}",
        found.ruling.rulings, found.scenario, seen)
    return Question(
        id=question_id(TYPE, law_id, seed),
        type=TYPE,
        game=law.game,
        topic=law.topic,
        code=law.code,
        laws=(law_id, *[x for x in cr.laws if x != law_id]),
        prompt=f"Which code of laws gives this ruling? “{ruling_words(cr, sides, game)}”",
        situation=situation,
        kind="single",
        choices=choices,
        answer=(law.code,),
        explanation=explanation(found, law.code, sides, game),
        links=bank.links((law_id, *cr.laws)),
        table=table,
        seen=seen,
    )
