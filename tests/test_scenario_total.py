"""The scenario parser is total: any JSON gives a Scenario or a ScenarioError naming a field,
and `python -m app rule` answers any file without a traceback (exit 2 naming the field)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.__main__ import main as cli
from app.corpus.loading import CONTENT_DIR, load_content
from app.model.games import build_games
from app.model.scenario import (
    MAX_DEPTH,
    Scenario,
    ScenarioError,
    parse_scenario,
    parse_scenario_text,
)

ROOT = Path(__file__).resolve().parents[1]
GAMES = build_games(load_content())
EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))
# The field is printed as Python's repr: in single quotes, or double when it holds a quote.
_FIELD = re.compile(r"""^invalid scenario .+: field (?P<q>['"])(?P<field>.+?)(?P=q): \S""")

scalars = (st.none() | st.booleans() | st.text(max_size=12) | st.floats(allow_nan=True)
           | st.integers() | st.integers(min_value=10**30, max_value=10**40)
           | st.sampled_from(["SH", "H", "10H", "north", "North", "play", "ecarte", "", "KS"]))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


@st.composite
def mangled_examples(draw):
    """A real example with one value somewhere replaced by arbitrary JSON (or a key dropped):
    the parser is driven past the door, into every field."""
    raw = json.loads(draw(st.sampled_from(EXAMPLES)).read_text(encoding="utf-8"))
    node = raw
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return raw
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        if isinstance(node, dict) and draw(st.integers(0, 4)) == 0:
            del node[key]
        else:
            node[key] = draw(json_values)
        return raw


def _parsed_or_refused(raw) -> None:
    try:
        assert isinstance(parse_scenario(raw, GAMES), Scenario)
    except ScenarioError as exc:
        assert exc.field and exc.message
        assert str(exc) == f"{exc.field}: {exc.message}"


@settings(max_examples=600, deadline=None)
@given(json_values)
def test_any_json_value_is_a_scenario_or_a_scenario_error(raw):
    _parsed_or_refused(raw)


@settings(max_examples=600, deadline=None)
@given(mangled_examples())
def test_any_mangled_example_is_a_scenario_or_a_scenario_error(raw):
    _parsed_or_refused(raw)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(json_values, mangled_examples()))
def test_the_rule_command_never_raises_and_exits_2_naming_the_field(tmp_path, capsys, raw):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    code = cli(["rule", str(path)])
    err = capsys.readouterr().err
    assert code in (0, 2)
    if code == 2:
        assert _FIELD.match(err), err


NASTY = {
    "deep list": "[" * 100_000 + "]" * 100_000,
    "deep object": '{"game": ' + '{"a": ' * 50_000 + "1" + "}" * 50_000 + "}",
    "deep but parsable": json.dumps({"game": "ecarte", "expected": [[[[[[[[1]]]]]]]]}),
    "huge integer": '{"game": "ecarte", "tricks_played": ' + "9" * 5000 + "}",
    "large integer": '{"game": "ecarte", "tricks_played": ' + "9" * 300 + ', "event": '
                     '{"type": "wrong-count"}}',
    "trump of two suits": '{"game": "rubicon-bezique", "trump": "SH", "event": '
                          '{"type": "wrong-count"}}',
    "game that is a list": '{"game": []}',
}


@pytest.mark.parametrize("text", NASTY.values(), ids=NASTY.keys())
def test_nasty_files_are_refused_naming_the_field(text):
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(text, GAMES)
    assert info.value.field


def test_nesting_deeper_than_any_scenario_is_refused_where_it_is():
    with pytest.raises(ScenarioError) as info:
        parse_scenario_text(NASTY["deep but parsable"], GAMES)
    assert info.value.field.startswith("expected")
    assert f"{MAX_DEPTH} levels" in info.value.message


@pytest.mark.parametrize("name", ["deep list", "huge integer", "trump of two suits"])
def test_the_command_line_prints_no_traceback(tmp_path, name):
    path = tmp_path / "nasty.json"
    path.write_text(NASTY[name], encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "app", "rule", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert _FIELD.match(done.stderr), done.stderr


def test_the_dealer_of_a_deal_out_of_turn_is_the_rightful_one():
    raw = json.loads((CONTENT_DIR / "scenarios" / "ecarte-dealt-out-of-turn-before-turn-up.json")
                     .read_text(encoding="utf-8"))
    raw["event"]["player"] = raw["dealer"]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, GAMES)
    assert info.value.field == "event.player"
    assert "rightful dealer" in info.value.message
