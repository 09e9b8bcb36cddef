"""The source a question names is every source its answer rests on (the blind audit of round 5,
#5: a Bézique count of 10 for a lead out of turn played to cited the Britannica only, which
says the trick stands and gives no forfeit; the 10 is the forfeits list's fine for playing out
of turn). A learner who reads the source given finds each law the answer needs in it."""

from __future__ import annotations

from app.__main__ import main as cli
from quizzes.questions import source_words
from tests.bank_questions import BANK, built

# A lead out of turn played to: the forfeit's 10 was asked of the list that fines it, the
# eighth blind round's #72 (it was asked of Britannica's "the trick stands"). The list is a
# book not identified, so since the fourteenth round's #62 nothing is asked on it
# (quizzes/checkable.py); a ruling of two books is: Foster's king turned, the game won by
# the Encyclopedia Americana's point and vole.
AUDITED = "penalty:bezique.english.play-out-of-turn:861619"
TWO_BOOKS = "ruling:ecarte.american.turned-king-scores:0"


def _source_line(capsys, qid: str) -> str:
    assert cli(["quiz", "show", qid]) == 0
    out = capsys.readouterr().out
    return next(line for line in out.splitlines() if line.startswith("source: "))


def test_the_forfeit_of_a_book_not_identified_is_not_asked(capsys):
    assert cli(["quiz", "show", AUDITED]) == 2
    assert "penalty:bezique.english.play-out-of-turn" not in BANK.items


def test_a_ruling_of_two_books_names_both_as_its_source(capsys):
    line = _source_line(capsys, TWO_BOOKS)
    q = BANK.question(TWO_BOOKS)
    laws = BANK.content.laws
    assert q.laws == ("ecarte.american.turned-king-scores", "ecarte.american.point-and-vole")
    assert line == ("source: Foster's Complete Hoyle (1897), Écarté: Turning the King, ¶8; "
                    "Encyclopedia Americana, Ecarte")
    assert all(laws[x].book in line for x in q.laws), line


def test_every_count_names_the_book_of_each_law_it_rests_on():
    """Property over the bank's counts: each law the answer cites has its book in the source
    the learner is shown, the question's own law first."""
    laws = BANK.content.laws
    for q in built(range(3), types=("penalty", "ruling")):
        said = source_words(q, laws)
        assert said.startswith(laws[q.law].citation), (q.id, said)
        for law_id in q.laws:
            assert laws[law_id].book in said, (q.id, law_id, said)
