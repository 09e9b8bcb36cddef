"""Start Card Laws: `python -m ui [--screenshots DIR [--size WxH]]`."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.corpus.checks import ContentError
from app.corpus.loading import stored_content
from ui.compat import pin_refcount_drifts

if TYPE_CHECKING:
    from ui.deferred_store import DeferredStore

ErrorReport = Callable[[ContentError], None]


MAX_SIDE = 8192


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isascii() or not width.isdigit() or not height.isascii() \
            or not height.isdigit():
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text[:40]!r}")
    # Bounded before Qt sees it: a QSize holds 32-bit numbers, and a giant window is no shot.
    if not (200 <= int(width) <= MAX_SIDE and 200 <= int(height) <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"each side must be from 200 to {MAX_SIDE} pixels")
    return int(width), int(height)


def build_parser() -> argparse.ArgumentParser:
    """The command line of the desktop app."""
    from app import __version__

    parser = argparse.ArgumentParser(prog="cardlaws", description=__doc__)
    parser.add_argument("--version", action="version", version=f"Card Laws {__version__}")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="render every screen offscreen into DIR/<screen>.png and exit")
    parser.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH",
                        help="window size for --screenshots (default 1280x800)")
    parser.add_argument("--theme", choices=("system", "light", "dark"),
                        help="colours to use, remembered like View > Colours (default: the last "
                             "chosen, else the system's)")
    parser.add_argument("--content", type=Path, metavar="DIR",
                        help="content directory (default: the app's own)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="keep learner progress in DIR (default: $CARDLAWS_DATA_DIR, else "
                             "the user data directory)")
    parser.add_argument("--settings", metavar="FILE",
                        help="keep window state in this INI file instead of the user's settings")
    # For bench/startup.py: print the time of the first paint, then quit.
    parser.add_argument("--exit-after-show", action="store_true", help=argparse.SUPPRESS)
    return parser


def content_error_box(exc: ContentError) -> QMessageBox:
    """The dialog saying why the laws could not be loaded, naming file, entry and field."""
    problems = [str(p) for p in exc.problems]
    box = QMessageBox(QMessageBox.Icon.Critical, "Card Laws cannot start",
                      f"The laws could not be loaded: {len(problems)} problem(s) in the "
                      "content files.")
    shown = problems[:8] + ([f"… and {len(problems) - 8} more"] if len(problems) > 8 else [])
    box.setInformativeText("\n".join(shown))
    box.setDetailedText("\n".join(problems))
    return box


def show_content_error(exc: ContentError) -> None:
    """Tell the user, in a modal dialog, why the laws could not be loaded."""
    content_error_box(exc).exec()


def main(argv: list[str] | None = None, *, report_error: ErrorReport | None = None) -> int:
    """Load the content, then show the window (or render the screenshots); the exit code."""
    pin_refcount_drifts()  # also in ui/__init__, which an old editable install may not run
    args = build_parser().parse_args(argv)
    if args.screenshots:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance()
    if app is None:
        from ui import platform_check, theme

        # Qt aborts the process when its platform plugin cannot load: say why first.
        missing = platform_check.problem()
        if missing is not None:
            print(missing, file=sys.stderr)
            return 1

        app = QApplication([sys.argv[0], *theme.START_ARGUMENTS])
        theme.started_in_style()
    from ui.settings import UiSettings

    if args.screenshots:
        settings = UiSettings.ephemeral()
    elif args.settings:
        settings = UiSettings.in_file(args.settings)
    else:
        settings = UiSettings.for_user()
    if args.theme:
        settings.theme = args.theme
    try:
        content = stored_content(args.content)  # the usual start: the store is current
        if content is None:  # a new version of the laws: read them, with a window if slow
            from ui import first_start

            content = first_start.load(args.content, theme_mode=settings.theme)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        if not args.screenshots:
            (report_error or show_content_error)(exc)
        return 1
    if content is None:  # closed while the laws were being read for a new version
        return 0
    from ui.deferred_store import DeferredStore
    from ui.first_paint import FirstPaintHook
    from ui.main_window import MainWindow
    store = DeferredStore(content)
    window = MainWindow(store, content, settings, data_dir=args.data_dir)
    if args.screenshots:
        from ui.no_modal import ModalGuard
        from ui.screenshots import render_all

        # Nobody is there to answer a dialog: any that opens is closed, and said on stderr.
        with ModalGuard(window):
            for path in render_all(window, args.screenshots, QSize(*args.size)):
                print(path)
            window.close()
        return 0
    # The search index is built just after the first paint, not before it.
    FirstPaintHook(window, lambda: QTimer.singleShot(0, _after_first_paint(store, args)))
    window.show()
    return app.exec()


def _after_first_paint(store: DeferredStore, args: argparse.Namespace) -> Callable[[], None]:
    if not args.exit_after_show:
        return store.warm_in_background

    def report_and_quit() -> None:
        # For bench/startup.py: when the first paint was done (said at once: at a large
        # scale the bench may not wait for the index), and when search was ready.
        print(f"shown {time.time():.6f}", flush=True)
        store.warm()
        print(f"ready {time.time():.6f}", flush=True)
        QApplication.quit()

    return report_and_quit


if __name__ == "__main__":
    sys.exit(main())
