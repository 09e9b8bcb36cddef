"""The package build's one step of its own: what the app derives from its content (the
content store, the search index, the quiz bank's survey) is prepared here, once, and ships
in the content package's `prepared` folder, so no user's first start builds it.

Everything else is declared in pyproject.toml. The step runs `python -m cli prepare --into`
from this source tree, with the interpreter the build runs on: the non-Qt dependencies it
needs are the build's own requirements (pyproject.toml, [build-system]).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SOURCE = Path(__file__).resolve().parent


class build_py_prepared(build_py):
    """build_py, then the content's prepared data written beside the content package: into
    the wheel's tree, or, for an editable install (whose packages are this source tree),
    into content/prepared/ here (git-ignored)."""

    def run(self) -> None:
        super().run()
        editable = getattr(self, "editable_mode", False)
        base = SOURCE if editable else Path(self.build_lib)
        into = base / "content" / "prepared"
        env = {k: v for k, v in os.environ.items() if k != "CARDLAWS_CONTENT_DIR"}
        # This tree first; then what the build's environment puts on the path (pip's
        # isolated build environment is found through PYTHONPATH).
        path = [str(SOURCE), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
        with tempfile.TemporaryDirectory(prefix="cardlaws-build-cache-") as cache:
            env.update(PYTHONPATH=os.pathsep.join(path), CARDLAWS_CACHE_DIR=cache,
                       PYTHONDONTWRITEBYTECODE="1")
            subprocess.run([sys.executable, "-m", "cli", "prepare", "--into", str(into)],
                           cwd=SOURCE, env=env, check=True)


setup(cmdclass={"build_py": build_py_prepared})
