"""Where the content is read from: a club's own folder ($CARDLAWS_CONTENT_DIR) or the `content`
package installed beside the code. The lowest floor of the corpus: it reads no law."""

from __future__ import annotations

import os
from pathlib import Path

# The seed texts, beside a source checkout only: tests and benchmarks read them when present;
# the app never needs them (content/sources.toml holds the facts citations are checked against).
CONTENT_ENV = "CARDLAWS_CONTENT_DIR"


def content_dir() -> Path:
    """Where the content is read from: $CARDLAWS_CONTENT_DIR (a club's own laws, a test's
    fixture), else the `content` package installed beside the code."""
    override = os.environ.get(CONTENT_ENV)
    if override:
        return Path(override)
    return _installed_content()


def _installed_content() -> Path:
    import content

    where = getattr(content, "__file__", None)
    if where:  # a regular package: its folder (importlib.resources costs a start 10 ms more)
        return Path(where).parent
    from importlib import resources

    root = resources.files("content")
    if isinstance(root, Path):
        return root
    # A frozen build (or a namespace package) gives a MultiplexedPath: the folder that holds
    # the data files is the parent of any one of them.
    return Path(str(root.joinpath("sources.toml"))).parent


# The packaged content, for tools that read its files (examples, benchmarks).
CONTENT_DIR = _installed_content()
