"""Judging a question as a strict learner would, from the laws and the engine's rulings alone
(issue 25): never by asking the generators' own predicates again.

Each problem falls in one class of the blind audit:

- two-answers: a wrong choice is also defensible (it reads as the answer does, it is true of
  the right ruling, a rival reading of the law gives it, the table's ruling also cites it);
- fact-missing: a fact the ruling turned on is stated neither in the stem nor the table (a
  declaration made without the cards, left for the learner to find in the hand, among them);
- impossible-table: the table could not happen (quizzes/possible.py), or the stem says so;
- law-not-fitting: the law marked right does not decide the table shown;
- wrong-answer: the engine, ruling the table shown, gives another answer;
- giveaway: the source is shown before the answer, or the right choice restates the stem
  while no wrong one does;
- unchecked-source: the answer rests on a law a learner cannot check in a named printed source
  (quizzes/checkable.py).

A choice of a ruling question is read back into the ruling it words (the outcome's opening,
who may choose what, the points), so the engine's own sense of "what a ruling says"
(app.engine.ruling.also_true_of) judges it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.corpus.laws import Content
from app.engine import CodeRuling, Ruling, rule
from app.engine.handlers.declarations import missing_cards
from app.engine.ruling import (
    MEANINGS,
    also_true_of,
    meaning,
    option_meaning,
)
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from quizzes import sides as actors
from quizzes.checkable import unchecked_findings
from quizzes.choice_premises import choice_premise_problems
from quizzes.cited_laws import source_findings
from quizzes.count_giveaways import count_giveaways
from quizzes.possible import table_problems
from quizzes.questions import Question
from quizzes.read_back import read_ruling, refutes_itself
from quizzes.seen import laid_problems, meld_count_problems
from quizzes.stem import deciding_words, table_text
from quizzes.stem_echoes import (
    matched_stems,
    restated_alone,
    title_weights,
)
from quizzes.words import ruling_words, side_words

# Question types whose choices are names written for each law or item (restating the stem
# is possible only there).
NAMED_CHOICES = ("law", "authored")
CLASSES = ("two-answers", "fact-missing", "impossible-table", "law-not-fitting",
           "wrong-answer", "giveaway", "unchecked-source")


@dataclass(frozen=True)
class Finding:
    """One problem of one question, in one class."""

    question: str
    cls: str
    detail: str

    def __str__(self) -> str:
        return f"{self.question}: {self.cls}: {self.detail}"


def law_point(ruling: CodeRuling) -> tuple[str, frozenset[tuple[str, str]], frozenset[str], bool]:
    """What a ruling decides apart from its figures: the outcome's class, who holds which right,
    who is given points, and whether points are taken off (how many, and off whose score, are
    figures the stem states: it says who marked what)."""
    return (MEANINGS.get(ruling.outcome, ruling.outcome),
            frozenset((option_meaning(o.id), o.by) for o in ruling.options),
            frozenset(p for p, n in ruling.score.items() if n > 0),
            any(n < 0 for n in ruling.score.values()))


def remedy_point(ruling: CodeRuling) -> tuple[str, frozenset[str], frozenset[str], bool, bool]:
    """What a ruling decides apart from who holds it and the figures: the outcome's class,
    which rights and duties it states, whether it gives points and whether it takes any off
    (the tenth blind round's #4, #40, #47: wrong choices that only give the right to the
    player the stem shows did nothing wrong, or set back the wrong player)."""
    return (MEANINGS.get(ruling.outcome, ruling.outcome),
            frozenset(option_meaning(o.id) for o in ruling.options),
            frozenset(d.id for d in ruling.duties),
            any(n > 0 for n in ruling.score.values()),
            any(n < 0 for n in ruling.score.values()))


def figures_only(right: CodeRuling, wrong: Iterable[CodeRuling]) -> bool:
    """Whether every wrong ruling offered shares the right one's outcome class and remedy,
    and differs only in a figure (round 6's #107, #122: all "No penalty", points taken off one
    side or another) or in who holds the right or is set back (the tenth round's #4, #40, #47):
    the choices never test the law's point, only the stem's figure or whose error it was."""
    wrong = list(wrong)
    return bool(wrong) and all(remedy_point(w) == remedy_point(right) for w in wrong)


# --- the table and its ruling --------------------------------------------------------------
def wider_under_the_law(other: CodeRuling, right: CodeRuling) -> bool:
    """Whether a ruling gives the right one's rights and more, by a law the right one cites:
    the law's whole remedy ("insist that the suit named be played, or direct which card"),
    of which the table makes a part moot (the leader holds none of the suit he named). Quoted
    from the law, it is no wrong ruling (the ninth blind round's #171, #194)."""
    rights = set(right.acts)  # (a duty read as a right is no wider: round 10's #68)
    wider = set(other.acts)
    return (meaning(other.outcome) == meaning(right.outcome) and other.score == right.score
            and rights < wider and bool(set(other.laws) & set(right.laws)))


def _ruled(q: Question, games: Mapping[str, Game], content: Content
           ) -> tuple[Scenario, Ruling] | None:
    if q.table is None:
        return None
    raw = dict(q.table)
    raw.setdefault("event", {"type": "imperfect-pack"})
    try:
        scenario = parse_scenario(raw, games)
    except ScenarioError:
        return None
    return scenario, rule(scenario, games, content)


def rival_rulings(content: Content, games: Mapping[str, Game], scenario: Scenario,
                  right: CodeRuling, prompt: str = "") -> list[CodeRuling]:
    """What a rival reading of a law the right ruling cites gives on this table: each other
    reading of its variant group, the table ruled following it (a reading no handler rules
    gives what the laws it rules the same as give: its counterparts of contrast "same")."""
    out: list[CodeRuling] = []
    for law_id in right.laws:
        law = content.laws.get(law_id)
        if law is None or not law.variant_of or f"following {law.authority}" in prompt:
            continue  # (a question that names the reading it follows rules the others out)
        for other in content.variants.get(law.variant_of, ()):
            if other.id == law.id:
                continue
            following = msgspec_replace(scenario, variants={**scenario.variants,
                                                            law.variant_of: other.id})
            again = rule(following, games, content).for_code(right.code)
            if other.id in again.laws:
                out.append(again)
                continue
            for cp in other.counterparts:
                same = content.laws.get(cp.law)
                if cp.contrast == "same" and same is not None and same.code in scenario.codes:
                    out.append(rule(scenario, games, content).for_code(same.code))
    return out


def msgspec_replace(scenario: Scenario, **changes: Any) -> Scenario:
    """The scenario with some fields changed (it is a frozen structure)."""
    names = getattr(scenario, "__struct_fields__", None) or tuple(
        f.name for f in dataclasses.fields(scenario))
    fields = {f: getattr(scenario, f) for f in names}
    fields.update(changes)
    return type(scenario)(**fields)


def giveaways(q: Question, content: Content) -> list[Finding]:
    """The source shown before the answer; the right choice the stem restated, no wrong one."""
    out: list[Finding] = []
    law = content.laws.get(q.law)
    shown = f"{q.prompt}\n{q.situation}"
    if law is not None:
        # (The authority of a disputed rule's reading is named: the question says which reading
        # it asks about. Its book and section are the source.)
        for said in (law.source, law.citation):
            if said and len(said) > 8 and said in shown:
                out.append(Finding(q.id, "giveaway", f"the source is shown: {said!r}"))
                break
    # Choices in the learner's words (a law's name, an author's answer) can echo the stem; a
    # ruling's choices are worded from the outcomes' fixed words, the same for every table.
    if q.type in NAMED_CHOICES and len(q.choices) > 2 and isinstance(q.answer, tuple):
        game = content.games.get(q.game)
        right = [c for c in q.choices if c.key in q.answer]
        wrong = [c for c in q.choices if c.key not in q.answer]
        weights = title_weights(content) if q.type == "law" else None
        if any(restated_alone(right, wrong, stem, weights)
               for stem in matched_stems(q.situation, q.prompt, q.table is not None,
                                         game.name if game is not None else "")):
            out.append(Finding(q.id, "giveaway", f"[{right[0].key}] restates the stem"))
    return out


def _said_in_words(scenario: Scenario, situation: str, game: Game | None) -> list[str]:
    """A false declaration is said so in words: the cards he lacks, or that he lacks them."""
    ev = scenario.event
    if ev.type != "false-declaration":
        return []
    player, declared = ev.get("player"), ev.get("declared")
    hand = scenario.hands.get(str(player))
    if not isinstance(hand, tuple) or not isinstance(declared, str):
        return []
    lacking = missing_cards(declared, hand, scenario.trump, game)
    if lacking is None:
        return []
    text = situation.casefold()
    if lacking and not any(w in text for w in ("does not hold", "without the", "holds only",
                                               "holds no ")):
        return [f"{player} declared without the cards, and the stem does not say so"]
    if not lacking and not any(w in text for w in ("holds the cards for it", "which he holds",
                                                  "though he holds")):
        return [f"{player} holds the cards he declared, and the stem does not say so"]
    return []


def judge(q: Question, content: Content, games: Mapping[str, Game]) -> list[Finding]:
    """Every problem of one question, each in its class."""
    out = giveaways(q, content)
    if q.table is not None:
        out += [Finding(q.id, "impossible-table", p) for p in table_problems(q.table, games)]
    if q.shown is not None:
        out += [Finding(q.id, "impossible-table", p) for p in laid_problems(q.shown)]
        shown_game = games.get(str(q.shown.get("game")))
        if shown_game is not None:
            pack = shown_game.for_table(dict(q.shown.get("variants") or {})).pack.size
            out += [Finding(q.id, "impossible-table", p)
                    for p in meld_count_problems(q.shown, pack)]
    ruled = _ruled(q, games, content)
    out += [Finding(q.id, "unchecked-source", w)
            for w in unchecked_findings(q, content, ruled[1] if ruled else None)]
    if ruled is None:
        return out
    scenario, ruling = ruled
    text = f"{q.situation}\n{table_text(q.shown)}"
    code_rulings = [r for r in ruling.rulings if r.code == q.code] or list(ruling.rulings[:1])
    if q.type == "code":
        code_rulings = list(ruling.rulings)  # the codes are told apart by what each read
    out += source_findings(q, content, scenario, ruling)
    if q.type == "revoke" and q.table is not None and "event" not in q.table:
        code_rulings = []  # the card is the learner's to choose
    missing = deciding_words(code_rulings, q.situation, scenario, q.shown)
    if missing:
        out.append(Finding(q.id, "fact-missing", missing))
    game = games[scenario.game]
    out += [Finding(q.id, "fact-missing", w) for w in _said_in_words(scenario, text, game)]
    if q.type == "ruling":
        out += _judge_ruling(q, content, games, scenario, ruling, game)
    elif q.type == "code":
        out += _judge_code(q, scenario, ruling, game)
        out += _authority_named(q, content, ruling)
    elif q.type == "penalty":
        out += _judge_count(q, scenario, ruling.for_code(q.code), game)
    elif q.type == "law":
        right = ruling.for_code(q.code)
        if q.law not in right.laws[:1]:
            out.append(Finding(q.id, "law-not-fitting",
                               f"the table's ruling rests on {right.laws[:1]}, not {q.law}"))
        for c in q.choices:
            if c.key != q.law and c.key in right.laws:
                out.append(Finding(q.id, "two-answers", f"[{c.key}] the ruling cites it too"))
    return out


def _judge_count(q: Question, scenario: Scenario, right: CodeRuling,
                 game: Game) -> list[Finding]:
    """A count: the engine's figure for the scorer the prompt names, read from the prompt
    (not from the generator's pick), and nothing the stem alone answers (quizzes.
    count_giveaways: a figure it states, a difference of its figures, the side the law
    decides named)."""
    named = [p for p in scenario.players if re.search(rf"\b{re.escape(p)}\b", q.prompt)]
    figures = [v for p, v in right.score.items() if p in named]
    if not figures:
        return [Finding(q.id, "wrong-answer", f"the engine scores none of {named}")]
    if q.answer != abs(figures[0]):
        return [Finding(q.id, "wrong-answer", f"marked {q.answer}, the engine: {figures[0]}")]
    return [Finding(q.id, "giveaway", why) for why in
            count_giveaways(q.answer, q.situation, scenario, right, named)]


def _judge_ruling(q: Question, content: Content, games: Mapping[str, Game], scenario: Scenario,
                  ruling: Ruling, game: Game) -> list[Finding]:
    out: list[Finding] = []
    right = ruling.for_code(q.code)
    sides = side_words(scenario, game)
    answer = q.answer if isinstance(q.answer, tuple) else ()
    marked = [c for c in q.choices if c.key in answer]
    engine_words = ruling_words(right, sides, game)
    if marked and " ".join(marked[0].text.split()) != " ".join(engine_words.split()):
        out.append(Finding(q.id, "wrong-answer", f"marked “{marked[0].text}”, the engine: "
                                                 f"“{engine_words}”"))
    rivals = rival_rulings(content, games, scenario, right, q.prompt)
    read = [read_ruling(c.text, q.code, sides) for c in q.choices if c.key not in answer]
    real = [*ruling.rulings, *rivals]
    acted = actors.erred(scenario, game)
    if all(r is not None for r in read) and read and all(
            figures_only(right, [r]) or actors.falls_on_bystanders(r, real, acted)
            for r in read if r):
        out.append(Finding(q.id, "giveaway", "every wrong choice shares the ruling's outcome "
                                             "and remedy, differing only in a figure or in "
                                             "who holds it, or sets back only a player who "
                                             "did not act"))
    wrong_read = {c.key: read_ruling(c.text, q.code, sides) for c in q.choices
                  if c.key not in answer}
    out += [Finding(q.id, cls, why) for cls, why in
            choice_premise_problems(q, content, games, scenario, ruling, wrong_read)]
    for c in q.choices:
        if refutes_itself(c.text):
            out.append(Finding(q.id, "giveaway", f"[{c.key}] “{c.text}” fines beside "
                                                 f"“No penalty”"))
        if c.key in answer:
            continue
        said = read_ruling(c.text, q.code, sides)
        if said is None:
            continue
        if (why := _offender_given(said, right, scenario, game)):
            out.append(Finding(q.id, "giveaway", f"[{c.key}] “{c.text}” {why}"))
        for duty in actors.duties_on_bystanders(said, real, acted):
            out.append(Finding(q.id, "giveaway", f"[{c.key}] “{c.text}” lays a duty on "
                                                 f"{duty.by}, who did not act"))
        if also_true_of(said, right):
            out.append(Finding(q.id, "two-answers", f"[{c.key}] “{c.text}” is true of the "
                                                    f"ruling"))
        elif any(said.key() == r.key() or also_true_of(said, r) for r in rivals):
            out.append(Finding(q.id, "two-answers", f"[{c.key}] “{c.text}” is what a rival "
                                                    f"reading of the law gives"))
    return out


def _offender_given(said: CodeRuling, right: CodeRuling, scenario: Scenario, game: Game) -> str:
    """Why a wrong ruling is ruled out by the stem's own words, or "": "The innocent side
    chooses" with the choice given to the side the stem says erred (round 6's #111, #131: it
    contradicts itself)."""
    erred = frozenset(actors.erred(scenario, game))
    holders = {o.by for o in said.options} | set(said.score)
    named = ", ".join(sorted(erred & holders))
    if not named:
        return ""
    if said.outcome == "innocent-chooses" and erred & {o.by for o in said.options}:
        return f"gives the innocent side's choice to {named}, who erred"
    return ""


def _judge_code(q: Question, scenario: Scenario, ruling: Ruling, game: Game) -> list[Finding]:
    out: list[Finding] = []
    sides = side_words(scenario, game)
    quoted = re.search(r"“(.*)”", q.prompt)
    if quoted is None:
        return out
    shown = read_ruling(quoted[1], q.code, sides)
    if shown is None:
        return out
    fits = [r.code for r in ruling.rulings
            if r.outcome != "not-covered" and (shown.key() == r.key() or also_true_of(shown, r))]
    if q.code not in fits:
        out.append(Finding(q.id, "wrong-answer", f"the {q.code} ruling is not “{quoted[1]}”"))
    for code in fits:
        if code != q.code:
            out.append(Finding(q.id, "two-answers", f"the {code} ruling is “{quoted[1]}” too"))
    return out


def _authority_named(q: Question, content: Content, ruling: Ruling) -> list[Finding]:
    """A code question names no code's authority: "following English Club Code" points at the
    English laws whichever is marked (the blind audit's #86 and #115): the answer's own gives it
    away, another's contradicts it."""
    out: list[Finding] = []
    for r in ruling.rulings:
        for law_id in r.laws:
            law = content.laws.get(law_id)
            if law is None or not law.authority or f"following {law.authority}" not in q.prompt:
                continue
            if r.code == q.code:
                out.append(Finding(q.id, "giveaway", f"the prompt names {law.authority}, the "
                                                     f"authority of the answer's {law_id}"))
            else:
                out.append(Finding(q.id, "impossible-table", f"the prompt names "
                                   f"{law.authority}, the {r.code} law {law_id}'s authority"))
    return out


def judge_all(questions: Iterable[Question], content: Content,
              games: Mapping[str, Game]) -> list[Finding]:
    """Every problem of every question."""
    return [f for q in questions for f in judge(q, content, games)]
