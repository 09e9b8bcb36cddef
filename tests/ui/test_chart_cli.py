"""`python -m app chart`: a chart as PDF and SVG, a booklet, and bad input."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.__main__ import main as cli

ROOT = Path(__file__).resolve().parents[2]
TWO_CARDS = ["chart", "--game", "ecarte", "--code", "english", "--event",
             "several-trumps-turned"]


def svg_text(path: Path) -> str:
    root = ET.parse(path).getroot()  # raises unless the file is XML
    assert root.tag.endswith("svg")
    return " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))


def test_a_chart_as_svg_holds_its_questions_answers_and_rulings(qapp, tmp_path, capsys):
    out = tmp_path / "two-cards.svg"
    assert cli([*TWO_CARDS, "--out", str(out)]) == 0
    assert "Écarté, English laws: Several trumps turned" in capsys.readouterr().out
    text = svg_text(out)
    assert "Écarté, English laws: Several trumps turned" in text
    assert "Who dealt?" in text  # the first question
    assert "Has North looked at his hand?" in text
    assert "South may: Choose which turned card is the trump." in text
    assert "The cards are dealt again." in text


def test_a_chart_and_a_booklet_as_pdf(qapp, tmp_path, capsys):
    one = tmp_path / "two-cards.pdf"
    assert cli([*TWO_CARDS, "--out", str(one)]) == 0
    assert one.read_bytes().startswith(b"%PDF")
    assert "(1 pages)" in capsys.readouterr().out
    book = tmp_path / "exchange.pdf"
    assert cli(["chart", "--game", "Écarté", "--code", "English", "--topic",
                "drawing-from-the-stock", "--out", str(book)]) == 0
    said = capsys.readouterr().out
    assert "Écarté, English laws: drawing from the stock (3 charts" in said
    data = book.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "bridge", "--code", "english", "--out", "x.pdf"], "unknown game"),
    (["--game", "cinch", "--code", "english", "--out", "x.pdf"], "no 'english' code"),
    (["--game", "cinch", "--code", "american", "--event", "king-turned", "--out", "x.pdf"],
     "no event"),
    (["--game", "cinch", "--code", "american", "--topic", "nonsense", "--out", "x.pdf"],
     "no topic"),
    (["--game", "cinch", "--code", "american", "--out", "x.svg"], "an SVG holds one chart"),
    (["--game", "cinch", "--code", "american", "--out", "x.png"], "must end in .pdf or .svg"),
])
def test_bad_input_exits_2_saying_what(qapp, tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    assert cli(["chart", *args]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing half-written


def test_the_command_runs_on_its_own_without_a_screen(tmp_path):
    """As a user runs it: its own process, no window system asked for."""
    out = tmp_path / "king.svg"
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "app", "chart", "--game", "ecarte", "--code",
                           "american", "--event", "king-turned", "--out", str(out)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    from app.ask.charts import Question, build_chart
    from app.corpus.loading import load_content
    from app.model.games import build_games

    content = load_content()
    games = build_games(content)
    root = build_chart(games["ecarte"], games, content, "king-turned", "american").root
    assert isinstance(root, Question)
    assert root.words in svg_text(out)  # the first question
