"""Facts a quiz table states must be right for the authority, the stage and the irregularity
the stem names (issue 25 §1, the blind audit of 2026-12-02): what the learner reads (the stem
and the table drawn beside it) is checked, never how it was made."""

from __future__ import annotations

from quizzes.bank import default_bank
from quizzes.possible import table_problems
from quizzes.questions import QuestionError
from quizzes.stem import table_text

BANK = default_bank()
COURT = {"king", "queen", "jack"}


def _seen(q) -> str:
    """What the learner reads: the stem and the table drawn beside it."""
    return f"{q.situation}\nThe table: {table_text(q.table)}\n{q.prompt}"


def _questions(match, seeds=range(6)):
    for info in BANK.items.values():
        if not match(info):
            continue
        for seed in seeds:
            try:
                yield BANK.generate(info.type, info.law, seed)
            except QuestionError:
                continue


def _ranks(table) -> set[str]:
    """The ranks of every card the table names, in words ("king", "ten")."""
    text = table_text(table)
    return {w for w in text.replace(",", " ").replace(".", " ").split()
            if w in COURT | {"eight", "nine", "ten"}}


def test_foster_1913_cooncan_is_dealt_from_his_pack_ace_to_ten():
    """Foster's Cooncan laws of 1913 use the ace to ten, with no court cards
    (conquian.american.pack-ace-to-ten); his 1897 Conquian strips the eights, nines and tens.
    A 1913 law's table holds no king, queen or jack; an 1897 law's no eight, nine or ten."""
    of_1913 = of_1897 = 0
    for q in _questions(lambda i: i.game == "conquian" and i.type != "authored"):
        if not q.table:
            continue
        authority = BANK.content.laws[q.law].authority
        assert table_problems(q.table, BANK.games) == [], (q.id, q.table)
        if authority == "Foster 1913":
            of_1913 += 1
            assert not _ranks(q.table) & COURT, (q.id, _seen(q))
        elif authority == "Foster 1897":
            of_1897 += 1
            assert not _ranks(q.table) & {"eight", "nine", "ten"}, (q.id, _seen(q))
    assert of_1913 >= 10 and of_1897 >= 5, (of_1913, of_1897)
