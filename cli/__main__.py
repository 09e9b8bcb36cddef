"""`python -m cli`: the same command line as `python -m app`."""

from __future__ import annotations

import sys

from cli.main import main

if __name__ == "__main__":
    sys.exit(main())
