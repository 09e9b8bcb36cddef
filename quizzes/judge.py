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
  while no wrong one does.

A choice of a ruling question is read back into the ruling it words (the outcome's opening,
who may choose what, the points), so the engine's own sense of "what a ruling says"
(app.engine.ruling.also_true_of) judges it.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.corpus.laws import Content
from app.engine import CodeRuling, Ruling, rule
from app.engine.handlers.declarations import missing_cards
from app.engine.ruling import OPTIONS, Decision, Option, also_true_of
from app.engine.table import Table
from app.model.games import Game
from app.model.scenario import Scenario, ScenarioError, parse_scenario
from quizzes.possible import table_problems
from quizzes.questions import Choice, Question
from quizzes.seen import laid_problems, meld_count_problems
from quizzes.stem import deciding_words, table_text
from quizzes.words import EITHER_CHOOSES, OUTCOME_WORDS, ruling_words, side_words

# Question types whose choices are names written for each law or item (restating the stem
# is possible only there).
NAMED_CHOICES = ("law", "authored")
CLASSES = ("two-answers", "fact-missing", "impossible-table", "law-not-fitting",
           "wrong-answer", "giveaway")


@dataclass(frozen=True)
class Finding:
    """One problem of one question, in one class."""

    question: str
    cls: str
    detail: str

    def __str__(self) -> str:
        return f"{self.question}: {self.cls}: {self.detail}"


# --- reading a ruling back from its words ------------------------------------------------
_OPENINGS = sorted([*((w + ".", o) for o, w in OUTCOME_WORDS.items()),
                    *((w + ".", "innocent-chooses") for w in EITHER_CHOOSES.values())],
                   key=lambda p: -len(p[0]))
_OPTION_BY_WORDS = {t.rstrip(".")[:1].lower() + t.rstrip(".")[1:]: oid
                    for oid, t in OPTIONS.items()}
_MAY = re.compile(r"^(?P<who>.+?) may (?P<what>.+)$")
_SCORES = re.compile(r"^(?P<who>.+?) (?:scores?|adds?|wins? it, worth) (?P<n>\d+)"
                     r"(?: to (?:his|their) score)?$")
_TAKEN = re.compile(r"^(?P<who>.+?) (?:has|have) (?P<n>\d+) taken off (?:his|their) score$")


def _names(text: str) -> list[str]:
    return [n.strip() for n in re.split(r",| or | and ", text) if n.strip()]


_BY_LENGTH = sorted(_OPTION_BY_WORDS, key=len, reverse=True)


def _options_named(what: str) -> list[str] | None:
    """The options a list of rights names ("claim a misdeal, make up the shortage ... or draw
    the surplus ..."), each matched whole (an option's own words may hold a comma or an
    "or"); None when a part is no option's words."""
    ids: list[str] = []
    rest = what.strip()
    while rest:
        words = next((w for w in _BY_LENGTH if rest.startswith(w)), None)
        if words is None:
            return None
        ids.append(_OPTION_BY_WORDS[words])
        rest = rest[len(words):]
        for sep in (", or ", ", ", " or "):
            if rest.startswith(sep):
                rest = rest[len(sep):]
                break
        else:
            if rest:
                return None
    return ids


def read_ruling(text: str, code: str, sides: Mapping[str, str]) -> CodeRuling | None:
    """The ruling a choice words (None when its words are not a ruling's)."""
    folded = " ".join(text.split())
    opening = next(((w, o) for w, o in _OPENINGS if folded.startswith(w)), None)
    if opening is None:
        return None
    words, outcome = opening
    rest = folded[len(words):].strip()
    by_side = {v: k for k, v in sides.items()}
    options: list[Option] = []
    score: dict[str, int] = {}
    for sentence in filter(None, (s.strip() for s in re.split(r"(?<=\.)\s+", rest))):
        sentence = sentence.rstrip(".")
        if sentence.startswith("If "):
            return None  # points under an option: not read back
        if (m := _MAY.match(sentence)) is not None:
            who = _names(m["who"])
            ids = _options_named(m["what"])
            if ids is None:
                return None
            options += [Option(str(i), p) for i in ids for p in who]
        elif (m := _SCORES.match(sentence)) is not None:
            score[by_side.get(m["who"], m["who"])] = int(m["n"])
        elif (m := _TAKEN.match(sentence)) is not None:
            score[by_side.get(m["who"], m["who"])] = -int(m["n"])
        else:
            return None
    return CodeRuling(code, Decision(outcome, (), "", tuple(options), score))


# --- the table and its ruling --------------------------------------------------------------
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


# --- the classes -----------------------------------------------------------------------
_STOP = frozenset({"that", "this", "with", "from", "have", "been", "were", "when", "which",
    "their", "there", "they", "them", "than", "then", "into", "only", "also", "does", "will",
    "would", "shall", "what", "whom", "whose", "each", "every", "other", "more", "most",
    "such", "some", "same", "before", "after", "under", "over", "upon", "player", "players",
    "card", "cards", "hand", "hands"})


def _content_words(text: str) -> set[str]:
    """The words that carry meaning, a plural's 's' aside ("tricks" is "trick")."""
    return {w[:-1] if w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-zà-ÿ]+", text.casefold())
            if len(w) > 3 and w not in _STOP}


def restates(choice: str, stem: str) -> bool:
    """Whether a choice is the stem restated: three words of meaning or more, most of them
    the stem's (a name of two words, "The last trick", names its subject, not the answer)."""
    words = _content_words(choice)
    return len(words) >= 3 and len(words & _content_words(stem)) >= 0.6 * len(words)


# Words that say nothing of a case: the function words, and the prompt's own ("which law
# decides this?") and the words every table uses.
_FUNCTION = frozenset({"the", "and", "for", "but", "his", "her", "him", "not", "has", "are",
    "was", "who", "may", "can", "had", "its", "any", "all", "how", "why", "one", "law", "laws",
    "decide", "decides", "deciding", "whether", "being", "while", "yet", "own"}) | _STOP
_SUFFIXES = ("ings", "ing", "ed", "es", "er", "s")


# Past forms a learner reads as their verb ("led" is "lead", "drew" is "draw").
_IRREGULAR = {"led": "lead", "drew": "draw", "saw": "see", "seen": "see", "won": "win",
              "took": "take", "threw": "throw", "lost": "lose", "laid": "lay"}


def _root(word: str) -> str:
    """A word's root as a learner matches it by eye: its ending cut, then its first four
    letters ("deals", "dealt", "dealer" are one; "shuffles", "shuffled", "shuffling" too)."""
    word = _IRREGULAR.get(word, word)
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 \
                and not (suffix == "s" and word.endswith("ss")):
            word = word[:-len(suffix)]
            if suffix != "s" and word[-1] == word[-2] and word[-1] not in "ls":
                word = word[:-1]  # a consonant doubled before the ending ("cutting" is "cut")
            break
    return word[:4]


def _roots(text: str) -> set[str]:
    return {_root(w) for w in re.findall(r"[a-zà-ÿ]+", text.casefold())
            if len(w) >= 3 and w not in _FUNCTION}


def says_again(choice: str, stem: str) -> bool:
    """Whether a choice says again what the stem says, read by eye: two words of meaning or
    more, most of them the stem's, a word matched by its first three letters once its ending
    is cut (quizzes.judge._root: "took" is "takes", "given" is "gives", "abandoned" is
    "abandoning")."""
    roots = {r[:3] for r in _roots(choice)}
    return len(roots) >= 2 and len(roots & {r[:3] for r in _roots(stem)}) >= 0.6 * len(roots)


def told_on_table(situation: str) -> str:
    """What a table question's stem says happened: its lines after the first. The first line
    (the game, the stage, the dealer, the trumps, the tricks and scores so far) is the same
    kind of line in every question on a table: its words tell no answer ("Scores so far" and
    "played" are no clue to "Playing a card of a combination not yet scored")."""
    return "\n".join(situation.split("\n")[1:])


def matched_stems(situation: str, prompt: str, on_table: bool, game_name: str
                  ) -> tuple[str, ...]:
    """The stems a learner may match the choices against: the whole stem, and on a table what
    it says happened (told_on_table). The right choice found by either is given away: the
    header's generic words ("Scores so far", "Tricks played") may echo a wrong choice and hide
    that the event's words single out the right one, and the header's stage words ("the stock
    exhausted") may single it out themselves."""
    whole = matched_stem(situation, prompt, game_name)
    return (whole, matched_stem(told_on_table(situation), prompt, game_name)) if on_table \
        else (whole,)


def matched_stem(situation: str, prompt: str, game_name: str) -> str:
    """The words a learner matches the choices against: the situation and the prompt, but the
    game's name, which every question of the game says ("Rubicon Bézique" is no clue to
    "the rubicon", nor "at Écarté" to "English écarté")."""
    # (nor the authority a disputed rule's reading follows: "following Hoffmann 1909" is no
    # clue to "Follow suit and win")
    prompt = re.sub(r", following [^?]*\?", "?", prompt)
    stem = f"{situation}\n{prompt.replace(f' of {game_name}', '')}"
    for word in re.findall(r"[^\W\d_]+", game_name):
        if len(word) > 3:
            stem = re.sub(rf"\b{re.escape(word)}\b", "", stem, flags=re.IGNORECASE)
    return stem


Weights = Mapping[str, float]


def title_weights(content: Content) -> Weights:
    """How telling each word root of a law's name is: the rarer among the names of all laws,
    the more ("revoke" tells more than "fail"), log(names / names with it). Cached per
    content: every question of the bank asks it."""
    key = id(content)
    cached = _WEIGHTS.get(key)
    if cached is None or cached[0] is not content:
        names = [law.title for law in content.laws.values()]
        counts: dict[str, int] = {}
        for name in names:
            for r in _roots(name):
                counts[r] = counts.get(r, 0) + 1
        cached = (content, {r: math.log(len(names) / n) for r, n in counts.items()})
        _WEIGHTS[key] = cached
    return cached[1]


_WEIGHTS: dict[int, tuple[Content, dict[str, float]]] = {}


def echo(choice: str, stem: str, common: frozenset[str] = frozenset(),
         weights: Weights | None = None) -> float:
    """How much of a choice's words (but those every choice shares) the stem also has: each
    shared root counts its weight (1 without weights)."""
    shared = (_roots(choice) - common) & _roots(stem)
    return math.fsum(sorted(weights.get(r, 1.0) if weights is not None else 1.0 for r in shared))


def restated_alone(right: list[Choice], wrong: list[Choice], stem: str,
                   weights: Weights | None = None) -> bool:
    """Whether the right choice can be found by matching the stem's words alone: it restates
    the stem and no wrong one does, or (weighed by how telling each word is among the laws'
    names, for choices that are laws' names) it shares more of the stem's words than any
    wrong one (the blind audit's class f: "deciding whether ... is
    a revoke" and "What counts as a revoke" beside three choices that say nothing of a
    revoke). Judged on what each choice says that the others do not (a clause every choice
    shares gives nothing away); a wrong choice that echoes the stem nearly as much (RIVAL) is a
    close rival, not a giveaway."""
    if not right:
        return False
    common = set.intersection(*(_content_words(c.text) for c in (*right, *wrong)))
    def own(c: Choice) -> str:
        return " ".join(_content_words(c.text) - common)

    if all(restates(own(c), stem) for c in right) \
            and not any(restates(own(c), stem) for c in wrong):
        return True
    if weights is None:
        return False
    shared = frozenset(set.intersection(*(_roots(c.text) for c in (*right, *wrong))))
    best_wrong = max((echo(c.text, stem, shared, weights) for c in wrong), default=0.0)
    return all(echo(c.text, stem, shared, weights) > best_wrong / RIVAL for c in right)


# A wrong choice that echoes the stem at least this share as much as the right one (weighed) is
# a close rival: "One hand too many cards, the other too few" and "Both hands have too many".
RIVAL = 0.8


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
    if lacking and not any(w in text for w in ("does not hold", "without the", "holds only")):
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
    if ruled is None:
        return out
    scenario, ruling = ruled
    text = f"{q.situation}\n{table_text(q.shown)}"
    code_rulings = [r for r in ruling.rulings if r.code == q.code] or list(ruling.rulings[:1])
    if q.type in ("ruling", "code"):
        code_rulings = list(ruling.rulings)  # every code's ruling is in the explanation
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
        right = ruling.for_code(q.code)
        points = max(sorted(right.score.items()), key=lambda kv: (abs(kv[1]), kv[1] > 0),
                     default=("", 0))[1]
        if q.answer != abs(points):
            out.append(Finding(q.id, "wrong-answer", f"marked {q.answer}, the engine: {points}"))
    elif q.type == "law":
        right = ruling.for_code(q.code)
        if q.law not in right.laws[:1]:
            out.append(Finding(q.id, "law-not-fitting",
                               f"the table's ruling rests on {right.laws[:1]}, not {q.law}"))
        for c in q.choices:
            if c.key != q.law and c.key in right.laws:
                out.append(Finding(q.id, "two-answers", f"[{c.key}] the ruling cites it too"))
    return out


def _judge_ruling(q: Question, content: Content, games: Mapping[str, Game], scenario: Scenario,
                  ruling: Ruling, game: Game) -> list[Finding]:
    out: list[Finding] = []
    right = ruling.for_code(q.code)
    sides = side_words(scenario, game)
    answer = q.answer if isinstance(q.answer, tuple) else ()
    marked = [c for c in q.choices if c.key in answer]
    if marked and " ".join(marked[0].text.split()) != " ".join(ruling_words(right, sides).split()):
        out.append(Finding(q.id, "wrong-answer", f"marked “{marked[0].text}”, the engine: "
                                                 f"“{ruling_words(right, sides)}”"))
    rivals = rival_rulings(content, games, scenario, right, q.prompt)
    for c in q.choices:
        if c.key in answer:
            continue
        said = read_ruling(c.text, q.code, sides)
        if said is None:
            continue
        if (why := _offender_given(said, right, scenario, game)):
            out.append(Finding(q.id, "giveaway", f"[{c.key}] “{c.text}” {why}"))
        if also_true_of(said, right):
            out.append(Finding(q.id, "two-answers", f"[{c.key}] “{c.text}” is true of the "
                                                    f"ruling"))
        elif any(said.key() == r.key() or also_true_of(said, r) for r in rivals):
            out.append(Finding(q.id, "two-answers", f"[{c.key}] “{c.text}” is what a rival "
                                                    f"reading of the law gives"))
    return out


def _erred(scenario: Scenario, game: Game) -> frozenset[str]:
    """The side the stem says erred: the event's player, or in a fault naming nobody (a wrong
    number dealt), the dealer; with his partner."""
    player = scenario.event.get("player")
    erred = player if isinstance(player, str) else scenario.dealer
    if erred not in scenario.players:
        return frozenset()
    return frozenset(Table(scenario, game).side(erred))


def _offender_given(said: CodeRuling, right: CodeRuling, scenario: Scenario, game: Game) -> str:
    """Why a wrong ruling is ruled out by the stem's own words, or "": "The innocent side
    chooses" with the choice given to the side the stem says erred (round 6's #111, #131: it
    contradicts itself)."""
    erred = _erred(scenario, game)
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
