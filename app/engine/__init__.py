"""The rules engine: rule a scenario under each code of laws."""

from app.engine.core import rule
from app.engine.ruling import CodeRuling, Option, Ruling

__all__ = ["CodeRuling", "Option", "Ruling", "rule"]
