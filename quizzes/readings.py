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
    # Indexed reads only (a stored corpus decodes a law per read: tests/test_quiz_law_at_scale).
    if law.case and any(other.authority != law.authority
                        for other in content.laws_of_case(law.game, law.code, law.case)):
        return True
    return any(reading.code == law.code and reading.authority != law.authority
               and law.id in reading.related
               for readings in content.variant_groups_of(law.game).values()
               for reading in readings)
