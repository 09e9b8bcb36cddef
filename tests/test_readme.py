"""README.md as a stranger reads it: its figures are the content's, its commands are CI's."""

from __future__ import annotations

import re
from pathlib import Path

from app.corpus.loading import load_content
from ui.platform_check import XCB_LIBRARIES

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
CI = (REPO / ".ci" / "run").read_text(encoding="utf-8")


def _blocks() -> list[list[str]]:
    return [block.strip().splitlines()
            for block in re.findall(r"```sh\n(.*?)```", README, re.DOTALL)]


def _ci_apt_packages() -> set[str]:
    listing = re.search(r"APT_PACKAGES=\((.*?)\n\)", CI, re.DOTALL)
    assert listing, ".ci/run lists no APT_PACKAGES"
    lines = [line.split("#")[0] for line in listing.group(1).splitlines()]
    return set(" ".join(lines).split())


def test_the_figures_are_the_contents():
    content = load_content(seeds_dir=None)
    examples = list((REPO / "content" / "scenarios").glob("*.json"))
    assert f"({len(content.laws)} laws," in README
    assert f"{len(examples)} examples ship in the Examples menu" in README


def test_each_game_is_named_with_the_codes_it_holds():
    content = load_content(seeds_dir=None)
    codes: dict[str, set[str]] = {}
    for law in content.laws.values():
        codes.setdefault(law.game, set()).add(law.code)
    intro = " ".join(README.split("![")[0].split())
    said = {"bezique": "Bézique (English, French and American laws)",
            "rubicon-bezique": "Rubicon Bézique (English and French)",
            "ecarte": "Écarté (English, American and French)",
            "pinochle": "two-handed Pinochle (American and French)",
            "cinch": "Cinch, Auction Pitch and Conquian (American)"}
    for game, phrase in said.items():
        assert phrase in intro
        named = {code for code in ("english", "french", "american")
                 if code.capitalize() in phrase.split("(")[1]}
        assert named == codes[game], game
    assert codes["auction-pitch"] == codes["conquian"] == {"american"}


def test_the_apt_line_comes_before_the_one_line_start():
    block = next(b for b in _blocks() if any(".venv/bin/cardlaws" in line for line in b))
    assert len(block) == 2
    apt, start = block
    assert apt.startswith("sudo apt-get install ")
    assert start == "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/cardlaws"
    packages = set(apt.split()[3:])
    # The three a fresh Debian desktop was found without, and what Debian keeps out of python3.
    assert {"libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "python3-venv"} <= packages
    # CI installs what the README asks a user to, and every package the X11 plugin draws on.
    assert packages <= _ci_apt_packages()
    assert set(XCB_LIBRARIES.values()) <= _ci_apt_packages()


def test_ci_runs_the_readmes_test_command_and_starts_the_installed_app_on_x11():
    command = next(line for b in _blocks() for line in b if "-m pytest" in line)
    assert command in CI
    assert '"$REPO/.ci/real-window" "$BIN/cardlaws"' in CI
    assert {"xvfb", "xdotool", "imagemagick"} <= _ci_apt_packages()
