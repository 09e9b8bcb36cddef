"""The source a question names is every source its answer rests on (the blind audit of round 5,
#5: a Bézique count of 10 for a lead out of turn played to cited the Britannica only, which
says the trick stands and gives no forfeit; the 10 is the forfeits list's fine for playing out
of turn). A learner who reads the source given finds each law the answer needs in it."""

from __future__ import annotations

from app.__main__ import main as cli
from quizzes.questions import source_words
from tests.bank_questions import BANK, built

# A lead out of turn played to: the forfeit's 10 is asked of the list that fines it, the
# eighth blind round's #72 (it was asked of Britannica's "the trick stands").
AUDITED = "penalty:bezique.english.play-out-of-turn:861619"


def _source_line(capsys, qid: str) -> str:
    assert cli(["quiz", "show", qid]) == 0
    out = capsys.readouterr().out
    return next(line for line in out.splitlines() if line.startswith("source: "))


def test_the_forfeit_counted_names_the_forfeits_list_as_its_source(capsys):
    line = _source_line(capsys, AUDITED)
    q = BANK.question(AUDITED)
    assert q.answer == 10
    laws = BANK.content.laws
    assert "bezique.english.play-out-of-turn" in q.laws
    assert laws["bezique.english.lead-out-of-turn-played-to"].book in line, line
    assert laws["bezique.english.play-out-of-turn"].book in line, line


def test_every_count_names_the_book_of_each_law_it_rests_on():
    """Property over the bank's counts: each law the answer cites has its book in the source
    the learner is shown, the question's own law first."""
    laws = BANK.content.laws
    for q in built(range(3), types=("penalty", "ruling")):
        said = source_words(q, laws)
        assert said.startswith(laws[q.law].citation), (q.id, said)
        for law_id in q.laws:
            assert laws[law_id].book in said, (q.id, law_id, said)
