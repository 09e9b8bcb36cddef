"""The command line: `python -m app rule|search|validate`, exit codes and messages."""

import gc
import json
import sys

from app.__main__ import main as cli


def test_rule_prints_each_codes_ruling_for_people(capsys):
    path = "content/scenarios/rubicon-bezique-surplus-after-first-trick.json"
    assert cli(["rule", path]) == 0
    out = capsys.readouterr().out
    assert "English laws: GAME-ABANDONED" in out
    assert "South +1750" in out  # Foster: 1300 and all North's 450 points, unrounded
    assert "French laws: NOT-COVERED" in out
    assert "The codes differ on: outcome, score." in out


def test_run_as_the_program_the_imports_are_frozen_and_the_collector_is_back_on(
        capsys, monkeypatch):
    path = "content/scenarios/rubicon-bezique-surplus-after-first-trick.json"
    assert gc.isenabled()
    before = gc.get_freeze_count()
    assert cli(["rule", path]) == 0  # called from code: the collector is left alone
    assert gc.get_freeze_count() == before
    monkeypatch.setattr(sys, "argv", ["python -m app", "rule", path])
    try:
        assert cli() == 0
        assert gc.isenabled()
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
    assert "English laws: GAME-ABANDONED" in capsys.readouterr().out


def test_rule_json_has_the_documented_shape(capsys):
    assert cli(["rule", "content/scenarios/ecarte-pone-too-many-unseen.json", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "ecarte" and data["event"] == "wrong-count"
    first = data["rulings"][0]
    assert set(first) == {"code", "outcome", "options", "score", "laws", "explanation",
                          "grounds"}
    assert {o["id"] for o in first["options"]} >= {"claim-misdeal", "discard-surplus"}
    # The facts the ruling turned on, in the order read: the non-dealer's surplus, unseen.
    facts = [(g["fact"], g.get("seat"), g["value"]) for g in first["grounds"]]
    assert ("has-looked", "North", False) in facts or ("has-looked", "South", False) in facts
    assert all(set(g) <= {"fact", "seat", "value", "words"} and g["words"]
               for g in first["grounds"])


def test_an_invalid_scenario_exits_2_naming_the_field(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "ecarte", "hands": {"North": ["2S"]},
                               "event": {"type": "wrong-count"}}), encoding="utf-8")
    assert cli(["rule", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "hands.North[0]" in err and "2S is not in the Écarté pack" in err


def test_a_corrupt_scenario_file_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{{{")
    assert cli(["rule", str(bad)]) == 2
    assert "invalid scenario" in capsys.readouterr().err


def test_search_prints_ranked_results(capsys):
    assert cli(["search", "forgot to draw", "--game", "rubicon-bezique"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("rubicon-bezique.")
    assert "**" in out


def test_a_reader_that_goes_away_early_gets_no_traceback(tmp_path):
    """`python -m app search hearts --json | grep -q ...` closes the pipe after the first
    match: the command stops quietly (CI's wheel check reads it so)."""
    import subprocess

    done = subprocess.run(
        f"{sys.executable} -m app search misdeal --json --limit 1000 | head -c 10 > /dev/null",
        shell=True, capture_output=True, text=True, timeout=1800,
        cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
