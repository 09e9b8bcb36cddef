"""The thirty-fifth blind round's findings, as a learner reads them.

#118: Foster's two wrong hands at Écarté, put right together or a misdeal claimed: a wrong
choice gave one half of the joined correction beside the misdeal, under the right answer's
own opening. #95 (and round 33's #198): Cinch's lead in the partner's turn, beside "East or
West may call the exposed card", which Foster's definition of an exposed card lets a strict
reader hold. #18: "complete each short hand" beside one short hand. #123, #139: Auction
Pitch tables whose running scores stood below nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.corpus.checks import ContentError
from app.corpus.loading import load_content
from tests.bank_questions import BANK, generated, marked_words

_SCORE = re.compile(r"(North|East|South|West) has (-?\d+) points?\b")


def test_half_of_a_joined_correction_is_no_wrong_choice():  # #118
    q = BANK.question("ruling:ecarte.american.wrong-count-dealt:282301")
    right = marked_words(q)
    assert "discard the surplus cards and have the shortage made up" in right
    opening = right.split(". ")[0]
    for c in q.choices:
        if c.key not in q.answer:
            assert not c.text.startswith(opening), c.text


def test_a_lead_in_the_partners_turn_is_not_asked_against_the_exposed_card():  # #95
    asked = [q for seed in (909661, *range(12)) if (q := generated(
        "ruling", "cinch.american.lead-in-partners-turn", seed)) is not None]
    assert asked
    for q in asked:
        partner = re.search(r"call on (\w+) to lead a trump", marked_words(q))
        assert partner, marked_words(q)
        for c in q.choices:
            if c.key not in q.answer and "call the exposed card" in c.text:
                # Only a choice naming the offender's own side as callers: false on its names.
                assert partner[1] in c.text.split(" may ")[0], c.text


def test_read_beside_names_laws_of_the_same_game_and_code(tmp_path: Path):
    law = BANK.content.laws["cinch.american.lead-in-partners-turn"]
    assert "cinch.american.exposed-card-faced" in law.read_beside
    src = Path("content")
    work = tmp_path / "content"
    import shutil

    shutil.copytree(src, work, ignore=shutil.ignore_patterns("prepared"))
    cinch = work / "laws" / "cinch.toml"
    cinch.write_text(cinch.read_text(encoding="utf-8").replace(
        '"cinch.american.exposed-card-faced", "cinch.american.lead-when-adversaries-turn"]',
        '"cinch.american.no-such-law"]'), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(work)
    said = str(err.value)
    assert "cinch.toml" in said and "cinch.american.lead-in-partners-turn" in said
    assert "read_beside" in said and "no-such-law" in said


def test_one_short_hand_is_made_up_not_each():  # #18
    said = [marked_words(q) for seed in range(30) if (q := generated(
        "ruling", "rubicon-bezique.english.short-before-play", seed)) is not None]
    offered = [t for t in said if "short hand from the top of the stock" in t]
    assert offered
    for text in offered:
        assert "Complete each short hand" not in text, text
    # Round 36's #46: the making up alone is by agreement, never the fresh deal.
    made_up = [t for t in said if "from the top of the stock" in t]
    assert made_up
    for text in made_up:
        assert "by mutual agreement" in text and "if both players agree" not in text, text


def test_no_pitch_table_stands_below_nothing():  # #123, #139
    seen = 0
    for item in ("ruling:auction-pitch.american.bidder-set-back",
                 "penalty:auction-pitch.american.bidder-set-back",
                 "ruling:auction-pitch.american.two-count-out-bidder-wins"):
        kind, law = item.split(":")
        for seed in range(10):
            q = generated(kind, law, seed)
            if q is None or not q.table:
                continue
            scores = (q.table or {}).get("scores") or {}
            assert min(scores.values(), default=0) >= 0, (q.id, scores)
            seen += 1
    assert seen >= 10
