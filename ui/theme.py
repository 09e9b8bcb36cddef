"""Colours of the app, each chosen for a light and a dark palette, and the switch between them.

Every colour a screen paints (beyond the palette's own roles) is declared here once, by name,
with its light and its dark value; screens ask for it by name when they paint or render, so a
change of scheme (View ▸ Light/Dark/System, or the system's own switch, live) reaches them.

    from ui import theme
    label.setStyleSheet(f"color: {theme.hex('muted')};")
    brush = QBrush(theme.color("differs-bg"))
    theme.changed().connect(self._rerender)   # when pages bake colours into HTML

`PAIRS` lists the text-on-background pairs the app uses; tests/ui/test_theme.py checks each
against WCAG AA (4.5:1) in both schemes. A new colour used for text joins PAIRS. States are
checked too (tests/ui/test_theme_states.py): selected rows, disabled and placeholder text (3:1
and 4.5:1) and the edges and marks of check boxes and radio buttons (3:1, as WCAG asks of a
control's parts), painted and measured in both schemes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from weakref import WeakKeyDictionary, WeakSet

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QTextEdit, QWidget

MODES = ("system", "light", "dark")
ZOOM_STEP = 1.1  # each zoom step makes reading text 10% larger
ZOOM_RANGE = (-4, 8)


@dataclass(frozen=True)
class Swatch:
    """One named colour: its value on a light palette and on a dark one."""

    light: str
    dark: str


# Backgrounds of the palettes the app sets (Fusion's light palette; our dark one below).
_WINDOW = Swatch("#efefef", "#2b2b2e")
_BASE = Swatch("#ffffff", "#1e1f22")
_TEXT = Swatch("#000000", "#e6e6e6")

COLOURS: dict[str, Swatch] = {
    # Text
    "text": _TEXT,
    "muted": Swatch("#555f6a", "#a9b1ba"),          # labels, meta lines, notes
    "heading": Swatch("#2a3f55", "#9cc2e8"),        # h2 on pages
    "link": Swatch("#1a56a6", "#7fb2ff"),
    "term-link": Swatch("#303030", "#dcdcdc"),      # glossary terms marked in a law's text
    "right-ink": Swatch("#1e6b2e", "#7ed48f"),      # a right answer
    "wrong-ink": Swatch("#a3261d", "#ff9a8f"),      # a wrong answer, a problem
    "note-ink": Swatch("#6a4b00", "#e8c36a"),       # a caution
    "find-match": Swatch("#000000", "#000000"),     # text of a find-in-page match
    # Backgrounds
    "window": _WINDOW,
    "base": _BASE,
    "differs-bg": Swatch("#fdf1c7", "#4a3d12"),     # codes that rule differently
    "differs-edge": Swatch("#c99a00", "#d9b44a"),
    "right-bg": Swatch("#e3f3e5", "#1f3d25"),
    "wrong-bg": Swatch("#fbe6e4", "#4a2220"),
    "notice-bg": Swatch("#fff4c2", "#45390f"),
    "notice-edge": Swatch("#d9b800", "#b8960a"),
    "felt": Swatch("#e6efe3", "#24352a"),           # the table's centre in the builder
    "placeholder": Swatch("#5f666e", "#9aa1a9"),    # hints in empty fields and on the felt
    "disabled-ink": Swatch("#7a7a7a", "#8a8f97"),   # text of a control that is off: dimmer, read
    # Fusion draws the edge of a check box or radio button in its palette's Window colour made
    # 40% darker, too faint to see on either window; those classes get this Window instead
    # (apply()), which gives an edge of 3:1 against the window around it.
    "indicator-window": Swatch("#a0a0a0", "#c4c8d0"),
    "heading-bg": Swatch("#e4e9ef", "#33393f"),     # topic heading rows
    "find-bg": Swatch("#ffe066", "#ffd43b"),        # find-in-page highlight
    "chosen": Swatch("#e0a800", "#e0a800"),         # a chosen seat or card's ring
    "chosen-edge": Swatch("#8a6700", "#8a6700"),
    "chart-path": Swatch("#8a6700", "#e0a800"),     # the path taken through a ruling chart
    "on-chosen": Swatch("#000000", "#000000"),      # text on the chosen colour
    # Playing cards look like cards in both schemes: a white face, red and black pips.
    "card-face": Swatch("#fffef8", "#fffef8"),
    "card-hover": Swatch("#fff6d6", "#fff6d6"),
    "card-edge": Swatch("#7a7a7a", "#9a9a9a"),
    "card-red": Swatch("#c62828", "#c62828"),
    "card-black": Swatch("#1b1b1b", "#1b1b1b"),
    "card-back": Swatch("#2b4c7e", "#2b4c7e"),
    "card-back-lines": Swatch("#6d8fc0", "#6d8fc0"),
    "card-badge": Swatch("#e8e8e8", "#e8e8e8"),
    "card-badge-alarm-ink": Swatch("#ffffff", "#ffffff"),
    # Code badges: text on fill; the text says the code, the colour only helps.
    "badge-english-bg": Swatch("#1f5fa8", "#9cc4f5"),
    "badge-english-fg": Swatch("#ffffff", "#0b1b33"),
    "badge-french-bg": Swatch("#a8323e", "#f5a3aa"),
    "badge-french-fg": Swatch("#ffffff", "#3a0a10"),
    "badge-american-bg": Swatch("#2f6b34", "#9ed9a3"),
    "badge-american-fg": Swatch("#ffffff", "#0d2a10"),
    # Charts (lines and bars, not text)
    "chart-reviews": Swatch("#3b6ea5", "#7fb2ff"),
    "chart-new": Swatch("#9cc3e6", "#4f7fae"),
    "chart-retention": Swatch("#c0392b", "#ff8a7a"),
    "chart-due": Swatch("#4f8a3c", "#8fd27a"),
}

# The palette's own text-on-background pairs, checked too (roles of QPalette).
PALETTE_PAIRS: tuple[tuple[str, str], ...] = (
    ("Text", "Base"), ("WindowText", "Window"), ("ButtonText", "Button"),
    ("HighlightedText", "Highlight"), ("ToolTipText", "ToolTipBase"), ("Link", "Base"),
)

# Text (first) on background (second): every pair the app paints, checked for contrast.
PAIRS: tuple[tuple[str, str], ...] = (
    ("text", "base"), ("text", "window"),
    ("muted", "base"), ("muted", "window"), ("muted", "differs-bg"), ("muted", "heading-bg"),
    ("heading", "base"), ("link", "base"), ("term-link", "base"),
    ("right-ink", "base"), ("right-ink", "window"), ("right-ink", "right-bg"),
    ("wrong-ink", "base"), ("wrong-ink", "window"), ("wrong-ink", "wrong-bg"),
    ("note-ink", "base"), ("note-ink", "window"),
    ("text", "differs-bg"), ("text", "notice-bg"), ("text", "felt"), ("text", "heading-bg"),
    ("placeholder", "base"), ("placeholder", "felt"), ("muted", "felt"),
    ("text", "right-bg"), ("text", "wrong-bg"),
    ("find-match", "find-bg"), ("on-chosen", "chosen"),
    ("card-black", "card-face"), ("card-red", "card-face"), ("card-black", "card-badge"),
    ("card-black", "card-hover"), ("card-red", "card-hover"),
    ("card-badge-alarm-ink", "card-red"),
    ("badge-english-fg", "badge-english-bg"),
    ("badge-french-fg", "badge-french-bg"),
    ("badge-american-fg", "badge-american-bg"),
)


class _Theme(QObject):
    """The scheme in force and the signal that says it changed."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.mode = "system"
        self.dark = False
        self.hooked = False
        self.zoom = 0
        self.styled = False  # the application's style is known to be STYLE


STYLE = "Fusion"  # the same look in both schemes on every platform
# A new QApplication given these arguments starts in STYLE (Qt's own -style option).
START_ARGUMENTS = ("-style", STYLE)


_state: _Theme | None = None


def _theme() -> _Theme:
    global _state
    if _state is None:
        _state = _Theme()
    return _state


def changed() -> Signal:
    """The signal emitted after the scheme changed (re-render anything with baked colours)."""
    return _theme().changed  # type: ignore[return-value]


def is_dark() -> bool:
    """True when the dark scheme is in force."""
    return _theme().dark


def mode() -> str:
    """The scheme the user chose: 'system', 'light' or 'dark'."""
    return _theme().mode


def hex(name: str, dark: bool | None = None) -> str:
    """A colour's '#rrggbb' for the scheme in force (or the one asked for)."""
    swatch = COLOURS[name]
    return swatch.dark if (is_dark() if dark is None else dark) else swatch.light


def color(name: str, dark: bool | None = None) -> QColor:
    """A colour as a QColor for the scheme in force (or the one asked for)."""
    return QColor(hex(name, dark))


# Fusion's own light palette (its standardPalette in Qt 6), written out: asking Qt for it
# creates a QStyle, for which PySide builds the QStyle class and its enums (some 8 ms of every
# start, before the window can paint). Disabled differs in a few roles; Inactive is Active.
# tests/ui/test_theme.py checks every role against Qt's own, so a Qt that changes Fusion shows.
FUSION_LIGHT: dict[str, str] = {
    "WindowText": "#000000", "Button": "#efefef", "Light": "#ffffff", "Midlight": "#cacaca",
    "Dark": "#9f9f9f", "Mid": "#b8b8b8", "Text": "#000000", "BrightText": "#ffffff",
    "ButtonText": "#000000", "Base": "#ffffff", "Window": "#efefef", "Shadow": "#767676",
    "Highlight": "#308cc6", "HighlightedText": "#ffffff", "Link": "#0000ff",
    "LinkVisited": "#ff00ff", "AlternateBase": "#f7f7f7", "ToolTipBase": "#ffffdc",
    "ToolTipText": "#000000", "PlaceholderText": "#80000000", "Accent": "#308cc6",
}
FUSION_LIGHT_DISABLED: dict[str, str] = {
    "WindowText": "#bebebe", "Dark": "#bebebe", "Text": "#bebebe", "ButtonText": "#bebebe",
    "Base": "#efefef", "Shadow": "#b1b1b1", "Highlight": "#919191", "Accent": "#919191",
}


def fusion_palette() -> QPalette:
    """Fusion's light palette, as Qt's Fusion style gives it, built without a QStyle."""
    pal = QPalette()
    roles, groups = QPalette.ColorRole, QPalette.ColorGroup
    for name, value in FUSION_LIGHT.items():
        pal.setColor(groups.All, getattr(roles, name), QColor(value))
    for name, value in FUSION_LIGHT_DISABLED.items():
        pal.setColor(groups.Disabled, getattr(roles, name), QColor(value))
    return pal


def palette(dark: bool) -> QPalette:
    """The application palette of a scheme: Fusion's light palette, or our dark one."""
    pal = fusion_palette()
    roles = QPalette.ColorRole
    if not dark:
        # Fusion's own, but links in our link colour and a selection white text can be read on.
        for role, value in ((roles.Link, COLOURS["link"].light), (roles.Highlight, "#2a6bb0"),
                            (roles.PlaceholderText, COLOURS["placeholder"].light)):
            pal.setColor(QPalette.ColorGroup.All, role, QColor(value))
        for role in (roles.Text, roles.WindowText, roles.ButtonText):
            pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(COLOURS["disabled-ink"].light))
        return pal
    for role, value in (
        (roles.Window, _WINDOW.dark), (roles.WindowText, _TEXT.dark),
        (roles.Base, _BASE.dark), (roles.AlternateBase, "#26272b"),
        (roles.Text, _TEXT.dark), (roles.Button, "#35363a"), (roles.ButtonText, _TEXT.dark),
        (roles.ToolTipBase, "#35363a"), (roles.ToolTipText, _TEXT.dark),
        (roles.PlaceholderText, COLOURS["placeholder"].dark), (roles.BrightText, "#ffffff"),
        (roles.Highlight, "#2f65ad"), (roles.HighlightedText, "#ffffff"),
        (roles.Link, COLOURS["link"].dark), (roles.LinkVisited, "#c59bff"),
        (roles.Light, "#4a4b50"), (roles.Midlight, "#3c3d41"), (roles.Mid, "#2f3034"),
        (roles.Dark, "#18191b"), (roles.Shadow, "#000000"),
    ):
        pal.setColor(QPalette.ColorGroup.All, role, QColor(value))
    for role in (roles.Text, roles.WindowText, roles.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(COLOURS["disabled-ink"].dark))
    return pal


INDICATOR_CLASSES = ("QCheckBox", "QRadioButton")


def indicator_palette(dark: bool) -> QPalette:
    """The palette of check boxes and radio buttons: the scheme's, with an edge one can see."""
    pal = palette(dark)
    pal.setColor(QPalette.ColorGroup.All, QPalette.ColorRole.Window,
                 color("indicator-window", dark))
    return pal


def keep_styled(widget: QWidget, make: Callable[[], str]) -> None:
    """Give a widget the style sheet `make()` returns, now and again whenever the scheme changes.

    `make` reads its colours from hex(...). Called again with another `make`, the widget
    follows that one; the sheet is set only when it differs (re-polishing costs time).
    """
    css = make()
    if widget.styleSheet() != css:
        widget.setStyleSheet(css)
    _styled[widget] = make


_styled: WeakKeyDictionary[QWidget, Callable[[], str]] = WeakKeyDictionary()


def _restyle() -> None:
    for widget, make in list(_styled.items()):
        try:
            css = make()
            if widget.styleSheet() != css:
                widget.setStyleSheet(css)
        except RuntimeError:  # the C++ side is gone; the wrapper lingers until collected
            _styled.pop(widget, None)
    for page, css in list(_pages.items()):
        try:
            _render(page, css)
        except RuntimeError:
            _pages.pop(page, None)


_pages: WeakKeyDictionary[QTextEdit, Callable[[], str]] = WeakKeyDictionary()
_HTML = "_theme_html"


def style_page(page: QTextEdit, css: Callable[[], str]) -> None:
    """Give a rich-text page the style sheet `css()` (colours and zoomed sizes from here).

    Set its HTML with set_html(page, html) and it is rendered again, in the new colours and
    sizes, whenever the scheme or the zoom changes.
    """
    _pages[page] = css
    page.document().setDefaultStyleSheet(css())


def set_html(page: QTextEdit, html: str) -> None:
    """Show HTML on a page registered with style_page (kept to render again on a change)."""
    page.setProperty(_HTML, html)
    page.setHtml(html)


def _render(page: QTextEdit, css: Callable[[], str]) -> None:
    page.document().setDefaultStyleSheet(css())
    html = page.property(_HTML)
    if isinstance(html, str):
        bar = page.verticalScrollBar()
        at = bar.value()
        page.setHtml(html)
        bar.setValue(at)


def zoom() -> int:
    """Zoom steps of the reading text in force (0: normal size)."""
    return _theme().zoom


def zoom_factor() -> float:
    """How much larger reading text is drawn than normal."""
    return float(ZOOM_STEP ** _theme().zoom)


def pt(size: float) -> str:
    """A font size for a page's style sheet, zoomed: pt(11) -> '12.1pt' at one step in."""
    return f"{size * zoom_factor():.1f}pt"


def set_zoom(steps: int) -> int:
    """Zoom reading text to `steps` (clamped to ZOOM_RANGE); the steps in force."""
    steps = max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], steps))
    state = _theme()
    if steps != state.zoom:
        state.zoom = steps
        for widget in list(_zoomed):
            _zoom_tree(widget)
        _restyle()
        state.changed.emit()
    return steps


_zoomed: WeakSet[QWidget] = WeakSet()
_BASE_SIZE = "_theme_base_point_size"


def follow_zoom(widget: QWidget) -> None:
    """Scale a widget's text, and its children's, with the zoom (now and at every change)."""
    _zoomed.add(widget)
    _zoom_tree(widget)


def _zoom_tree(root: QWidget) -> None:
    try:
        widgets = [root, *root.findChildren(QWidget)]
    except RuntimeError:  # deleted on the C++ side
        _zoomed.discard(root)
        return
    factor = zoom_factor()
    for widget in widgets:
        if widget is not root and not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            continue  # inherits the scaled font of its parent
        base = widget.property(_BASE_SIZE)
        if base is None:
            base = widget.font().pointSizeF()
            if base <= 0:
                continue
            widget.setProperty(_BASE_SIZE, base)
        font = widget.font()
        font.setPointSizeF(float(base) * factor)
        widget.setFont(font)


def started_in_style() -> None:
    """Say that the application was created with START_ARGUMENTS, so already in STYLE.

    Asking Qt for the style in use makes PySide build its QStyle class and every enum of it
    (some 13 ms, before the window could paint); a start that chose the style needs not ask.
    """
    _theme().styled = True


def system_is_dark() -> bool:
    """True when the system asks for a dark scheme."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply(choice: str) -> None:
    """Use a scheme: 'light', 'dark', or 'system' (following the system, live)."""
    if choice not in MODES:
        raise ValueError(f"unknown colour scheme {choice!r}; expected one of {MODES}")
    state = _theme()
    state.mode = choice
    app = QApplication.instance()
    if app is None:
        state.dark = choice == "dark"
        return
    hints = QGuiApplication.styleHints()
    if not state.hooked:
        hints.colorSchemeChanged.connect(_on_system_scheme)
        state.hooked = True
    dark = system_is_dark() if choice == "system" else choice == "dark"
    if isinstance(app, QApplication) and not state.styled:
        if app.style().name().lower() != STYLE.lower():
            app.setStyle(STYLE)
        state.styled = True
    app.setPalette(palette(dark))
    if isinstance(app, QApplication):
        for name in INDICATOR_CLASSES:
            QApplication.setPalette(indicator_palette(dark), name)
    state.dark = dark
    _restyle()
    state.changed.emit()  # widgets that bake colours into HTML or style sheets re-render


def _on_system_scheme(_scheme: Qt.ColorScheme) -> None:
    if _theme().mode == "system":
        apply("system")


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two '#rrggbb' colours (1 to 21)."""
    def luminance(value: str) -> float:
        channels = [int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)
