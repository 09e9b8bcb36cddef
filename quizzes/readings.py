"""Whether a law's code holds a rival reading of its case: such a law is asked "following" its
authority (quizzes.words.reading_words), and the audit finds it unnamed otherwise."""

from __future__ import annotations

from app.corpus.laws import Content, Law


def disputed(content: Content, law: Law) -> bool:
    """Whether the law's code holds a rival reading of its case, so a question must name the
    reading it asks: the law is one reading of a variant group, or another authority of the
    same game and code rules the same case (same `case`, or a reading of a variant group that
    names the law as related: Hoyle's Games Improved rules two cards turned up whether or not
    the hand was seen, beside Club Code laws 10 and 11; the ninth blind round's #101)."""
    if law.variant_of:
        return True
    return any(
        other.authority != law.authority
        and ((law.case and other.case == law.case)
             or (other.variant_of and law.id in other.related))
        for other in content.laws_for(law.game, law.code)
    )
