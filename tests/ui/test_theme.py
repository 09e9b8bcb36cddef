"""Every colour pair the app paints can be read in both schemes, and the scheme can be switched."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from ui import theme

AA_TEXT = 4.5


def _resolve(name: str, dark: bool) -> str:
    # 'base', 'window' and 'text' are the palette's own: read them from the palette set.
    roles = {"base": QPalette.ColorRole.Base, "window": QPalette.ColorRole.Window,
             "text": QPalette.ColorRole.Text}
    if name in roles:
        return theme.palette(dark).color(roles[name]).name()
    return theme.hex(name, dark)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_declared_text_pair_meets_wcag_aa(qapp, dark: bool) -> None:
    weak = []
    for fg, bg in theme.PAIRS:
        ratio = theme.contrast(_resolve(fg, dark), _resolve(bg, dark))
        if ratio < AA_TEXT:
            weak.append(f"{fg} on {bg}: {ratio:.2f}")
    assert not weak, weak


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_palettes_own_pairs_meet_wcag_aa(qapp, dark: bool) -> None:
    pal = theme.palette(dark)
    weak = []
    for fg, bg in theme.PALETTE_PAIRS:
        ratio = theme.contrast(pal.color(getattr(QPalette.ColorRole, fg)).name(),
                               pal.color(getattr(QPalette.ColorRole, bg)).name())
        if ratio < AA_TEXT:
            weak.append(f"{fg} on {bg}: {ratio:.2f}")
    assert not weak, weak


def test_every_colour_in_a_pair_is_declared_for_both_schemes() -> None:
    for fg, bg in theme.PAIRS:
        for name in (fg, bg):
            swatch = theme.COLOURS[name]
            assert swatch.light.startswith("#") and swatch.dark.startswith("#")


def test_dark_and_light_switch_the_application_palette(qapp) -> None:
    try:
        theme.apply("dark")
        assert theme.is_dark()
        window = QApplication.palette().color(QPalette.ColorRole.Window)
        assert window.lightness() < 80
        assert theme.hex("muted") == theme.COLOURS["muted"].dark
        theme.apply("light")
        assert not theme.is_dark()
        assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 200
    finally:
        theme.apply("light")


def test_an_unknown_scheme_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="sepia"):
        theme.apply("sepia")


def test_contrast_is_the_wcag_ratio() -> None:
    assert theme.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert theme.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


def test_no_screen_hard_codes_a_colour() -> None:
    import re
    from pathlib import Path

    ui_dir = Path(theme.__file__).parent
    pattern = re.compile(r"#[0-9a-fA-F]{6}|QColor\(|Qt\.(white|black)")
    found = [f"{path.relative_to(ui_dir)}:{number}: {line.strip()}"
             for path in sorted(ui_dir.rglob("*.py")) if path.name != "theme.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "colours belong in ui/theme.py:\n" + "\n".join(found)
