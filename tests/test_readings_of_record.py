"""Readings kept for the record (issue 25 §3): the older English Écarté laws of Hoyle's Games
Improved disagree with the Club Code on ten cases. They stay readings of those rules (so a
quiz never marks the older ruling wrong), but no handler rules a table by them: the builder
does not offer them, the quizzes neither ask nor offer them, and the content says so
(games/ecarte.toml `readings_of_record`)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from app.corpus.checks import ContentError
from app.corpus.loading import CONTENT_DIR, load_content
from app.engine import rule
from app.table_builder import EditRefused, offered_names, set_variant, variant_groups
from quizzes.bank import default_bank
from quizzes.generators import law as law_questions
from quizzes.moments import deal_moment
from quizzes.questions import QuestionError
from quizzes.survey import handled_events

BANK = default_bank()
CONTENT = BANK.content
OLDER = "Hoyle's Games Improved"


def test_every_older_english_reading_of_a_rule_is_kept_for_the_record():
    of_record = set(CONTENT.games["ecarte"].of_record)
    older = {law.id for law in CONTENT.laws_for("ecarte", "english")
             if law.authority == OLDER and law.variant_of}
    assert of_record == older and len(older) == 10
    for law_id in of_record:
        law = CONTENT.laws[law_id]
        assert not law.variant_default
        # Still a reading of its rule: a rival of the Club Code's law, never a wrong choice.
        assert len(CONTENT.variants[law.variant_of]) == 2


def test_no_handler_rules_a_table_by_an_older_reading():
    """Why they are not offered: following one changes no ruling. For each of the ten, a real
    table whose ruling cites the rule's usual (Club Code) law is ruled again following the
    older reading, and the rulings are the same."""
    game = BANK.games["ecarte"]
    usual = {CONTENT.variants[CONTENT.laws[x].variant_of][0].id: x
             for x in CONTENT.games["ecarte"].of_record}
    tried: set[str] = set()
    for event in handled_events(BANK, "ecarte"):
        for stage in game.stages_of(event):
            for k in range(12):
                dealt = deal_moment(BANK, ("ecarte", stage, event), random.Random(f"{event}{k}"))
                if dealt is None:
                    continue
                ruled = rule(dealt.scenario, BANK.games, CONTENT)
                cited = {x for r in ruled.rulings for x in r.laws} & set(usual)
                for law_id in cited:
                    older = CONTENT.laws[usual[law_id]]
                    following = dealt.scenario.__class__(
                        **{f: getattr(dealt.scenario, f) for f in dealt.scenario.__struct_fields__
                           if f != "variants"},
                        variants={older.variant_of: older.id})
                    again = rule(following, BANK.games, CONTENT)
                    assert [r.key() for r in again.rulings] == [r.key() for r in ruled.rulings]
                    assert older.id not in {x for r in again.rulings for x in r.laws}
                    tried.add(law_id)
    assert len(tried) >= 5, tried


def test_the_builder_offers_no_rule_whose_other_readings_are_kept_for_the_record():
    names = {g.name for g in variant_groups(CONTENT, "ecarte")}
    assert names == set(offered_names(BANK.games["ecarte"]))
    assert names == {"ecarte-lead-out-of-turn", "ecarte-second-discard",
                     "ecarte-trump-when-void"}
    for group in variant_groups(CONTENT, "ecarte"):
        assert not {law.id for law in group.laws} & set(CONTENT.games["ecarte"].of_record)
    raw = {"game": "ecarte", "event": {"type": "wrong-count"}}
    older = CONTENT.laws["ecarte.english.hgi-pone-too-many"]
    with pytest.raises(EditRefused, match="kept for the record"):
        set_variant(raw, older.variant_of, older.id, CONTENT)
    # Another game's groups are all offered, as before.
    assert {g.name for g in variant_groups(CONTENT, "bezique")} == set(
        CONTENT.variant_groups_of("bezique"))


def test_the_quizzes_neither_ask_nor_offer_a_reading_kept_for_the_record():
    of_record = set(CONTENT.games["ecarte"].of_record)
    assert not of_record & set(law_questions.laws(BANK))
    assert not {i.law for i in BANK.items.values()} & of_record
    offered = 0
    for law in CONTENT.laws_for("ecarte", "english"):
        if law.topic not in ("dealing-and-misdeals", "wrong-number-of-cards", "exposed-cards",
                             "declarations-and-announcements") or law.id in of_record:
            continue
        for seed in range(3):
            try:
                q = BANK.generate("law", law.id, seed)
            except QuestionError:
                continue
            offered += len(q.choices)
            assert not {c.key for c in q.choices} & of_record, q.id
    # (Since round 6 no Écarté law is asked as "which law?": the counts the stems state ruled
    # every wrong title out. Were one asked again, its choices are checked above.)
    asked = any(i.type == "law" and i.game == "ecarte" for i in BANK.items.values())
    assert offered > 50 or not asked


def test_a_reading_of_record_must_be_an_unusual_reading_of_its_game(tmp_path: Path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    games = root / "games" / "ecarte.toml"
    text = games.read_text(encoding="utf-8")
    games.write_text(text.replace('"ecarte.english.hgi-false-king",',
                                  '"ecarte.english.false-king",'), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(root)
    assert "readings_of_record" in str(caught.value)
    assert "ecarte.english.false-king" in str(caught.value)
