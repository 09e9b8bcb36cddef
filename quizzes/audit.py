"""Auditing the bank: does every question have exactly one defensible answer?

A question fails when two of its choices read the same (the same text, or rulings whose
outcomes mean the same thing and whose options and points agree), when a wrong choice is a
rival reading of the answer (a law of the same game, code and case, or of the same variant
group), or when a wrong choice is a law the table's ruling also cites. `audit_bank` builds
every item of the bank for several seeds and lists every problem found. Each question is also
judged from the laws and the engine's rulings alone, class by class (quizzes/judge.py). The
whole-bank test and `python -m app quiz audit` run both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from app.corpus.laws import Content, Law
from app.engine import rule
from app.engine.ruling import CodeRuling, Decision, also_true_of, meaning
from app.model.scenario import parse_scenario
from quizzes.judge import CLASSES, Finding, judge
from quizzes.questions import Question, QuestionError
from quizzes.words import OUTCOME_WORDS, disputed

# Opening words -> outcome, longest first so that no opening shadows a longer one.
_OPENINGS = sorted(
    ((words + ".", outcome) for outcome, words in OUTCOME_WORDS.items()),
    key=lambda pair: -len(pair[0]),
)


@dataclass(frozen=True)
class Problem:
    """One way a question fails to have a single defensible answer."""

    question: str
    kind: str  # same-reading, two-wordings, rival-reading, also-decides,
    # reading-bears-on, unnamed-reading
    detail: str

    def __str__(self) -> str:
        return f"{self.question}: {self.kind}: {self.detail}"


def _opening(text: str) -> str | None:
    """The outcome a choice opens with, if any."""
    folded = " ".join(text.split()).casefold()
    return next((o for words, o in _OPENINGS if folded.startswith(words.casefold())), None)


def reading(text: str) -> str:
    """What a choice says, with an outcome's words replaced by its meaning class."""
    folded = " ".join(text.split()).casefold()
    for words, outcome in _OPENINGS:
        if folded.startswith(words.casefold()):
            terms = folded[len(words) :]
            return f"<{meaning(outcome, bool(terms.strip()))}>{terms}"
    return folded


def rivals(content: Content, a: Law, b: Law) -> bool:
    """Whether two laws are readings of the same case: same game, code and case, or variants."""
    if a.id == b.id:
        return False
    if a.variant_of and a.variant_of == b.variant_of:
        return True
    return bool(a.case) and (a.game, a.code, a.case) == (b.game, b.code, b.case)


def _names_reading(q: Question, law: Law) -> bool:
    """Whether the prompt says which reading it asks about: generated prompts say "following"
    and the authority; an author may name it in his own words (a name from the authority)."""
    if q.type != "authored":
        return f"following {law.authority}" in q.prompt
    names = [w.strip("(),'") for w in law.authority.split() if w[:1].isupper() and len(w) > 4]
    return any(name in q.prompt for name in names)


def _bearing(content: Content, law: Law) -> set[str]:
    """Laws of its code that the readings of a disputed rule name as related: beside a law
    asked without a table, each is a second answer (the law generator now asks on tables only;
    the check judges any question handed to the audit). Empty when every law of the code is
    one of them."""
    if not law.variant_of:
        return set()
    readings = content.variant_groups_of(law.game).get(law.variant_of, (law,))
    found = {r for reading in (law, *readings) for r in reading.related
             if r in content.laws and content.laws[r].code == law.code}
    others = {o.id for o in content.laws_for(law.game, law.code)} - {law.id}
    return found if others - found - {x.id for x in readings} else set()


def question_problems(content: Content, games: object, question: Question) -> list[Problem]:
    """Every way one question has more (or fewer) than one defensible answer."""
    out: list[Problem] = []
    q = question
    asked: tuple[str, ...] = q.laws if q.type != "law" else (q.law,)
    if q.type == "authored":
        # An author may cite a rival reading for contrast (both of a group cited, the answer
        # set against the other); a reading cited alone is one the answer rests on.
        groups = [content.laws[x].variant_of for x in q.laws if x in content.laws]
        asked = (q.law, *(x for x in q.laws[1:] if x in content.laws
                          and groups.count(content.laws[x].variant_of) == 1))
    for law_id in asked:
        law = content.laws.get(law_id)
        if law is not None and disputed(content, law) and not _names_reading(q, law):
            out.append(Problem(q.id, "unnamed-reading", f"{law_id} is one reading of a rule"))
    if q.type == "ruling":
        openings: dict[str, str] = {}
        for c in q.choices:
            found = _opening(c.text)
            if found is not None and openings.setdefault(meaning(found), found) != found:
                out.append(Problem(q.id, "two-wordings", f"[{c.key}] words a meaning differently"))
    seen: dict[str, str] = {}
    for c in q.choices:
        said = reading(c.text) if q.type in ("ruling", "code") else " ".join(c.text.split())
        said = said.casefold()
        if said in seen:
            out.append(Problem(q.id, "same-reading", f"[{seen[said]}] and [{c.key}] read alike"))
        seen.setdefault(said, c.key)
    if q.type == "ruling" and q.table is not None:
        # No wrong choice may be true of the right ruling: a bare outcome it also is (the
        # engine's sense of what a ruling says: quizzes/judge.py reads every choice so too).
        scenario = parse_scenario(dict(q.table), games)  # type: ignore[arg-type]
        ruled = rule(scenario, games, content)  # type: ignore[arg-type]
        right = ruled.for_code(q.code)
        bare = {OUTCOME_WORDS[o] + ".": o for o in OUTCOME_WORDS}
        answer = q.answer if isinstance(q.answer, tuple) else ()
        for c in q.choices:
            outcome = bare.get(" ".join(c.text.split()))
            if c.key in answer or outcome is None:
                continue
            if also_true_of(CodeRuling(q.code, Decision(outcome, (), "")), right):
                out.append(Problem(q.id, "true-of-the-answer",
                                   f"[{c.key}] “{c.text}” is true of the ruling too"))
    if q.type == "code" and q.table is not None and q.code is not None:
        # The ruling shown must be true of its code alone, not of another code's ruling too.
        scenario = parse_scenario(dict(q.table), games)  # type: ignore[arg-type]
        ruled = rule(scenario, games, content)  # type: ignore[arg-type]
        shown = ruled.for_code(q.code)
        for ruling in ruled.rulings:
            if ruling.code != q.code and also_true_of(shown, ruling):
                out.append(Problem(q.id, "two-codes-fit",
                                   f"the {ruling.code} ruling is also “{ruling.outcome}”"))
    if q.type == "law":
        asked_law = content.laws[q.law]
        bearing = _bearing(content, asked_law)
        cited: tuple[str, ...] = ()
        if q.table is not None:
            scenario = parse_scenario(dict(q.table), games)  # type: ignore[arg-type]
            cited = rule(scenario, games, content).for_code(q.code).laws  # type: ignore[arg-type]
        for c in q.choices:
            if c.key == q.law or c.key not in content.laws:
                continue
            choice = content.laws[c.key]
            if rivals(content, asked_law, choice):
                out.append(Problem(q.id, "rival-reading", f"[{c.key}] {choice.id}"))
            elif c.key in cited:
                out.append(Problem(q.id, "also-decides", f"[{c.key}] {choice.id}"))
            elif q.table is None and c.key in bearing:
                out.append(Problem(q.id, "reading-bears-on", f"[{c.key}] {choice.id}"))
    return out


# The class of the blind audit (quizzes/judge.py CLASSES) each of the checks above is in.
KIND_CLASS = {
    "same-reading": "two-answers", "two-wordings": "two-answers",
    "rival-reading": "two-answers", "also-decides": "two-answers",
    "true-of-the-answer": "two-answers", "two-codes-fit": "two-answers",
    "reading-bears-on": "two-answers", "unnamed-reading": "two-answers",
}


@dataclass(frozen=True)
class Audit:
    """Questions built per type, and every problem found: the checks of one defensible answer
    above (`problems`), and the judgement of each question from the laws and the engine's
    rulings, class by class (`findings`, quizzes/judge.py)."""

    built: dict[str, int]
    problems: tuple[Problem, ...]
    findings: tuple[Finding, ...] = ()

    def failing(self, qtype: str | None = None) -> int:
        """How many questions (of a type) have at least one problem."""
        failing = {p.question for p in self.problems} | {f.question for f in self.findings}
        return len({q for q in failing if qtype is None or q.startswith(f"{qtype}:")})

    def by_class(self) -> dict[str, set[str]]:
        """The questions failing in each class of the audit (every class named)."""
        out: dict[str, set[str]] = {c: set() for c in CLASSES}
        for p in self.problems:
            out[KIND_CLASS.get(p.kind, "two-answers")].add(p.question)
        for f in self.findings:
            out[f.cls].add(f.question)
        return out


def questions(bank: object, seeds: Iterable[int]) -> Iterator[Question]:
    """Every item of the bank built from each seed (items no seed can build are skipped)."""
    from quizzes.bank import QuestionBank

    assert isinstance(bank, QuestionBank)
    seeds = tuple(seeds)
    for info in bank.items.values():
        for seed in seeds:
            try:
                yield bank.generate(info.type, info.law, seed)
            except QuestionError:
                continue


def audit_bank(bank: object, seeds: Iterable[int] = (0, 1, 2)) -> Audit:
    """Build every item for each seed and list every problem found."""
    from quizzes.bank import QuestionBank

    assert isinstance(bank, QuestionBank)
    return audit_questions(bank, questions(bank, seeds))


def audit_questions(bank: object, built_questions: Iterable[Question]) -> Audit:
    """Every problem of questions already built from the bank (audit_bank builds them)."""
    from quizzes.bank import QuestionBank

    assert isinstance(bank, QuestionBank)
    built: dict[str, int] = {}
    problems: list[Problem] = []
    findings: list[Finding] = []
    for q in built_questions:
        built[q.type] = built.get(q.type, 0) + 1
        problems += question_problems(bank.content, bank.games, q)
        findings += judge(q, bank.content, bank.games)
    return Audit(built, tuple(problems), tuple(findings))
