"""The standalone build's one program: `cardlaws [GUI options]` starts the app,
`cardlaws COMMAND ...` (validate, search, rule, quiz, progress) runs the command line."""

from __future__ import annotations

import sys


def main() -> int:
    """Dispatch to the command line or the desktop app."""
    from cli.main import COMMANDS

    if len(sys.argv) > 1 and sys.argv[1] in COMMANDS:
        from cli.main import main as cli_main

        return cli_main(sys.argv[1:])
    from ui.__main__ import main as ui_main

    return ui_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
