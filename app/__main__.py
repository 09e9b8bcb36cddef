"""`python -m app` runs the command line, which lives above the core in `cli/`."""

from __future__ import annotations

import sys

from cli.main import main

if __name__ == "__main__":
    sys.exit(main())
