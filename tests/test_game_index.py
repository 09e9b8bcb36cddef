"""The list of games follows the content in use (app/corpus/game_index.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.corpus import game_index
from app.corpus.game_index import GENERAL_NAME, GameNames
from app.corpus.loading import CONTENT_DIR, CONTENT_ENV


@pytest.fixture
def own_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the games files, in use through $CARDLAWS_CONTENT_DIR."""
    shutil.copytree(CONTENT_DIR / "games", tmp_path / "games")
    monkeypatch.setenv(CONTENT_ENV, str(tmp_path))
    return tmp_path


def test_another_content_folder_shows_its_games_at_once(own_content, monkeypatch):
    names = GameNames()
    assert names["ecarte"] == "Écarté" and names["general"] == GENERAL_NAME
    for path in (own_content / "games").glob("*.toml"):
        if path.stem != "ecarte":
            path.unlink()
    other = own_content.parent / "other"
    shutil.copytree(own_content, other)
    monkeypatch.setenv(CONTENT_ENV, str(other))
    assert list(names) == ["ecarte", "general"]


def test_a_games_file_added_shows_once_the_folder_is_looked_at_again(own_content, monkeypatch):
    names = GameNames()
    assert "ecarte-a-trois" not in names
    text = (own_content / "games" / "ecarte.toml").read_text(encoding="utf-8")
    (own_content / "games" / "ecarte-a-trois.toml").write_text(
        text.replace('id = "ecarte"', 'id = "ecarte-a-trois"'), encoding="utf-8")
    monkeypatch.setattr(game_index, "RECHECK_AFTER_S", 0.0)
    assert "ecarte-a-trois" in names
    assert names.get("ecarte-a-trois") == names["ecarte"]
    assert names.get("no-such-game", "?") == "?"
