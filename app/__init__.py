"""Card Laws core: cards, games, laws, scenarios and the rules engine (never imports Qt)."""

# The one place the version is written: pyproject.toml reads it, `--version` prints it.
__version__ = "0.1.0"
