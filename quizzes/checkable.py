"""Which laws a quiz may ask: those a learner can check in a named printed source.

A quiz marks an answer right or wrong on a law's authority. A law whose source is a modern web
page or a printed text whose book is not identified (`Source.kind` in content/sources.toml),
or whose rule is inferred from its source rather than written in it (`Law.inference`), or
could not be confirmed for its code (`Law.unconfirmed`), is one a learner cannot check: the
blind readers flag every question resting on one (the fourteenth round's #62, the Victorian
'Forfeits at Bézique' list; #127, one modern website; #150, a rule inferred from the
Britannica). Such laws stay in the rules browser; the quizzes neither ask them nor ask a
ruling that cites one, nor compare a ruling that does (a "which code gives this ruling?"
where another code's ruling rests on one).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from app.corpus.laws import Content, Law
from app.corpus.sources import cited_key

if TYPE_CHECKING:
    from app.engine import Ruling
    from quizzes.questions import Question

_KIND_WORDS = {"modern-web": "a modern web page", "book-not-identified": "of no identified book"}


def unchecked_why(content: Content, law: Law) -> str:
    """Why a learner cannot check the law in a named printed source, in a few words, or ""
    when he can. A law whose source the content does not list (content with no manifest of
    its sources, which checks no citation either) is taken as its citation gives it."""
    if law.inference:
        return "its rule is inferred from its source"
    if law.unconfirmed:
        return "its rule could not be confirmed for its code"
    cite = law.seed_citation
    source = content.sources.get(cite[0] if cite else cited_key(law.source))
    if source is not None and source.kind != "printed":
        return f"its source ({source.id}) is {_KIND_WORDS.get(source.kind, source.kind)}"
    return ""


def checkable(content: Content, law_id: str) -> bool:
    """Whether a quiz may rest an answer on the law (an unknown id is not checkable)."""
    law = content.laws.get(law_id)
    return law is not None and not unchecked_why(content, law)


def rests_on_unchecked(content: Content, law_ids: Iterable[str]) -> bool:
    """Whether any of the laws a ruling cites is one a learner cannot check (checkable; an id
    the content does not hold is no law's and is passed over)."""
    laws = content.laws
    return any(law_id in laws and unchecked_why(content, laws[law_id]) for law_id in law_ids)


def unchecked_findings(q: Question, content: Content, ruling: Ruling | None) -> list[str]:
    """Each law a question's answer rests on that a learner cannot check, with why: the laws
    it cites (the asked law alone of a "which law?", whose other laws are its choices), the
    table's ruling under its code, and under a "which code?" every code's ruling it compares
    (quizzes/judge.py files them in the class "unchecked-source")."""
    rests: list[str] = [q.law] if q.type == "law" else list(q.laws)
    if ruling is not None:
        compared = ruling.rulings if q.type == "code" else [
            r for r in ruling.rulings if r.code == q.code]
        rests += [law_id for r in compared for law_id in r.laws]
    laws = content.laws
    return [f"{law_id} is cited, but {why}"
            for law_id in dict.fromkeys(rests)
            if law_id in laws and (why := unchecked_why(content, laws[law_id]))]
