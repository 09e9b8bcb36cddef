"""Every colour pair the app paints can be read in both schemes, and the scheme can be switched."""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_a_start_with_the_start_arguments_is_in_the_style_apply_would_set() -> None:
    # ui/__main__.py creates its QApplication with START_ARGUMENTS and then tells the theme
    # not to ask Qt for the style: that is only right if Qt honours the arguments.
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from ui import theme\n"
        "app = QApplication([sys.argv[0], *theme.START_ARGUMENTS])\n"
        "print(app.style().name())\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_STYLE_OVERRIDE="windows")
    found = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True, timeout=1800)
    assert found.stdout.strip().lower() == theme.STYLE.lower()


def test_apply_sets_the_style_when_the_start_did_not_choose_it(qapp: QApplication) -> None:
    qapp.setStyle("Windows")
    state = theme._theme()
    state.styled = False
    theme.apply("light")
    assert qapp.style().name().lower() == theme.STYLE.lower()


def test_the_written_out_fusion_palette_is_qts_own_in_every_group_and_role(qapp) -> None:
    # theme.fusion_palette spares the start a QStyle; it must be what Fusion gives, to the
    # 8 bits a channel a screen shows (Fusion works some out at 16 bits, lighter/darker).
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QStyleFactory

    style = QStyleFactory.create("Fusion")
    assert style is not None
    qt_own, ours = style.standardPalette(), theme.fusion_palette()
    groups = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
              QPalette.ColorGroup.Disabled)
    roles = [r for r in QPalette.ColorRole
             if r not in (QPalette.ColorRole.NoRole, QPalette.ColorRole.NColorRoles)]
    argb = QColor.NameFormat.HexArgb
    differ = [f"{g.name} {r.name}: {ours.color(g, r).name(argb)} != {qt_own.color(g, r).name(argb)}"
              for g in groups for r in roles
              if ours.color(g, r).rgba() != qt_own.color(g, r).rgba()]
    assert not differ, differ


def test_the_light_palette_keeps_fusions_colours_but_for_links_and_selection(qapp) -> None:
    pal = theme.palette(False)
    assert pal.color(QPalette.ColorRole.Window).name() == "#efefef"
    assert pal.color(QPalette.ColorRole.Link).name() == theme.COLOURS["link"].light
    assert pal.color(QPalette.ColorRole.Highlight).name() == "#2a6bb0"
